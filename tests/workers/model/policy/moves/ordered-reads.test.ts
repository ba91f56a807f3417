// The stand-in's moves for missions that name files in an order or as a pair:
// compare two named files, read the next one ahead, let a later value supersede.
import { describe, it } from "vitest";
import type {
  DoneMove,
  Fact,
  VisibleState,
} from "../../../../../workers/model/policy/visible-state.ts";
import { orderedReadMove } from "../../../../../workers/model/policy/moves/ordered-reads.ts";

const OFFERED = [
  { name: "stage_context", properties: ["path", "symbol", "prefetch"] },
  { name: "save_artifact", properties: ["key", "value", "kind", "evidence", "supersedes"] },
  { name: "compare", properties: ["left", "right", "question"] },
  { name: "finish", properties: ["status", "summary"] },
];

function state(mission: string, done: DoneMove[] = []): VisibleState {
  return { mission, offered: OFFERED, done, pages: [], known: [] };
}

const stage = (path: string, result: string, prefetch = false): DoneMove => ({
  tool: "stage_context",
  args: prefetch ? { path, prefetch: true } : { path },
  result,
});
const save = (key: string, value: number, evidence: string, result: string): DoneMove => ({
  tool: "save_artifact",
  args: { key, value, kind: "fact", evidence: [evidence] },
  result,
});

describe("orderedReadMove", () => {
  it("compares two named files, records the verdict at the differing lines, then finishes", ({
    expect,
  }) => {
    const mission = "Does a/x.md agree with b/y.txt? Record it.";
    expect(orderedReadMove(state(mission), [])).toMatchObject({
      tool: "compare",
      args: { left: "a/x.md", right: "b/y.txt" },
    });
    const compared: DoneMove = {
      tool: "compare",
      args: { left: "a/x.md", right: "b/y.txt" },
      result:
        "compare file a/x.md vs file b/y.txt: differ in 1 region\n@@ left 3,1 right 4,1\n- a\n+ b",
    };
    const record = orderedReadMove(state(mission, [compared]), []);
    expect(record).toMatchObject({
      tool: "save_artifact",
      args: { value: false, kind: "decision", evidence: ["a/x.md:3", "b/y.txt:4"] },
    });
    const key = record?.kind === "tool" ? String(record.args.key) : "";
    const saved: DoneMove = { tool: "save_artifact", args: { key }, result: `saved ${key}@1` };
    expect(orderedReadMove(state(mission, [compared, saved]), [])).toMatchObject({
      tool: "finish",
      args: { status: "achieved" },
    });
    // One path, or no word that asks for a comparison: not this move.
    expect(orderedReadMove(state("Does a/x.md agree with itself?"), [])).toBeNull();
    expect(orderedReadMove(state("Read a/x.md and b/y.txt."), [])).toBeNull();
  });

  it("reads the next named file ahead, and stages it once nothing is left to save", ({
    expect,
  }) => {
    const mission = "Record A from a.ts, then B from b.ts.";
    const first = stage("a.ts", "staged a.ts (lines 1-1 of 1)");
    expect(orderedReadMove(state(mission, [first]), [])).toMatchObject({
      tool: "stage_context",
      args: { path: "b.ts", prefetch: true },
    });
    const ahead = stage("b.ts", "prefetched b.ts: outside L1", true);
    const pending: Fact[] = [{ key: "a", value: 1, evidence: "a.ts:1" }];
    expect(orderedReadMove(state(mission, [first, ahead]), pending)).toBeNull();
    const saved = save("a", 1, "a.ts:1", "saved a@1");
    expect(orderedReadMove(state(mission, [first, ahead, saved]), pending)).toMatchObject({
      tool: "stage_context",
      args: { path: "b.ts" },
    });
    // Without a word that orders the files, nothing is read ahead.
    expect(orderedReadMove(state("Record A from a.ts and B from b.ts.", [first]), [])).toBeNull();
  });

  it("lets the later file's value supersede the earlier one, then answers with it", ({
    expect,
  }) => {
    const mission = "What is LIMIT? Check a.ts, then b.ts.";
    const done = [
      stage("a.ts", "staged a.ts"),
      save("limit", 10, "a.ts:1", "saved limit@1"),
      stage("b.ts", "staged b.ts"),
    ];
    const later: Fact[] = [{ key: "limit", value: 12, evidence: "b.ts:1" }];
    expect(orderedReadMove(state(mission, done), later)).toMatchObject({
      tool: "save_artifact",
      args: { key: "limit", value: 12, evidence: ["b.ts:1"], supersedes: "limit@1" },
    });
    // The earlier file's value never supersedes the later one's.
    const earlier: Fact[] = [{ key: "limit", value: 10, evidence: "a.ts:1" }];
    const corrected = [
      ...done,
      {
        tool: "save_artifact",
        args: { key: "limit", value: 12, evidence: ["b.ts:1"], supersedes: "limit@1" },
        result: "saved limit@2 (replaces @1: 10 -> 12)",
      },
    ];
    expect(orderedReadMove(state(mission, corrected), earlier)).toMatchObject({
      tool: "finish",
      args: { status: "achieved", summary: "limit = 12 (from b.ts:1, superseding limit@1)" },
    });
  });
});
