// The summary block (shared/compress/block.ts): rendered by section, read back as
// the facts and narrative a later compression carries over.
import { describe, it } from "vitest";
import {
  openAtNote,
  readSummaryBlock,
  renderSummaryBlock,
  type BlockLine,
} from "../../../shared/compress/block.ts";

const REF = (n: number) => `ref:${String(n).padStart(32, "0")}`;

describe("the summary block", () => {
  it("is one line and its index when no line was kept, and still reads back", ({ expect }) => {
    const text = renderSummaryBlock({
      method: "map-reduce",
      firstTurn: 45,
      lastTurn: 47,
      turnCount: 2,
      lines: [],
      refs: new Map(),
      index: REF(7),
    });
    expect(text).toBe(
      `[CONVERSATION SUMMARY]\nmethod: map-reduce summary; 2 turns (45-47), nothing left to cite\nindex: ${REF(7)}`,
    );
    expect(readSummaryBlock(text)).toMatchObject({ facts: [], narrative: [], index: REF(7) });
  });

  it("renders sections in order and reads every line back with its status and turns", ({
    expect,
  }) => {
    const lines: BlockLine[] = [
      { section: "superseded", text: "pool max: 20", turns: [3], note: " → replaced at turn 9" },
      { section: "current", text: "pool max: 30", turns: [9] },
      { section: "conflict", text: "ttl: 5s", turns: [4] },
      { section: "conflict", text: "ttl: 10s", turns: [5] },
      { section: "unsettled", text: "region: eu-west-3", turns: [2, 11], note: openAtNote([11]) },
      { section: "narrative", text: "We resized the pool.", turns: [8, 9] },
      { section: "proposed", text: "pool max: 40", turns: [10] },
    ];
    const text = renderSummaryBlock({
      method: "map-reduce",
      firstTurn: 2,
      lastTurn: 11,
      turnCount: 10,
      lines,
      refs: new Map([2, 3, 4, 5, 8, 9, 10, 11].map((t) => [t, REF(t)])),
      index: REF(99),
      verbatim: { first: 12, last: 14 },
    });
    expect(text.split("\n").filter((l) => !l.startsWith("- "))).toEqual([
      "[CONVERSATION SUMMARY]",
      "method: map-reduce summary; 10 turns (2-11); each [turns: N] resolves by its ref",
      "current facts (the latest value each subject was given):",
      "conflicting (both values stand in the turns; read them before relying on either):",
      "not settled (later turns speak of these without a value read here; read the refs):",
      "narrative:",
      "proposed, never decided:",
      "superseded (old values, not current):",
      "verbatim: turns 12-14 follow this summary as they were",
      `refs: ${[2, 3, 4, 5, 8, 9, 10, 11].map((t) => `${t}=${REF(t)}`).join(", ")}`,
      `index: ${REF(99)}`,
    ]);
    const read = readSummaryBlock(text);
    expect(read.facts).toEqual([
      { subject: "pool max", value: "30", status: "current", turns: [9] },
      { subject: "ttl", value: "5s", status: "current", turns: [4] },
      { subject: "ttl", value: "10s", status: "current", turns: [5] },
      { subject: "region", value: "eu-west-3", status: "current", turns: [2] },
      { subject: "region", value: "eu-west-3", status: "unsettled", turns: [11] },
      { subject: "pool max", value: "40", status: "proposed", turns: [10] },
      { subject: "pool max", value: "20", status: "superseded", turns: [3] },
    ]);
    expect(read.narrative).toEqual([{ text: "We resized the pool.", turns: [8, 9] }]);
    expect(read.index).toBe(REF(99));
    expect(read.refs.get(11)).toBe(REF(11));
  });

  it("reads an older block's plain bullets as narrative", ({ expect }) => {
    const old = `[CONVERSATION SUMMARY]\nmethod: map-reduce summary\n- The port is 8443. [turns: 3]\nrefs: 3=${REF(3)}\nindex: ${REF(9)}`;
    expect(readSummaryBlock(old).narrative).toEqual([{ text: "The port is 8443.", turns: [3] }]);
  });
});
