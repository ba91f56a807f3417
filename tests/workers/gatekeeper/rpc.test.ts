// The gatekeeper Worker through the gateway's service binding (typed RPC).
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";

const FIREWALL = `default: ALLOW
rules:
  - id: ask-config
    tool: write_file
    field: path
    matches: '^config/'
    action: ASK
`;

describe("gatekeeper RPC", () => {
  it("admits a move and returns the state to persist", async ({ expect }) => {
    const result = await env.GATEKEEPER.admit({
      move: { tool: "write_file", args: { path: "./src//app.ts", content: "x" } },
      persona: { name: "coder", grants: ["edit:*"] },
      firewall: FIREWALL,
      now: 1_000,
    });
    expect(result).toMatchObject({
      ok: true,
      value: {
        verdict: {
          verdict: "allow",
          rule: { source: "firewall", id: "default", line: 1 },
          args: { path: "src/app.ts" },
        },
        state: { moves: 1, consecutiveErrors: 0 },
      },
    });
  });

  it("refuses an escaping path and an unsafe firewall as values", async ({ expect }) => {
    const refused = await env.GATEKEEPER.admit({
      move: { tool: "write_file", args: { path: "%2e%2e/etc/passwd", content: "x" } },
      persona: { name: "coder", grants: ["*"] },
    });
    expect(refused).toMatchObject({
      ok: true,
      value: { verdict: { verdict: "deny", rule: { source: "path", id: "PATH_TRAVERSAL" } } },
    });
    const unsafe = await env.GATEKEEPER.loadFirewall(
      "rules:\n  - id: r\n    tool: search\n    field: query\n    matches: '(a+)+$'\n    action: BLOCK\n",
    );
    expect(unsafe).toMatchObject({
      ok: false,
      code: "FIREWALL_INVALID",
      issues: [{ line: 5, path: "rules[0].matches" }],
    });
  });

  it("asks for a person on an ASK rule with a pending decision", async ({ expect }) => {
    const summary = await env.GATEKEEPER.loadFirewall(FIREWALL);
    expect(summary).toMatchObject({ ok: true, value: { ruleCount: 1, defaultAction: "ALLOW" } });
    const asked = await env.GATEKEEPER.admit({
      move: { tool: "write_file", args: { path: "config/app.yml", content: "x" } },
      persona: { name: "coder", grants: ["*"] },
      firewall: FIREWALL,
      now: 5_000,
    });
    expect(asked).toMatchObject({
      ok: true,
      value: {
        verdict: {
          verdict: "ask",
          pending: { tool: "write_file", expiresAt: 305_000, rule: { id: "ask-config" } },
        },
      },
    });
  });

  it("answers a malformed request with BAD_REQUEST instead of throwing", async ({ expect }) => {
    // Deliberately wrong input, as a buggy or hostile caller would send it.
    const result = await env.GATEKEEPER.admit({ move: { tool: "search" } } as unknown as Parameters<
      typeof env.GATEKEEPER.admit
    >[0]);
    expect(result).toMatchObject({ ok: false, code: "BAD_REQUEST" });
  });
});
