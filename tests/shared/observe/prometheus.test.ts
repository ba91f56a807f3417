import { describe, it } from "vitest";
import {
  gaugeSamples,
  metricSamples,
  renderPrometheus,
} from "../../../shared/observe/prometheus.ts";
import { emptySessionMetrics } from "../../../shared/observe/trace-metrics.ts";

describe("renderPrometheus", () => {
  it("writes one HELP and TYPE per metric and escapes label values", ({ expect }) => {
    const text = renderPrometheus([
      { name: "x_total", help: "X", type: "counter", labels: { hive: 'a"b\\c\nd' }, value: 1 },
      { name: "x_total", help: "X", type: "counter", labels: { hive: "e" }, value: 2 },
    ]);
    expect(text).toBe(
      '# HELP x_total X\n# TYPE x_total counter\nx_total{hive="a\\"b\\\\c\\nd"} 1\nx_total{hive="e"} 2\n',
    );
  });

  it("labels every sample of a hive and splits verdicts into verdict and rule", ({ expect }) => {
    const m = {
      ...emptySessionMetrics(),
      steps: 3,
      verdicts: { "ask:fw-1": 2 },
      router: { keywords: 4 },
    };
    const text = renderPrometheus([
      ...metricSamples(m, { hive: "h" }),
      ...gaugeSamples(
        [{ l1Used: 10, l1Capacity: 100, sectionHits: 3, sectionCompared: 4, status: "finished" }],
        {
          hive: "h",
        },
      ),
    ]);
    expect(text).toContain('lethe_steps_total{hive="h"} 3\n');
    expect(text).toContain(
      'lethe_gatekeeper_verdicts_total{hive="h",verdict="ask",rule="fw-1"} 2\n',
    );
    expect(text).toContain('lethe_router_decisions_total{hive="h",method="keywords"} 4\n');
    expect(text).toContain('lethe_section_cache_total{hive="h",result="miss"} 1\n');
    expect(text).toContain('lethe_sessions{hive="h",status="finished"} 1\n');
  });
});
