// The Hive's artifact store over its SQLite storage: atomic compare-and-swap
// commits that write the versions, the events and the idempotency record in one
// transaction, and every read. Each write's version rows are apply-write.ts; a
// group of put-only commits is planned in memory (put-group.ts). Used by hive.ts.
import type { Artifact } from "../../../shared/hive/artifact.ts";
import type { AsOfQuery, ArtifactPage, ListQuery, Snapshot } from "../../../shared/hive/reads.ts";
import {
  commitBodyHash,
  type CommitRequest,
  type CommitResult,
  type HiveEvent,
  type HiveResult,
} from "../../../shared/hive/writes.ts";
import { ok } from "../../../shared/base/result.ts";
import { activeSnapshot, asOfArtifacts, getArtifact, listArtifacts } from "./queries.ts";
import { Abort, applyWrite } from "./apply-write.ts";
import {
  commitPutGroup,
  idempotencyMismatch,
  putsOnly,
  type Committed,
  type EncodedEvent,
} from "./put-group.ts";

export type { Committed, EncodedEvent } from "./put-group.ts";

export class HiveStore {
  readonly #storage: DurableObjectStorage;
  #head: number;

  constructor(storage: DurableObjectStorage) {
    this.#storage = storage;
    const row = this.#sql<{ s: number | null }>("SELECT max(seq) AS s FROM artifacts").one();
    this.#head = row.s ?? 0;
  }

  /** The sequence number of the latest event. */
  get head(): number {
    return this.#head;
  }

  #sql<T extends Record<string, SqlStorageValue>>(query: string, ...bindings: SqlStorageValue[]) {
    return this.#storage.sql.exec<T>(query, ...bindings);
  }

  /** Applies every write or none; a stale `expectedVersion` refuses the whole commit. */
  commit(request: CommitRequest, now: number): HiveResult<Committed> {
    return this.#commit(request, now, false);
  }

  /**
   * `inGroup`: the caller's transaction already rolls everything back on an
   * unexpected error, and a single write refuses (Abort) before it writes
   * anything, so a one-write commit needs no savepoint of its own there.
   */
  #commit(request: CommitRequest, now: number, inGroup: boolean): HiveResult<Committed> {
    const bodyHash = commitBodyHash(request);
    const seen = this.#sql<{ body_hash: string; result: string }>(
      "SELECT body_hash, result FROM idempotency WHERE key = ?",
      request.idempotencyKey,
    ).toArray()[0];
    if (seen) {
      if (seen.body_hash !== bodyHash) {
        return idempotencyMismatch(request.idempotencyKey);
      }
      const stored = JSON.parse(seen.result) as CommitResult;
      return ok({ result: { ...stored, replayed: true }, events: [] });
    }
    const apply = () => {
      let seq = this.#head;
      const events: HiveEvent[] = [];
      request.writes.forEach((write, index) => {
        for (const event of applyWrite(this.#storage.sql, write, index, now, () => ++seq)) {
          events.push(event);
        }
      });
      const encoded: EncodedEvent[] = [];
      for (const event of events) {
        const body = JSON.stringify(event);
        this.#sql("INSERT INTO events (seq, at, body) VALUES (?, ?, ?)", event.seq, event.at, body);
        encoded.push({ seq: event.seq, body });
      }
      const result: CommitResult = {
        seq,
        artifacts: events.map((e) => e.artifact),
        replayed: false,
      };
      this.#sql(
        "INSERT INTO idempotency (key, body_hash, result, at) VALUES (?, ?, ?, ?)",
        request.idempotencyKey,
        bodyHash,
        JSON.stringify(result),
        now,
      );
      return { result, encoded, seq };
    };
    try {
      const committed =
        inGroup && request.writes.length === 1 ? apply() : this.#storage.transactionSync(apply);
      this.#head = committed.seq;
      return ok({ result: committed.result, events: committed.encoded });
    } catch (error) {
      if (error instanceof Abort) {
        return error.refusal;
      }
      throw error;
    }
  }

  /**
   * Group commit: several commits in one storage transaction, each in its own
   * nested transaction (a refused commit rolls back alone; see #commit). The runtime makes a
   * transaction durable once per event, so grouping concurrent commits turns N
   * durability waits into one. A group of one is its own transaction (an outer
   * one would only add a savepoint's two statements to every commit).
   */
  commitGroup(requests: readonly CommitRequest[], now: number): Array<HiveResult<Committed>> {
    const [only] = requests;
    if (requests.length === 1 && only !== undefined) {
      return [this.commit(only, now)];
    }
    const before = this.#head;
    try {
      if (putsOnly(requests)) {
        return this.#storage.transactionSync(() => {
          const planned = commitPutGroup(this.#storage.sql, this.#head, requests, now);
          this.#head = planned.head;
          return planned.results;
        });
      }
      return this.#storage.transactionSync(() => requests.map((r) => this.#commit(r, now, true)));
    } catch (error) {
      this.#head = before;
      throw error;
    }
  }

  get(identifier: string, version?: number): HiveResult<Artifact> {
    return getArtifact(this.#storage.sql, identifier, version);
  }

  list(query: ListQuery): ArtifactPage {
    return listArtifacts(this.#storage.sql, this.#head, query);
  }

  /** The active artifacts as they stood after event `seq` (or at time `at`). */
  asOf(query: AsOfQuery): Snapshot {
    return asOfArtifacts(this.#storage.sql, this.#head, query);
  }

  snapshot(): Snapshot {
    return activeSnapshot(this.#storage.sql, this.#head);
  }

  /** The oldest event still in the log (head + 1 when the log is empty). */
  oldestRetained(): number {
    const row = this.#sql<{ s: number | null }>("SELECT min(seq) AS s FROM events").one();
    return row.s ?? this.#head + 1;
  }

  /** True when every event after `since` is still in the log. */
  canReplayFrom(since: number): boolean {
    return since >= this.#head || since + 1 >= this.oldestRetained();
  }

  /** Events with seq in (after, through], at most `limit`, in order. */
  events(after: number, through: number, limit: number): HiveEvent[] {
    return this.eventBodies(after, through, limit).map((r) => JSON.parse(r.body) as HiveEvent);
  }

  /** The same, as the stored JSON texts (frames are built without re-encoding). */
  eventBodies(after: number, through: number, limit: number): EncodedEvent[] {
    return this.#sql<{ seq: number; body: string }>(
      "SELECT seq, body FROM events WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT ?",
      after,
      through,
      limit,
    ).toArray();
  }

  /** Drops log entries before `keepFrom` and idempotency records older than `before`. */
  prune(keepFrom: number, idempotencyBefore: number): void {
    this.#sql("DELETE FROM events WHERE seq < ?", keepFrom);
    this.#sql("DELETE FROM idempotency WHERE at < ?", idempotencyBefore);
  }
}
