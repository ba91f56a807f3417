// Reads a session's or a hive's figures for the metrics and span routes: the whole
// trace paged through the session's RPC, folded into counters, plus the gauges of
// its state; in production each read also writes a data point to Analytics Engine.
import type { AgentSession } from "../../../durable-objects/agent-session.ts";
import { drizzle } from "drizzle-orm/d1";
import { hiveKeys } from "../../../shared/db/schema.ts";
import { createLogger, describeError } from "../../../shared/base/log.ts";
import {
  foldTrace,
  TraceRowSchema,
  type SessionGauges,
  type SessionMetrics,
  type TraceRow,
} from "../../../shared/observe/trace-metrics.ts";

const log = createLogger("gateway.observe");
/** Trace rows per RPC page: the session's own cap. */
const TRACE_PAGE = 1_000;
/** Sessions a hive's metrics read at most: bounded cost per request. */
export const MAX_SESSIONS_PER_READ = 500;

export interface SessionFigures {
  id: string;
  metrics: SessionMetrics;
  gauges: SessionGauges;
}

type SessionStub = DurableObjectStub<AgentSession>;

/** Every trace row of a session, in order; null when the session does not exist. */
export async function readTrace(stub: SessionStub): Promise<TraceRow[] | null> {
  const rows: TraceRow[] = [];
  let after = 0;
  for (;;) {
    const result = await stub.tracePage(after, TRACE_PAGE);
    if (!result.ok) {
      return null;
    }
    const page: unknown[] = result.value;
    for (const raw of page) {
      const parsed = TraceRowSchema.safeParse(raw);
      if (parsed.success) {
        rows.push(parsed.data);
        after = parsed.data.ord;
      }
    }
    if (page.length < TRACE_PAGE) {
      return rows;
    }
  }
}

/** The figures of one session, or null when it does not exist. */
export async function sessionFigures(
  stub: SessionStub,
  id: string,
): Promise<SessionFigures | null> {
  const state = await stub.state();
  if (!state.ok) {
    return null;
  }
  const s = state.value;
  const rows = (await readTrace(stub)) ?? [];
  return {
    id,
    metrics: foldTrace(rows),
    gauges: {
      l1Used: s.pager.pages.reduce((t, p) => t + p.tokens, 0),
      l1Capacity: s.pager.capacity,
      sectionHits: s.hits.hits,
      sectionCompared: s.hits.compared,
      status: s.status,
    },
  };
}

/** The figures of a hive's sessions (newest first, at most MAX_SESSIONS_PER_READ). */
export async function hiveFigures(env: Env, hive: string): Promise<SessionFigures[]> {
  const page = await env.Hive.getByName(hive).sessions(MAX_SESSIONS_PER_READ);
  const figures = await Promise.all(
    page.sessions.map((s) => sessionFigures(env.AgentSession.getByName(s.id), s.id)),
  );
  const found = figures.filter((f): f is SessionFigures => f !== null);
  writeDataPoints(env, hive, found);
  return found;
}

/**
 * Workers Analytics Engine (binding METRICS, declared in wrangler.toml): one data
 * point per session per read, indexed by hive. Absent binding: nothing to write.
 */
function writeDataPoints(env: Env, hive: string, figures: readonly SessionFigures[]): void {
  // Other configurations (tests, older deploys) may lack the binding.
  const engine: AnalyticsEngineDataset | undefined = env.METRICS;
  if (engine === undefined) {
    return;
  }
  for (const f of figures) {
    try {
      engine.writeDataPoint({
        indexes: [hive],
        blobs: [f.id, f.gauges.status],
        doubles: [
          f.metrics.steps,
          f.metrics.promptTokens,
          f.metrics.completionTokens,
          f.metrics.costUsd,
          f.metrics.compactions.count,
          f.metrics.rollbacks,
          f.gauges.l1Used,
          f.gauges.l1Capacity,
        ],
      });
    } catch (error) {
      // Analytics are best effort: a failed write must not fail the read that caused it.
      log.warn("metrics.write_failed", { hive, session: f.id, ...describeError(error) });
    }
  }
}

/** The hives that have keys (the admin route's scope). */
export async function knownHives(db: D1Database): Promise<string[]> {
  const rows = await drizzle(db)
    .selectDistinct({ hive: hiveKeys.hive })
    .from(hiveKeys)
    .orderBy(hiveKeys.hive);
  return rows.map((r) => r.hive);
}
