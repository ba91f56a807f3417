// How the pipeline settles each subject from every answer's facts
// (shared/compress/merge.ts): the later turn wins, interleaved values are a
// conflict, a later verdict replaces an earlier one, and nothing proposed or left
// unsettled is ever current.
import { describe, it } from "vitest";
import { mergeFacts } from "../../../shared/compress/merge.ts";
import type { FactStatus, SummaryFact } from "../../../shared/model/summarise-contract.ts";

const f = (
  value: string,
  status: FactStatus,
  turns: number[],
  subject = "pool max",
): SummaryFact => ({
  subject,
  value,
  status,
  turns,
});
const merge = (...answers: SummaryFact[][]) =>
  mergeFacts(answers.flatMap((facts, answer) => facts.map((fact) => ({ fact, answer }))));

describe("mergeFacts", () => {
  it("shows the value first stated after the other as current, the other superseded", ({
    expect,
  }) => {
    const [s] = merge([f("20", "current", [3])], [f("30", "current", [40])]);
    expect(s?.current).toEqual({ value: "30", turns: [40] });
    expect(s?.superseded).toEqual([{ value: "20", turns: [3], byTurn: 40 }]);
    expect(s?.conflict).toEqual([]);
  });

  it("merges subjects spelled differently (case, separators, camelCase)", ({ expect }) => {
    const subjects = merge(
      [f("20", "current", [3], "Pool_Max")],
      [f("30", "current", [9], "poolMax")],
    );
    expect(subjects).toHaveLength(1);
    expect(subjects[0]?.current?.value).toBe("30");
  });

  it("shows two values whose turns interleave as a conflict, neither as current", ({ expect }) => {
    const [s] = merge([f("20", "current", [3, 50])], [f("30", "current", [40])]);
    expect(s?.current).toBeUndefined();
    expect(s?.conflict.map((c) => c.value).sort()).toEqual(["20", "30"]);
  });

  it("lets a later answer's verdict replace an earlier one", ({ expect }) => {
    const [s] = merge([f("20", "current", [3])], [f("20", "superseded", [3])]);
    expect(s?.current).toBeUndefined();
    expect(s?.superseded.map((v) => v.value)).toEqual(["20"]);
  });

  it("never shows a proposal as current, nor lets it replace the current value", ({ expect }) => {
    const [s] = merge(
      [f("20", "current", [3])],
      [f("20", "proposed", [9]), f("45", "proposed", [9])],
    );
    expect(s?.current?.value).toBe("20");
    expect(s?.proposed.map((p) => p.value)).toEqual(["45"]);
  });

  it("leaves a value unsettled when a later turn speaks of it, and current when it is stated after", ({
    expect,
  }) => {
    const [open] = merge([f("20", "current", [3])], [f("20", "unsettled", [12])]);
    expect(open?.current).toBeUndefined();
    expect(open?.unsettled).toEqual({ last: { value: "20", turns: [3] }, turns: [12] });
    const [settled] = merge(
      [f("20", "current", [3])],
      [f("20", "unsettled", [12]), f("30", "current", [15])],
    );
    expect(settled?.current?.value).toBe("30");
    expect(settled?.unsettled).toBeUndefined();
  });

  it("orders subjects by their latest cited turn", ({ expect }) => {
    const subjects = merge([f("1", "current", [9], "b"), f("2", "current", [4], "a")]);
    expect(subjects.map((s) => s.subject)).toEqual(["a", "b"]);
  });
});
