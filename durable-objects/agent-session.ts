// AgentSession: one Durable Object per agent run. Holds everything the agent is
// and was (config, L1, transcript, references, checkpoints, trace) in SQLite and
// serves its watchers over hibernating WebSockets. Every method is typed RPC.
import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import type { CompactionErrorCode } from "../shared/compress/compaction.ts";
import type { ComponentHealth } from "../shared/health.ts";
import type { ServerMessage } from "../shared/protocol.ts";
import { err, ok, type Result } from "../shared/base/result.ts";
import type { CheckpointDiff, CheckpointManifest } from "../shared/session/checkpoint.ts";
import type { SessionConfig } from "../shared/session/config.ts";
import type { SessionStateView } from "../shared/session/messages.ts";
import type { SessionState, SubmitStep } from "../shared/session/step.ts";
import type { Answer, ControlErrorCode } from "../shared/session/control.ts";
import { applyCompaction } from "./session/apply-compaction.ts";
import type { CheckpointSummary } from "./session/checkpoint-store.ts";
import {
  diffOf,
  envelopeAt,
  manifestOf,
  refContent,
  sessionMissing,
  stateAt,
  transcriptPage,
  type SessionReader,
} from "./session/checkpoint-reads.ts";
import { readHistory, stateView, type EnvelopeView } from "./session/envelope-view.ts";
import { exportCheckpoint, forkOf, readThroughOrigin, type ForkExport } from "./session/fork.ts";
import { SESSION_MIGRATIONS } from "./session/migrations.ts";
import {
  answerMission,
  pauseMission,
  rollbackMission,
  runMissionAlarm,
  startMission,
} from "./session/step/mission.ts";
import { sessionProxy, type SessionProxy } from "./session/proxy-rpc.ts";
import { StepQuarantine } from "./session/quarantine.ts";
import type { SessionErrorCode } from "./session/session-errors.ts";
import { SessionStore, type ForkOrigin } from "./session/session-store.ts";
import { runStep, type StepResult } from "./session/step/commit-step.ts";
import type { AgentStepHost } from "./session/step/context.ts";
import type { Turn } from "./session/transcript-store.ts";
import { greetWatcher, handleWatcherMessage } from "./session/watchers.ts";
import { retainSession, storageFigures } from "./session/retention.ts";
import { send } from "./sockets/socket.ts";
import { closeKeySockets, rememberSocketKey } from "./socket-keys.ts";
import { migrate, schemaVersion } from "./storage/migrate.ts";

export type { StepResult };

export class AgentSession extends Server<Env> {
  static override options = { hibernate: true };
  readonly #store: SessionStore;
  readonly #quarantine: StepQuarantine;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, SESSION_MIGRATIONS);
    this.#store = new SessionStore(ctx.storage);
    this.#quarantine = new StepQuarantine(ctx.storage.sql);
  }

  #missing(): Result<never, "NOT_FOUND"> {
    return sessionMissing(this.name);
  }

  #reader(): SessionReader {
    return { store: this.#store, name: this.name, text: (hash) => this.#text(hash) };
  }

  /** Creates the session and its genesis checkpoint; a second call is refused. */
  async init(config: SessionConfig): Promise<Result<SessionConfig, "SESSION_EXISTS">> {
    if (this.#store.config() !== null) {
      return err(
        "SESSION_EXISTS",
        `session ${this.name} already exists`,
        "create a new session id",
      );
    }
    this.#store.create(config);
    return ok(config);
  }

  /** The session's configuration, or NOT_FOUND when it was never created. */
  async describe(): Promise<
    Result<{ id: string; config: SessionConfig; origin: ForkOrigin | null }, "NOT_FOUND">
  > {
    const config = this.#store.config();
    if (config === null) {
      return this.#missing();
    }
    return ok({ id: this.name, config, origin: this.#store.origin() });
  }

  /** What a watcher sees: step, head, L1 usage and pages, transcript length. */
  async view(): Promise<Result<SessionStateView, "NOT_FOUND">> {
    return this.#store.config() === null ? this.#missing() : ok(this.#view(this.#store.state()));
  }

  /** The full state at the head (L1 pages with their content). */
  async state(): Promise<Result<SessionState, "NOT_FOUND">> {
    return this.#store.config() === null ? this.#missing() : ok(this.#store.state());
  }

  #view(state: SessionState): SessionStateView {
    return stateView(this.name, this.#store, state);
  }

  /** Commits one step (see session/step/commit-step.ts): all of it or, on refusal, nothing. */
  async step(input: SubmitStep): Promise<Result<StepResult, SessionErrorCode>> {
    const config = this.#store.config();
    if (config === null) {
      return this.#missing();
    }
    return runStep(this.#host(), config, input);
  }

  #host(): AgentStepHost {
    return {
      store: this.#store,
      ctx: this.ctx,
      env: this.env,
      name: this.name,
      text: (hash: string) => this.#text(hash),
      history: () => readHistory(this.#store, (hash) => this.#text(hash)),
      broadcast: (message: ServerMessage) => this.#broadcast(message),
      retain: () => {
        this.retain();
      },
    };
  }

  /** Starts the mission: steps run one per alarm until it finishes, halts or pauses. */
  async start(): Promise<Result<SessionStateView, SessionErrorCode | ControlErrorCode>> {
    const config = this.#store.config();
    if (config === null) {
      return this.#missing();
    }
    const started = await startMission(this.#host(), config);
    return started.ok ? ok(this.#view(this.#store.state())) : started;
  }

  /** Pauses a running mission after its current step. */
  async pause(): Promise<Result<SessionStateView, SessionErrorCode | ControlErrorCode>> {
    if (this.#store.config() === null) {
      return this.#missing();
    }
    const paused = pauseMission(this.#host());
    return paused.ok ? ok(this.#view(this.#store.state())) : paused;
  }

  /** A person's answer to the pending question or decision; the mission resumes. */
  async answer(
    input: Answer,
  ): Promise<Result<SessionStateView, SessionErrorCode | ControlErrorCode>> {
    const config = this.#store.config();
    if (config === null) {
      return this.#missing();
    }
    const answered = await answerMission(this.#host(), config, input);
    return answered.ok ? ok(this.#view(this.#store.state())) : answered;
  }

  /** One durable step per alarm; a crash re-runs the step from the last commit. */
  override async onAlarm(): Promise<void> {
    const config = this.#store.config();
    if (config === null) {
      return;
    }
    await runMissionAlarm(this.#host(), config, this.#quarantine, (answer) => this.answer(answer));
  }

  /**
   * The envelope the next model call gets, or (with `step`) the one the model got
   * after that step (session/checkpoint-reads.ts).
   */
  async envelope(
    step?: number,
  ): Promise<Result<EnvelopeView, "NOT_FOUND" | "CHECKPOINT_NOT_FOUND">> {
    const config = this.#store.config();
    return config === null ? this.#missing() : envelopeAt(this.#reader(), config, step);
  }

  /** A labelled checkpoint of the state as it is now. */
  async checkpoint(label: string): Promise<Result<CheckpointManifest, "NOT_FOUND">> {
    if (this.#store.config() === null) {
      return this.#missing();
    }
    const manifest = this.#store.label(label);
    this.#broadcast({ type: "session.checkpointed", id: manifest.id, step: manifest.step, label });
    return ok(manifest);
  }

  /** Brings L1, the envelope's sections and the transcript position back to a checkpoint. */
  async rollback(
    idOrLabel: string,
  ): Promise<Result<CheckpointManifest, "NOT_FOUND" | "CHECKPOINT_NOT_FOUND" | "RESTORE_FAILED">> {
    const config = this.#store.config();
    if (config === null) {
      return this.#missing();
    }
    return rollbackMission(this.#host(), config, idOrLabel);
  }

  /** The current branch, newest first. */
  async timeline(limit = 100): Promise<Result<CheckpointSummary[], "NOT_FOUND">> {
    const head = this.#store.head();
    return head === null ? this.#missing() : ok(this.#store.checkpoints.chain(head, limit));
  }

  /** Every checkpoint (all branches), newest first, paged by insertion order. */
  async checkpoints(
    before = Number.MAX_SAFE_INTEGER,
    limit = 100,
  ): Promise<Result<CheckpointSummary[], "NOT_FOUND">> {
    return this.#store.config() === null
      ? this.#missing()
      : ok(this.#store.checkpoints.list(before, Math.min(limit, 1_000)));
  }

  async manifest(
    idOrLabel: string,
  ): Promise<Result<CheckpointManifest, "NOT_FOUND" | "CHECKPOINT_NOT_FOUND">> {
    return this.#store.config() === null
      ? this.#missing()
      : manifestOf(this.#store, this.name, idOrLabel);
  }

  async diff(
    a: string,
    b: string,
  ): Promise<Result<CheckpointDiff, "NOT_FOUND" | "CHECKPOINT_NOT_FOUND">> {
    return this.#store.config() === null ? this.#missing() : diffOf(this.#store, this.name, a, b);
  }

  /** "What did this agent know at step N": L1 and the hive sequence it had seen. */
  async asOf(
    step: number,
  ): Promise<
    Result<
      { checkpoint: string; state: SessionState; transcriptLength: number },
      "NOT_FOUND" | "CHECKPOINT_NOT_FOUND"
    >
  > {
    return stateAt(this.#reader(), step);
  }

  /** A page of the transcript (current branch), oldest first, after turn `after`. */
  async transcript(
    after = 0,
    limit = 50,
  ): Promise<Result<{ turns: Turn[]; next: number | null }, "NOT_FOUND">> {
    return this.#store.config() === null
      ? this.#missing()
      : ok(await transcriptPage(this.#reader(), after, limit));
  }

  /**
   * The compaction the current branch shows: its summary and the depth of the last
   * turn it covers (null before the first). The compressor's next compaction carries
   * its bullets and summarises only the turns after it.
   */
  async currentCompaction(): Promise<
    Result<{ summary: string; depth: number } | null, "NOT_FOUND">
  > {
    const entry = this.#store.config() === null ? undefined : this.#store.compactionOn();
    return entry === undefined
      ? this.#missing()
      : ok(entry === null ? null : { summary: entry.summary, depth: entry.depth });
  }

  /** The content behind `ref:<key>`, only if this session (or its fork origin) holds it. */
  async resolveRef(
    ref: string,
  ): Promise<
    Result<{ ref: string; kind: string; step: number; content: string }, SessionErrorCode>
  > {
    return this.#store.config() === null ? this.#missing() : refContent(this.#reader(), ref);
  }

  /** Stores a background compaction (the compressor's job; session/apply-compaction.ts). */
  async applyCompaction(
    input: unknown,
    /** From the compressor's job: its id, and the seq of the last turn it summarised. */
    delivery?: { job: string; seq: number },
  ): Promise<Result<{ step: number; summaryRef: string }, "NOT_FOUND" | CompactionErrorCode>> {
    return this.#store.config() === null
      ? this.#missing()
      : applyCompaction({ ...this.#reader(), ctx: this.ctx }, input, delivery);
  }

  /** Trace events after `after` (not named `trace`: that is a reserved handler name). */
  async traceEvents(after = 0, limit = 100) {
    return this.#store.trace.after(after, Math.min(limit, 1_000));
  }

  /** The same page as a Result: NOT_FOUND for a session never created (the HTTP routes). */
  async tracePage(after = 0, limit = 100) {
    const rows = this.#store.trace.after(after, Math.min(limit, 1_000));
    // A proxy conversation has no loop config but keeps its call spans in the trace.
    return this.#store.config() === null && after === 0 && rows.length === 0
      ? this.#missing()
      : ok(rows);
  }

  /** Content by hash: local, else through the fork origin (copy-on-write reads). */
  async readBlob(hash: string): Promise<string | null> {
    return this.#text(hash);
  }

  async #text(hash: string): Promise<string | null> {
    return readThroughOrigin(this.env, this.#store, hash);
  }

  /** Called on the origin by a new fork: pins the checkpoint and exports what the child copies. */
  async exportFork(
    idOrLabel: string,
  ): Promise<Result<ForkExport, "NOT_FOUND" | "CHECKPOINT_NOT_FOUND" | "FORK_TOO_DEEP">> {
    return this.#store.config() === null
      ? this.#missing()
      : exportCheckpoint(this.#store, this.name, idOrLabel);
  }

  /** Makes this (new) session a fork of `origin` at one of its checkpoints. */
  async forkFrom(
    origin: string,
    idOrLabel: string,
  ): Promise<Result<CheckpointManifest, SessionErrorCode>> {
    return forkOf(this.env, this.#store, this.name, origin, idOrLabel);
  }

  /** Applies the retention policy; never removes what the head, a fork or a ref needs. */
  retain() {
    return retainSession(this.ctx.storage, this.#store);
  }

  /** Storage figures (for the checkpoint benchmark). */
  async storageStats() {
    return this.#store.config() === null
      ? this.#missing()
      : ok(storageFigures(this.ctx.storage, this.#store));
  }

  #broadcast(message: ServerMessage): void {
    for (const connection of this.getConnections()) {
      send(connection, message);
    }
  }

  /** Closes the sockets opened with a revoked hive key (the admin revoke route); returns how many. */
  closeKeySockets(keyId: string): number {
    return closeKeySockets(this.getConnections(), keyId);
  }

  override onConnect(connection: Connection, ctx: ConnectionContext): void {
    rememberSocketKey(connection, ctx.request);
    greetWatcher(
      connection,
      this.name,
      this.#store.config() === null ? null : this.#store.state(),
      (state) => this.#view(state),
    );
  }

  override async onMessage(connection: Connection, raw: WSMessage): Promise<void> {
    await handleWatcherMessage(connection, raw, {
      view: () => this.view(),
      checkpoint: (label) => this.checkpoint(label),
      rollback: (checkpoint) => this.rollback(checkpoint),
      answer: (answer) => this.answer(answer),
    });
  }

  #proxy: SessionProxy | undefined;
  /**
   * The context-managing proxy's side of this session (workers/gateway/proxy) as an
   * RPC target (session/proxy-rpc.ts): `stub.proxy().plan(hive, input)`, one round trip.
   */
  proxy(): SessionProxy {
    this.#proxy ??= sessionProxy(this.ctx.storage, this.#store);
    return this.#proxy;
  }

  /** Health as seen from inside the object: schema version and live sockets. */
  async health(): Promise<ComponentHealth> {
    return {
      component: "AgentSession",
      ok: true,
      detail: {
        schemaVersion: schemaVersion(this.ctx.storage),
        sqliteBytes: this.ctx.storage.sql.databaseSize,
        sockets: this.ctx.getWebSockets().length,
      },
    };
  }
}
