// Reads over a sharded hive, merged by the home Hive: a listing page from every
// shard's page, and the merged log with (shard, seq) on each event. Each shard's
// own order is kept, so a reader resumes every shard from its last seq, gap-free.
import type { Artifact } from "../../shared/hive/artifact.ts";
import type { ArtifactPage, ChangesPage, Snapshot } from "../../shared/hive/reads.ts";
import { formatShardSince } from "../../shared/hive/shards.ts";
import type { HiveEvent } from "../../shared/hive/writes.ts";

/** A listing over N shards: the page, and each shard's seq beside the home's. */
export type ShardedArtifactPage = ArtifactPage & { seqs: number[] };

/** An event of a sharded hive's merged log: its shard, and its seq in that shard's log. */
export type ShardEvent = HiveEvent & { shard: number };

/** A page of a sharded hive's merged log; `next` is the `since` to send for the next page. */
export interface ShardedChangesPage {
  events: ShardEvent[];
  /** Each shard's latest seq when this page was read. */
  heads: number[];
  more: boolean;
  next: string;
}

/** The first `limit` identifiers over every shard's page (identifier order), and the cursor. */
export function mergeLists(pages: readonly ArtifactPage[], limit: number): ShardedArtifactPage {
  const all: Artifact[] = pages.flatMap((p) => p.artifacts);
  all.sort((a, b) => (a.identifier < b.identifier ? -1 : a.identifier > b.identifier ? 1 : 0));
  const artifacts = all.slice(0, limit);
  const cut = all.length > limit || pages.some((p) => p.next !== null);
  return {
    artifacts,
    seq: pages[0]?.seq ?? 0,
    seqs: pages.map((p) => p.seq),
    next: cut && artifacts.length > 0 ? (artifacts.at(-1)?.identifier ?? null) : null,
  };
}

/** The active artifacts of every shard, with the seq of each. */
export function mergeSnapshots(snapshots: readonly Snapshot[]): Snapshot & { seqs: number[] } {
  return {
    seq: snapshots[0]?.seq ?? 0,
    seqs: snapshots.map((s) => s.seq),
    artifacts: snapshots.flatMap((s) => s.artifacts),
  };
}

/**
 * Merges each shard's page by commit time, taking from the shard whose next event
 * is earliest (ties to the lower shard), up to `limit`: every shard's events stay a
 * prefix of its page, so the next `since` per shard leaves no gap.
 */
export function mergeChanges(
  pages: readonly ChangesPage[],
  since: readonly number[],
  limit: number,
): ShardedChangesPage {
  const at = pages.map(() => 0);
  const next = [...since];
  const events: ShardEvent[] = [];
  while (events.length < limit) {
    let pick = -1;
    pages.forEach((page, shard) => {
      const event = page.events[at[shard] ?? 0];
      const best = pick < 0 ? undefined : pages[pick]?.events[at[pick] ?? 0];
      if (event !== undefined && (best === undefined || event.at < best.at)) {
        pick = shard;
      }
    });
    const event = pages[pick]?.events[at[pick] ?? 0];
    if (event === undefined) {
      break;
    }
    events.push({ ...event, shard: pick });
    at[pick] = (at[pick] ?? 0) + 1;
    next[pick] = event.seq;
  }
  return {
    events,
    heads: pages.map((p) => p.head),
    more: pages.some((p, shard) => p.more || (at[shard] ?? 0) < p.events.length),
    next: formatShardSince(next),
  };
}
