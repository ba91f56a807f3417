// admit (shared/gatekeeper/admit.ts): the gatekeeper's checks of one move against a
// session's state, skills, firewall and roots, one behaviour a test.
import { describe, it } from "vitest";
import { admit, type AdmitContext, type Move } from "../../../shared/gatekeeper/admit.ts";
import {
  acknowledgeHuman,
  GatekeeperStateSchema,
  MAX_CONSECUTIVE_ERRORS,
  recordToolResult,
} from "../../../shared/gatekeeper/state.ts";
import { FIREWALLS, makeContext, makeMove, makeSkill, NOW } from "./fixtures.ts";

/** The session's config names the active skills (session-store.ts); tests set them the same way. */
function activateSkill<T extends { activeSkills: string[] }>(state: T, name: string): T {
  return { ...state, activeSkills: [...state.activeSkills.filter((s) => s !== name), name] };
}
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
