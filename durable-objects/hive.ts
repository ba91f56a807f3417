// Hive: one Durable Object per hive, the single writer of its shared artifacts
// (L2) and the ordered log its subscribers follow over hibernating WebSockets.
// Sessions and the gateway call its typed RPC; every answer is a Result value.
import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import type { ComponentHealth } from "../shared/health.ts";
import type { Artifact } from "../shared/hive/artifact.ts";
import {
  AsOfQuerySchema,
  ListQuerySchema,
  MAX_CHANGES_LIMIT,
  type ArtifactPage,
  type ChangesPage,
  type ListQueryIn,
  type Snapshot,
} from "../shared/hive/reads.ts";
import {
  CommitRequestSchema,
  hiveErr,
  type CommitRequestIn,
  type CommitResult,
  type HiveResult,
  type PutRequestIn,
  type RetractRequestIn,
  type SupersedeRequestIn,
} from "../shared/hive/writes.ts";
import { createLogger, describeError } from "../shared/base/log.ts";
import { PROTOCOL_VERSION } from "../shared/protocol.ts";
import type { KeptContent } from "../shared/context/refs.ts";
import { err, ok, type Result } from "../shared/base/result.ts";
import type { WorkspaceResult } from "../shared/workspace/errors.ts";
import { HIVE_MIGRATIONS } from "./hive/schema.ts";
import { CommitQueue, type SocketCall } from "./hive/commit-queue.ts";
import { handleHiveFrame } from "./hive/socket-frames.ts";
import { invalid, single } from "./hive/write-requests.ts";
import { Mirror, type Reconciled } from "./hive/mirror.ts";
import { RefStore, type RefStoreErrorCode } from "./hive/ref-store.ts";
import { Knowledge, knowledgeConfig } from "./hive/knowledge.ts";
import { MemoryService } from "./hive/memory-service.ts";
import { HiveStore } from "./hive/artifacts/store.ts";
import { Subscribers, type SocketState } from "./hive/subscribers.ts";
import { Relays, type RelayLink } from "./hive/relays.ts";
import { workerMapper } from "./hive/workspace/symbol-parser.ts";
import { Workspace } from "./hive/workspace/workspace.ts";
import type { StaleArtifact } from "./hive/workspace/staleness.ts";
import { FirewallStore, type FirewallSetResult } from "./hive/firewall-store.ts";
import { ShardCount } from "./hive/shard-count.ts";
import { MergedStream } from "./hive/merged-stream.ts";
import { packFeed, unpackFeed, type FedBatch } from "./hive/relay-feed.ts";
import type { EncodedEvent } from "./hive/artifacts/store.ts";
import {
  mergeChanges,
  mergeLists,
  mergeSnapshots,
  type ShardedArtifactPage,
  type ShardedChangesPage,
} from "./hive/shard-reads.ts";
import {
  commitKeys,
  commitShard,
  isShardName,
  parseShardSince,
  shardName,
  shardOf,
  type ShardRefusal,
} from "../shared/hive/shards.ts";
import type { HiveFirewall } from "../shared/hive/firewall.ts";
import { receive, send } from "./sockets/socket.ts";
import { SOCKET_KEY_HEADER } from "../shared/hive/messages.ts";
import { migrate, schemaVersion } from "./storage/migrate.ts";
import {
  listSessions,
  registerSession,
  SessionEntrySchema,
  type SessionEntry,
  type SessionPage,
} from "./hive/session-registry.ts";

export { HIVE_MIGRATIONS, type ChangesPage };

const log = createLogger("hive");

/** The value of a read every shard answered (the callers return the first refusal first). */
function valueOf<T>(result: HiveResult<T>): T {
  if (!result.ok) {
    throw new Error(`a shard refused a read: ${result.code}`);
  }
  return result.value;
}

export class Hive extends Server<Env> {
  static override options = { hibernate: true };
  readonly #store: HiveStore;
  readonly #subscribers: Subscribers;
  readonly #mirror: Mirror;
  readonly #commits: CommitQueue;
  readonly #workspace: Workspace;
  readonly #refs: RefStore;
  readonly #firewall: FirewallStore;
  #opens = 0;
  /** Sockets partyserver already turned into Connections (see webSocketMessage). */
  readonly #wrapped = new WeakSet<WebSocket>();
  readonly #memory: MemoryService;
  readonly #relays: Relays;
  readonly #shards: ShardCount;
  readonly #merged: MergedStream;
  /** A shard object feeds the home Hive its batches while the home holds merged sockets. */
  #feedHome = true;
  /** Bumped by feedHome(): a "none" answer to an older feed does not stop the feed. */
  #feedEpoch = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, HIVE_MIGRATIONS);
    this.#store = new HiveStore(ctx.storage);
    this.#shards = new ShardCount(ctx.storage.kv);
    this.#refs = new RefStore(ctx.storage);
    this.#subscribers = new Subscribers(
      this.#store,
      () => this.getConnections<SocketState>(),
      (events) => this.#relays.feed(events),
    );
    this.#mirror = new Mirror(ctx.storage, this.#store, env.JOBS, env.DB);
    this.#commits = new CommitQueue(this.#store, (events) => {
      this.#subscribers.publish(events);
      this.#publishShard(events);
      this.#mirror.schedule().catch((error: unknown) => {
        // The events are committed; an unarmed alarm only delays the D1 mirror
        // until the next commit arms it again.
        log.error("mirror.schedule.failed", describeError(error));
      });
    });
    const relay = (name: string) => env.Relay.getByName(name);
    this.#relays = new Relays(ctx.storage.kv, this.#store, this.#commits, relay, {
      hive: () => this.name,
      directSubscribers: () => this.#subscribers.count,
      sharded: () => this.#shardCount() > 1,
    });
    this.#merged = new MergedStream(
      () => this.getConnections<SocketState>(),
      async (shard, after) =>
        shard === 0
          ? this.#relays.link.events(after)
          : ((await this.#shard(shard).relays().events(after)) as ReturnType<RelayLink["events"]>),
    );
    this.#workspace = new Workspace({
      storage: ctx.storage,
      env: env as unknown as Record<string, unknown>,
      name: () => this.name,
      mapper: workerMapper,
    });
    this.#firewall = new FirewallStore(ctx.storage.kv, {
      loadFirewall: async (text) => env.GATEKEEPER.loadFirewall(text),
    });
    this.#memory = new MemoryService(
      new Knowledge(
        ctx.storage,
        this.#workspace,
        knowledgeConfig(env as unknown as Record<string, unknown>),
      ),
      {
        artifacts: () => this.#store.snapshot().artifacts,
        commit: (r) => this.commit(r),
        hive: () => this.name,
        kv: ctx.storage.kv,
        db: env.DB,
      },
    );
  }

  override onConnect(connection: Connection<SocketState>, ctx: ConnectionContext): void {
    const keyId = ctx.request.headers.get(SOCKET_KEY_HEADER);
    connection.setState({
      hive: this.name,
      sub: null,
      opened: Date.now() + (this.#opens++ % 1_000) / 1_000,
      ...(keyId === null ? {} : { keyId }),
    });
    this.#subscribers.claim(connection);
    send(connection, {
      type: "sys.welcome",
      server: "Hive",
      name: this.name,
      protocol: PROTOCOL_VERSION,
    });
    const since = new URL(ctx.request.url).searchParams.get("since");
    const shards = this.#shardCount();
    if (since !== null && shards > 1) {
      this.#subscribeMerged(connection, since, shards);
      return;
    }
    if (since !== null) {
      const seq = Number(since);
      if (!Number.isSafeInteger(seq) || seq < 0) {
        send(connection, {
          type: "sys.error",
          code: "INVALID_SINCE",
          message: `since=${since.slice(0, 32)} is not a sequence number`,
          hint: "use ?since=<last seq received>, or 0 for the whole log",
        });
        return;
      }
      this.#subscribers.subscribe(connection, seq);
    }
  }

  /**
   * partyserver checks each message's socket by deserialising its attachment, a
   * structured clone that cost about an eighth of the Hive's CPU per WebSocket
   * commit. Its first message goes through partyserver, which turns the socket
   * itself into the Connection (own properties); later ones go straight to
   * onMessage. A socket partyserver did not wrap in place always takes its path.
   */
  override async webSocketMessage(ws: WebSocket, message: WSMessage): Promise<void> {
    if (this.#wrapped.has(ws)) {
      try {
        await this.onMessage(ws as unknown as Connection<SocketState>, message);
      } catch (error) {
        log.error("socket.message.failed", describeError(error));
      }
      return;
    }
    await super.webSocketMessage(ws, message);
    if (Object.hasOwn(ws, "setState")) {
      this.#wrapped.add(ws);
    }
  }

  override async onMessage(connection: Connection<SocketState>, raw: WSMessage): Promise<void> {
    const message = receive(connection, raw, "hive");
    if (message === null) {
      return;
    }
    await handleHiveFrame(connection, message, {
      subscribers: this.#subscribers,
      commits: this.#commits,
      ...(this.#shardCount() > 1
        ? { sharded: async (c, call) => this.#commitSharded(c, call) }
        : {}),
    });
  }

  override onClose(connection: Connection<SocketState>): void {
    this.#subscribers.forget(connection);
  }

  override onError(connection: Connection<SocketState>): void {
    this.#subscribers.forget(connection);
  }

  override async onAlarm(): Promise<void> {
    await this.#mirror.flush(this.name);
  }

  /**
   * An atomic commit of 1..64 writes (put, retract, supersede), compare-and-swap
   * on each write's expectedVersion, replayed for a repeated idempotency key.
   */
  async commit(request: CommitRequestIn): Promise<HiveResult<CommitResult>> {
    const parsed = CommitRequestSchema.safeParse(request);
    if (!parsed.success) {
      return invalid(parsed.error, "commit");
    }
    const shards = this.#shardCount();
    if (shards > 1) {
      const at = commitShard(commitKeys(parsed.data), shards);
      if (!at.ok) {
        return at;
      }
      if (at.value !== 0) {
        return this.#shard(at.value).commit(request);
      }
    }
    const [committed] = await this.#commits.enqueue([parsed.data]);
    if (committed === undefined) {
      throw new Error("a commit group returned no result for its commit");
    }
    return committed.ok ? ok(committed.value.result) : committed;
  }

  /** One write as its own commit (same semantics as commit). */
  async put(request: PutRequestIn): Promise<HiveResult<CommitResult>> {
    return this.commit(single("put", request));
  }

  /** Atomic batch: all writes or none. */
  async batch(request: CommitRequestIn): Promise<HiveResult<CommitResult>> {
    return this.commit(request);
  }

  async retract(request: RetractRequestIn): Promise<HiveResult<CommitResult>> {
    return this.commit(single("retract", request));
  }

  async supersede(request: SupersedeRequestIn): Promise<HiveResult<CommitResult>> {
    return this.commit(single("supersede", request));
  }

  /** The latest version of an identifier (whatever its status), or a given version. */
  async get(identifier: string, version?: number): Promise<HiveResult<Artifact>> {
    const shard = shardOf(identifier, this.#shardCount());
    return shard === 0
      ? this.#store.get(identifier, version)
      : this.#shard(shard).get(identifier, version);
  }

  /** Current artifacts by kind, tag or identifier prefix, a page at a time (every shard's). */
  async list(query: ListQueryIn = {}): Promise<HiveResult<ArtifactPage | ShardedArtifactPage>> {
    const parsed = ListQuerySchema.safeParse(query);
    if (!parsed.success) {
      return invalid(parsed.error, "list query");
    }
    const shards = this.#shardCount();
    if (shards === 1) {
      return ok(this.#store.list(parsed.data));
    }
    const pages = await this.#eachShard<HiveResult<ArtifactPage>>(
      shards,
      () => ok(this.#store.list(parsed.data)),
      async (stub) => (await stub.list(parsed.data)) as HiveResult<ArtifactPage>,
    );
    const failed = pages.find((p) => !p.ok);
    return failed ?? ok(mergeLists(pages.map(valueOf), parsed.data.limit));
  }

  /**
   * The hive's shard count (1 unless declared when the hive was made). Reading it
   * fixes it: the gateway caches it to send each key's writes and reads to its shard.
   */
  async shards(): Promise<number> {
    return this.#shardCount();
  }

  /** Declares the hive's shard count (1..16) before anything is written or read. */
  async declareShards(shards: number): Promise<{ ok: true; value: number } | ShardRefusal> {
    return this.#shards.declare(shards, this.#store.head === 0);
  }

  /**
   * A sharded hive's merged log after `since` (one seq per shard), at most `limit`
   * events, each with its shard; `next` is the `since` of the following page.
   */
  async changesSinceShards(
    since: number[],
    limit = MAX_CHANGES_LIMIT,
  ): Promise<HiveResult<ShardedChangesPage>> {
    const shards = this.#shardCount();
    if (since.length !== shards) {
      return hiveErr(
        "INVALID_REQUEST",
        `since has ${since.length} shard seqs for ${shards} shards`,
        "send since=<shard>:<seq>,… with shards 0 to N-1",
      );
    }
    const capped = Math.max(1, Math.min(Math.trunc(limit), MAX_CHANGES_LIMIT));
    const pages = await this.#eachShard(
      shards,
      async () => this.changesSince(since[0] ?? 0, capped),
      async (stub, shard) =>
        (await stub.changesSince(since[shard] ?? 0, capped)) as HiveResult<ChangesPage>,
    );
    const failed = pages.find((p) => !p.ok);
    return failed ?? ok(mergeChanges(pages.map(valueOf), since, capped));
  }

  /** A socket frame's commits on a sharded hive: each through commit(), which sends it to its shard. */
  async #commitSharded(commits: readonly CommitRequestIn[], call: SocketCall): Promise<void> {
    const results = await Promise.all(commits.map(async (c) => this.commit(c)));
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

  /** A socket of a sharded hive opened with `since=0:12,1:7`: the merged stream (merged-stream.ts). */
  #subscribeMerged(connection: Connection<SocketState>, text: string, shards: number): void {
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
    const feeds = Array.from({ length: shards - 1 }, async (_, i) => this.#shard(i + 1).feedHome());
    // Every shard feeds before the logs are read: what commits meanwhile is read or fed.
    void Promise.all(feeds)
      .then(async () => this.#merged.subscribe(connection, since))
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
  #publishShard(events: EncodedEvent[]): void {
    if (!isShardName(this.name)) {
      if (this.#shardCount() > 1) {
        void this.#merged.publish(0, events);
      }
      return;
    }
    if (!this.#feedHome) {
      return;
    }
    const epoch = this.#feedEpoch;
    const [home = "", index = "0"] = this.name.split("~shard");
    this.env.Hive.getByName(home)
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

  /** Called by the home Hive when a merged socket opens: feed it every committed batch. */
  async feedHome(): Promise<void> {
    this.#feedEpoch++;
    this.#feedHome = true;
  }

  /** A shard's committed batch, fed to the home's merged sockets; answers how many it holds. */
  async shardEvents(shard: number, batch: FedBatch): Promise<number> {
    void this.#merged.publish(Number(shard), unpackFeed(batch));
    return this.#merged.count;
  }

  #shardCount(): number {
    return isShardName(this.name) ? 1 : this.#shards.count;
  }

  #shard(index: number): DurableObjectStub<Hive> {
    return this.env.Hive.getByName(shardName(this.name, index)) as DurableObjectStub<Hive>;
  }

  /** One read on every shard in parallel: `local` on shard 0 (this object), `remote` on the others. */
  async #eachShard<T>(
    shards: number,
    local: () => T | Promise<T>,
    remote: (stub: DurableObjectStub<Hive>, shard: number) => Promise<T>,
  ): Promise<T[]> {
    return Promise.all(
      Array.from({ length: shards }, async (_, shard) =>
        shard === 0 ? local() : remote(this.#shard(shard), shard),
      ),
    );
  }

  /**
   * Events after `since`, in order, at most `limit`. Sessions call this at each
   * step. Past the retention window: BEYOND_RETENTION (take a snapshot() instead).
   */
  async changesSince(since: number, limit = MAX_CHANGES_LIMIT): Promise<HiveResult<ChangesPage>> {
    if (!Number.isSafeInteger(since) || since < 0) {
      return hiveErr(
        "INVALID_REQUEST",
        `since=${since} is not a sequence number`,
        "pass the last seq you saw, or 0",
      );
    }
    const head = this.#store.head;
    if (!this.#store.canReplayFrom(since)) {
      return hiveErr(
        "BEYOND_RETENTION",
        `events after ${since} are no longer in the log (oldest kept: ${this.#store.oldestRetained()})`,
        "call snapshot() and continue with changesSince(snapshot.seq)",
      );
    }
    const capped = Math.max(1, Math.min(Math.trunc(limit), MAX_CHANGES_LIMIT));
    const events = this.#store.events(since, head, capped);
    const last = events.at(-1);
    return ok({ events, head, more: last !== undefined && last.seq < head });
  }

  /** What the hive knew after event `seq`, or at time `at` (epoch ms). */
  async asOf(query: {
    seq?: number;
    at?: number;
    identifier?: string;
    kind?: string;
    tag?: string;
  }): Promise<HiveResult<Snapshot>> {
    const parsed = AsOfQuerySchema.safeParse(query);
    if (!parsed.success) {
      return invalid(parsed.error, "as-of query");
    }
    if (this.#shardCount() > 1) {
      return hiveErr(
        "INVALID_REQUEST",
        "as-of reads are not merged over the shards of a sharded hive",
        "read a key's versions with GET /artifacts/:identifier?version, or the log with GET /events?since=<shard>:<seq>,…",
      );
    }
    return ok(this.#store.asOf(parsed.data));
  }

  /** The active artifacts and the seq they reflect: a late joiner's starting point. */
  async snapshot(): Promise<HiveResult<Snapshot>> {
    const shards = this.#shardCount();
    if (shards === 1) {
      return ok(this.#store.snapshot());
    }
    const snapshots = await this.#eachShard<HiveResult<Snapshot>>(
      shards,
      () => ok(this.#store.snapshot()),
      async (stub) => (await stub.snapshot()) as HiveResult<Snapshot>,
    );
    const failed = snapshots.find((s) => !s.ok);
    return failed ?? ok(mergeSnapshots(snapshots.map(valueOf)));
  }

  /** Closes the sockets opened with a revoked key, its own and its relays' (the admin route's revoke). */
  async closeKeySockets(keyId: string): Promise<number> {
    return this.#subscribers.closeKey(keyId) + (await this.#relays.closeKey(keyId));
  }

  /** The relays as an RPC target: the gateway's placement, the relays' feed-back (hive/relays.ts). */
  relays(): RelayLink {
    return this.#relays.link;
  }

  /** Reads the D1 mirror back and repairs its gaps now (the alarm does it on its own). */
  async reconcileMirror(): Promise<HiveResult<Reconciled>> {
    const { resent } = await this.#mirror.reconcile(this.name);
    await this.#mirror.flush(this.name);
    return ok({ sent: this.#mirror.mirroredSeq, confirmed: this.#mirror.confirmedSeq, resent });
  }

  /** Sends unmirrored events to the queue now (the alarm does it on its own). */
  async flushMirror(): Promise<HiveResult<{ sent: number; mirroredSeq: number }>> {
    const sent = await this.#mirror.flush(this.name);
    return ok({ sent, mirroredSeq: this.#mirror.mirroredSeq });
  }

  /** The hive's firewall.yaml (null when it has none): sessions admit every move through it. */
  async firewall(): Promise<HiveResult<HiveFirewall | null>> {
    return ok(this.#firewall.get());
  }

  /** Replaces (or with null removes) the hive's firewall.yaml after the gatekeeper compiled it. */
  async setFirewall(text: string | null): Promise<FirewallSetResult> {
    return this.#firewall.set(text, Date.now());
  }

  /**
   * The workspace subsystem as an RPC target: versioned files, the symbol index
   * and L3 (durable-objects/hive/workspace/workspace.ts validates every argument).
   * Callers pipeline through it, `stub.workspace().read(path)`: one round trip.
   * The stub it hands out is released when the caller's request or alarm ends.
   */
  workspace(): Workspace {
    return this.#workspace;
  }

  /** Stores the texts a compression cut, each under its ref (POST /v1/hives/:hive/compress). */
  async keepRefs(kept: KeptContent[]): Promise<Result<{ stored: number }, RefStoreErrorCode>> {
    return this.#refs.keep(kept);
  }

  /** A compressed text by its ref (GET /v1/hives/:hive/refs/:ref). */
  async resolveRef(ref: string): Promise<Result<KeptContent, RefStoreErrorCode>> {
    return this.#refs.resolve(ref);
  }

  /** Active artifacts citing workspace code that has changed since they were written. */
  async staleArtifacts(): Promise<WorkspaceResult<StaleArtifact[]>> {
    return ok(await this.#workspace.stale(this.#store.snapshot().artifacts));
  }

  /** Records a session started in this hive (the dashboard's list, the metrics routes). */
  async registerSession(entry: SessionEntry): Promise<Result<null, "INVALID_REQUEST">> {
    const parsed = SessionEntrySchema.safeParse(entry);
    if (!parsed.success) {
      return err(
        "INVALID_REQUEST",
        "not a session entry",
        "send {id, mission, createdAt, forkOf?}",
      );
    }
    await registerSession(this.ctx.storage, parsed.data);
    return ok(null);
  }

  /** The hive's sessions, newest first; `before` is the previous page's `next`. */
  async sessions(limit = 50, before?: string): Promise<SessionPage> {
    return listSessions(this.ctx.storage, Math.min(Math.max(limit, 1), 1_000), before);
  }

  /**
   * Long-term memory as an RPC target: knowledge triplets and the meta-steward
   * (durable-objects/hive/memory-service.ts), pipelined like workspace().
   */
  memory(): MemoryService {
    return this.#memory;
  }

  /** Health as seen from inside the object: schema version, log and sockets. */
  async health(): Promise<ComponentHealth> {
    return {
      component: "Hive",
      ok: true,
      detail: {
        schemaVersion: schemaVersion(this.ctx.storage),
        sqliteBytes: this.ctx.storage.sql.databaseSize,
        sockets: this.ctx.getWebSockets().length,
        head: this.#store.head,
        subscribers: this.#subscribers.count,
        relayed: this.#relays.relayed,
        mirroredSeq: this.#mirror.mirroredSeq,
        confirmedSeq: this.#mirror.confirmedSeq,
      },
    };
  }
}
