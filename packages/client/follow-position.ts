// Where a hive follower stands in the log, and what it has acked: one seq on an
// unsharded hive; on a sharded hive (its home's merged socket) a seq per shard.
// A hive shows it is sharded with its first frame, no extra request: an event
// carrying `shard`, or `hive.synced` carrying `since` (a seq per shard).
import { ACK_EVERY_EVENTS, ShardSeqsSchema } from "../../shared/hive/messages.ts";
import { formatShardSince } from "../../shared/hive/shards.ts";
import type { HiveEvent } from "../../shared/hive/writes.ts";

/** A resume point: a seq, or a seq per shard `"0:12,1:7"` (a shard left out is 0). */
export type FollowSince = number | string;

/** Each shard's seq named in `"0:12,1:7"` (shards left out are 0); null when not of that form. */
export function parseShardSeqs(text: string): number[] | null {
  if (!ShardSeqsSchema.safeParse(text).success) {
    return null;
  }
  const seqs: number[] = [];
  for (const part of text.split(",")) {
    const [shard, seq] = part.split(":").map(Number);
    seqs[shard ?? 0] = seq ?? 0;
  }
  return Array.from(seqs, (seq) => seq ?? 0);
}

/** A `since` a follower cannot start from, with what to pass instead. */
export class FollowSinceError extends Error {
  readonly code = "INVALID_SINCE";
  readonly hint =
    'pass the last seq processed (0: from the start), or on a sharded hive a seq per shard such as follower.since, e.g. "0:12,1:7"';
  /** `refusal`: the hive's own answer, when it refused a since this follower sent. */
  constructor(since: unknown, refusal?: string) {
    super(
      refusal === undefined
        ? `since=${String(since).slice(0, 64)} is neither a seq nor a seq per shard`
        : `the hive refused since=${String(since).slice(0, 64)}: ${refusal}`,
    );
    this.name = "FollowSinceError";
  }
}

export class FollowPosition {
  /** Unsharded: the last seq processed, and the last acked. */
  #last: number;
  #acked: number;
  /** Sharded: the last seq processed of each shard; null while the hive looks unsharded. */
  #shards: number[] | null = null;
  #ackedShards: number[] = [];
  gaps = 0;
  duplicates = 0;

  constructor(since: FollowSince) {
    const seq = typeof since === "number" ? since : since === "" ? 0 : Number(since);
    if (Number.isSafeInteger(seq) && seq >= 0) {
      this.#last = seq;
      this.#acked = seq;
      return;
    }
    const seqs = typeof since === "string" ? parseShardSeqs(since) : null;
    if (seqs === null) {
      throw new FollowSinceError(since);
    }
    this.#last = 0;
    this.#acked = 0;
    this.#shards = seqs;
    this.#ackedShards = [...seqs];
  }

  /** Unsharded: the last seq processed; sharded: the sum of every shard's (events over all logs). */
  get last(): number {
    return this.#shards === null ? this.#last : this.#shards.reduce((n, seq) => n + seq, 0);
  }

  /** The last seq processed of each shard; null until the hive shows it is sharded. */
  get shards(): readonly number[] | null {
    return this.#shards;
  }

  /** The `since` a (re)connect resumes after: `"12"`, or `"0:12,1:7"` once sharded. */
  get since(): string {
    return this.#shards === null ? String(this.#last) : formatShardSince(this.#shards);
  }

  /** Takes `event` when it is new in its log (a skip ahead counts a gap); false for a repeat. */
  take(event: HiveEvent): boolean {
    if (event.shard === undefined && this.#shards === null) {
      if (event.seq <= this.#last) {
        this.duplicates++;
        return false;
      }
      if (event.seq !== this.#last + 1) {
        this.gaps++;
      }
      this.#last = event.seq;
      return true;
    }
    const seqs = this.#sharded();
    const shard = event.shard ?? 0;
    const after = seqs[shard] ?? 0;
    if (event.seq <= after) {
      this.duplicates++;
      return false;
    }
    if (event.seq !== after + 1) {
      this.gaps++;
    }
    for (let i = seqs.length; i < shard; i++) {
      seqs[i] = 0;
    }
    seqs[shard] = event.seq;
    return true;
  }

  /** `hive.synced`: its `since` (a sharded hive's only) names every shard the hive has. */
  synced(since: string | undefined): void {
    const named = since === undefined ? null : parseShardSeqs(since);
    if (named === null) {
      return;
    }
    const seqs = this.#sharded();
    for (let i = seqs.length; i < named.length; i++) {
      seqs[i] = 0;
    }
  }

  /** An unsharded hive's snapshot ended at `seq`: the log resumes after it, nothing to ack. */
  snapshotDone(seq: number): void {
    this.#last = seq;
    this.#acked = seq;
  }

  /** A new socket acks nothing it did not send: everything processed counts as acked. */
  opened(): void {
    this.#acked = this.#last;
    this.#ackedShards = [...(this.#shards ?? [])];
  }

  /**
   * The seq a `hive.ack` names when one is due (every ACK_EVERY_EVENTS events, or
   * any unacked with `force`), marking it acked: a seq, or a seq per shard.
   */
  ackDue(force: boolean): number | string | null {
    if (this.#shards === null) {
      if (this.#last > this.#acked && (force || this.#last - this.#acked >= ACK_EVERY_EVENTS)) {
        this.#acked = this.#last;
        return this.#last;
      }
      return null;
    }
    const acked = this.#ackedShards;
    const unacked = this.#shards.reduce((n, seq, shard) => n + seq - (acked[shard] ?? 0), 0);
    if (unacked > 0 && (force || unacked >= ACK_EVERY_EVENTS)) {
      this.#ackedShards = [...this.#shards];
      return formatShardSince(this.#shards);
    }
    return null;
  }

  /** Processed through `target`: a seq (see `last`), or every shard named in `"0:12,1:7"`. */
  reached(target: FollowSince): boolean {
    const seq = typeof target === "number" ? target : Number(target);
    if (Number.isSafeInteger(seq) && target !== "") {
      return this.last >= seq;
    }
    const seqs = parseShardSeqs(String(target)) ?? [];
    const own = this.#shards ?? [this.#last];
    return seqs.every((seq, shard) => (own[shard] ?? 0) >= seq);
  }

  #sharded(): number[] {
    this.#shards ??= [];
    return this.#shards;
  }
}
