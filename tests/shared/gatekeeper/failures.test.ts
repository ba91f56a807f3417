import fc from "fast-check";
import { describe, it } from "vitest";
import {
  admit,
  type AdmitContext,
  type Admission,
  type Move,
} from "../../../shared/gatekeeper/admit.ts";
import {
  findThrash,
  MAX_MOVES_WITHOUT_PROGRESS,
  MAX_TARGET_CHARS,
  moveTarget,
  RECENT_MOVES_KEPT,
} from "../../../shared/gatekeeper/failures.ts";
import { GatekeeperService } from "../../../shared/gatekeeper/service.ts";
import {
  acknowledgeHuman,
  GatekeeperStateSchema,
  recordToolResult,
  type GatekeeperState,
  type RecentMove,
} from "../../../shared/gatekeeper/state.ts";
import { VerdictSchema } from "../../../shared/gatekeeper/verdict.ts";
import { makeContext } from "./fixtures.ts";

const stage = (path: string): Move => ({ tool: "stage_context", args: { path } });
const search = (query: string): Move => ({ tool: "search", args: { query } });

/** One step of the agent loop: admit, and when admitted run the tool (it succeeds)
 * and report whether it made progress. */
function step(state: GatekeeperState, move: Move, progress = false): Admission {
  const admission = admit(move, makeContext({ state }));
  const after =
    admission.verdict.verdict === "allow"
      ? recordToolResult(admission.state, true, progress)
      : admission.state;
  return { verdict: admission.verdict, state: after };
}

/** Runs the moves in order; returns every admission. */
function run(moves: readonly Move[], state: GatekeeperState = makeContext().state): Admission[] {
  const out: Admission[] = [];
  for (const move of moves) {
    const admission = step(out.at(-1)?.state ?? state, move);
    out.push(admission);
  }
  return out;
}

const sources = (admissions: readonly Admission[]) =>
  admissions.map((a) => (a.verdict.verdict === "allow" ? "allow" : a.verdict.rule.source));

describe("thrash", () => {
  it("flags a period-2 cycle exactly at its second repetition, naming the tools and targets", ({
    expect,
  }) => {
    const admissions = run([
      stage("src/a.ts"),
      stage("src/b.ts"),
      stage("src/a.ts"),
      stage("src/b.ts"),
    ]);
    expect(sources(admissions)).toEqual(["allow", "allow", "allow", "thrash"]);
    const { verdict } = admissions[3] ?? expect.unreachable();
    expect(verdict).toMatchObject({
      verdict: "deny",
      rule: { source: "thrash", id: "period-2" },
      failure: { kind: "thrash", moves: 4, fromMove: 1 },
    });
    expect(verdict.escalate).toBeUndefined();
    expect(verdict.message).toMatch(/^\[SYSTEM NOTICE\] /);
    expect(verdict.reason).toContain("[stage_context src/a.ts -> stage_context src/b.ts]");
    expect(verdict.hint).toContain("save_artifact");
    expect(VerdictSchema.parse(JSON.parse(JSON.stringify(verdict)))).toEqual(verdict);
  });

  it("flags a period-3 cycle at its sixth move, counting from where the cycle began", ({
    expect,
  }) => {
    const cycle = [
      stage("src/a.ts"),
      search("port"),
      { tool: "find_callers", args: { symbol: "load" } },
    ];
    const admissions = run([search("intro"), ...cycle, ...cycle]);
    expect(sources(admissions)).toEqual([
      "allow",
      "allow",
      "allow",
      "allow",
      "allow",
      "allow",
      "thrash",
    ]);
    const { verdict } = admissions[6] ?? expect.unreachable();
    expect(verdict).toMatchObject({
      rule: { source: "thrash", id: "period-3" },
      failure: { kind: "thrash", moves: 6, fromMove: 2 },
    });
    expect(verdict.reason).toContain(
      "[stage_context src/a.ts -> search port -> find_callers load]",
    );
  });

  it("does not flag A, B, A, C: the cycle never closed", ({ expect }) => {
    const admissions = run([stage("a.ts"), stage("b.ts"), stage("a.ts"), stage("c.ts")]);
    expect(sources(admissions)).toEqual(["allow", "allow", "allow", "allow"]);
  });

  it("leaves a single repeated move to the loop rule, which asks a person", ({ expect }) => {
    const admissions = run([stage("a.ts"), stage("a.ts")]);
    expect(sources(admissions)).toEqual(["allow", "loop"]);
    expect(admissions[1]?.verdict).toMatchObject({ escalate: true });
    expect(admissions[1]?.verdict.failure).toBeUndefined();
  });

  it("finds no cycle in one move repeated, which is the loop rule's case", ({ expect }) => {
    const a: RecentMove = { tool: "search", argsKey: "k1" };
    const b: RecentMove = { tool: "search", argsKey: "k2" };
    expect(findThrash([a, a, a, a, a, a])).toBeUndefined();
    expect(findThrash([a, b, a, b])).toEqual({ period: 2, cycle: [a, b] });
    expect(findThrash([a, b, a])).toBeUndefined();
  });

  it("counts arguments equal up to key order as the same move", ({ expect }) => {
    const admissions = run([
      { tool: "search", args: { query: "port", limit: 5 } },
      stage("a.ts"),
      { tool: "search", args: { limit: 5, query: "port" } },
      stage("a.ts"),
    ]);
    expect(sources(admissions).at(-1)).toBe("thrash");
  });

  it("sees refused moves in the cycle: a good move alternating with a refused one", ({
    expect,
  }) => {
    const bad: Move = { tool: "write_file", args: { path: "../x", content: "x" } };
    const admissions = run([stage("a.ts"), bad, stage("a.ts"), bad]);
    expect(sources(admissions)).toEqual(["allow", "path", "allow", "thrash"]);
  });

  it("starts over after the verdict, so the first move after recovery is admitted", ({
    expect,
  }) => {
    const admissions = run([stage("a.ts"), stage("b.ts"), stage("a.ts"), stage("b.ts")]);
    const after = admissions[3]?.state ?? expect.unreachable();
    expect(after.recentMoves).toEqual([]);
    expect(after.stall).toEqual({ since: 5, admitted: 0 });
    expect(sources(run([stage("a.ts"), stage("b.ts"), stage("a.ts")], after))).toEqual([
      "allow",
      "allow",
      "allow",
    ]);
  });

  it("lets the model ask the person or finish even when that closes a cycle", ({ expect }) => {
    const ask: Move = { tool: "ask_human", args: { question: "Which file?" } };
    expect(sources(run([stage("a.ts"), ask, stage("a.ts"), ask]))).toEqual([
      "allow",
      "allow",
      "allow",
      "allow",
    ]);
  });
});

describe("deadlock", () => {
  const distinct = (n: number) => Array.from({ length: n }, (_, i) => search(`query ${i}`));

  it(`fires on the move after ${MAX_MOVES_WITHOUT_PROGRESS} admitted moves without progress`, ({
    expect,
  }) => {
    const admissions = run(distinct(MAX_MOVES_WITHOUT_PROGRESS + 1));
    expect(sources(admissions)).toEqual([
      ...Array.from({ length: MAX_MOVES_WITHOUT_PROGRESS }, () => "allow"),
      "deadlock",
    ]);
    const last = admissions.at(-1) ?? expect.unreachable();
    expect(last.verdict).toMatchObject({
      verdict: "deny",
      rule: { source: "deadlock", id: "no-progress" },
      failure: { kind: "deadlock", moves: MAX_MOVES_WITHOUT_PROGRESS + 1, fromMove: 1 },
    });
    expect(last.verdict.reason).toContain(
      `${MAX_MOVES_WITHOUT_PROGRESS} moves in a row changed nothing`,
    );
    expect(last.verdict.hint).toContain("finish");
    expect(last.state.stall).toEqual({ since: MAX_MOVES_WITHOUT_PROGRESS + 2, admitted: 0 });
    expect(last.state.recentMoves).toEqual([]);
    expect(
      sources(run(distinct(MAX_MOVES_WITHOUT_PROGRESS), last.state)).every((s) => s === "allow"),
    ).toBe(true);
  });

  it("never fires while the moves report progress", ({ expect }) => {
    let state = makeContext().state;
    for (const move of distinct(10 * MAX_MOVES_WITHOUT_PROGRESS)) {
      const admission = step(state, move, true);
      expect(admission.verdict.verdict).toBe("allow");
      state = admission.state;
    }
  });

  it("restarts its count at the last progress and counts the move after it as the first", ({
    expect,
  }) => {
    let state = run(distinct(MAX_MOVES_WITHOUT_PROGRESS - 1)).at(-1)?.state ?? expect.unreachable();
    state = step(state, search("the save"), true).state;
    const admissions = run(
      Array.from({ length: MAX_MOVES_WITHOUT_PROGRESS + 1 }, (_, i) => search(`again ${i}`)),
      state,
    );
    expect(sources(admissions).at(-1)).toBe("deadlock");
    expect(
      sources(admissions)
        .slice(0, -1)
        .every((s) => s === "allow"),
    ).toBe(true);
    expect(admissions.at(-1)?.verdict.failure).toEqual({
      kind: "deadlock",
      moves: MAX_MOVES_WITHOUT_PROGRESS + 1,
      fromMove: MAX_MOVES_WITHOUT_PROGRESS + 1,
    });
  });

  it("never counts a failed move as progress", ({ expect }) => {
    const state = run(distinct(3)).at(-1)?.state ?? expect.unreachable();
    const failed = recordToolResult(state, false, true);
    expect(failed.stall).toEqual(state.stall);
    expect(recordToolResult(state, true, false).stall).toEqual(state.stall);
    expect(recordToolResult(state, true, true).stall).toEqual({ since: 4, admitted: 0 });
  });

  it("does not lengthen the stall with refused moves, nor end it", ({ expect }) => {
    const bad: Move = { tool: "write_file", args: { path: "../x", content: "x" } };
    const admissions = run([search("a"), bad, search("b")]);
    expect(admissions.at(-1)?.state.stall).toEqual({ since: 1, admitted: 2 });
  });

  it("counts a success as progress when the caller does not report progress", ({ expect }) => {
    let state = makeContext().state;
    for (const move of distinct(3 * MAX_MOVES_WITHOUT_PROGRESS)) {
      const admission = admit(move, makeContext({ state }));
      expect(admission.verdict.verdict).toBe("allow");
      state = recordToolResult(admission.state, true);
    }
  });

  it("still lets the model ask the person or finish, and a person's answer ends the stall", ({
    expect,
  }) => {
    const state = run(distinct(MAX_MOVES_WITHOUT_PROGRESS)).at(-1)?.state ?? expect.unreachable();
    const context: AdmitContext = makeContext({ state });
    expect(
      admit({ tool: "ask_human", args: { question: "Stuck?" } }, context).verdict.verdict,
    ).toBe("allow");
    expect(
      admit({ tool: "finish", args: { status: "not_achieved", summary: "stuck" } }, context).verdict
        .verdict,
    ).toBe("allow");
    expect(admit(search("more"), context).verdict.rule.source).toBe("deadlock");
    expect(
      admit(search("more"), makeContext({ state: acknowledgeHuman(state) })).verdict.verdict,
    ).toBe("allow");
  });
});

describe("gatekeeper states persisted before the failure taxonomy", () => {
  const OLD_STATE = { lastMove: null, consecutiveErrors: 0, activeSkills: [], moves: 41 };

  it("parse, admit and gain the new fields", ({ expect }) => {
    const state = GatekeeperStateSchema.parse(OLD_STATE);
    const { verdict, state: next } = admit(search("port"), makeContext({ state }));
    expect(verdict.verdict).toBe("allow");
    expect(next.recentMoves).toEqual([
      { tool: "search", argsKey: expect.stringMatching(/^[0-9a-f]{32}$/), target: "port" },
    ]);
    expect(next.stall).toEqual({ since: 42, admitted: 1 });
    expect(GatekeeperStateSchema.parse(JSON.parse(JSON.stringify(next)))).toEqual(next);
  });

  it("are accepted over RPC and count a deadlock from the first move after them", ({ expect }) => {
    const service = new GatekeeperService();
    let state: unknown = OLD_STATE;
    const verdicts: string[] = [];
    for (let i = 0; i <= MAX_MOVES_WITHOUT_PROGRESS; i++) {
      const result = service.admit({
        move: { tool: "search", args: { query: `q${i}` } },
        persona: { name: "p", grants: ["*"] },
        state,
        now: 0,
      });
      if (!result.ok) {
        throw new Error(result.message);
      }
      verdicts.push(result.value.verdict.rule.source);
      state = recordToolResult(result.value.state, true, false);
      if (i === MAX_MOVES_WITHOUT_PROGRESS) {
        expect(result.value.verdict.failure).toEqual({
          kind: "deadlock",
          moves: MAX_MOVES_WITHOUT_PROGRESS + 1,
          fromMove: 42,
        });
      }
    }
    expect(verdicts.at(-1)).toBe("deadlock");
  });
});

describe("the move ring", () => {
  it(`keeps only the last ${RECENT_MOVES_KEPT} moves`, ({ expect }) => {
    const admissions = run(Array.from({ length: 20 }, (_, i) => search(`q${i}`)));
    for (const { state } of admissions) {
      expect((state.recentMoves ?? []).length).toBeLessThanOrEqual(RECENT_MOVES_KEPT);
    }
  });

  it("labels a move by its path first, then symbol, query..., cut short", ({ expect }) => {
    expect(moveTarget({ query: "q", path: "src/a.ts" })).toBe("src/a.ts");
    expect(moveTarget({ symbol: "load", limit: 3 })).toBe("load");
    expect(moveTarget({ status: "achieved", summary: "done" })).toBe("achieved");
    expect(moveTarget({ limit: 3 })).toBeUndefined();
    expect(moveTarget([1, 2])).toBeUndefined();
    expect(moveTarget("x".repeat(500))?.length).toBe(MAX_TARGET_CHARS);
  });

  it("never flags thrash on a sequence of distinct moves", ({ expect }) => {
    const moves = fc.uniqueArray(
      fc.record({
        tool: fc.constantFrom("search", "stage_context", "find_callers", "x"),
        argsKey: fc.string({ maxLength: 4 }),
      }),
      { selector: (m) => `${m.tool}\u0000${m.argsKey}`, maxLength: 40 },
    );
    fc.assert(
      fc.property(moves, (sequence: RecentMove[]) => {
        let ring: RecentMove[] = [];
        for (const move of sequence) {
          ring = [...ring, move].slice(-RECENT_MOVES_KEPT);
          expect(findThrash(ring)).toBeUndefined();
        }
      }),
      { numRuns: 500 },
    );
  });

  it("never flags thrash through admit on distinct moves, with or without progress", ({
    expect,
  }) => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 30 }),
        fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
        (queries, progress) => {
          let state = makeContext().state;
          queries.forEach((query, i) => {
            const admission = step(state, search(query), progress[i]);
            expect(admission.verdict.rule.source).not.toBe("thrash");
            expect(admission.verdict.rule.source).not.toBe("loop");
            state = admission.state;
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
