// Prometheus text exposition (format 0.0.4) of the figures in trace-metrics.ts,
// served by the gateway's admin and per-hive metrics routes.
import type { SessionGauges, SessionMetrics } from "./trace-metrics.ts";

export const PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

export interface Sample {
  name: string;
  help: string;
  type: "counter" | "gauge";
  labels: Record<string, string>;
  value: number;
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
}

function formatValue(value: number): string {
  return Number.isFinite(value) ? String(value) : "NaN";
}

/** Groups samples by name, one HELP and TYPE line each, labels escaped. */
export function renderPrometheus(samples: readonly Sample[]): string {
  const byName = new Map<string, Sample[]>();
  for (const s of samples) {
    const list = byName.get(s.name) ?? [];
    list.push(s);
    byName.set(s.name, list);
  }
  const lines: string[] = [];
  for (const [name, list] of byName) {
    const first = list[0];
    if (first === undefined) {
      continue;
    }
    lines.push(`# HELP ${name} ${first.help}`, `# TYPE ${name} ${first.type}`);
    for (const s of list) {
      const labels = Object.entries(s.labels)
        .map(([k, v]) => `${k}="${escapeLabel(v)}"`)
        .join(",");
      lines.push(`${name}${labels ? `{${labels}}` : ""} ${formatValue(s.value)}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** The samples of one hive's (or session's) metrics, each labelled with `base`. */
export function metricSamples(m: SessionMetrics, base: Record<string, string>): Sample[] {
  const c = (name: string, help: string, value: number, labels: Record<string, string> = {}) =>
    ({ name, help, type: "counter", labels: { ...base, ...labels }, value }) satisfies Sample;
  const out: Sample[] = [
    c("lethe_steps_total", "Committed agent steps", m.steps),
    c("lethe_model_calls_total", "Model calls recorded in the trace", m.modelCalls),
    c("lethe_model_tokens_total", "Model tokens", m.promptTokens, { direction: "prompt" }),
    c("lethe_model_tokens_total", "Model tokens", m.completionTokens, { direction: "completion" }),
    c(
      "lethe_model_cost_usd_total",
      "Model cost in US dollars (shared/driver/pricing.ts)",
      m.costUsd,
    ),
    c("lethe_envelope_tokens_total", "Envelope tokens summed over steps", m.envelopeTokens),
    c("lethe_compactions_total", "Compactions of the dynamic section", m.compactions.count),
    c(
      "lethe_compaction_tokens_total",
      "Tokens before and after compactions",
      m.compactions.tokensBefore,
      { when: "before" },
    ),
    c(
      "lethe_compaction_tokens_total",
      "Tokens before and after compactions",
      m.compactions.tokensAfter,
      { when: "after" },
    ),
    c("lethe_tool_calls_total", "Tool calls that ran", m.toolCalls),
    c("lethe_tool_errors_total", "Tool calls that failed", m.toolErrors),
    c("lethe_autofix_total", "Auto-fix events", m.autofix.attempts, { event: "attempt" }),
    c("lethe_autofix_total", "Auto-fix events", m.autofix.recoveries, { event: "recover" }),
    c("lethe_autofix_total", "Auto-fix events", m.autofix.failures, { event: "fail" }),
    c("lethe_rollbacks_total", "Rollbacks to a checkpoint", m.rollbacks),
    c("lethe_forks_total", "Sessions forked from a checkpoint", m.forks),
    c("lethe_meta_items_total", "Meta items offered and used", m.meta.offered, { use: "offered" }),
    c("lethe_meta_items_total", "Meta items offered and used", m.meta.used, { use: "used" }),
  ];
  for (const [section, tokens] of Object.entries(m.promptTokensBySection)) {
    out.push(
      c("lethe_prompt_tokens_by_section_total", "Prompt tokens by section", tokens, { section }),
    );
  }
  for (const [kind, r] of Object.entries(m.reductions)) {
    out.push(c("lethe_reductions_total", "Pager reductions by kind", r.count, { kind }));
  }
  for (const [method, n] of Object.entries(m.router)) {
    out.push(c("lethe_router_decisions_total", "Router decisions by method", n, { method }));
  }
  for (const [key, n] of Object.entries(m.verdicts)) {
    const [verdict = "deny", rule = "none"] = key.split(":");
    out.push(
      c("lethe_gatekeeper_verdicts_total", "Gatekeeper verdicts that stopped a move", n, {
        verdict,
        rule,
      }),
    );
  }
  return out;
}

/** Gauges summed over sessions: L1 occupancy, section-cache hits and sessions by status. */
export function gaugeSamples(
  gauges: readonly SessionGauges[],
  base: Record<string, string>,
): Sample[] {
  const g = (name: string, help: string, value: number, labels: Record<string, string> = {}) =>
    ({ name, help, type: "gauge", labels: { ...base, ...labels }, value }) satisfies Sample;
  const sum = (pick: (x: SessionGauges) => number) => gauges.reduce((t, x) => t + pick(x), 0);
  const hits = sum((x) => x.sectionHits);
  const compared = sum((x) => x.sectionCompared);
  const byStatus = new Map<string, number>();
  for (const x of gauges) {
    byStatus.set(x.status, (byStatus.get(x.status) ?? 0) + 1);
  }
  return [
    g(
      "lethe_l1_used_tokens",
      "L1 tokens in use",
      sum((x) => x.l1Used),
    ),
    g(
      "lethe_l1_capacity_tokens",
      "L1 capacity",
      sum((x) => x.l1Capacity),
    ),
    g("lethe_section_cache_total", "Envelope sections compared to the step before", hits, {
      result: "hit",
    }),
    g(
      "lethe_section_cache_total",
      "Envelope sections compared to the step before",
      compared - hits,
      {
        result: "miss",
      },
    ),
    ...[...byStatus].map(([status, n]) => g("lethe_sessions", "Sessions by status", n, { status })),
  ];
}
