// Hive: one Durable Object per hive, the single writer of its shared artifacts
// (L2) and the ordered log its subscribers follow over hibernating WebSockets.
// Sessions and the gateway call its typed RPC; every answer is a Result value.
import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import type { z } from "zod";
import type { ComponentHealth } from "../shared/health.ts";
import type { Artifact } from "../shared/hive/artifact.ts";
import {
  AsOfQuerySchema,
  ListQuerySchema,
  MAX_CHANGES_LIMIT,
  type ArtifactPage,
  type ListQueryIn,
  type Snapshot,
} from "../shared/hive/reads.ts";
import {
  CommitRequestSchema,
  hiveErr,
  type CommitRequest,
  type CommitRequestIn,
  type CommitResult,
  type HiveEvent,
  type HiveResult,
  type PutRequestIn,
  type RetractRequestIn,
  type SupersedeRequestIn,
} from "../shared/hive/writes.ts";
import { createLogger, describeError } from "../shared/log.ts";
import { PROTOCOL_VERSION } from "../shared/protocol.ts";
import type { KeptContent } from "../shared/context/refs.ts";
import { err, ok, type Result } from "../shared/result.ts";
import type { WorkspaceResult } from "../shared/workspace/errors.ts";
import { HIVE_MIGRATIONS } from "./hive/schema.ts";
import { Mirror, type Reconciled } from "./hive/mirror.ts";
import { RefStore, type RefStoreErrorCode } from "./hive/ref-store.ts";
import { Knowledge, knowledgeConfig } from "./hive/knowledge.ts";
import { MemoryService } from "./hive/memory-service.ts";
import { HiveStore, type Committed } from "./hive/artifacts/store.ts";
import { Subscribers, type SocketState } from "./hive/subscribers.ts";
import { workerMapper } from "./hive/workspace/symbol-parser.ts";
import { Workspace, type StaleArtifact } from "./hive/workspace/workspace.ts";
import { FirewallStore, type FirewallSetResult } from "./hive/firewall-store.ts";
import type { HiveFirewall } from "../shared/hive/firewall.ts";
import { receive, send } from "./socket.ts";
import { SOCKET_KEY_HEADER, type CommitOutcome } from "../shared/hive/messages.ts";
import { migrate, schemaVersion } from "./storage/migrate.ts";
import {
  listSessions,
  registerSession,
  SessionEntrySchema,
  type SessionEntry,
  type SessionPage,
} from "./hive/session-registry.ts";

export { HIVE_MIGRATIONS };

const log = createLogger("hive");

export interface ChangesPage {
  events: HiveEvent[];
  /** The hive's latest seq when this page was read. */
  head: number;
  /** More events follow: call again with the last event's seq. */
  more: boolean;
}

function invalid(error: z.ZodError, what: string) {
  const issue = error.issues[0];
  const where = issue?.path.join(".") || "(root)";
  return hiveErr(
    "INVALID_REQUEST",
    `invalid ${what} at ${where}: ${issue?.message ?? "invalid"}`,
    "docs/hive.md lists the fields and their limits",
  );
}

/** A commit's answer as a hive.results entry (a refusal keeps its code, hint and conflict). */
function outcome(committed: HiveResult<Committed>): CommitOutcome {
  if (committed.ok) {
    return { ok: true, result: committed.value.result };
  }
  return {
    ok: false,
    code: committed.code,
    message: committed.message,
    ...(committed.hint === undefined ? {} : { hint: committed.hint }),
    ...(committed.conflict === undefined ? {} : { conflict: committed.conflict }),
  };
}

/** A socket frame's commits: their outcomes in order, answered once all are in. */
interface SocketCall {
  results: CommitOutcome[];
  answer: (results: CommitOutcome[]) => void;
}

/** The outcome of a commit the store did not answer (its group failed). */
function internalOutcome(): CommitOutcome {
  return {
    ok: false,
    code: "INTERNAL",
    message: "the hive failed to commit this group",
    hint: "retry with the same idempotency key; the failure is logged",
  };
}

/** Sends each socket frame's answer once every commit of it has an outcome. */
function answerCalls(
  group: ReadonlyArray<{ call?: SocketCall }>,
  outcomeAt: (index: number) => CommitOutcome,
): void {
  const counts = new Map<SocketCall, number>();
  for (const g of group) {
    if (g.call !== undefined) {
      counts.set(g.call, (counts.get(g.call) ?? 0) + 1);
    }
  }
  group.forEach((g, i) => {
    const call = g.call;
    if (call === undefined) {
      return;
    }
    call.results.push(outcomeAt(i));
    if (call.results.length === counts.get(call)) {
      try {
        call.answer(call.results);
      } catch (error) {
        // The socket is closing or gone: its client resends with the same keys.
        log.debug("commit.answer.dropped", describeError(error));
      }
    }
  });
}

/** One write as a commit; anything that is not an object fails the commit's validation. */
function single(op: "put" | "retract" | "supersede", request: unknown): CommitRequestIn {
  if (typeof request !== "object" || request === null) {
    return { idempotencyKey: "", writes: [] };
  }
  const { idempotencyKey, ...write } = request as { idempotencyKey?: unknown };
  return { idempotencyKey, writes: [{ ...write, op }] } as CommitRequestIn;
}

export class Hive extends Server<Env> {
  static override options = { hibernate: true };
  readonly #store: HiveStore;
  readonly #subscribers: Subscribers;
  readonly #mirror: Mirror;
  readonly #pending: Array<{
    request: CommitRequest;
    resolve: (result: HiveResult<Committed>) => void;
    reject: (error: unknown) => void;
    /** The socket frame this commit came in, answered by the drain itself. */
    call?: SocketCall;
  }> = [];
  readonly #workspace: Workspace;
  readonly #refs: RefStore;
  readonly #firewall: FirewallStore;
  #opens = 0;
  /** Sockets partyserver already turned into Connections (see webSocketMessage). */
  readonly #wrapped = new WeakSet<WebSocket>();
  readonly #memory: MemoryService;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, HIVE_MIGRATIONS);
    this.#store = new HiveStore(ctx.storage);
    this.#refs = new RefStore(ctx.storage);
    this.#subscribers = new Subscribers(this.#store, () => this.getConnections<SocketState>());
    this.#mirror = new Mirror(ctx.storage, this.#store, env.JOBS, env.DB);
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
    const nonce = "nonce" in message && message.nonce !== undefined ? { nonce: message.nonce } : {};
    switch (message.type) {
      case "sys.ping":
        send(connection, { type: "sys.pong", at: Date.now(), ...nonce });
        return;
      case "hive.ping":
        send(connection, { type: "hive.pong", at: Date.now(), ...nonce });
        return;
      case "hive.subscribe":
        this.#subscribers.subscribe(connection, message.since);
        return;
      case "hive.ack":
        this.#subscribers.ack(connection, message.seq);
        return;
      case "hive.unsubscribe":
        this.#subscribers.unsubscribe(connection);
        return;
      case "hive.commit": {
        // receive() already validated the frame's commit against CommitRequestSchema.
        const id = message.id;
        await this.#enqueue([message.commit], {
          results: [],
          answer: ([committed]) => {
            const result: CommitOutcome = committed ?? internalOutcome();
            if (result.ok) {
              send(connection, { type: "hive.committed", id, result: result.result });
            } else {
              const { code, message: text, hint, conflict } = result;
              send(connection, {
                type: "hive.rejected",
                id,
                code,
                message: text,
                ...(hint === undefined ? {} : { hint }),
                ...(conflict === undefined ? {} : { conflict }),
              });
            }
          },
        });
        return;
      }
      case "hive.commits": {
        // One group: one storage transaction, one answer frame, one fan-out.
        const id = message.id;
        await this.#enqueue(message.commits, {
          results: [],
          answer: (results) => send(connection, { type: "hive.results", id, results }),
        });
        return;
      }
      default: {
        const unreachable: never = message;
        return unreachable;
      }
    }
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
    const [committed] = await this.#enqueue([parsed.data]);
    if (committed === undefined) {
      throw new Error("a commit group returned no result for its commit");
    }
    return committed.ok ? ok(committed.value.result) : committed;
  }

  /**
   * Commits wait one timer turn so that commits arriving concurrently share one
   * storage transaction (see HiveStore.commitGroup); each keeps its own result.
   * Every caller arms its own timer: a timer belongs to the event that set it,
   * so no commit depends on another caller's event staying alive.
   */
  #enqueue(
    requests: readonly CommitRequest[],
    call?: SocketCall,
  ): Promise<Array<HiveResult<Committed>>> {
    const all = requests.map(
      (request) =>
        new Promise<HiveResult<Committed>>((resolve, reject) => {
          this.#pending.push({ request, resolve, reject, ...(call === undefined ? {} : { call }) });
        }),
    );
    setTimeout(() => this.#drain(), 0);
    return Promise.all(all);
  }

  /**
   * Commits everything waiting as one group. A socket frame's answer is sent
   * here, by the event that drains, not by the frame's own event after it
   * resumes: under load workerd was seen to drop the continuations of frames
   * whose group another event drained (their answers never left, and writers
   * waited forever), so nothing a client waits for depends on them.
   */
  #drain(): void {
    const group = this.#pending.splice(0);
    if (group.length === 0) {
      return;
    }
    let results: Array<HiveResult<Committed>>;
    try {
      results = this.#store.commitGroup(
        group.map((g) => g.request),
        Date.now(),
      );
    } catch (error) {
      log.error("commit.group.failed", describeError(error));
      answerCalls(group, () => internalOutcome());
      for (const g of group) {
        g.reject(error);
      }
      return;
    }
    const events = results.flatMap((r) => (r.ok ? r.value.events : []));
    if (events.length > 0) {
      this.#subscribers.publish(events);
      this.#mirror.schedule().catch((error: unknown) => {
        // The events are committed; an unarmed alarm only delays the D1 mirror
        // until the next commit arms it again.
        log.error("mirror.schedule.failed", describeError(error));
      });
    }
    answerCalls(group, (i) => {
      const result = results[i];
      return result === undefined ? internalOutcome() : outcome(result);
    });
    group.forEach((g, i) => {
      const result = results[i];
      if (result) {
        g.resolve(result);
      }
    });
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

  /** Closes the sockets opened with a revoked key (the admin route calls this at the revoke). */
  closeKeySockets(keyId: string): number {
    return this.#subscribers.closeKey(keyId);
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
        mirroredSeq: this.#mirror.mirroredSeq,
        confirmedSeq: this.#mirror.confirmedSeq,
      },
    };
  }
}
