// The pure parts of `npm run bench:horizon` (bench/horizon/): the seeded mission,
// its schedule's guarantees, the fact files, and the stand-in model's rules.
import { describe, it } from "vitest";
import { windowTail } from "../../bench/horizon/baselines.ts";
import { factFile, factName, factPath } from "../../bench/horizon/files.ts";
import {
  EARLY_HORIZON,
  FACT_COUNT,
  generateMission,
  READ_POINTS,
  type Mission,
} from "../../bench/horizon/mission.ts";
import { messagePart } from "../../bench/horizon/model-server.ts";
import {
  answerMove,
  latestFileValue,
  parseRecall,
  recallFromPrompt,
  type WireMessage,
} from "../../bench/horizon/rules.ts";

const SEEDS = [1, 2, 3, 20_261_122, 987_654];

function readIndices(mission: Mission, fact: number): number[] {
  return mission.moves.flatMap((m, i) => (m.kind === "read" && m.fact === fact ? [i] : []));
}

/** A page of L1 as Lethe's envelope renders it. */
const page = (path: string, content: string, start = 1) =>
  `[L1 file ${path} | file:${path}@3:${start}-${start + content.split("\n").length - 1}]\n${content}`;

const lethetools = ["stage_context", "save_artifact", "finish"].map((name) => ({
  function: { name },
}));
const baselineTools = ["read_file", "record"].map((name) => ({ function: { name } }));

describe("the horizon mission", () => {
  it("churn: every non-early fact changes, and some file is read twice in a row", ({ expect }) => {
    for (const seed of SEEDS) {
      const mission = generateMission(seed, "churn");
      const changed = new Set(mission.changes.map((c) => c.fact));
      for (let f = 1; f <= FACT_COUNT; f++) {
        expect(changed.has(f)).toBe(!mission.early.includes(f));
      }
      expect(mission.changes.length).toBeGreaterThan(changed.size);
    }
    const rereads = SEEDS.some((seed) => {
      const reads = generateMission(seed, "churn").moves.flatMap((m) =>
        m.kind === "read" ? [m.fact] : [],
      );
      return reads.some((f, i) => i > 0 && reads[i - 1] === f);
    });
    expect(rereads).toBe(true);
  });

  it("is the same for the same seed and differs for another", ({ expect }) => {
    expect(generateMission(42)).toEqual(generateMission(42));
    expect(generateMission(43).moves).not.toEqual(generateMission(42).moves);
  });

  it("is 100 read/save pairs of the same fact, then the final answer", ({ expect }) => {
    for (const seed of SEEDS) {
      const { moves } = generateMission(seed);
      expect(moves).toHaveLength(2 * READ_POINTS + 1);
      expect(moves.at(-1)).toEqual({ kind: "final" });
      for (let i = 0; i < 2 * READ_POINTS; i += 2) {
        const read = moves[i];
        const save = moves[i + 1];
        expect(read?.kind).toBe("read");
        expect(save).toEqual({ kind: "save", fact: read?.kind === "read" ? read.fact : -1 });
      }
    }
  });

  it("re-reads every fact after its last change, so the last read shows the final value", ({
    expect,
  }) => {
    for (const seed of SEEDS) {
      const mission = generateMission(seed);
      expect(mission.changes.length).toBeGreaterThan(0);
      for (let fact = 1; fact <= FACT_COUNT; fact++) {
        const lastRead = readIndices(mission, fact).at(-1) ?? -1;
        const changes = mission.changes.filter((c) => c.fact === fact);
        const lastChange = changes.at(-1);
        if (lastChange !== undefined) {
          // A change lands before the move at `at`: a read at that very move sees it.
          expect(lastRead).toBeGreaterThanOrEqual(lastChange.at);
          expect(lastChange.content).toContain(
            `export const ${factName(fact)} = ${lastChange.value};`,
          );
        }
        expect(mission.truth[fact]).toBe(
          lastChange?.value ?? factValue(mission.files[factPath(fact)]),
        );
      }
    }
  });

  it("reads every file several times, early facts only early and never changed", ({ expect }) => {
    for (const seed of SEEDS) {
      const mission = generateMission(seed);
      for (let fact = 1; fact <= FACT_COUNT; fact++) {
        expect(readIndices(mission, fact).length).toBeGreaterThanOrEqual(3);
      }
      expect(mission.early.length).toBeGreaterThan(0);
      for (const fact of mission.early) {
        const reads = readIndices(mission, fact);
        expect(Math.max(...reads)).toBeLessThan(2 * READ_POINTS * EARLY_HORIZON);
        expect(mission.changes.some((c) => c.fact === fact)).toBe(false);
      }
    }
  });

  it("never reads the same file at two read points in a row", ({ expect }) => {
    for (let seed = 0; seed < 50; seed++) {
      const reads = generateMission(seed).moves.flatMap((m) => (m.kind === "read" ? [m.fact] : []));
      const repeats = reads.filter((f, i) => i > 0 && reads[i - 1] === f);
      expect(repeats).toEqual([]);
    }
  });

  it("writes 30-60 line modules with one fact, and a new version changes only its line", ({
    expect,
  }) => {
    const before = factFile(7, 1234, 99);
    const after = factFile(7, 5678, 99);
    const lines = before.trimEnd().split("\n");
    expect(lines.length).toBeGreaterThanOrEqual(30);
    expect(lines.length).toBeLessThanOrEqual(60);
    expect(before.match(/FACT_\d\d/g)).toEqual(["FACT_07"]);
    const changed = lines.filter((line, i) => line !== after.trimEnd().split("\n")[i]);
    expect(changed).toEqual(["export const FACT_07 = 1234;"]);
  });
});

function factValue(content: string | undefined): number {
  return Number(/export const FACT_\d\d = (\d+);/.exec(content ?? "")?.[1]);
}

describe("the stand-in model's rules", () => {
  const file = (value: number) => factFile(3, value, 5);

  it("saves the value of the newest visible file text, with its line in an L1 page", ({
    expect,
  }) => {
    const content = file(4242);
    const line = content.split("\n").findIndex((l) => l.startsWith("export const FACT_03")) + 1;
    const messages: WireMessage[] = [
      { role: "system", content: "[horizon run lethe] mission" },
      { role: "tool", content: file(1111) },
      { role: "system", content: page("facts/f03.ts", content, 10) },
    ];
    expect(latestFileValue(messages, 3)).toEqual({
      value: 4242,
      evidence: `facts/f03.ts:${line + 9}`,
    });
    expect(latestFileValue(messages.slice(0, 2), 3)).toEqual({ value: 1111, evidence: null });
    expect(latestFileValue(messages.slice(0, 1), 3)).toBeNull();
  });

  it("recalls the last value the prompt shows for each fact, whatever form it takes", ({
    expect,
  }) => {
    const messages: WireMessage[] = [
      { role: "system", content: "[RELEVANT ARTIFACTS]\nfact_03 = 17 (fact, v1, by horizon)" },
      {
        role: "assistant",
        content: "",
        tool_calls: [
          { function: { name: "save_artifact", arguments: '{"key":"fact_03","value":23}' } },
        ],
      },
      { role: "tool", content: "saved fact_03@2 (replaces @1: 17 -> 23)" },
      { role: "tool", content: file(31) },
      {
        role: "assistant",
        tool_calls: [
          { function: { name: "record", arguments: '{"key":"fact_05","value":"unseen"}' } },
        ],
      },
    ];
    expect([...recallFromPrompt(messages)]).toEqual([[3, 31]]);
    expect([...recallFromPrompt(messages.slice(0, 3))]).toEqual([[3, 23]]);
    expect([...parseRecall("FACT_01 = 5\nFACT_12 = 70")]).toEqual([
      [1, 5],
      [12, 70],
    ]);
  });

  it("answers each move in the tools the agent offers", ({ expect }) => {
    const content = file(4242);
    const shown: WireMessage[] = [{ role: "system", content: page("facts/f03.ts", content) }];
    expect(answerMove({ kind: "read", fact: 3 }, [], lethetools).toolCall).toEqual({
      name: "stage_context",
      arguments: { path: "facts/f03.ts" },
    });
    expect(answerMove({ kind: "read", fact: 3 }, [], baselineTools).toolCall).toEqual({
      name: "read_file",
      arguments: { path: "facts/f03.ts" },
    });
    const save = answerMove({ kind: "save", fact: 3 }, shown, lethetools).toolCall;
    expect(save?.name).toBe("save_artifact");
    expect(save?.arguments).toMatchObject({ key: "fact_03", value: 4242, kind: "fact" });
    expect(answerMove({ kind: "save", fact: 3 }, [], baselineTools).toolCall).toEqual({
      name: "record",
      arguments: { key: "fact_03", value: "unseen" },
    });
    expect(answerMove({ kind: "final" }, shown, lethetools).toolCall).toEqual({
      name: "finish",
      arguments: { status: "achieved", summary: "FACT_03 = 4242" },
    });
    expect(answerMove({ kind: "final" }, shown, baselineTools)).toEqual({
      content: "FACT_03 = 4242",
      toolCall: null,
    });
  });
});

describe("the bench's plumbing", () => {
  it("keeps a window that never opens on an orphan tool result", ({ expect }) => {
    const history = [
      { role: "assistant" },
      { role: "tool" },
      { role: "assistant" },
      { role: "tool" },
    ];
    expect(windowTail(history, 2)).toEqual(history.slice(2));
    expect(windowTail(history, 3)).toEqual(history.slice(2));
    expect(windowTail(history, 10)).toEqual(history);
  });

  it("names the part of the prompt each message is", ({ expect }) => {
    expect(messagePart({ role: "system", content: "[RELEVANT ARTIFACTS]\nx = 1" })).toBe(
      "relevant artifacts",
    );
    expect(messagePart({ role: "system", content: "[L1 file a.ts | file:a.ts@1:1-2]\n" })).toBe(
      "L1 pages",
    );
    expect(messagePart({ role: "system", content: "[horizon run full-history]\n" })).toBe("system");
    expect(messagePart({ role: "tool", content: "ok", tool_call_id: "c" })).toBe("tool results");
  });
});
