// The clean room on a model's move (shared/gatekeeper/clean-room.ts): secrets in
// tool-call arguments never survive, however the model disguises them.
import { describe, expect, it } from "vitest";
import { cleanConfig, cleanMove, redactDeep } from "../../../shared/gatekeeper/clean-room.ts";

const SECRET = "sk-proj-Q7x9Lm2Np4Rt6Vw8Yz1Bc3Df";
const tool = (args: Record<string, unknown>, rationale?: string) =>
  cleanMove({ kind: "tool", tool: "apply_patch", args, ...(rationale ? { rationale } : {}) });
const bytes = (v: unknown) => JSON.stringify(v);

describe("clean room on tool-call arguments", () => {
  it("redacts a plain secret in the arguments and the rationale", () => {
    const out = tool({ patch: `+API_KEY = "${SECRET}"` }, `write ${SECRET}`);
    expect(bytes(out.move)).not.toContain(SECRET);
    expect(bytes(out.move)).toContain("[REDACTED:");
    expect(out.redacted).toBeGreaterThan(0);
  });

  it("redacts a secret split across two tool calls: the first half never travels", () => {
    const half = SECRET.slice(0, 16);
    const first = tool({ content: `key part one: ${half}` });
    const second = tool({ content: SECRET.slice(16) });
    const both = bytes(first.move) + bytes(second.move);
    expect(both).not.toContain(half);
    expect(both.replace(/[^A-Za-z0-9-]/g, "")).not.toContain(SECRET);
  });

  it("redacts a base64-encoded secret", () => {
    const encoded = btoa(`OPENAI_API_KEY=${SECRET}`);
    const out = tool({ content: `decode this: ${encoded}` });
    expect(bytes(out.move)).not.toContain(encoded);
    expect(out.redacted).toBeGreaterThan(0);
  });

  it("redacts a secret spelt in JSON escapes inside a string", () => {
    const escaped = `{\\"key\\": \\"\\u0073k-proj-${SECRET.slice(4)}\\"}`;
    const out = tool({ content: escaped });
    expect(bytes(out.move)).not.toContain(SECRET.slice(4));
  });

  it("redacts a secret in a file name (a path value and an object key)", () => {
    const out = tool({ path: `notes/${SECRET}.txt`, files: { [`${SECRET}.env`]: "x" } });
    expect(bytes(out.move)).not.toContain(SECRET);
  });

  it("redacts a final answer", () => {
    const out = cleanMove({ kind: "final", answer: `the key is ${SECRET}` });
    expect(bytes(out.move)).not.toContain(SECRET);
  });

  it("leaves ordinary code, hashes and prose alone", () => {
    const text =
      "const eyJ = 1; sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
    expect(redactDeep(text).text).toBe(text);
  });

  it("is linear on a long hostile string", () => {
    const started = performance.now();
    redactDeep(`${"\\u0041".repeat(50_000)}${"A".repeat(200_000)}`);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("clean room on a session's config", () => {
  it("redacts a clean-room mission and its skills, in any disguise, and leaves other personas alone", () => {
    const b64 = btoa(SECRET);
    const config = {
      persona: "clean-room",
      mission: `Deploy with ${SECRET}, or with ${b64}.`,
      skills: [`---\nname: s\n---\nkey: ${SECRET}\n`],
    };
    const cleaned = cleanConfig(config);
    expect(bytes(cleaned)).not.toContain("Q7x9Lm2Np4Rt6Vw8Yz1Bc3Df");
    expect(bytes(cleaned)).not.toContain(b64.slice(4, -4));
    expect(cleaned.mission).toContain("[REDACTED:openai_key]");
    expect(cleanConfig({ ...config, persona: "code-agent" })).toEqual({
      ...config,
      persona: "code-agent",
    });
  });
});
