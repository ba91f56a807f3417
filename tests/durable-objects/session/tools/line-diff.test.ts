import fc from "fast-check";
import { describe, it } from "vitest";
import {
  diffLines,
  MAX_DIFF_CELLS,
  type LineDiff,
} from "../../../../durable-objects/session/tools/line-diff.ts";

/** Rebuilds the right side from the left and the regions: the diff's defining property. */
function rebuild(left: readonly string[], diff: LineDiff): string[] {
  const out: string[] = [];
  let at = 0;
  for (const r of diff.regions) {
    out.push(...left.slice(at, r.leftStart - 1), ...r.added);
    at = r.leftStart - 1 + r.leftCount;
  }
  return [...out, ...left.slice(at)];
}

const lines = fc.array(fc.constantFrom("a", "b", "c", "", "d"), { maxLength: 40 });

describe("line diff", () => {
  it("finds no region between equal texts", ({ expect }) => {
    expect(diffLines(["a", "b"], ["a", "b"])).toEqual({ regions: [], coarse: false });
  });

  it("reports regions whose removed lines are the left's and whose added lines rebuild the right", ({
    expect,
  }) => {
    fc.assert(
      fc.property(lines, lines, (a, b) => {
        const diff = diffLines(a, b);
        expect(rebuild(a, diff)).toEqual(b);
        for (const r of diff.regions) {
          expect(a.slice(r.leftStart - 1, r.leftStart - 1 + r.leftCount)).toEqual(r.removed);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("reports one coarse block when the changed middle is too large for an LCS", ({ expect }) => {
    const side = Math.ceil(Math.sqrt(MAX_DIFF_CELLS)) + 1;
    const a = ["same", ...Array.from({ length: side }, (_, i) => `a${i}`), "end"];
    const b = ["same", ...Array.from({ length: side }, (_, i) => `b${i}`), "end"];
    const diff = diffLines(a, b);
    expect(diff.coarse).toBe(true);
    expect(diff.regions).toHaveLength(1);
    expect(diff.regions[0]).toMatchObject({
      leftStart: 2,
      leftCount: side,
      rightStart: 2,
      rightCount: side,
    });
    expect(rebuild(a, diff)).toEqual(b);
  });
});
