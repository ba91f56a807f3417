import { describe, it } from "vitest";
import { play, tools } from "./play.ts";

const OFFERED = tools("stage_context", "save_artifact", "finish");
const REFUSED = (lines: number) =>
  `staged data/big.csv (lines 1-${lines} of ${lines})\n[L1 REFUSED] PAGE_TOO_LARGE: page data/big.csv has 8000 tokens, L1 holds 1000\n[HINT] Stage a symbol or a slice`;

describe("a page refused for its size", () => {
  it("is read again as a slice sized to what L1 holds when the mission names no symbol", ({
    expect,
  }) => {
    const moves = play("Summarise data/big.csv.", OFFERED, (m) =>
      m.args.start_line === undefined
        ? { result: REFUSED(400) }
        : { result: "staged data/big.csv:1-25" },
    );
    expect(moves[1]).toEqual({
      tool: "stage_context",
      args: { path: "data/big.csv", start_line: 1, end_line: 25 },
    });
  });

  it("is read again as the symbol the mission names", ({ expect }) => {
    const moves = play("Find MAX_ROWS in data/big.csv and save it.", OFFERED, (m) =>
      m.args.symbol === undefined
        ? { result: REFUSED(400) }
        : { result: "[TOOL ERROR] SYMBOL_NOT_FOUND: no definition" },
    );
    expect(moves[1]).toEqual({
      tool: "stage_context",
      args: { symbol: "MAX_ROWS", path: "data/big.csv" },
    });
    expect(moves.at(-1)?.args).not.toMatchObject({ status: "achieved" });
  });
});

describe("facts read from a slice", () => {
  it("cite the line of the file, not of the slice", async ({ expect }) => {
    const { factsOn } = await import("../../../../../workers/model/policy/page-facts.ts");
    expect(factsOn("ROWS = 7", "data/big.py:412-412", "save ROWS")).toEqual([
      { key: "rows", value: 7, evidence: "data/big.py:412" },
    ]);
    expect(factsOn("A = 1\nROWS = 7", "data/big.py", "save ROWS")[0]?.evidence).toBe(
      "data/big.py:2",
    );
  });
});
