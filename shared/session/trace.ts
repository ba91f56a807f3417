// The session trace as one schema: every event kind the agent loop, the session
// and its jobs write, with its data (a discriminated union on `kind`). Producers
// (durable-objects/session/) type their events with it; the CLI and the docs read
// rows through parseTraceEvent instead of matching free strings.
import { z } from "zod";
import { PROXY_CALL_KIND, ProxyCallSchema } from "../observe/proxy-span.ts";
import { StepTraceDataSchema } from "./step-trace.ts";

/** Fields every event of a step that called the model carries (its usage, route and tools). */
const MoveFields = {
  step: z.number().int(),
  elapsedMs: z.number(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  costUsd: z.number(),
  route: z.string(),
  tools: z.array(z.string()),
};

/** Data objects are loose: a field added later never makes an older reader refuse a row. */
const data = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);

const event = <K extends string, T extends z.ZodRawShape>(kind: K, shape: T) =>
  z.object({ kind: z.literal(kind), data: data(shape) });

export const TraceEventSchema = z.discriminatedUnion("kind", [
  /** Every committed step: what was committed and the envelope the model received. */
  z.object({ kind: z.literal("step"), data: StepTraceDataSchema.loose() }),
  /** The pager reduced content (evicted, summarised) under a ref. */
  event("reduction", {}),
  /** Envelope sections compressed before the model call, or a background compaction applied. */
  event("compaction", {
    tokensBefore: z.number().optional(),
    tokensAfter: z.number().optional(),
    sections: z.array(z.string()).optional(),
    refs: z.array(z.string()).optional(),
    summaryRef: z.string().optional(),
    basedOnStep: z.number().optional(),
    method: z.string().optional(),
  }),
  /** The transcript passed its threshold: a `session.compact` job was enqueued. */
  event("compaction/request", {
    job: z.string(),
    basedOnStep: z.number(),
    turns: z.number(),
    tokens: z.number(),
  }),
  event("halt", { reason: z.string(), message: z.string() }),
  event("assessment", { status: z.string(), summary: z.string(), elapsedMs: z.number() }),
  event("model_error", { ...MoveFields, code: z.string(), rawRef: z.string().optional() }),
  event("final", MoveFields),
  event("gatekeeper_error", { ...MoveFields, code: z.string() }),
  event("refused", {
    ...MoveFields,
    tool: z.string(),
    verdict: z.enum(["allow", "deny", "ask"]),
    rule: z.unknown(),
  }),
  event("failure/thrash", { moves: z.unknown(), fromMove: z.number(), reason: z.string() }),
  event("failure/deadlock", { moves: z.unknown(), fromMove: z.number(), reason: z.string() }),
  event("tool", {
    ...MoveFields,
    tool: z.string(),
    inputRef: z.string(),
    outputRef: z.string(),
    error: z.boolean(),
    policy: z.string().optional(),
  }),
  event("gc", { unreachable: z.array(z.string()), unstaged: z.array(z.string()) }),
  event("autofix/attempt", { attempt: z.number(), tool: z.string(), error: z.string() }),
  event("autofix/fail", { attempts: z.number(), tool: z.string(), error: z.string() }),
  event("autofix/recover", { attempts: z.number(), tool: z.string() }),
  event("autofix/prune", {}),
  event("autofix/travel", {
    to: z.string(),
    step: z.number(),
    filesRestored: z.unknown().optional(),
  }),
  event("verify_first", { artifact: z.string(), source: z.string(), to: z.string() }),
  event("verify_first/poison", {
    artifact: z.string(),
    source: z.string(),
    writer: z.string(),
    restored: z.string().nullable(),
    repaired: z.boolean(),
  }),
  event("speculation/discard", { paths: z.array(z.string()), reason: z.string() }),
  event("speculation/commit", {
    paths: z.array(z.string()),
    version: z.number(),
    manifest: z.string(),
  }),
  /** A person answered (approve/deny of an ASK, or text). */
  event("human", { label: z.string() }),
  event("forked", {}),
  event("rollback", { to: z.string() }),
  /** One call through the context-managing proxy (its span). */
  z.object({ kind: z.literal(PROXY_CALL_KIND), data: ProxyCallSchema.loose() }),
]);
export type TraceEvent = z.infer<typeof TraceEventSchema>;
export type TraceKind = TraceEvent["kind"];

/** A stored trace row's event, typed; null for a kind this reader does not know or bad data. */
export function parseTraceEvent(row: { kind: string; data: unknown }): TraceEvent | null {
  const parsed = TraceEventSchema.safeParse({ kind: row.kind, data: row.data });
  return parsed.success ? parsed.data : null;
}
