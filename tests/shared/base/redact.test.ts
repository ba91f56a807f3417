import { describe, it } from "vitest";
import { redactSecrets, redactValue } from "../../../shared/base/redact.ts";

// Secrets are assembled at run time so this file holds no literal that a secret scanner flags.
const join = (...parts: string[]) => parts.join("");

describe("redactSecrets", () => {
  it.for([
    ["an OpenAI key", join("sk-", "proj-", "a".repeat(40)), "openai_key"],
    ["a legacy OpenAI key", join("sk-", "Ab3".repeat(16)), "openai_key"],
    ["an AWS access key id", join("AKIA", "IOSFODNN7EXAMPLE"), "aws_access_key"],
    ["a GitHub token", join("ghp_", "x1".repeat(18)), "github_token"],
    ["a fine-grained GitHub token", join("github_pat_", "11ABC", "d".repeat(40)), "github_token"],
    ["a Slack token", join("xoxb-", "123456789012-", "abcdefghijkl"), "slack_token"],
    [
      "a JWT",
      join("eyJhbGciOiJIUzI1NiJ9", ".", "eyJzdWIiOiIxMjM0In0", ".", "c2lnbmF0dXJlX2hlcmU"),
      "jwt",
    ],
    ["a bearer token", join("Authorization: Bearer ", "abcDEF123456.xyz"), "bearer_token"],
    [
      "a password in a URL",
      join("postgres://admin:", "hunter2", "@db.internal:5432/app"),
      "url_password",
    ],
    [
      "a password in a query string",
      join("https://x.test/login?user=a&password=", "s3cret", "&next=/"),
      "query_secret",
    ],
    ["a .env line", join("DATABASE_PASSWORD=", "correct-horse"), "env_secret"],
    ["an export line", join("export STRIPE_API_KEY='", "rk_live_abc", "'"), "env_secret"],
    ["a YAML secret", join("client_secret: ", "zzzyyyxxx"), "env_secret"],
  ] as const)("redacts %s", ([, secretText, kind], { expect }) => {
    const input = `before\n${secretText}\nafter`;
    const { text, redactions } = redactSecrets(input);
    expect(text).toContain(`[REDACTED:${kind}]`);
    expect(text).toMatch(/^before\n[\s\S]*\nafter$/);
    expect(redactions).toContainEqual({ kind, count: 1 });
  });

  it("removes a whole PEM private key block, even an unterminated one", ({ expect }) => {
    const key = join(
      "-----BEGIN ",
      "OPENSSH PRIVATE KEY-----\n",
      "b3BlbnNzaC1rZXktdjEAAAAA\n",
      "QyNTUxOQAAACB\n",
      "-----END OPENSSH PRIVATE KEY-----",
    );
    const { text } = redactSecrets(`key:\n${key}\nafter`);
    expect(text).toBe("key:\n[REDACTED:private_key]\nafter");
    const cut = redactSecrets(join("x\n-----BEGIN RSA ", "PRIVATE KEY-----\nMIIEow"));
    expect(cut.text).toBe("x\n[REDACTED:private_key]");
  });

  it("keeps ordinary text, settings and the non-secret part of a line", ({ expect }) => {
    const plain =
      "max_tokens: 1500\nauthor: Jane\nconst skipped = task.id;\nhttps://example.com/a?b=c\nTOKEN_COUNT=12\n";
    expect(redactSecrets(plain)).toEqual({ text: plain, redactions: [] });
    expect(redactSecrets(join("postgres://admin:", "pw", "@h/db")).text).toBe(
      "postgres://admin:[REDACTED:url_password]@h/db",
    );
  });

  it("gets through hostile input built to make its patterns backtrack", ({ expect }) => {
    // Catastrophic backtracking would blow the test timeout; linear patterns finish at once.
    const hostile = `-----BEGIN RSA PRIVATE KEY-----${"-".repeat(100_000)}${"sk-".repeat(50_000)}\nPASSWORD=${"a=".repeat(50_000)}`;
    const { text, redactions } = redactSecrets(hostile);
    expect(text.startsWith("[REDACTED:private_key]")).toBe(true);
    expect(redactions.map((r) => r.kind)).toEqual(["private_key"]);
  });

  it("redacts every string inside a JSON value and sums the counts", ({ expect }) => {
    const { value, redactions } = redactValue({
      env: [join("API_KEY=", "abc123")],
      nested: { note: join("AKIA", "ABCDEFGHIJKLMNOP"), n: 3 },
    });
    expect(value).toEqual({
      env: ["API_KEY=[REDACTED:env_secret]"],
      nested: { note: "[REDACTED:aws_access_key]", n: 3 },
    });
    expect(redactions).toEqual([
      { kind: "env_secret", count: 1 },
      { kind: "aws_access_key", count: 1 },
    ]);
  });
});
