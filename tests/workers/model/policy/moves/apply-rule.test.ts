import { describe, it } from "vitest";
import { filePage, play, tools } from "./play.ts";

const OFFERED = tools("stage_context", "save_artifact", "calculate", "finish");
const FILES: Record<string, string> = {
  "handbook/leave.md":
    "# Leave\n\nEarned per year of service:\n\n- days = years * accrual + floor\n",
  "hr/alice.py": "YEARS = 4\nACCRUAL = 2\nFLOOR = 20\n",
};

describe("a rule found in one file applied to data in another", () => {
  it("saves the formula as a decision, the data as facts, and applies the saved rule", ({
    expect,
  }) => {
    const moves = play(
      "Find the leave rule in handbook/leave.md and work out Alice's days from hr/alice.py with it.",
      OFFERED,
      (m) => {
        if (m.tool === "stage_context") {
          return filePage(String(m.args.path), FILES[String(m.args.path)] ?? "");
        }
        if (m.tool === "calculate") {
          return { result: "years * accrual + floor = 4 * 2 + 20 = 28\nrule rule.days@1" };
        }
        return { result: `saved ${String(m.args.key)}@1` };
      },
    );
    expect(moves[1]).toEqual({
      tool: "save_artifact",
      args: {
        key: "rule.days",
        value: "years * accrual + floor",
        kind: "decision",
        evidence: ["handbook/leave.md:5"],
      },
    });
    expect(moves.find((m) => m.tool === "calculate")?.args).toEqual({
      expression: "rule:rule.days",
      values: { years: "years", accrual: "accrual", floor: "floor" },
    });
    expect(moves.at(-1)?.args).toMatchObject({
      status: "achieved",
      summary: expect.stringContaining("28"),
    });
  });

  it("never takes a code statement for a rule", ({ expect }) => {
    const moves = play("Apply the rule in src/calc.ts.", OFFERED, () =>
      filePage("src/calc.ts", "export const total = price * qty;\n"),
    );
    expect(moves.some((m) => m.tool === "calculate")).toBe(false);
    expect(moves.at(-1)?.args).not.toMatchObject({ status: "achieved" });
  });
});
