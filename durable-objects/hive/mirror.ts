// The Hive's outbox to D1: events past the last mirrored seq go to the queue as
// `hive.mirror` jobs (the compressor writes them idempotently), from an alarm so
// a failed send is retried by the runtime. A sent job is not a mirrored event:
// reconcile() reads D1 back, advances `confirmed` over what the consumer wrote,
// re-sends what went missing (a job lost in a crash), and the log is pruned only
// below `confirmed`.
import { packByBytes } from "../../shared/hive/pack.ts";
import type { HiveEvent } from "../../shared/hive/writes.ts";
import { MAX_JOB_BYTES, type HiveMirrorJob } from "../../shared/queues.ts";
import type { HiveStore } from "./artifacts/store.ts";

/**
 * Coalesces a burst of commits into a few queue messages instead of one each.
 * Each flush also reconciles with D1 and prunes the log, a cost per alarm that
 * at 200 ms took about a sixth of the Hive's CPU under 500 commits/s.
 */
const MIRROR_DELAY_MS = 1_000;
/**
 * Events kept in the log for catch-up; an older `since` gets a snapshot. At 500
 * commits/s this is about a minute of history; one event is a few hundred bytes
 * typically (64 KiB at most), so the log stays within a few MB.
 */
export const EVENT_RETENTION = 20_000;
/** How long a retried write with the same idempotency key replays its result. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Events read per flush step. */
const FLUSH_PAGE_EVENTS = 1_000;
/** Envelope bytes around the events of one job ({"type":"hive.mirror","hive":...}). */
const JOB_ENVELOPE_BYTES = 256;
/** After a send, the consumer gets this long before a missing event is sent again. */
export const RECONCILE_GRACE_MS = 5_000;
/** Seqs read back from D1 per reconciliation. */
const RECONCILE_PAGE = 5_000;

export interface Reconciled {
  /** Highest seq sent to the queue. */
  sent: number;
  /** Every event through this seq is in D1. */
  confirmed: number;
  /** Events sent again because D1 lacked them past the grace period. */
  resent: number;
}

/** A sharded hive's reconcile: shard 0's figures, and every shard's (index = shard) in `shards`. */
export type ShardedReconciled = Reconciled & { shards: Reconciled[] };

export class Mirror {
  readonly #storage: DurableObjectStorage;
  readonly #store: HiveStore;
  readonly #queue: Queue;
  readonly #db: D1Database;
  #scheduled = false;

  constructor(storage: DurableObjectStorage, store: HiveStore, queue: Queue, db: D1Database) {
    this.#storage = storage;
    this.#store = store;
    this.#queue = queue;
    this.#db = db;
  }

  #meta(key: string): number {
    const row = this.#storage.sql
      .exec<{ value: string }>("SELECT value FROM hive_meta WHERE key = ?", key)
      .toArray()[0];
    return row ? Number(row.value) : 0;
  }

  #setMeta(key: string, value: number): void {
    this.#storage.sql.exec(
      "INSERT INTO hive_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      key,
      String(value),
    );
  }

  /** Every event through this seq is known to be in D1. */
  get confirmedSeq(): number {
    return this.#meta("confirmed_seq");
  }

  /**
   * Reads D1 back over (confirmed, sent]: advances `confirmed` over the events
   * the consumer wrote, and re-sends those still missing once RECONCILE_GRACE_MS
   * passed since the last send. Runs at every alarm and on demand.
   */
  async reconcile(hive: string): Promise<Reconciled> {
    const sent = this.mirroredSeq;
    let confirmed = this.confirmedSeq;
    let resent = 0;
    if (confirmed < sent) {
      const through = Math.min(sent, confirmed + RECONCILE_PAGE);
      const { results } = await this.#db
        .prepare("SELECT seq FROM hive_events WHERE hive = ? AND seq > ? AND seq <= ? ORDER BY seq")
        .bind(hive, confirmed, through)
        .all<{ seq: number }>();
      const present = new Set(results.map((r) => r.seq));
      while (present.has(confirmed + 1)) {
        confirmed++;
      }
      this.#setMeta("confirmed_seq", confirmed);
      if (confirmed < sent && Date.now() - this.#meta("sent_at") >= RECONCILE_GRACE_MS) {
        const missing = this.#store
          .eventBodies(confirmed, through, RECONCILE_PAGE)
          .filter((r) => !present.has(r.seq));
        resent = await this.#send(hive, missing);
      }
      if (confirmed < sent) {
        // Check again later: the consumer may still be writing, or a resend is due.
        await this.#storage.setAlarm(Date.now() + RECONCILE_GRACE_MS);
      }
    }
    return { sent, confirmed, resent };
  }

  async #send(hive: string, rows: Array<{ seq: number; body: string }>): Promise<number> {
    let sent = 0;
    for (const group of packByBytes(
      rows,
      MAX_JOB_BYTES - JOB_ENVELOPE_BYTES,
      (r) => r.body.length,
    )) {
      const job: HiveMirrorJob = {
        type: "hive.mirror",
        hive,
        events: group.map((r) => JSON.parse(r.body) as HiveEvent),
      };
      await this.#queue.send(job);
      this.#setMeta("sent_at", Date.now());
      sent += group.length;
    }
    return sent;
  }

  /** Reads D1 back, resends its gaps and flushes now: what the admin's reconcile answers. */
  async repairNow(hive: string): Promise<Reconciled> {
    const { resent } = await this.reconcile(hive);
    await this.flush(hive);
    return { sent: this.mirroredSeq, confirmed: this.confirmedSeq, resent };
  }

  get mirroredSeq(): number {
    const row = this.#storage.sql
      .exec<{ value: string }>("SELECT value FROM hive_meta WHERE key = 'mirrored_seq'")
      .toArray()[0];
    return row ? Number(row.value) : 0;
  }

  /** Only forward: two overlapping flushes (alarm and flushMirror) never move it back. */
  #setMirrored(seq: number): void {
    if (seq <= this.mirroredSeq) {
      return;
    }
    this.#storage.sql.exec(
      "INSERT INTO hive_meta (key, value) VALUES ('mirrored_seq', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      String(seq),
    );
  }

  /**
   * Arms the alarm once per burst; the alarm record is durable, so nothing is
   * forgotten. Set unconditionally: inside a running alarm getAlarm() may still
   * report the current one, and a new alarm must follow it.
   */
  async schedule(): Promise<void> {
    if (this.#scheduled) {
      return;
    }
    this.#scheduled = true;
    await this.#storage.setAlarm(Date.now() + MIRROR_DELAY_MS);
  }

  /** Sends every unmirrored event; throws on a failed send so the alarm retries. */
  async flush(hive: string): Promise<number> {
    this.#scheduled = false;
    let mirrored = this.mirroredSeq;
    let sent = 0;
    const head = this.#store.head;
    while (mirrored < head) {
      const rows = this.#store.eventBodies(mirrored, head, FLUSH_PAGE_EVENTS);
      if (rows.length === 0) {
        // Events before the log's oldest were pruned after being mirrored.
        mirrored = head;
        break;
      }
      const groups = packByBytes(rows, MAX_JOB_BYTES - JOB_ENVELOPE_BYTES, (r) => r.body.length);
      for (const group of groups) {
        const job: HiveMirrorJob = {
          type: "hive.mirror",
          hive,
          events: group.map((r) => JSON.parse(r.body) as HiveEvent),
        };
        await this.#queue.send(job);
        this.#setMeta("sent_at", Date.now());
        const last = group.at(-1);
        mirrored = last ? last.seq : mirrored;
        this.#setMirrored(mirrored);
        sent += group.length;
      }
    }
    const { confirmed } = await this.reconcile(hive);
    this.#store.prune(
      Math.min(confirmed + 1, this.#store.head - EVENT_RETENTION + 1),
      Date.now() - IDEMPOTENCY_RETENTION_MS,
    );
    if (this.#store.head > mirrored) {
      await this.schedule();
    }
    return sent;
  }
}
