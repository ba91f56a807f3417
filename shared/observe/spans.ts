// OpenTelemetry-compatible JSON (OTLP/JSON `resourceSpans`) from a session's trace:
// one span per step, one child span per stage of the step (trace field `stages`),
// one span per compaction job, one span per proxy call (proxy-span.ts). Served by
// GET /v1/sessions/:id/spans.
import { sha256Hex } from "../base/hash.ts";
import { PROXY_CALL_KIND, ProxyCallSchema } from "./proxy-span.ts";
import type { TraceRow } from "./trace-metrics.ts";

export interface OtlpAttribute {
  key: string;
  value:
    | { stringValue: string }
    | { intValue: string }
    | { doubleValue: number }
    | { boolValue: boolean };
}

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** SPAN_KIND_INTERNAL */
  kind: 1;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: OtlpAttribute[];
}

export interface OtlpExport {
  resourceSpans: Array<{
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: Array<{ scope: { name: string; version: string }; spans: OtlpSpan[] }>;
  }>;
}

interface Stage {
  name: string;
  startedAt: number;
  ms: number;
}

function attr(key: string, value: string | number | boolean): OtlpAttribute {
  if (typeof value === "string") {
    return { key, value: { stringValue: value } };
  }
  if (typeof value === "boolean") {
    return { key, value: { boolValue: value } };
  }
  return Number.isInteger(value)
    ? { key, value: { intValue: String(value) } }
    : { key, value: { doubleValue: value } };
}

function nanos(ms: number): string {
  return (BigInt(Math.round(ms)) * 1_000_000n).toString();
}

function stagesOf(data: Record<string, unknown>): Stage[] {
  const raw = data.stages;
  if (!Array.isArray(raw)) {
    return [];
  }
  return raw.flatMap((s: unknown) => {
    if (typeof s !== "object" || s === null) {
      return [];
    }
    const { name, startedAt, ms } = s as Record<string, unknown>;
    return typeof name === "string" && typeof startedAt === "number" && typeof ms === "number"
      ? [{ name, startedAt, ms }]
      : [];
  });
}

/** Deterministic ids: the same trace exports the same spans. */
export function traceIdOf(session: string): string {
  return sha256Hex(`trace:${session}`).slice(0, 32);
}

function spanId(session: string, what: string): string {
  return sha256Hex(`span:${session}:${what}`).slice(0, 16);
}

const SCALAR_FIELDS = [
  "promptTokens",
  "completionTokens",
  "costUsd",
  "route",
  "tool",
  "envelopeTokens",
];

/** Groups trace rows by step and turns them into spans. */
export function traceToSpans(session: string, hive: string, rows: readonly TraceRow[]): OtlpExport {
  const traceId = traceIdOf(session);
  const byStep = new Map<number, TraceRow[]>();
  for (const row of rows) {
    const list = byStep.get(row.step) ?? [];
    list.push(row);
    byStep.set(row.step, list);
  }
  const spans: OtlpSpan[] = [];
  for (const [step, list] of [...byStep].sort((a, b) => a[0] - b[0])) {
    // Compaction jobs and proxy calls run outside the step: they get spans of their own, not the step's extent.
    const stepRows = list.filter((r) => r.kind !== "compaction" && r.kind !== PROXY_CALL_KIND);
    const stages = stepRows.flatMap((r) => stagesOf(r.data));
    const end = Math.max(...stepRows.map((r) => r.at), ...stages.map((s) => s.startedAt + s.ms));
    const elapsed = Math.max(
      0,
      ...stepRows.map((r) => (typeof r.data.elapsedMs === "number" ? r.data.elapsedMs : 0)),
    );
    const start = Math.min(end - elapsed, ...stages.map((s) => s.startedAt));
    const stepSpan = spanId(session, `step:${step}`);
    const attributes = [
      attr("lethe.session", session),
      attr("lethe.hive", hive),
      attr("lethe.step", step),
      attr("lethe.events", list.map((r) => r.kind).join(",")),
    ];
    for (const r of stepRows) {
      for (const field of SCALAR_FIELDS) {
        const v = r.data[field];
        if (typeof v === "string" || typeof v === "number") {
          attributes.push(attr(`lethe.${field}`, v));
        }
      }
    }
    if (stepRows.length > 0) {
      spans.push({
        traceId,
        spanId: stepSpan,
        name: `step ${step}`,
        kind: 1,
        startTimeUnixNano: nanos(start),
        endTimeUnixNano: nanos(end),
        attributes,
      });
      stages.forEach((s, i) => {
        spans.push({
          traceId,
          spanId: spanId(session, `step:${step}:stage:${i}:${s.name}`),
          parentSpanId: stepSpan,
          name: `stage ${s.name}`,
          kind: 1,
          startTimeUnixNano: nanos(s.startedAt),
          endTimeUnixNano: nanos(s.startedAt + s.ms),
          attributes: [
            attr("lethe.session", session),
            attr("lethe.step", step),
            attr("lethe.stage", s.name),
          ],
        });
      });
    }
    for (const job of list.filter((r) => r.kind === "compaction")) {
      const ms = typeof job.data.ms === "number" ? job.data.ms : 0;
      spans.push({
        traceId,
        spanId: spanId(session, `job:${job.ord}`),
        name: "job compaction",
        kind: 1,
        startTimeUnixNano: nanos(job.at - ms),
        endTimeUnixNano: nanos(job.at),
        attributes: [
          attr("lethe.session", session),
          attr("lethe.step", step),
          attr("lethe.job", "session.compact"),
          attr("lethe.method", String(job.data.method ?? "unknown")),
        ],
      });
    }
  }
  spans.push(...proxySpans(session, traceId, rows));
  return {
    resourceSpans: [
      {
        resource: { attributes: [attr("service.name", "lethe"), attr("lethe.hive", hive)] },
        scopeSpans: [{ scope: { name: "lethe.session", version: "1" }, spans }],
      },
    ],
  };
}

/** One span per proxy call row; a row that does not parse is skipped, never guessed. */
function proxySpans(session: string, traceId: string, rows: readonly TraceRow[]): OtlpSpan[] {
  return rows.flatMap((row) => {
    if (row.kind !== PROXY_CALL_KIND) {
      return [];
    }
    const parsed = ProxyCallSchema.safeParse(row.data);
    if (!parsed.success) {
      return [];
    }
    const call = parsed.data;
    const attributes = [
      attr("lethe.session", session),
      attr("http.response.status_code", call.status),
      attr("lethe.stream", call.stream),
    ];
    if (call.code !== undefined) {
      attributes.push(attr("error.type", call.code));
    }
    if (call.upstreamTokens !== undefined) {
      attributes.push(attr("lethe.upstreamTokens", call.upstreamTokens));
    }
    if (call.clientTokens !== undefined) {
      attributes.push(attr("lethe.clientTokens", call.clientTokens));
    }
    return [
      {
        traceId,
        spanId: spanId(session, `proxy:${row.ord}`),
        name: "proxy chat.completions",
        kind: 1,
        startTimeUnixNano: nanos(call.startedAt),
        endTimeUnixNano: nanos(call.startedAt + call.ms),
        attributes,
      },
    ];
  });
}
