// admit on moves outside the usual: a hive's own tools, arguments that are not plain
// JSON, and arbitrary generated moves (properties).
import fc from "fast-check";
import { describe, it } from "vitest";
import { z } from "zod";
import { admit } from "../../../shared/gatekeeper/admit.ts";
import { TOOL_CATALOGUE } from "../../../shared/tools/catalogue.ts";
import { firewallOf, makeContext, SAMPLE_FIREWALL } from "./fixtures.ts";

describe("admit with a hive's own tools", () => {
  it("keeps mail inside one domain through a firewall rule on the recipient field", ({
    expect,
  }) => {
    const sendEmail = {
      name: "send_email",
      domain: "mail",
      description: "Send an e-mail.",
      schema: z.strictObject({
        to: z.array(z.email()).min(1),
        subject: z.string(),
        body: z.string(),
      }),
      pathFields: [],
      example: { to: ["bob@example.com"], subject: "Hi", body: "..." },
    };
    const firewall = firewallOf(
      "default: BLOCK\ntools:\n  send_email: ALLOW\nrules:\n  - id: mail-only-example\n    tool: mail:send_email\n    field: to\n    not_matches: '@example\\.com$'\n    action: BLOCK\n    reason: mail goes only to addresses at example.com\n",
    );
    const context = makeContext({
      catalogue: [sendEmail],
      firewall,
      persona: { name: "assistant", grants: ["mail:*"] },
    });
    const inside = admit(
      { tool: "send_email", args: { to: ["bob@example.com"], subject: "s", body: "b" } },
      context,
    );
    expect(inside.verdict).toMatchObject({
      verdict: "allow",
      rule: { source: "firewall", id: "tools.send_email", line: 3 },
    });
    const outside = admit(
      {
        tool: "send_email",
        args: { to: ["bob@example.com", "eve@evil.test"], subject: "s", body: "b" },
      },
      context,
    );
    expect(outside.verdict).toMatchObject({
      verdict: "deny",
      rule: { source: "firewall", id: "mail-only-example", line: 5 },
      reason: "mail goes only to addresses at example.com",
    });
    expect(outside.verdict.message).toContain(
      "[HINT] change `to` so that rule mail-only-example no longer matches",
    );
  });
});

describe("admit with arguments that are not plain JSON", () => {
  const circular: Record<string, unknown> = { path: "src/a.ts", content: "x" };
  circular.self = circular;
  let deep: unknown = "leaf";
  for (let i = 0; i < 100_000; i++) {
    deep = [deep];
  }
  it.for([
    ["a circular reference", circular, "circular"],
    [
      "100,000 levels of nesting",
      { path: "src/a.ts", content: "x", deep },
      "nesting deeper than 32",
    ],
    ["a Date", { path: "src/a.ts", content: new Date(0) }, "not plain JSON"],
    ["a function", { path: "src/a.ts", content: () => "x" }, "a function value"],
    ["NaN", { path: "src/a.ts", content: Number.NaN }, "not finite"],
  ] as const)("refuses %s without throwing", ([, args, says], { expect }) => {
    const { verdict, state } = admit({ tool: "write_file", args }, makeContext());
    expect(verdict).toMatchObject({ verdict: "deny", rule: { source: "schema" } });
    expect(verdict.reason).toContain(says);
    expect(state.lastMove?.argsKey).toMatch(/^invalid:/);
  });
});

describe("admit on arbitrary moves", () => {
  const tools = TOOL_CATALOGUE.map((t) => t.name);
  const firewall = firewallOf(SAMPLE_FIREWALL);
  const argument = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom("src/app.ts", "../x", "%2e%2e/.env", "vault/k", "config/a", ".git/config"),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  );
  const move = fc.record({
    tool: fc.oneof(fc.constantFrom(...tools), fc.string({ maxLength: 12 })),
    args: fc.oneof(
      fc.dictionary(
        fc.constantFrom(
          "path",
          "content",
          "query",
          "symbol",
          "ref",
          "status",
          "summary",
          "limit",
          "x",
        ),
        argument,
        { maxKeys: 4 },
      ),
      argument,
    ),
  });

  it("gives every refusal a reason, a hint and a tagged message, and never throws", ({
    expect,
  }) => {
    fc.assert(
      fc.property(
        move,
        fc.boolean(),
        fc.constantFrom(["*"], ["edit:*"], ["search", "context:*"], []),
        (m, withFirewall, grants) => {
          const { verdict, state } = admit(
            m,
            makeContext({
              persona: { name: "p", grants },
              firewall: withFirewall ? firewall : undefined,
            }),
          );
          expect(verdict.reason.trim()).not.toBe("");
          if (verdict.verdict !== "allow") {
            expect(verdict.hint.trim()).not.toBe("");
            expect(verdict.message).toMatch(
              /^\[(GATEKEEPER REFUSAL|SYSTEM NOTICE)\][\s\S]*\[HINT\] \S/,
            );
          }
          expect(state.consecutiveErrors).toBe(verdict.verdict === "deny" ? 1 : 0);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
