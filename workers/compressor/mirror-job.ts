// The `hive.mirror` job: a run of a hive's events written to D1 (hive_events,
// hive_artifacts) as multi-row inserts. Primary keys (hive, seq) and
// (hive, identifier, version) make a redelivered job a no-op; rows are never
// updated, so order does not matter and a job cut short is simply written again.
// Used by the compressor's queue consumer (index.ts).
import { drizzle } from "drizzle-orm/d1";
import { hiveArtifacts, hiveEvents } from "../../shared/db/schema.ts";
import { mirrorRows } from "../../shared/hive/mirror-rows.ts";
import type { HiveMirrorJob } from "../../shared/queues.ts";

/** D1 binds at most 100 parameters per statement. */
const MAX_BOUND_PARAMETERS = 100;
/** hive_events has 7 columns, hive_artifacts 15: rows per statement under the cap. */
const EVENT_ROWS_PER_INSERT = Math.floor(MAX_BOUND_PARAMETERS / 7);
const ARTIFACT_ROWS_PER_INSERT = Math.floor(MAX_BOUND_PARAMETERS / 15);
/** Events per D1 batch: a job of a thousand events is written as several short batches. */
export const MIRROR_EVENTS_PER_BATCH = 128;
/**
 * A pause between two batches of one job. Under `wrangler dev` every Worker and
 * Durable Object shares one thread, and back-to-back D1 batches held a busy
 * hive's commits and deliveries for the whole job (a 1,000-event job: about
 * 200 ms at 1,000 commits/s, measured by bench:hive); the pause lets them run
 * between batches. It costs the consumer wall time only, a few ms per batch.
 */
const PAUSE_BETWEEN_BATCHES_MS = 5;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(items.slice(i, i + size));
  }
  return out;
}

/** Writes the job's events and artifact versions; returns how many D1 batches it ran. */
export async function writeMirrorJob(d1: D1Database, job: HiveMirrorJob): Promise<number> {
  const db = drizzle(d1);
  let batches = 0;
  for (const slice of chunks(job.events, MIRROR_EVENTS_PER_BATCH)) {
    if (batches > 0) {
      await scheduler.wait(PAUSE_BETWEEN_BATCHES_MS);
    }
    const rows = slice.map((event) => mirrorRows(job.hive, event));
    const eventInserts = chunks(
      rows.map((r) => r.event),
      EVENT_ROWS_PER_INSERT,
    ).map((group) => db.insert(hiveEvents).values(group).onConflictDoNothing());
    const artifactInserts = chunks(
      rows.map((r) => r.artifact),
      ARTIFACT_ROWS_PER_INSERT,
    ).map((group) => db.insert(hiveArtifacts).values(group).onConflictDoNothing());
    const [first, ...rest] = [...eventInserts, ...artifactInserts];
    if (first) {
      await db.batch([first, ...rest]);
      batches++;
    }
  }
  return batches;
}
