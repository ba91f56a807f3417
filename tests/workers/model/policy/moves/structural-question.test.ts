import { describe, it } from "vitest";
import { play, tools } from "./play.ts";

const OFFERED = tools(
  "search",
  "stage_context",
  "find_callers",
  "find_imports",
  "find_definitions",
  "finish",
);

describe("which files import or call something", () => {
  it("answers 'which files call' from find_callers' listing", ({ expect }) => {
    const moves = play("Which files call parse_row?", OFFERED, () => ({
      result:
        "2 call sites of parse_row in 2 files:\netl/load.py:14 in load\netl/check.py:3 in check",
    }));
    expect(moves[0]).toEqual({ tool: "find_callers", args: { symbol: "parse_row" } });
    expect(moves.at(-1)?.args).toMatchObject({
      status: "achieved",
      summary: "2 file(s) call parse_row: etl/load.py, etl/check.py",
    });
  });

  it("answers 'which files import' a path from the importers' listing", ({ expect }) => {
    const moves = play("Which modules import etl/rows.py?", OFFERED, () => ({
      result: "1 file import etl/rows.py:\netl/load.py (as .rows)",
    }));
    expect(moves[0]).toEqual({
      tool: "find_imports",
      args: { path: "etl/rows.py", direction: "importers" },
    });
    expect(moves.at(-1)?.args).toMatchObject({
      summary: "1 file(s) import etl/rows.py: etl/load.py",
    });
  });

  it("asks about a symbol's file through its definition", ({ expect }) => {
    const moves = play("Which files import ROW_LIMIT?", OFFERED, (m) =>
      m.tool === "find_definitions"
        ? { result: "1 definition of ROW_LIMIT:\netl/limits.py:2 variable ROW_LIMIT" }
        : { result: "no file imports etl/limits.py" },
    );
    expect(moves.map((m) => m.tool)).toEqual(["find_definitions", "find_imports", "finish"]);
    expect(moves.at(-1)?.args).toMatchObject({ summary: "no file imports etl/limits.py" });
  });

  it("says plainly that the structural tool was not offered instead of answering from other facts", ({
    expect,
  }) => {
    const moves = play(
      "Which files call parse_row?",
      tools("search", "stage_context", "finish"),
      () => ({
        result: "unused",
      }),
    );
    expect(moves).toEqual([
      {
        tool: "finish",
        args: {
          status: "not_achieved",
          summary: expect.stringMatching(
            /^the stand-in cannot do this mission: which files call parse_row needs find_callers, which this step did not offer; /,
          ),
        },
      },
    ]);
  });
});
