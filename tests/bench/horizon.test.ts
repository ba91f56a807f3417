// The pure parts of `npm run bench:horizon` (bench/horizon/): the seeded mission,
// its schedule's guarantees, the fact files, and the stand-in model's rules.
import { describe, it } from "vitest";
import { fitWindow, windowTail } from "../../bench/horizon/baselines.ts";
import { factFile, factName, logFile, lookalikeFactFile } from "../../bench/horizon/files.ts";
import { generateWorkload, WORKLOADS, type Workload } from "../../bench/horizon/workloads.ts";
import { messagePart } from "../../bench/horizon/model-server.ts";
import {
  answerMove,
  latestFileValue,
  parseRecall,
  recallFromPrompt,
  nextSlice,
  refFor,
  type WireMessage,
} from "../../bench/horizon/rules.ts";
import { loadTokenizer } from "../../shared/context/tokens.ts";

const SEEDS = [1, 2, 3, 20_261_205, 987_654];

function readIndices(workload: Workload, fact: number): number[] {
  const path = workload.paths[fact];
  return workload.moves.flatMap((m, i) => (m.kind === "read" && m.path === path ? [i] : []));
}

/** A page of L1 as Lethe's envelope renders it. */
const page = (path: string, content: string, start = 1) =>
  `[L1 file ${path} | file:${path}@3:${start}-${start + content.split("\n").length - 1}]\n${content}`;

const lethetools = ["stage_context", "save_artifact", "read_ref", "finish"].map((name) => ({
  function: { name },
}));
const baselineTools = ["read_file", "record"].map((name) => ({ function: { name } }));
const mission = (facts: number) => ({
  role: "system",
  content: `[horizon run updates:x]\nTrack the facts FACT_01 to ${factName(facts)}: ...`,
});

describe("the horizon workloads", () => {
  it("are the same for the same seed and differ for another", ({ expect }) => {
    for (const name of WORKLOADS) {
      expect(generateWorkload(name, 42, 31)).toEqual(generateWorkload(name, 42, 31));
      expect(generateWorkload(name, 43, 31).moves).not.toEqual(
        generateWorkload(name, 42, 31).moves,
      );
    }
  });

  it("fit the scheduled calls, end with the final answer, and save right after each fact read", ({
    expect,
  }) => {
    for (const name of WORKLOADS) {
      for (const seed of SEEDS) {
        const w = generateWorkload(name, seed, 45);
        expect(w.moves.length).toBeLessThanOrEqual(45);
        expect(w.moves.length).toBeGreaterThanOrEqual(44);
        expect(w.moves.at(-1)).toEqual({ kind: "final" });
        w.moves.forEach((m, i) => {
          if (m.kind === "save") {
            const read = w.moves[i - 1];
            expect(read).toEqual({ kind: "read", path: w.paths[m.fact] });
          }
        });
      }
    }
  });

  it("read every fact, and re-read it after its last change", ({ expect }) => {
    for (const name of WORKLOADS) {
      for (const seed of SEEDS) {
        const w = generateWorkload(name, seed, 61);
        for (const fact of w.facts) {
          const reads = readIndices(w, fact);
          expect(reads.length).toBeGreaterThanOrEqual(1);
          const changes = w.changes.filter((c) => c.fact === fact);
          const last = changes.at(-1);
          if (last !== undefined) {
            expect(reads.at(-1)).toBeGreaterThanOrEqual(last.at);
            expect(w.truth[fact]).toBe(last.value);
          }
          expect(w.values[fact]?.at(-1)).toBe(w.truth[fact]);
        }
      }
    }
  });

  it("logs: ~50k-token files whose last config line is the current value", async ({ expect }) => {
    const tokenizer = await loadTokenizer("lethe-local");
    const log = logFile(3, [111, 2222], 9);
    const tokens = tokenizer.count(log);
    expect(tokens).toBeGreaterThan(40_000);
    expect(tokens).toBeLessThan(60_000);
    expect(latestFileValue([{ role: "tool", content: log }], 3)?.value).toBe(2222);
  });

  it("updates: look-alike keys never read as the fact", ({ expect }) => {
    const text = lookalikeFactFile(7, 5000, 4000, 3);
    expect(text).toContain("FACT_07_PREV = 4000");
    expect(latestFileValue([{ role: "tool", content: text }], 7)?.value).toBe(5000);
    expect(recallFromPrompt([{ role: "tool", content: text }]).get(7)).toBe(5000);
  });
});

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
    // A whole file's header names its path once (shared/context/page-header.ts).
    const whole = `[L1 file facts/f03.ts @3:1-${content.split("\n").length}]\n${content}`;
    expect(latestFileValue([{ role: "user", content: whole }], 3)).toEqual({
      value: 4242,
      evidence: `facts/f03.ts:${line}`,
    });
  });

  it("recalls the last value the prompt shows for each fact, whatever form it takes", ({
    expect,
  }) => {
    const messages: WireMessage[] = [
      { role: "system", content: "[RELEVANT ARTIFACTS]\nfact_03 = 17 (v1 by horizon)" },
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
    expect(answerMove({ kind: "read", path: "facts/f03.ts" }, [], lethetools).toolCall).toEqual({
      name: "stage_context",
      arguments: { path: "facts/f03.ts" },
    });
    expect(answerMove({ kind: "read", path: "facts/f03.ts" }, [], baselineTools).toolCall).toEqual({
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

describe("the policy's reading of summaries and refs", () => {
  const block = [
    "[CONVERSATION SUMMARY]",
    "method: map-reduce summary; 6 turns (1-6); each [turns: N] resolves by its ref",
    "current facts (the latest value each subject was given):",
    "- FACT_03: 4242 [turns: 4]",
    "- FACT_03_PREV: 1111 [turns: 4]",
    "not settled (later turns speak of these without a value read here; read the refs):",
    "- FACT_05 [turns: 6]",
    "superseded (old values, not current):",
    "- FACT_03: 1111 [turns: 2] → replaced at turn 4",
    "refs: 2=ref:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa, 4=ref:bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb, 6=ref:cccccccccccccccccccccccccccccccc",
    "index: ref:dddddddddddddddddddddddddddddddd",
  ].join("\n");
  const messages: WireMessage[] = [
    mission(5),
    { role: "user", name: "conversation_summary", content: block },
  ];

  it("takes a summary's current facts, never its superseded lines or look-alikes", ({ expect }) => {
    expect([...recallFromPrompt(messages)]).toEqual([[3, 4242]]);
  });

  it("reads the ref a line naming a fact cites, once, then answers", ({ expect }) => {
    expect(refFor(messages, 5, null)).toBe("ref:cccccccccccccccccccccccccccccccc");
    const tools = [{ function: { name: "read_file" } }, { function: { name: "read_ref" } }];
    expect(answerMove({ kind: "final" }, messages, tools).toolCall).toEqual({
      name: "read_ref",
      arguments: { ref: "ref:cccccccccccccccccccccccccccccccc" },
    });
    const after: WireMessage[] = [
      ...messages,
      {
        role: "assistant",
        tool_calls: [
          {
            function: {
              name: "read_ref",
              arguments: '{"ref":"ref:cccccccccccccccccccccccccccccccc"}',
            },
          },
        ],
      },
      { role: "tool", content: "export const FACT_05 = 77;" },
    ];
    expect(refFor(after, 5, null)).toBeNull();
    expect(answerMove({ kind: "final" }, after, tools, {}, 1)).toEqual({
      content: "FACT_03 = 4242\nFACT_05 = 77",
      toolCall: null,
    });
  });
});

describe("the policy on a file too large for the agent's context", () => {
  const refused: WireMessage[] = [
    {
      role: "tool",
      content:
        "[TOOL RESULT]\n<untrusted>\nstaged logs/service-03.log (lines 1-1316 of 1316)\n[L1 REFUSED] PAGE_TOO_LARGE: page logs/service-03.log has 47794 tokens, L1 holds 2048\n",
    },
  ];

  it("stages slices that fit, newest lines first, until the file is read", ({ expect }) => {
    expect(nextSlice(refused, "logs/service-03.log", 0)).toEqual({
      start_line: 1278,
      end_line: 1316,
    });
    expect(nextSlice(refused, "logs/service-03.log", 1)).toEqual({
      start_line: 1239,
      end_line: 1277,
    });
    expect(nextSlice(refused, "logs/service-03.log", 40)).toBeNull();
    expect(nextSlice(refused, "logs/service-04.log", 0)).toBeNull();
  });
});

describe("the bench's plumbing", () => {
  it("cuts full history to a window, oldest first, never opening on a tool result", async ({
    expect,
  }) => {
    const tokenizer = await loadTokenizer("lethe-local");
    const big = "word ".repeat(3_000);
    const history = Array.from({ length: 6 }, (_, i) =>
      i % 2 === 0
        ? { role: "assistant" as const, content: `call ${i}` }
        : { role: "tool" as const, tool_call_id: `c${i}`, content: big },
    );
    const kept = fitWindow([{ role: "system", content: "m" }], history, [], tokenizer, 8_000);
    expect(kept).toEqual(history.slice(4));
    expect(fitWindow([], history, [], tokenizer, 1_000_000)).toEqual(history);
  });

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
