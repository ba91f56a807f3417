// The Hive's outbox to D1: events past the last mirrored seq go to the queue as
// `hive.mirror` jobs (the compressor writes them idempotently), from an alarm so
// a failed send is retried by the runtime. The log is pruned only once mirrored.
import { packByBytes } from "../../shared/hive/pack.ts";
import type { HiveEvent } from "../../shared/hive/writes.ts";
import { MAX_JOB_BYTES, type HiveMirrorJob } from "../../shared/queues.ts";
import type { HiveStore } from "./store.ts";

/** Coalesces a burst of commits into a few queue messages instead of one each. */
const MIRROR_DELAY_MS = 200;
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

export class Mirror {
  readonly #storage: DurableObjectStorage;
  readonly #store: HiveStore;
  readonly #queue: Queue;
  #scheduled = false;

  constructor(storage: DurableObjectStorage, store: HiveStore, queue: Queue) {
    this.#storage = storage;
    this.#store = store;
    this.#queue = queue;
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
        const last = group.at(-1);
        mirrored = last ? last.seq : mirrored;
        this.#setMirrored(mirrored);
        sent += group.length;
      }
    }
    this.#store.prune(
      Math.min(mirrored + 1, this.#store.head - EVENT_RETENTION + 1),
      Date.now() - IDEMPOTENCY_RETENTION_MS,
    );
    if (this.#store.head > mirrored) {
      await this.schedule();
    }
    return sent;
  }
}
