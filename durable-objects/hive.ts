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
import { CommitQueue } from "./hive/commit-queue.ts";
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

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, HIVE_MIGRATIONS);
    this.#store = new HiveStore(ctx.storage);
    this.#refs = new RefStore(ctx.storage);
    this.#subscribers = new Subscribers(
      this.#store,
      () => this.getConnections<SocketState>(),
      (events) => this.#relays.feed(events),
    );
    this.#mirror = new Mirror(ctx.storage, this.#store, env.JOBS, env.DB);
    this.#commits = new CommitQueue(this.#store, (events) => {
      this.#subscribers.publish(events);
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
    return this.#store.get(identifier, version);
  }

  /** Current artifacts by kind, tag or identifier prefix, a page at a time. */
  async list(query: ListQueryIn = {}): Promise<HiveResult<ArtifactPage>> {
    const parsed = ListQuerySchema.safeParse(query);
    if (!parsed.success) {
      return invalid(parsed.error, "list query");
    }
    return ok(this.#store.list(parsed.data));
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
    return ok(this.#store.asOf(parsed.data));
  }

  /** The active artifacts and the seq they reflect: a late joiner's starting point. */
  async snapshot(): Promise<HiveResult<Snapshot>> {
    return ok(this.#store.snapshot());
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
