import { describe, it } from "vitest";
import { traceIdOf, traceToSpans } from "../../../shared/observe/spans.ts";
import type { TraceRow } from "../../../shared/observe/trace-metrics.ts";

const T = 1_700_000_000_000;

describe("traceToSpans", () => {
  it("exports a span per step with one child per stage, and one per compaction job", ({
    expect,
  }) => {
    const rows: TraceRow[] = [
      {
        ord: 1,
        step: 1,
        kind: "step",
        at: T + 100,
        data: {
          stages: [
            { name: "prepare", startedAt: T, ms: 20 },
            { name: "model", startedAt: T + 20, ms: 70 },
            { name: "bad" },
          ],
        },
      },
      {
        ord: 2,
        step: 1,
        kind: "tool",
        at: T + 100,
        data: { elapsedMs: 100, tool: "search", promptTokens: 9 },
      },
      { ord: 3, step: 1, kind: "compaction", at: T + 500, data: { method: "map-reduce", ms: 40 } },
    ];
    const out = traceToSpans("s-1", "h", rows);
    const spans = out.resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
    expect(spans.map((s) => s.name)).toEqual([
      "step 1",
      "stage prepare",
      "stage model",
      "job compaction",
    ]);
    const [step, prepare, model, job] = spans;
    expect(step?.startTimeUnixNano).toBe(`${T}000000`);
    expect(step?.endTimeUnixNano).toBe(`${T + 100}000000`);
    expect(prepare?.parentSpanId).toBe(step?.spanId);
    expect(model?.endTimeUnixNano).toBe(`${T + 90}000000`);
    expect(job?.startTimeUnixNano).toBe(`${T + 460}000000`);
    expect(
      spans.every((s) => s.traceId === traceIdOf("s-1") && /^[0-9a-f]{16}$/.test(s.spanId)),
    ).toBe(true);
    expect(step?.attributes).toContainEqual({
      key: "lethe.tool",
      value: { stringValue: "search" },
    });
  });

  it("exports the same ids for the same trace", ({ expect }) => {
    const rows: TraceRow[] = [{ ord: 1, step: 2, kind: "step", at: T, data: {} }];
    expect(traceToSpans("s", "h", rows)).toEqual(traceToSpans("s", "h", rows));
  });
});
