// Hive: one Durable Object per hive, the single writer of its shared artifacts
// (L2) and the ordered log its subscribers follow over hibernating WebSockets.
// Sessions and the gateway call its typed RPC; every answer is a Result value.
import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import type { ComponentHealth } from "../shared/health.ts";
import type { Artifact } from "../shared/hive/artifact.ts";
import {
  ListQuerySchema,
  MAX_CHANGES_LIMIT,
  type ArtifactPage,
  type AsOfQuery,
  type ChangesPage,
  type ListQueryIn,
  type ShardedAsOfQuery,
  type Snapshot,
  type SyncMarker,
} from "../shared/hive/reads.ts";
import {
  CommitRequestSchema,
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
import { ok, type Result } from "../shared/base/result.ts";
import type { WorkspaceResult } from "../shared/workspace/errors.ts";
import { HIVE_MIGRATIONS } from "./hive/schema.ts";
import { asOfSnapshot, changesPage, logMarker } from "./hive/log-reads.ts";
import { CommitQueue } from "./hive/commit-queue.ts";
import { handleHiveFrame } from "./hive/socket-frames.ts";
import { invalid, single } from "./hive/write-requests.ts";
import { Mirror, type Reconciled, type ShardedReconciled } from "./hive/mirror.ts";
import { RefStore, type RefStoreErrorCode } from "./hive/ref-store.ts";
import { hiveMemory, type MemoryService } from "./hive/memory-service.ts";
import { HiveStore } from "./hive/artifacts/store.ts";
import { Subscribers, type SocketState } from "./hive/subscribers.ts";
import { Relays, type RelayLink } from "./hive/relays.ts";
import { workerMapper } from "./hive/workspace/symbol-parser.ts";
import { Workspace } from "./hive/workspace/workspace.ts";
import type { StaleArtifact } from "./hive/workspace/staleness.ts";
import { FirewallStore, type FirewallSetResult } from "./hive/firewall-store.ts";
import { HiveSharding, type ShardStub } from "./hive/sharding.ts";
import { subscribeSince } from "./hive/socket-since.ts";
import type { FedBatch } from "./hive/relay-feed.ts";
import type { ShardedArtifactPage, ShardedChangesPage } from "./hive/shard-reads.ts";
import type { ShardRefusal } from "../shared/hive/shards.ts";
import type { HiveFirewall } from "../shared/hive/firewall.ts";
import { receive, send } from "./sockets/socket.ts";
import { SOCKET_KEY_HEADER } from "../shared/hive/messages.ts";
import { migrate, schemaVersion } from "./storage/migrate.ts";
import {
  listSessions,
  registerSession,
  type SessionEntry,
  type SessionPage,
} from "./hive/session-registry.ts";

export { HIVE_MIGRATIONS, type ChangesPage };

const log = createLogger("hive");

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
  readonly #shards: HiveSharding;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, HIVE_MIGRATIONS);
    this.#store = new HiveStore(ctx.storage);
    this.#shards = new HiveSharding({
      name: () => this.name,
      kv: ctx.storage.kv,
      empty: () => this.#store.head === 0,
      sockets: () => this.getConnections<SocketState>(),
      events: async (after) => this.#relays.link.events(after),
      stub: (name) => env.Hive.getByName(name) as unknown as ShardStub,
    });
    this.#refs = new RefStore(ctx.storage);
    this.#subscribers = new Subscribers(
      this.#store,
      () => this.getConnections<SocketState>(),
      (events) => this.#relays.feed(events),
    );
    this.#mirror = new Mirror(ctx.storage, this.#store, env.JOBS, env.DB);
    this.#commits = new CommitQueue(this.#store, (events) => {
      this.#subscribers.publish(events);
      this.#shards.publish(events);
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
      sharded: () => this.#shards.count > 1,
    });
    this.#workspace = new Workspace({
      storage: ctx.storage,
      env: env as unknown as Record<string, unknown>,
      name: () => this.name,
      mapper: workerMapper,
    });
    this.#firewall = new FirewallStore(ctx.storage.kv, {
      loadFirewall: async (text) => env.GATEKEEPER.loadFirewall(text),
    });
    this.#memory = hiveMemory(ctx.storage, this.#workspace, env, {
      snapshot: async () => this.snapshot(),
      commit: (r) => this.commit(r),
      hive: () => this.name,
    });
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
    if (since !== null) {
      subscribeSince(connection, since, this.#subscribers, this.#shards);
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
      sharding: this.#shards,
      commit: async (r) => this.commit(r),
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
    const elsewhere = await this.#shards.commitElsewhere(parsed.data, request);
    if (elsewhere !== null) {
      return elsewhere;
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
    return this.#shards.get(identifier, version, () => this.#store.get(identifier, version));
  }

  /** Current artifacts by kind, tag or identifier prefix, a page at a time (every shard's). */
  async list(query: ListQueryIn = {}): Promise<HiveResult<ArtifactPage | ShardedArtifactPage>> {
    const parsed = ListQuerySchema.safeParse(query);
    if (!parsed.success) {
      return invalid(parsed.error, "list query");
    }
    return this.#shards.list(parsed.data, () => ok(this.#store.list(parsed.data)));
  }

  /** The shard count (1 unless declared): reading fixes it, the gateway caches it per isolate. */
  async shards(): Promise<number> {
    return this.#shards.count;
  }

  /** Declares the hive's shard count (1..16) before anything is written or read. */
  async declareShards(shards: number): Promise<{ ok: true; value: number } | ShardRefusal> {
    return this.#shards.declare(shards);
  }

  /** A sharded hive's merged log after `since` (a seq per shard); `next` is the following page's. */
  async changesSinceShards(
    since: number[],
    limit = MAX_CHANGES_LIMIT,
  ): Promise<HiveResult<ShardedChangesPage>> {
    return this.#shards.changes(since, limit, async (seq, capped) =>
      this.changesSince(seq, capped),
    );
  }

  /** On a shard object, when its home opens a merged socket: feed it every committed batch. */
  async feedHome(): Promise<void> {
    this.#shards.feedHome();
  }

  /** On the home, a shard's committed batch for its merged sockets; answers how many it holds. */
  async shardEvents(shard: number, batch: FedBatch): Promise<number> {
    return this.#shards.shardEvents(shard, batch);
  }

  /** Events after `since`, in order, at most `limit` (sessions call it each step; log-reads.ts). */
  async changesSince(since: number, limit = MAX_CHANGES_LIMIT): Promise<HiveResult<ChangesPage>> {
    return changesPage(this.#store, since, limit);
  }

  /** What the hive knew after event `seq` (sharded: `seqs`, one per shard), or at time `at` (epoch ms). */
  async asOf(query: AsOfQuery | ShardedAsOfQuery): Promise<HiveResult<Snapshot>> {
    return this.#shards.asOf(query, (q) => asOfSnapshot(this.#store, q));
  }

  /** Whether the hive changed since a session's marker, over every shard (a session step's sync). */
  async syncMarker(seen: number): Promise<HiveResult<SyncMarker>> {
    return this.#shards.syncMarker(seen, this.#store.head, () => logMarker(this.#store, seen));
  }

  /** The active artifacts and the seq they reflect: a late joiner's starting point. */
  async snapshot(): Promise<HiveResult<Snapshot>> {
    return this.#shards.snapshot(() => ok(this.#store.snapshot()));
  }

  /** Closes the sockets opened with a revoked key, its own and its relays' (the admin route's revoke). */
  async closeKeySockets(keyId: string): Promise<number> {
    return this.#subscribers.closeKey(keyId) + (await this.#relays.closeKey(keyId));
  }

  /** The relays as an RPC target: the gateway's placement, the relays' feed-back (hive/relays.ts). */
  relays(): RelayLink {
    return this.#relays.link;
  }

  /** Reads the D1 mirror back and repairs its gaps now, every shard's (the alarm does it on its own). */
  async reconcileMirror(): Promise<HiveResult<Reconciled | ShardedReconciled>> {
    return this.#shards.reconcile(async () => ok(await this.#mirror.repairNow(this.name)));
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
    return registerSession(this.ctx.storage, entry);
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
