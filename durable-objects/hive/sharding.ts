// The sharding of one hive, held by every Hive object (docs/hive.md "Sharded
// artifacts"): the home Hive (shard 0) keeps the declared count, sends each key's
// commits and reads to its shard, merges listings, snapshots and logs over every
// shard, and holds the merged live stream; a shard object (`<hive>~shard<i>`)
// feeds its home each committed batch while the home holds merged sockets. As-of
// reads, the sessions' sync marker and the mirror's reconcile cover every shard.
import type { Connection } from "partyserver";
import type { Artifact } from "../../shared/hive/artifact.ts";
import { createLogger, describeError } from "../../shared/base/log.ts";
import { ok } from "../../shared/base/result.ts";
import {
  MAX_CHANGES_LIMIT,
  ShardedAsOfQuerySchema,
  type ArtifactPage,
  type AsOfQuery,
  type ChangesPage,
  type ListQuery,
  type Snapshot,
  type SyncMarker,
} from "../../shared/hive/reads.ts";
import {
  commitKeys,
  commitShard,
  isShardName,
  parseShardSince,
  shardName,
  shardOf,
  type ShardRefusal,
} from "../../shared/hive/shards.ts";
import {
  hiveErr,
  type CommitRequest,
  type CommitRequestIn,
  type CommitResult,
  type HiveResult,
} from "../../shared/hive/writes.ts";
import type { EncodedEvent } from "./artifacts/store.ts";
import type { SocketCall } from "./commit-queue.ts";
import { MergedStream } from "./merged-stream.ts";
import type { Reconciled, ShardedReconciled } from "./mirror.ts";
import { packFeed, unpackFeed, type FedBatch } from "./relay-feed.ts";
import type { RelayEvents } from "./relays.ts";
import {
  mergeChanges,
  mergeLists,
  mergeSnapshots,
  type ShardedArtifactPage,
  type ShardedChangesPage,
} from "./shard-reads.ts";
import { ShardCount } from "./shard-count.ts";
import { send } from "../sockets/socket.ts";
import type { SocketState } from "./subscribers.ts";
import { invalid } from "./write-requests.ts";

const log = createLogger("hive");

/** The RPC a Hive object answers as another hive's shard, or as a shard's home. */
export interface ShardStub {
  commit(request: CommitRequestIn): Promise<unknown>;
  get(identifier: string, version?: number): Promise<unknown>;
  list(query: ListQuery): Promise<unknown>;
  snapshot(): Promise<unknown>;
  changesSince(since: number, limit?: number): Promise<unknown>;
  asOf(query: AsOfQuery): Promise<unknown>;
  reconcileMirror(): Promise<unknown>;
  relays(): { events(after: number): Promise<unknown> };
  feedHome(): Promise<void>;
  shardEvents(shard: number, batch: FedBatch): Promise<number>;
}

/** What the sharding reads of its Hive object. */
export interface ShardingHost {
  name(): string;
  kv: SyncKvStorage;
  /** Whether this object's own log holds no event yet. */
  empty(): boolean;
  sockets(): Iterable<Connection<SocketState>>;
  /** A page of this object's own log after `after` (the read a relay makes). */
  events(after: number): Promise<RelayEvents>;
  /** The Hive object of that name. */
  stub(name: string): ShardStub;
}

/** The value of a read every shard answered (the callers return the first refusal first). */
function valueOf<T>(result: HiveResult<T>): T {
  if (!result.ok) {
    throw new Error(`a shard refused a read: ${result.code}`);
  }
  return result.value;
}

export class HiveSharding {
  readonly #host: ShardingHost;
  readonly #count: ShardCount;
  readonly #merged: MergedStream;
  /** A shard object feeds the home Hive its batches while the home holds merged sockets. */
  #feedHome = true;
  /** Bumped by feedHome(): a "none" answer to an older feed does not stop the feed. */
  #feedEpoch = 0;

  constructor(host: ShardingHost) {
    this.#host = host;
    this.#count = new ShardCount(host.kv);
    this.#merged = new MergedStream(
      () => host.sockets(),
      async (shard, after) =>
        shard === 0
          ? host.events(after)
          : ((await this.#shard(shard).relays().events(after)) as RelayEvents),
    );
  }

  /** The hive's shard count: 1 unless declared when the hive was made, and on a shard object. */
  get count(): number {
    return isShardName(this.#host.name()) ? 1 : this.#count.count;
  }

  /** Declares the hive's shard count (1..16) before anything is written or read. */
  declare(shards: number): { ok: true; value: number } | ShardRefusal {
    return this.#count.declare(shards, this.#host.empty());
  }

  /**
   * The answer of a commit that belongs to another shard (sent there), or the
   * refusal of a batch that spans shards; null when this object commits it.
   */
  async commitElsewhere(
    commit: CommitRequest,
    request: CommitRequestIn,
  ): Promise<HiveResult<CommitResult> | ShardRefusal | null> {
    if (this.count === 1) {
      return null;
    }
    const at = commitShard(commitKeys(commit), this.count);
    if (!at.ok) {
      return at;
    }
    return at.value === 0
      ? null
      : ((await this.#shard(at.value).commit(request)) as HiveResult<CommitResult>);
  }

  /** A key's artifact, read on the shard it lives on (`local` when that is this object). */
  async get(
    identifier: string,
    version: number | undefined,
    local: () => HiveResult<Artifact>,
  ): Promise<HiveResult<Artifact>> {
    const shard = shardOf(identifier, this.count);
    return shard === 0
      ? local()
      : ((await this.#shard(shard).get(identifier, version)) as HiveResult<Artifact>);
  }

  /** Every shard's listing, merged (`local` reads shard 0, this object, and alone at 1 shard). */
  async list(
    query: ListQuery,
    local: () => HiveResult<ArtifactPage>,
  ): Promise<HiveResult<ArtifactPage | ShardedArtifactPage>> {
    if (this.count === 1) {
      return local();
    }
    const pages = await this.#eachShard<HiveResult<ArtifactPage>>(
      local,
      async (stub) => (await stub.list(query)) as HiveResult<ArtifactPage>,
    );
    const failed = pages.find((p) => !p.ok);
    return failed ?? ok(mergeLists(pages.map(valueOf), query.limit));
  }

  /** Every shard's active artifacts, merged, with the seq each reflects (`local` alone at 1 shard). */
  async snapshot(local: () => HiveResult<Snapshot>): Promise<HiveResult<Snapshot>> {
    if (this.count === 1) {
      return local();
    }
    const snapshots = await this.#eachShard<HiveResult<Snapshot>>(
      local,
      async (stub) => (await stub.snapshot()) as HiveResult<Snapshot>,
    );
    const failed = snapshots.find((s) => !s.ok);
    return failed ?? ok(mergeSnapshots(snapshots.map(valueOf)));
  }

  /** The merged log after `since` (one seq per shard), at most `limit` events. */
  async changes(
    since: number[],
    limit: number,
    local: (since: number, limit: number) => Promise<HiveResult<ChangesPage>>,
  ): Promise<HiveResult<ShardedChangesPage>> {
    const shards = this.count;
    if (since.length !== shards) {
      return hiveErr(
        "INVALID_REQUEST",
        `since has ${since.length} shard seqs for ${shards} shards`,
        "send since=<shard>:<seq>,… with shards 0 to N-1",
      );
    }
    const capped = Math.max(1, Math.min(Math.trunc(limit), MAX_CHANGES_LIMIT));
    const pages = await this.#eachShard(
      async () => local(since[0] ?? 0, capped),
      async (stub, shard) =>
        (await stub.changesSince(since[shard] ?? 0, capped)) as HiveResult<ChangesPage>,
    );
    const failed = pages.find((p) => !p.ok);
    return failed ?? ok(mergeChanges(pages.map(valueOf), since, capped));
  }

  /**
   * What every shard knew after its own seq (`seqs`, one per shard) or at time `at`
   * (epoch ms, the same for every shard), merged with each shard's seq in `seqs`;
   * `local` alone (this object's log) when the hive has 1 shard.
   */
  async asOf(
    query: unknown,
    local: (query: unknown) => HiveResult<Snapshot>,
  ): Promise<HiveResult<Snapshot>> {
    const shards = this.count;
    if (shards === 1) {
      return local(query);
    }
    const hint = `this hive has ${shards} shards: send seq=<shard>:<seq>,… (0 to ${shards - 1}, shards left out read at 0; seqs over RPC), or at=<epoch ms>`;
    if (typeof query === "object" && query !== null && "seq" in query) {
      return hiveErr("INVALID_REQUEST", "one seq does not name a point of a sharded hive", hint);
    }
    const parsed = ShardedAsOfQuerySchema.safeParse(query);
    if (!parsed.success) {
      return invalid(parsed.error, "as-of query");
    }
    const { seqs, at, ...filters } = parsed.data;
    if (seqs !== undefined && seqs.length !== shards) {
      return hiveErr("INVALID_REQUEST", `seqs has ${seqs.length} seqs for ${shards} shards`, hint);
    }
    const of = (shard: number): AsOfQuery =>
      at === undefined ? { ...filters, seq: seqs?.[shard] ?? 0 } : { ...filters, at };
    const snapshots = await this.#eachShard(
      () => local(of(0)),
      async (stub, shard) => (await stub.asOf(of(shard))) as HiveResult<Snapshot>,
    );
    const failed = snapshots.find((s) => !s.ok);
    return failed ?? ok(mergeSnapshots(snapshots.map(valueOf)));
  }

  /**
   * A session's sync marker over every shard: the sum of the shards' heads, which
   * grows with each commit on any shard (a shard's head never goes back); `local`
   * (this object's log) when the hive has 1 shard.
   */
  async syncMarker(
    seen: number,
    localHead: number,
    local: () => HiveResult<SyncMarker>,
  ): Promise<HiveResult<SyncMarker>> {
    if (this.count === 1) {
      return local();
    }
    // A page after the largest seq is empty and carries the shard's head.
    const heads = await this.#eachShard(
      () => localHead,
      async (stub) => {
        const page = (await stub.changesSince(
          Number.MAX_SAFE_INTEGER,
          1,
        )) as HiveResult<ChangesPage>;
        return valueOf(page).head;
      },
    );
    const marker = heads.reduce((sum, head) => sum + head, 0);
    return ok({ changed: marker !== seen, marker });
  }

  /** Every shard's D1 mirror reconciled now: shard 0's figures, and each shard's in `shards`. */
  async reconcile(
    local: () => Promise<HiveResult<Reconciled>>,
  ): Promise<HiveResult<Reconciled | ShardedReconciled>> {
    if (this.count === 1) {
      return local();
    }
    const each = await this.#eachShard(
      local,
      async (stub) => (await stub.reconcileMirror()) as HiveResult<Reconciled>,
    );
    const failed = each.find((r) => !r.ok);
    if (failed !== undefined) {
      return failed;
    }
    const shards = each.map(valueOf);
    return ok({ ...(shards[0] ?? { sent: 0, confirmed: 0, resent: 0 }), shards });
  }

  /** A socket frame's commits: each through `commit`, which sends it to its shard. */
  async commitFrame(
    commits: readonly CommitRequestIn[],
    call: SocketCall,
    commit: (c: CommitRequestIn) => Promise<HiveResult<CommitResult>>,
  ): Promise<void> {
    const results = await Promise.all(commits.map(async (c) => commit(c)));
    call.answer(
      results.map((r) =>
        r.ok
          ? { ok: true, result: r.value }
          : {
              ok: false,
              code: r.code,
              message: r.message,
              ...(r.hint === undefined ? {} : { hint: r.hint }),
              ...(r.conflict === undefined ? {} : { conflict: r.conflict }),
            },
      ),
    );
  }

  /** The merged live stream (merged-stream.ts): acks and unsubscribes of merged sockets. */
  get stream(): MergedStream {
    return this.#merged;
  }

  /** A socket opened with `since=0:12,1:7` (`boundary`: a hive.subscribe frame): the merged stream. */
  subscribe(connection: Connection<SocketState>, text: string, boundary = false): void {
    const shards = this.count;
    const since = parseShardSince(text, shards);
    if (since === null) {
      send(connection, {
        type: "sys.error",
        code: "INVALID_SINCE",
        message: `since=${text.slice(0, 64)} is not a seq per shard`,
        hint: `this hive has ${shards} shards: use ?since=<shard>:<seq>,… (shards 0 to ${shards - 1}), or 0 for every log`,
      });
      return;
    }
    this.#merged.hold(connection, since);
    const feeds = Array.from({ length: shards - 1 }, async (_, i) => this.#shard(i + 1).feedHome());
    // Every shard feeds before the logs are read: what commits meanwhile is read or fed.
    void Promise.all(feeds)
      .then(async () => this.#merged.subscribe(connection, since, boundary))
      .catch((error: unknown) => {
        // The socket closed during its catch-up, or a shard could not be read.
        log.warn("merged.subscribe.failed", describeError(error));
        try {
          connection.close(1011, "reconnect with since");
        } catch {
          // Already closed.
        }
      });
  }

  /** A committed batch to the merged stream: a shard feeds its home, the home its own sockets. */
  publish(events: EncodedEvent[]): void {
    const name = this.#host.name();
    if (!isShardName(name)) {
      if (this.count > 1) {
        void this.#merged.publish(0, events);
      }
      return;
    }
    if (!this.#feedHome) {
      return;
    }
    const epoch = this.#feedEpoch;
    const [home = "", index = "0"] = name.split("~shard");
    this.#host
      .stub(home)
      .shardEvents(Number(index), packFeed(events))
      .then(
        (listening) => {
          if (listening === 0 && epoch === this.#feedEpoch) {
            this.#feedHome = false;
          }
        },
        (error: unknown) => log.warn("shard.feed.failed", describeError(error)),
      );
  }

  /** On a shard object, when its home opens a merged socket: feed it every committed batch. */
  feedHome(): void {
    this.#feedEpoch++;
    this.#feedHome = true;
  }

  /** On the home, a shard's committed batch for its merged sockets; answers how many it holds. */
  shardEvents(shard: number, batch: FedBatch): number {
    void this.#merged.publish(Number(shard), unpackFeed(batch));
    return this.#merged.count;
  }

  #shard(index: number): ShardStub {
    return this.#host.stub(shardName(this.#host.name(), index));
  }

  /** One read on every shard in parallel: `local` on shard 0 (this object), `remote` on the others. */
  async #eachShard<T>(
    local: () => T | Promise<T>,
    remote: (stub: ShardStub, shard: number) => Promise<T>,
  ): Promise<T[]> {
    return Promise.all(
      Array.from({ length: this.count }, async (_, shard) =>
        shard === 0 ? local() : remote(this.#shard(shard), shard),
      ),
    );
  }
}
