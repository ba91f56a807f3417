// After a committed step: when the transcript's raw tail (the turns after the last
// applied compaction) passes its threshold, the session enqueues one `session.compact`
// job (workers/compressor/compact-job.ts); its summary comes back through
// AgentSession.applyCompaction and becomes the history the envelope shows.
import {
  COMPRESS_AT,
  DEFAULT_DYNAMIC_BUDGET,
  MAX_WINDOW_TURNS,
  TURN_SHARE,
} from "../../../shared/context/envelope.ts";
import { COMPACTION_TURN_NAME } from "../../../shared/session/envelope.ts";
import type { SessionCompactJob } from "../../../shared/queues.ts";
import type { StepContext } from "./context.ts";

/** A request not answered in this long is sent again (the job may have been lost or refused). */
export const COMPACT_RETRY_MS = 120_000;

/** Raw history tokens past which compaction is requested: COMPRESS_AT of the window's share of dynamic. */
export const COMPACT_AT_TOKENS = Math.floor(COMPRESS_AT * DEFAULT_DYNAMIC_BUDGET * TURN_SHARE);

/** Raw history turns past which compaction is requested: COMPRESS_AT of the window's turns. */
export const COMPACT_AT_TURNS = Math.floor(COMPRESS_AT * MAX_WINDOW_TURNS);

const PENDING = "compact-pending";

/** Whether the step's history passes the threshold: its raw turns (after any summary) and their tokens. */
export function pastThreshold(ctx: StepContext): { turns: number; tokens: number } | null {
  const summary = ctx.history.find((t) => t.name === COMPACTION_TURN_NAME);
  const covered = summary?.depth ?? 0;
  const raw = ctx.history.filter(
    (t) => t.name !== COMPACTION_TURN_NAME && (t.depth === undefined || t.depth > covered),
  );
  const tokens = raw.reduce((sum, t) => sum + t.tokens, 0);
  return raw.length > COMPACT_AT_TURNS || tokens > COMPACT_AT_TOKENS
    ? { turns: raw.length, tokens }
    : null;
}

/** Enqueues one compaction job when the history passed its threshold and none is pending. */
export async function requestCompaction(ctx: StepContext): Promise<void> {
  const over = pastThreshold(ctx);
  if (over === null) {
    return;
  }
  const { store } = ctx.host;
  const pending = store.marker(PENDING);
  const now = Date.now();
  const askedAt = pending === null ? 0 : Number(pending.split(":")[0]);
  // Answered: a compaction was applied since the request.
  const answered = store.compactions().some((e) => e.at >= askedAt);
  if (pending !== null && !answered && now - askedAt < COMPACT_RETRY_MS) {
    return;
  }
  const step = store.state().step;
  const job: SessionCompactJob = {
    type: "session.compact",
    id: `${ctx.host.name}:compact:${step}`.slice(0, 128),
    session: ctx.host.name,
    basedOnStep: step,
    sentAt: now,
  };
  const sent = await ctx.ports.jobs.send(job).then(
    () => true,
    () => false,
  );
  if (sent) {
    store.setMarker(PENDING, `${now}:${job.id}`);
    store.trace.append(
      step,
      { kind: "compaction/request", data: { job: job.id, basedOnStep: step, ...over } },
      now,
    );
  }
}
