// The Hive's artifact store over its SQLite storage: atomic compare-and-swap
// commits that write the versions, the events and the idempotency record in one
// transaction, and every read; a group of put-only commits is planned in memory
// (put-group.ts). Used only by durable-objects/hive.ts.
import { artifactRef, type Artifact, type ArtifactInput } from "../../../shared/hive/artifact.ts";
import type { AsOfQuery, ArtifactPage, ListQuery, Snapshot } from "../../../shared/hive/reads.ts";
import {
  commitBodyHash,
  hiveErr,
  type CommitRequest,
  type CommitResult,
  type HiveEvent,
  type HiveResult,
  type Write,
} from "../../../shared/hive/writes.ts";
import { ok } from "../../../shared/result.ts";
import {
  activeSnapshot,
  asOfArtifacts,
  getArtifact,
  latestVersion,
  listArtifacts,
} from "./queries.ts";
import { ARTIFACT_COLUMNS } from "../schema.ts";
import {
  artifactRow,
  commitPutGroup,
  idempotencyMismatch,
  newVersion,
  putsOnly,
  versionConflict,
  type Committed,
  type EncodedEvent,
  type VersionHead,
} from "./put-group.ts";

/** Thrown inside a transaction to roll it back; never escapes the store. */
class Abort {
  readonly refusal: ReturnType<typeof hiveErr>;
  constructor(refusal: ReturnType<typeof hiveErr>) {
    this.refusal = refusal;
  }
}

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
        for (const event of this.#apply(write, index, now, () => ++seq)) {
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

  #apply(write: Write, index: number, now: number, nextSeq: () => number): HiveEvent[] {
    switch (write.op) {
      case "put": {
        const { identifier } = write.artifact;
        const current = this.#latestHead(identifier);
        if ((current?.version ?? 0) !== write.expectedVersion) {
          // A conflict answers with the whole version in force.
          this.#expect(index, identifier, write.expectedVersion, this.#latest(identifier));
        }
        const seq = nextSeq();
        const created = this.#insert(write.artifact, current, seq, now, "put");
        const retired = this.#retire(current, "superseded", created, now);
        return [{ seq, at: now, op: "put", artifact: created, retired }];
      }
      case "retract": {
        const current = this.#latestActive(index, write.identifier, write.expectedVersion);
        const seq = nextSeq();
        const tombstone = this.#tombstone(current, "retracted", null, write.reason, seq, now, {
          ...write.provenance,
          contentHash: write.provenance.contentHash ?? current.provenance.contentHash,
        });
        const retired = this.#retire(current, "retracted", null, now);
        return [{ seq, at: now, op: "retract", artifact: tombstone, retired }];
      }
      case "supersede": {
        if (write.replacement.identifier === write.target) {
          throw new Abort(
            hiveErr(
              "INVALID_REQUEST",
              `write ${index}: a supersede needs a replacement with another identifier`,
              "to replace the value of the same identifier, put with expectedVersion",
            ),
          );
        }
        const target = this.#latestActive(index, write.target, write.expectedVersion);
        const existing = this.#latest(write.replacement.identifier);
        this.#expect(
          index,
          write.replacement.identifier,
          write.replacementExpectedVersion,
          existing,
        );
        const putSeq = nextSeq();
        const created = this.#insert(write.replacement, existing, putSeq, now, "put", target);
        const retiredExisting = this.#retire(existing, "superseded", created, now);
        const tombSeq = nextSeq();
        const createdRef = artifactRef(created.identifier, created.version);
        const tombstone = this.#tombstone(
          target,
          "superseded",
          createdRef,
          write.reason,
          tombSeq,
          now,
          created.provenance,
        );
        const retiredTarget = this.#retire(target, "superseded", created, now);
        return [
          { seq: putSeq, at: now, op: "put", artifact: created, retired: retiredExisting },
          { seq: tombSeq, at: now, op: "supersede", artifact: tombstone, retired: retiredTarget },
        ];
      }
      default: {
        const unreachable: never = write;
        return unreachable;
      }
    }
  }

  #expect(index: number, identifier: string, expected: number, current: Artifact | null): void {
    if ((current?.version ?? 0) !== expected) {
      throw new Abort(versionConflict(index, identifier, expected, current));
    }
  }

  #latestActive(index: number, identifier: string, expected: number): Artifact {
    const current = this.#latest(identifier);
    if (current === null) {
      throw new Abort(
        hiveErr(
          "NOT_FOUND",
          `write ${index}: no artifact ${identifier}`,
          "list the hive's artifacts to find its identifiers",
        ),
      );
    }
    this.#expect(index, identifier, expected, current);
    if (current.status !== "active") {
      throw new Abort(
        hiveErr(
          "NOT_ACTIVE",
          `write ${index}: ${identifier}@${current.version} is ${current.status}`,
          "only an active artifact can be retracted or superseded; put a new version first",
        ),
      );
    }
    return current;
  }

  #insert(
    input: ArtifactInput,
    previous: VersionHead | null,
    seq: number,
    now: number,
    op: "put",
    supersedes?: VersionHead,
  ): Artifact {
    const artifact = newVersion(input, previous, seq, now, supersedes);
    this.#write(artifact, op);
    return artifact;
  }

  #tombstone(
    current: Artifact,
    status: "retracted" | "superseded",
    supersededBy: string | null,
    reason: string,
    seq: number,
    now: number,
    provenance: Artifact["provenance"],
  ): Artifact {
    const tombstone: Artifact = {
      ...current,
      version: current.version + 1,
      provenance,
      status,
      supersedes: artifactRef(current.identifier, current.version),
      supersededBy,
      reason,
      validFrom: now,
      validTo: now,
      seq,
    };
    this.#write(tombstone, status === "retracted" ? "retract" : "supersede");
    return tombstone;
  }

  #write(a: Artifact, op: string): void {
    this.#sql(
      `INSERT INTO artifacts (${ARTIFACT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
      ...artifactRow(a, op),
    );
  }

  /** Closes the previous version; an active one takes the new status, a tombstone keeps its own. */
  #retire(
    previous: VersionHead | null,
    status: "superseded" | "retracted",
    by: Artifact | null,
    now: number,
  ): HiveEvent["retired"] {
    if (previous === null) {
      return null;
    }
    const byRef = by ? artifactRef(by.identifier, by.version) : null;
    if (previous.status !== "active") {
      this.#sql(
        "UPDATE artifacts SET current = 0 WHERE identifier = ? AND version = ?",
        previous.identifier,
        previous.version,
      );
      return null;
    }
    this.#sql(
      "UPDATE artifacts SET status = ?, superseded_by = ?, valid_to = ?, current = 0 WHERE identifier = ? AND version = ?",
      status,
      byRef,
      now,
      previous.identifier,
      previous.version,
    );
    return {
      identifier: previous.identifier,
      version: previous.version,
      status,
      supersededBy: byRef,
      validTo: now,
    };
  }

  #latest(identifier: string): Artifact | null {
    return latestVersion(this.#storage.sql, identifier);
  }

  #latestHead(identifier: string): VersionHead | null {
    return (
      this.#sql<{ version: number; status: string }>(
        "SELECT version, status FROM artifacts WHERE identifier = ? ORDER BY version DESC LIMIT 1",
        identifier,
      )
        .toArray()
        .map((r) => ({
          identifier,
          version: r.version,
          status: r.status as Artifact["status"],
        }))[0] ?? null
    );
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
