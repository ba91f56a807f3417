// Counters of one session derived from its trace (GET /v1/sessions/:id/trace rows)
// and its state: the metrics routes and the dashboard read figures only from here,
// so what they show equals what the trace recounts, by construction.
import { z } from "zod";

export const TraceRowSchema = z.object({
  ord: z.number(),
  step: z.number(),
  kind: z.string(),
  data: z.record(z.string(), z.unknown()),
  at: z.number(),
});
export type TraceRow = z.infer<typeof TraceRowSchema>;

/** Gauges read from the session's state at the time of the read, not from the trace. */
export const SessionGaugesSchema = z.object({
  l1Used: z.number(),
  l1Capacity: z.number(),
  /** Envelope sections that rendered exactly as in the step before (shared/context/section-hits.ts). */
  sectionHits: z.number(),
  sectionCompared: z.number(),
  status: z.string(),
});
export type SessionGauges = z.infer<typeof SessionGaugesSchema>;

export interface ReductionTotals {
  count: number;
  tokensBefore: number;
  tokensAfter: number;
}

export interface SessionMetrics {
  steps: number;
  /** Trace events that carry a model call's usage (one per model call). */
  modelCalls: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  envelopeTokens: number;
  /** Prompt tokens per envelope section, summed over steps whose trace carries `sections`. */
  promptTokensBySection: Record<string, number>;
  /** Compactions (summaries of the dynamic section by the compressor job). */
  compactions: ReductionTotals;
  /** Every other reduction the pager reported, by kind (truncate, offload, evict…). */
  reductions: Record<string, ReductionTotals>;
  /** How the router chose tools: model, keywords (fallback), all, conversation, unavailable. */
  router: Record<string, number>;
  /** Gatekeeper verdicts that stopped a move, by `verdict:rule`. */
  verdicts: Record<string, number>;
  toolCalls: number;
  toolErrors: number;
  autofix: { attempts: number; recoveries: number; failures: number };
  rollbacks: number;
  forks: number;
  /** Meta items offered and used, summed over steps whose trace carries `meta`. */
  meta: { offered: number; used: number };
}

export function emptySessionMetrics(): SessionMetrics {
  return {
    steps: 0,
    modelCalls: 0,
    promptTokens: 0,
    completionTokens: 0,
    costUsd: 0,
    envelopeTokens: 0,
    promptTokensBySection: {},
    compactions: { count: 0, tokensBefore: 0, tokensAfter: 0 },
    reductions: {},
    router: {},
    verdicts: {},
    toolCalls: 0,
    toolErrors: 0,
    autofix: { attempts: 0, recoveries: 0, failures: 0 },
    rollbacks: 0,
    forks: 0,
    meta: { offered: 0, used: 0 },
  };
}

function num(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

function bump(into: Record<string, number>, key: string, by = 1): void {
  into[key] = (into[key] ?? 0) + by;
}

function addReduction(into: ReductionTotals, report: unknown): void {
  const r =
    typeof report === "object" && report !== null ? (report as Record<string, unknown>) : {};
  into.count += 1;
  into.tokensBefore += num(r.pre_tokens);
  into.tokensAfter += num(r.post_tokens);
}

/** Folds trace rows (any order, any page) into counters; pure, so pages can be folded one by one. */
export function foldTrace(rows: readonly TraceRow[], into = emptySessionMetrics()): SessionMetrics {
  const m = into;
  for (const row of rows) {
    const d = row.data;
    if ("promptTokens" in d) {
      m.modelCalls += 1;
      m.promptTokens += num(d.promptTokens);
      m.completionTokens += num(d.completionTokens);
      m.costUsd += num(d.costUsd);
      if (typeof d.route === "string") {
        bump(m.router, d.route);
      }
    }
    switch (row.kind) {
      case "step": {
        m.steps += 1;
        m.envelopeTokens += num(d.envelopeTokens);
        const sections = d.sections;
        if (typeof sections === "object" && sections !== null) {
          for (const [name, tokens] of Object.entries(sections)) {
            bump(m.promptTokensBySection, name, num(tokens));
          }
        }
        const meta = d.meta;
        if (typeof meta === "object" && meta !== null) {
          m.meta.offered += num((meta as Record<string, unknown>).offered);
          m.meta.used += num((meta as Record<string, unknown>).used);
        }
        break;
      }
      case "compaction":
        addReduction(m.compactions, d.report);
        break;
      case "reduction": {
        const kind = typeof d.kind === "string" ? d.kind : "other";
        m.reductions[kind] ??= { count: 0, tokensBefore: 0, tokensAfter: 0 };
        addReduction(m.reductions[kind], d);
        break;
      }
      case "refused":
        bump(m.verdicts, `${String(d.verdict ?? "deny")}:${String(d.rule ?? "none")}`);
        break;
      case "tool":
        m.toolCalls += 1;
        if (d.error === true) {
          m.toolErrors += 1;
        }
        break;
      case "autofix/attempt":
        m.autofix.attempts += 1;
        break;
      case "autofix/recover":
        m.autofix.recoveries += 1;
        break;
      case "autofix/fail":
        m.autofix.failures += 1;
        break;
      case "rollback":
        m.rollbacks += 1;
        break;
      case "forked":
        m.forks += 1;
        break;
      default:
        break;
    }
  }
  return m;
}

/** Sums sessions into one hive's (or the cluster's) figures. */
export function sumMetrics(all: readonly SessionMetrics[]): SessionMetrics {
  const total = emptySessionMetrics();
  const addMap = (into: Record<string, number>, from: Record<string, number>) => {
    for (const [k, v] of Object.entries(from)) {
      bump(into, k, v);
    }
  };
  const addTotals = (into: ReductionTotals, from: ReductionTotals) => {
    into.count += from.count;
    into.tokensBefore += from.tokensBefore;
    into.tokensAfter += from.tokensAfter;
  };
  for (const m of all) {
    total.steps += m.steps;
    total.modelCalls += m.modelCalls;
    total.promptTokens += m.promptTokens;
    total.completionTokens += m.completionTokens;
    total.costUsd += m.costUsd;
    total.envelopeTokens += m.envelopeTokens;
    addMap(total.promptTokensBySection, m.promptTokensBySection);
    addTotals(total.compactions, m.compactions);
    for (const [kind, r] of Object.entries(m.reductions)) {
      total.reductions[kind] ??= { count: 0, tokensBefore: 0, tokensAfter: 0 };
      addTotals(total.reductions[kind], r);
    }
    addMap(total.router, m.router);
    addMap(total.verdicts, m.verdicts);
    total.toolCalls += m.toolCalls;
    total.toolErrors += m.toolErrors;
    total.autofix.attempts += m.autofix.attempts;
    total.autofix.recoveries += m.autofix.recoveries;
    total.autofix.failures += m.autofix.failures;
    total.rollbacks += m.rollbacks;
    total.forks += m.forks;
    total.meta.offered += m.meta.offered;
    total.meta.used += m.meta.used;
  }
  return total;
}
