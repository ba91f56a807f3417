import { describe, it } from "vitest";
import { foldTrace, sumMetrics, type TraceRow } from "../../../shared/observe/trace-metrics.ts";

let ord = 0;
const row = (step: number, kind: string, data: Record<string, unknown> = {}): TraceRow => ({
  ord: ++ord,
  step,
  kind,
  data,
  at: 1_700_000_000_000 + ord,
});

describe("foldTrace", () => {
  it("counts steps, model usage, routes, verdicts, reductions, auto-fix and rollbacks", ({
    expect,
  }) => {
    const usage = { promptTokens: 100, completionTokens: 10, costUsd: 0.001 };
    const m = foldTrace([
      row(1, "step", { envelopeTokens: 300, sections: { system: 50, dynamic: 250 } }),
      row(1, "tool", { ...usage, route: "model", tool: "write_file", error: false }),
      row(2, "step", {
        envelopeTokens: 320,
        sections: { system: 50, dynamic: 270 },
        meta: { offered: 2, used: 1 },
      }),
      row(2, "refused", { ...usage, route: "keywords", verdict: "deny", rule: "path" }),
      row(2, "reduction", { kind: "evict", pre_tokens: 90, post_tokens: 40 }),
      row(3, "step", {}),
      row(3, "tool", { ...usage, route: "keywords", error: true }),
      row(3, "autofix/attempt", { attempt: 1 }),
      row(3, "autofix/recover", {}),
      row(3, "compaction", { report: { pre_tokens: 800, post_tokens: 200 } }),
      row(1, "rollback", { to: "c1" }),
    ]);
    expect(m.steps).toBe(3);
    expect(m.modelCalls).toBe(3);
    expect(m.promptTokens).toBe(300);
    expect(m.costUsd).toBeCloseTo(0.003, 12);
    expect(m.envelopeTokens).toBe(620);
    expect(m.promptTokensBySection).toEqual({ system: 100, dynamic: 520 });
    expect(m.router).toEqual({ model: 1, keywords: 2 });
    expect(m.verdicts).toEqual({ "deny:path": 1 });
    expect(m.reductions).toEqual({ evict: { count: 1, tokensBefore: 90, tokensAfter: 40 } });
    expect(m.compactions).toEqual({ count: 1, tokensBefore: 800, tokensAfter: 200 });
    expect(m.toolCalls).toBe(2);
    expect(m.toolErrors).toBe(1);
    expect(m.autofix).toEqual({ attempts: 1, recoveries: 1, failures: 0 });
    expect(m.rollbacks).toBe(1);
    expect(m.meta).toEqual({ offered: 2, used: 1 });
  });

  it("folds pages one by one into the same figures, and sums sessions", ({ expect }) => {
    const rows = [
      row(1, "step"),
      row(1, "tool", { promptTokens: 5 }),
      row(2, "step"),
      row(2, "rollback"),
    ];
    const whole = foldTrace(rows);
    const paged = foldTrace(rows.slice(2), foldTrace(rows.slice(0, 2)));
    expect(paged).toEqual(whole);
    const total = sumMetrics([whole, whole]);
    expect(total.steps).toBe(4);
    expect(total.promptTokens).toBe(10);
    expect(total.rollbacks).toBe(2);
  });

  it("ignores malformed numbers instead of poisoning a sum", ({ expect }) => {
    const m = foldTrace([row(1, "tool", { promptTokens: "lots", costUsd: Number.NaN })]);
    expect(m.promptTokens).toBe(0);
    expect(m.costUsd).toBe(0);
  });
});
