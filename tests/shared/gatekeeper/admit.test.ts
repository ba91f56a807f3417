import fc from "fast-check";
import { describe, it } from "vitest";
import { z } from "zod";
import { admit, type AdmitContext, type Move } from "../../../shared/gatekeeper/admit.ts";
import type { Firewall } from "../../../shared/gatekeeper/firewall.ts";
import {
  acknowledgeHuman,
  GatekeeperStateSchema,
  MAX_CONSECUTIVE_ERRORS,
  recordToolResult,
} from "../../../shared/gatekeeper/state.ts";
import type { Verdict } from "../../../shared/gatekeeper/verdict.ts";
import { TOOL_CATALOGUE } from "../../../shared/tools/catalogue.ts";
import { firewallOf, makeContext, makeMove, makeSkill, NOW, SAMPLE_FIREWALL } from "./fixtures.ts";

/** The session's config names the active skills (session-store.ts); tests set them the same way. */
function activateSkill<T extends { activeSkills: string[] }>(state: T, name: string): T {
  return { ...state, activeSkills: [...state.activeSkills.filter((s) => s !== name), name] };
}

// The verdict matrix: permission x firewall x schema x path. Checks run in the
// documented order (permission, schema, path, firewall); the first that refuses decides.
type Permission = "granted" | "not granted";
type FirewallCase = "none" | "ALLOW" | "BLOCK" | "ASK";
type SchemaCase = "valid" | "malformed";
type PathCase = "inside" | "escape";

const FIREWALLS: Record<Exclude<FirewallCase, "none">, Firewall> = {
  ALLOW: firewallOf("default: BLOCK\ntools:\n  write_file: ALLOW\n"),
  BLOCK: firewallOf(
    "default: ALLOW\nrules:\n  - id: no-src\n    tool: write_file\n    field: path\n    matches: '^src/'\n    action: BLOCK\n",
  ),
  ASK: firewallOf(
    "default: ALLOW\nrules:\n  - id: ask-src\n    tool: edit:*\n    field: path\n    matches: '^src/'\n    action: ASK\n",
  ),
};

const matrix = (["granted", "not granted"] as Permission[]).flatMap((permission) =>
  (["none", "ALLOW", "BLOCK", "ASK"] as FirewallCase[]).flatMap((firewall) =>
    (["valid", "malformed"] as SchemaCase[]).flatMap((schema) =>
      (["inside", "escape"] as PathCase[]).map((path) => {
        const expected: [Verdict["verdict"], string] =
          permission === "not granted"
            ? ["deny", "permission"]
            : schema === "malformed"
              ? ["deny", "schema"]
              : path === "escape"
                ? ["deny", "path"]
                : firewall === "none"
                  ? ["allow", "permission"]
                  : firewall === "BLOCK"
                    ? ["deny", "firewall"]
                    : [firewall === "ASK" ? "ask" : "allow", "firewall"];
        return { permission, firewall, schema, path, expected };
      }),
    ),
  ),
);

describe("admit: the verdict matrix", () => {
  it.for(
    matrix.map(
      (row) =>
        [
          `${row.permission} x firewall ${row.firewall} x ${row.schema} x path ${row.path} -> ${row.expected.join(" by ")}`,
          row,
        ] as const,
    ),
  )("%s", ([, row], { expect }) => {
    const args: Record<string, unknown> = {
      path: row.path === "inside" ? "src/app.ts" : "../../etc/passwd",
    };
    if (row.schema === "valid") {
      args.content = "x";
    } else {
      args.content = 42;
    }
    const context = makeContext({
      persona: {
        name: "p",
        grants: row.permission === "granted" ? ["edit:*"] : ["search:*", "context.stage_context"],
      },
      firewall: row.firewall === "none" ? undefined : FIREWALLS[row.firewall],
    });
    const { verdict } = admit({ tool: "write_file", args }, context);
    expect([verdict.verdict, verdict.rule.source]).toEqual(row.expected);
    expect(verdict.reason.length).toBeGreaterThan(0);
    if (verdict.verdict !== "allow") {
      expect(verdict.hint.length).toBeGreaterThan(0);
      expect(verdict.message).toMatch(/^\[(GATEKEEPER REFUSAL|SYSTEM NOTICE)\]/);
      expect(verdict.message).toContain("[HINT]");
    }
  });
});

describe("admit", () => {
  it("returns normalised arguments with defaults and names the granting rule", ({ expect }) => {
    const { verdict } = admit(
      { tool: "search", args: { query: "port", path: "./src//config" } },
      makeContext({ persona: { name: "reader", grants: ["search.*"] } }),
    );
    expect(verdict).toMatchObject({
      verdict: "allow",
      rule: { source: "permission", id: "search.*" },
      args: { query: "port", path: "src/config", mode: "semantic", limit: 10 },
    });
  });

  it("denies by default: a persona without grants can do nothing but is told what to do", ({
    expect,
  }) => {
    const { verdict } = admit(makeMove(), makeContext({ persona: { name: "nobody", grants: [] } }));
    expect(verdict).toMatchObject({
      verdict: "deny",
      rule: { source: "permission", id: "persona:nobody" },
    });
    expect(verdict.hint).toContain("ask_human");
  });

  it("refuses an unknown tool and lists the real ones", ({ expect }) => {
    const { verdict } = admit({ tool: "rm_rf", args: {} }, makeContext());
    expect(verdict).toMatchObject({ verdict: "deny", rule: { source: "catalogue" } });
    expect(verdict.hint).toContain("stage_context");
  });

  it.for([
    ["a string instead of an object", "src/app.ts", "JSON object"],
    ["a number for a path", { path: 7, content: "x" }, "field `path` must be string, not number"],
    ["a missing field", { path: "src/a.ts" }, "field `content` is missing: expected string"],
    ["an extra field", { path: "src/a.ts", content: "x", mode: "0777" }, "unknown field `mode`"],
    [
      "a huge string",
      { path: "src/a.ts", content: "x".repeat(200_001) },
      "too long: at most 200000 characters",
    ],
    [
      "huge arguments",
      { path: "src/a.ts", content: "x", blob: "y".repeat(1_000_001) },
      "at most 1000000 are accepted",
    ],
    ["null", null, "not null"],
    ["an array", [1, 2], "not an array"],
  ] as const)(
    "refuses %s with a [GATEKEEPER REFUSAL] and an actionable [HINT]",
    ([, args, says], { expect }) => {
      const { verdict } = admit({ tool: "write_file", args }, makeContext());
      expect(verdict).toMatchObject({
        verdict: "deny",
        rule: { source: "schema", id: "write_file" },
      });
      expect(verdict.message).toContain("[GATEKEEPER REFUSAL]");
      expect(verdict.message).toContain(says);
      expect(verdict.hint).toMatch(/^\[HINT\] /);
      expect(verdict.hint).toContain('{"tool":"write_file","args":{"path":"src/fix.ts"');
    },
  );

  it("names the allowed fields and the enum values in its hints", ({ expect }) => {
    const { verdict } = admit(
      { tool: "finish", args: { status: "done", summary: "ok" } },
      makeContext(),
    );
    expect(verdict.reason).toContain(
      'field `status` must be one of "achieved", "partially_achieved", "not_achieved"',
    );
    expect(verdict.hint).toContain("the fields are status, summary, next");
  });

  it("refuses the same move twice in a row with a [SYSTEM NOTICE] that asks for the user", ({
    expect,
  }) => {
    const context = makeContext();
    const move = { tool: "search", args: { query: "port", limit: 5 } };
    const first = admit(move, context);
    expect(first.verdict.verdict).toBe("allow");
    const second = admit(
      { tool: "search", args: { limit: 5, query: "port" } },
      { ...context, state: first.state },
    );
    expect(second.verdict).toMatchObject({
      verdict: "deny",
      rule: { source: "loop" },
      escalate: true,
    });
    expect(second.verdict.message).toMatch(/^\[SYSTEM NOTICE\].*ask the user/);
    const different = admit(
      { tool: "search", args: { query: "host" } },
      { ...context, state: first.state },
    );
    expect(different.verdict.verdict).toBe("allow");
  });

  it(`stops after ${MAX_CONSECUTIVE_ERRORS} consecutive errors but still lets the model ask or finish`, ({
    expect,
  }) => {
    let context: AdmitContext = makeContext();
    for (let i = 0; i < MAX_CONSECUTIVE_ERRORS; i++) {
      const { verdict, state } = admit({ tool: "write_file", args: { path: `../x${i}` } }, context);
      expect(verdict.verdict).toBe("deny");
      context = { ...context, state };
    }
    expect(context.state.consecutiveErrors).toBe(MAX_CONSECUTIVE_ERRORS);
    const blocked = admit({ tool: "search", args: { query: "q" } }, context);
    expect(blocked.verdict).toMatchObject({
      verdict: "deny",
      rule: { source: "errors" },
      escalate: true,
    });
    expect(blocked.verdict.message).toContain("[SYSTEM NOTICE]");
    const ask = admit({ tool: "ask_human", args: { question: "Which file?" } }, context);
    expect(ask.verdict.verdict).toBe("allow");
    const after = admit(
      { tool: "search", args: { query: "q" } },
      { ...context, state: acknowledgeHuman(context.state) },
    );
    expect(after.verdict.verdict).toBe("allow");
  });

  it("counts tool failures reported by the session and clears the streak on success", ({
    expect,
  }) => {
    let state = makeContext().state;
    for (let i = 0; i < MAX_CONSECUTIVE_ERRORS; i++) {
      state = recordToolResult(state, false);
    }
    expect(
      admit({ tool: "search", args: { query: "q" } }, makeContext({ state })).verdict.rule.source,
    ).toBe("errors");
    state = recordToolResult(state, true);
    expect(
      admit({ tool: "search", args: { query: "q" } }, makeContext({ state })).verdict.verdict,
    ).toBe("allow");
  });

  it("re-anchors a drifting model with the active skill's protocol", ({ expect }) => {
    const audit = makeSkill(
      "security-audit",
      ["search", "code:*", "context:*"],
      "1. Read.\n2. Never edit files.",
    );
    const state = activateSkill(makeContext().state, "security-audit");
    const context = makeContext({ state, skills: [audit] });
    const { verdict } = admit(makeMove(), context);
    expect(verdict).toMatchObject({
      verdict: "deny",
      rule: { source: "skill", id: "security-audit" },
    });
    expect(verdict.message).toContain("2. Never edit files.");
    expect(verdict.hint).toContain("search, code:*, context:*");
    expect(admit({ tool: "find_callers", args: { symbol: "f" } }, context).verdict.verdict).toBe(
      "allow",
    );
    expect(
      admit({ tool: "finish", args: { status: "achieved", summary: "s" } }, context).verdict
        .verdict,
    ).toBe("allow");
  });

  it("allows a move any active skill covers and quotes the skill being followed", ({ expect }) => {
    const a = makeSkill("reader", ["search"]);
    const b = makeSkill("fixer", ["edit:*"], "Patch, then compare.");
    const state = activateSkill(activateSkill(makeContext().state, "fixer"), "reader");
    expect(admit(makeMove(), makeContext({ state, skills: [a, b] })).verdict.verdict).toBe("allow");
    const refused = admit(
      { tool: "calculate", args: { expression: "1+1" } },
      makeContext({ state, skills: [a, b] }),
    );
    expect(refused.verdict.rule).toEqual({ source: "skill", id: "reader" });
  });

  it("turns an ASK into a pending decision with its rule and expiry", ({ expect }) => {
    const { verdict } = admit(makeMove(), makeContext({ firewall: FIREWALLS.ASK }));
    expect(verdict).toMatchObject({
      verdict: "ask",
      rule: { source: "firewall", id: "ask-src", line: 3 },
      pending: {
        tool: "write_file",
        args: { path: "src/app.ts", content: "export {};\n" },
        rule: { source: "firewall", id: "ask-src", line: 3 },
        expiresAt: NOW + 300_000,
      },
    });
    expect(verdict.pending?.decisionId).toMatch(/^[0-9a-f]{32}$/);
  });

  it("matches firewall rules against the normalised path, not the raw spelling", ({ expect }) => {
    const { verdict } = admit(
      makeMove({ args: { path: ".\\src//app.ts", content: "x" } }),
      makeContext({ firewall: FIREWALLS.BLOCK }),
    );
    expect(verdict).toMatchObject({
      verdict: "deny",
      rule: { source: "firewall", id: "no-src", line: 3 },
    });
  });

  it("keeps its state a JSON value and never mutates the input", ({ expect }) => {
    const context = makeContext();
    const frozen = structuredClone(context.state);
    const move: Move = makeMove();
    const { state } = admit(move, context);
    expect(context.state).toEqual(frozen);
    expect(GatekeeperStateSchema.parse(JSON.parse(JSON.stringify(state)))).toEqual(state);
    expect(state.moves).toBe(1);
    expect(move.args).toEqual({ path: "src/app.ts", content: "export {};\n" });
  });
});

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
