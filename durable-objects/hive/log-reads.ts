// The Hive's reads of its own ordered log: the events after a seq (what sessions
// and reconnecting clients replay), what the hive knew at a past seq or time, and
// the marker a session's step compares to notice a change.
// Pure over the store; the Hive object answers them over RPC.
import { ok } from "../../shared/base/result.ts";
import {
  AsOfQuerySchema,
  MAX_CHANGES_LIMIT,
  type ChangesPage,
  type Snapshot,
  type SyncMarker,
} from "../../shared/hive/reads.ts";
import { hiveErr, type HiveResult } from "../../shared/hive/writes.ts";
import type { HiveStore } from "./artifacts/store.ts";
import { invalid } from "./write-requests.ts";

/**
 * Events after `since`, in order, at most `limit`. Past the retention window:
 * BEYOND_RETENTION (take a snapshot instead).
 */
export function changesPage(
  store: HiveStore,
  since: number,
  limit: number,
): HiveResult<ChangesPage> {
  if (!Number.isSafeInteger(since) || since < 0) {
    return hiveErr(
      "INVALID_REQUEST",
      `since=${since} is not a sequence number`,
      "pass the last seq you saw, or 0",
    );
  }
  const head = store.head;
  if (!store.canReplayFrom(since)) {
    return hiveErr(
      "BEYOND_RETENTION",
      `events after ${since} are no longer in the log (oldest kept: ${store.oldestRetained()})`,
      "call snapshot() and continue with changesSince(snapshot.seq)",
    );
  }
  const capped = Math.max(1, Math.min(Math.trunc(limit), MAX_CHANGES_LIMIT));
  const events = store.events(since, head, capped);
  const last = events.at(-1);
  return ok({ events, head, more: last !== undefined && last.seq < head });
}

/** What this log knew after event `seq`, or at time `at` (epoch ms); sharding.ts merges shards. */
export function asOfSnapshot(store: HiveStore, query: unknown): HiveResult<Snapshot> {
  const parsed = AsOfQuerySchema.safeParse(query);
  if (!parsed.success) {
    return invalid(parsed.error, "as-of query");
  }
  return ok(store.asOf(parsed.data));
}

/**
 * An unsharded hive's sync marker: its head, `changed` when events follow `seen`
 * (a `seen` past the retention window is a refusal, and the session keeps its view).
 */
export function logMarker(store: HiveStore, seen: number): HiveResult<SyncMarker> {
  const page = changesPage(store, seen, 1);
  return page.ok ? ok({ changed: page.value.events.length > 0, marker: page.value.head }) : page;
}
