// AgentSession: one Durable Object per agent run. Holds everything the agent is
// and was (config, L1, transcript, references, checkpoints, trace) in SQLite and
// serves its watchers over hibernating WebSockets. Every method is typed RPC.
import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import { isRef, keep, refMatches } from "../shared/context/refs.ts";
import {
  parseCompaction,
  staleCompaction,
  type CompactionErrorCode,
} from "../shared/compress/compaction.ts";
import type { ComponentHealth } from "../shared/health.ts";
import { PROTOCOL_VERSION, type ServerMessage } from "../shared/protocol.ts";
import { err, ok, type Result } from "../shared/result.ts";
import {
  diffCheckpoints,
  type CheckpointDiff,
  type CheckpointManifest,
} from "../shared/session/checkpoint.ts";
import type { SessionConfig } from "../shared/session/config.ts";
import type { SessionStateView } from "../shared/session/messages.ts";
import type { SessionState, SubmitStep } from "../shared/session/step.ts";
import type { CheckpointSummary } from "./session/checkpoint-store.ts";
import {
  readHistory,
  renderEnvelope,
  stateView,
  type EnvelopeView,
} from "./session/envelope-view.ts";
import { MAX_FORK_DEPTH, exportFork, type ForkExport } from "./session/fork.ts";
import { SESSION_MIGRATIONS } from "./session/migrations.ts";
import { SessionStore, type ForkOrigin } from "./session/session-store.ts";
import {
  AnswerSchema,
  answerTransition,
  pauseTransition,
  startTransition,
  type Answer,
  type ControlErrorCode,
} from "../shared/session/control.ts";
import { runAgentStep } from "./session/agent-step.ts";
import { workspaceHead } from "./session/step/prepare.ts";
import { rollbackWithFiles } from "./session/restore-files.ts";
import { sessionStewardJob } from "../shared/memory/steward-job.ts";
import { commitDraft, runStep, type StepResult } from "./session/commit-step.ts";
import { StepQuarantine, quarantineOutcome, withinBudget } from "./session/quarantine.ts";
import type { Turn } from "./session/transcript-store.ts";
import { receive, send } from "./socket.ts";
import { closeKeySockets, rememberSocketKey } from "./socket-keys.ts";
import { migrate, schemaVersion } from "./storage/migrate.ts";
import {
  proxyCommit,
  proxyPlan,
  proxyReadRef,
  proxyRecordCall,
  proxySaveArtifact,
  proxyStats,
} from "./session/proxy-rpc.ts";
import { PROXY_CALL_KIND } from "../shared/observe/proxy-span.ts";
import { ProxyStore } from "./session/proxy-store.ts";

export type { StepResult };

/** Pause between steps: lets watchers and other requests in between model calls. */
const STEP_GAP_MS = 10;

export type SessionErrorCode =
  | "NOT_FOUND"
  | "SESSION_EXISTS"
  | "CHECKPOINT_NOT_FOUND"
  | "REF_NOT_FOUND"
  | "INVALID_REF"
  | "INVALID_STEP"
  | "FORK_TOO_DEEP"
  | "PAGER_REFUSED";

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
    return err("NOT_FOUND", `no session ${this.name}`, "POST /v1/sessions creates one");
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
    if (this.#store.config() === null) {
      return this.#missing();
    }
    return ok(this.#view(this.#store.state()));
  }

  /** The full state at the head (L1 pages with their content). */
  async state(): Promise<Result<SessionState, "NOT_FOUND">> {
    return this.#store.config() === null ? this.#missing() : ok(this.#store.state());
  }

  #view(state: SessionState): SessionStateView {
    return stateView(this.name, this.#store, state);
  }

  /** Commits one step (see session/commit-step.ts): all of it or, on refusal, nothing. */
  async step(input: SubmitStep): Promise<Result<StepResult, SessionErrorCode>> {
    const config = this.#store.config();
    if (config === null) {
      return this.#missing();
    }
    return runStep(
      {
        store: this.#store,
        ctx: this.ctx,
        history: () => readHistory(this.#store, (hash) => this.#text(hash)),
        broadcast: (message) => this.#broadcast(message),
        retain: () => this.retain(),
      },
      config,
      input,
    );
  }

  #host() {
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
    const move = startTransition(this.#store.state());
    if (!move.ok) {
      return err(move.code, move.message, move.hint);
    }
    // The workspace version the mission starts from: a rollback to here restores it.
    const head = await workspaceHead({ env: this.env }, config);
    this.#store.control({ ...move.patch, workspaceManifest: head }, move.label);
    await this.ctx.storage.setAlarm(Date.now());
    return ok(this.#view(this.#store.state()));
  }

  /** Pauses a running mission after its current step. */
  async pause(): Promise<Result<SessionStateView, SessionErrorCode | ControlErrorCode>> {
    if (this.#store.config() === null) {
      return this.#missing();
    }
    const move = pauseTransition(this.#store.state());
    if (!move.ok) {
      return err(move.code, move.message, move.hint);
    }
    this.#store.control(move.patch, move.label);
    return ok(this.#view(this.#store.state()));
  }

  /** A person's answer to the pending question or decision; the mission resumes. */
  async answer(
    input: Answer,
  ): Promise<Result<SessionStateView, SessionErrorCode | ControlErrorCode>> {
    const config = this.#store.config();
    if (config === null) {
      return this.#missing();
    }
    const parsed = AnswerSchema.safeParse(input);
    if (!parsed.success) {
      return err(
        "BAD_ANSWER",
        parsed.error.issues[0]?.message ?? "invalid answer",
        'send {"text": "..."} or {"decision": "approve"}',
      );
    }
    const pending = this.#store.state().pending;
    const move = answerTransition(this.#store.state(), parsed.data, Date.now());
    if (!move.ok) {
      return err(move.code, move.message, move.hint);
    }
    const decisionId = pending?.decisionId;
    const committed = await commitDraft(this.#host(), config, {
      turns: move.turn === undefined ? [] : [{ role: "user", content: move.turn }],
      ops: [],
      patch: move.patch,
      trace: [
        {
          kind: "human",
          data: {
            label: move.label,
            ...(decisionId === undefined
              ? {}
              : { decisionId, tool: pending?.tool ?? null, expiresAt: pending?.expiresAt ?? null }),
          },
        },
      ],
    });
    if (!committed.ok) {
      return committed;
    }
    this.#broadcast({
      type: "session.answered",
      label: move.label,
      ...(decisionId === undefined ? {} : { decisionId }),
    });
    await this.ctx.storage.setAlarm(Date.now());
    return ok(this.#view(this.#store.state()));
  }

  /** One durable step per alarm; a crash re-runs the step from the last commit. */
  override async onAlarm(): Promise<void> {
    const config = this.#store.config();
    if (config === null) {
      return;
    }
    const state = this.#store.state();
    if (state.status === "paused" && state.pending?.kind === "decision") {
      // Nobody answered the ASK in time: it counts as denied.
      if (state.pending.expiresAt !== undefined && Date.now() >= state.pending.expiresAt) {
        await this.answer({ decision: "deny" });
      } else if (state.pending.expiresAt !== undefined) {
        await this.ctx.storage.setAlarm(state.pending.expiresAt);
      }
      return;
    }
    // Quarantine (session/quarantine.ts): a step that never completes halts the session.
    const quarantined = this.#quarantine.begin(state.step);
    if (quarantined !== null) {
      this.#store.control(quarantineOutcome(quarantined), "quarantined");
      return;
    }
    const next = await withinBudget(runAgentStep(this.#host(), config)).catch((error: unknown) => {
      this.#quarantine.failed(state.step, error instanceof Error ? error.message : String(error));
      throw error;
    });
    this.#quarantine.done(state.step);
    const after = this.#store.state();
    this.#askPending(after);
    if (state.status === "running" && (after.status === "finished" || after.status === "halted")) {
      // The meta-steward replays the finished session (issue 21); its id is fixed per session.
      // A failed send is not retried here: the production cron's run covers the hive.
      await this.env.JOBS.send(sessionStewardJob(config.hive, this.name, Date.now())).catch(
        () => undefined,
      );
    }
    if (next === "continue") {
      await this.ctx.storage.setAlarm(Date.now() + STEP_GAP_MS);
    } else if (after.status === "paused" && after.pending?.expiresAt !== undefined) {
      await this.ctx.storage.setAlarm(after.pending.expiresAt);
    }
  }

  /** The envelope the next model call would get, with section hashes and the hit rate. */
  /**
   * The envelope the next model call gets, or (with `step`) the one the model got
   * after that step: rebuilt from the checkpoint's state and transcript lineage.
   */
  async envelope(
    step?: number,
  ): Promise<Result<EnvelopeView, "NOT_FOUND" | "CHECKPOINT_NOT_FOUND">> {
    const config = this.#store.config();
    if (config === null) {
      return this.#missing();
    }
    if (step === undefined) {
      const history = await readHistory(this.#store, (hash) => this.#text(hash));
      return ok(await renderEnvelope(config, this.#store.state(), history));
    }
    const head = this.#store.head();
    const summary = head === null ? undefined : this.#store.checkpoints.asOf(head, step);
    const manifest = summary ? this.#store.checkpoints.manifest(summary.id) : undefined;
    if (!manifest) {
      return this.#checkpointMissing(`step ${step}`);
    }
    const history = await readHistory(
      this.#store,
      (hash) => this.#text(hash),
      manifest.transcriptPosition,
    );
    return ok(await renderEnvelope(config, this.#store.stateOf(manifest), history));
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

  #find(idOrLabel: string): CheckpointManifest | undefined {
    return (
      this.#store.checkpoints.manifest(idOrLabel) ??
      this.#store.checkpoints.manifest(this.#store.checkpoints.byLabel(idOrLabel)?.id ?? "")
    );
  }

  #checkpointMissing(idOrLabel: string): Result<never, "CHECKPOINT_NOT_FOUND"> {
    return err(
      "CHECKPOINT_NOT_FOUND",
      `no checkpoint ${JSON.stringify(idOrLabel.slice(0, 80))} in session ${this.name}`,
      "list them with GET /v1/sessions/:id/checkpoints",
    );
  }

  /** Brings L1, the envelope's sections and the transcript position back to a checkpoint. */
  async rollback(
    idOrLabel: string,
  ): Promise<Result<CheckpointManifest, "NOT_FOUND" | "CHECKPOINT_NOT_FOUND" | "RESTORE_FAILED">> {
    const config = this.#store.config();
    if (config === null) {
      return this.#missing();
    }
    const manifest = this.#find(idOrLabel);
    if (!manifest) {
      return this.#checkpointMissing(idOrLabel);
    }
    // Files this session wrote after the checkpoint go back to that moment too.
    const restored = await rollbackWithFiles(
      { store: this.#store },
      this.env.Hive.getByName(config.hive),
      manifest,
      `rollback of ${this.name} to ${manifest.id}`,
    );
    if (!restored.ok) {
      return restored;
    }
    this.#broadcast({ type: "session.rolled_back", to: manifest.id, step: manifest.step });
    return ok(manifest);
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
    if (this.#store.config() === null) {
      return this.#missing();
    }
    return ok(this.#store.checkpoints.list(before, Math.min(limit, 1_000)));
  }

  async manifest(
    idOrLabel: string,
  ): Promise<Result<CheckpointManifest, "NOT_FOUND" | "CHECKPOINT_NOT_FOUND">> {
    if (this.#store.config() === null) {
      return this.#missing();
    }
    const manifest = this.#find(idOrLabel);
    return manifest ? ok(manifest) : this.#checkpointMissing(idOrLabel);
  }

  async diff(
    a: string,
    b: string,
  ): Promise<Result<CheckpointDiff, "NOT_FOUND" | "CHECKPOINT_NOT_FOUND">> {
    const from = await this.manifest(a);
    if (!from.ok) {
      return from;
    }
    const to = await this.manifest(b);
    return to.ok ? ok(diffCheckpoints(from.value, to.value)) : to;
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
    const head = this.#store.head();
    if (head === null) {
      return this.#missing();
    }
    const summary = this.#store.checkpoints.asOf(head, step);
    const manifest = summary ? this.#store.checkpoints.manifest(summary.id) : undefined;
    if (!manifest) {
      return this.#checkpointMissing(`step ${step}`);
    }
    return ok({
      checkpoint: manifest.id,
      state: this.#store.stateOf(manifest),
      transcriptLength: manifest.transcriptLength,
    });
  }

  /** A page of the transcript (current branch), oldest first, after turn `after`. */
  async transcript(
    after = 0,
    limit = 50,
  ): Promise<Result<{ turns: Turn[]; next: number | null }, "NOT_FOUND">> {
    if (this.#store.config() === null) {
      return this.#missing();
    }
    const rows = this.#store.transcript.page(after, Math.min(Math.max(limit, 1), 500));
    const turns: Turn[] = [];
    for (const row of rows) {
      turns.push({ ...row, content: (await this.#text(row.hash)) ?? "" });
    }
    const last = rows.at(-1);
    const more = last !== undefined && last.depth < this.#store.transcript.head().depth;
    return ok({ turns, next: more && last ? last.depth : null });
  }

  /** The content behind `ref:<key>`, only if this session (or its fork origin) holds it. */
  async resolveRef(
    ref: string,
  ): Promise<
    Result<{ ref: string; kind: string; step: number; content: string }, SessionErrorCode>
  > {
    if (this.#store.config() === null) {
      return this.#missing();
    }
    if (!isRef(ref)) {
      return err(
        "INVALID_REF",
        "references look like ref:<32 hex digits>",
        "copy the reference exactly",
      );
    }
    const row = this.#store.ref(ref);
    const content = row ? await this.#text(row.hash) : null;
    if (!row || content === null) {
      return err(
        "REF_NOT_FOUND",
        `session ${this.name} holds no ${ref}`,
        "references are per session",
      );
    }
    return ok({ ref, kind: row.kind, step: row.step, content });
  }

  /**
   * Stores a background compaction (the compressor's `session.compact` job): its
   * kept turn texts and summary behind refs, a `compaction` trace event, and the
   * summary as the history the envelope shows in place of the turns it covers. It
   * is keyed by transcript position (the last summarised turn), not by step: steps
   * taken while it was computed keep it valid. Refused with STALE_COMPACTION, changing
   * nothing, when the session was rolled back before the step it was read at or the
   * branch no longer holds the summarised turns; a second delivery changes nothing.
   */
  async applyCompaction(
    input: unknown,
    /** From the compressor's job: its id, and the seq of the last turn it summarised. */
    delivery?: { job: string; seq: number },
  ): Promise<Result<{ step: number; summaryRef: string }, "NOT_FOUND" | CompactionErrorCode>> {
    if (this.#store.config() === null) {
      return this.#missing();
    }
    const compaction = parseCompaction(input);
    if (!compaction.ok) {
      return compaction;
    }
    const { step } = this.#store.state();
    const { basedOnStep, kept, summary, method, report, citations } = compaction.value;
    const job = delivery?.job;
    const known = this.#store.compactions().find((e) => job !== undefined && e.job === job);
    if (known !== undefined) {
      return ok({ step, summaryRef: known.summaryRef });
    }
    if (step < basedOnStep) {
      return staleCompaction(basedOnStep, step);
    }
    const last = citations.reduce<{ turn: number; ref: string } | null>(
      (max, c) => (max === null || c.turn > max.turn ? c : max),
      null,
    );
    if (last === null) {
      return err(
        "INVALID_COMPACTION",
        "the compaction cites no turn",
        "send a summary with its citations",
      );
    }
    // The branch must still hold the last summarised turn: the very turn the job read
    // (by its seq), or, without one, a turn whose text is the one cited.
    const seq = this.#store.transcript.seqAt(last.turn);
    const row = seq === null ? undefined : this.#store.transcript.row(seq);
    const text = row === undefined ? null : await this.#text(row.hash);
    const same =
      delivery === undefined
        ? text !== null && refMatches(last.ref, text)
        : seq !== null && seq === delivery.seq;
    if (seq === null || !same) {
      return err(
        "STALE_COMPACTION",
        `the branch no longer holds turn ${last.turn} as the compaction read it`,
        "compact again from the current branch; a rolled-back history is never summarised into it",
      );
    }
    const already = this.#store.compactions().find((e) => e.seq === seq);
    if (already !== undefined) {
      return ok({ step, summaryRef: already.summaryRef });
    }
    const summaryKept = keep(summary);
    this.ctx.storage.transactionSync(() => {
      for (const k of kept) {
        this.#store.putRef(k, "compaction", step);
      }
      this.#store.putRef(summaryKept, "summary", step);
      this.#store.addCompaction({
        seq,
        depth: last.turn,
        summary,
        summaryRef: summaryKept.ref,
        basedOnStep,
        job: job ?? null,
        at: Date.now(),
      });
      this.#store.appendTrace(
        step,
        {
          kind: "compaction",
          data: {
            summaryRef: summaryKept.ref,
            basedOnStep,
            method,
            citations,
            report,
            depth: last.turn,
            ...(job === undefined ? {} : { job }),
          },
        },
        Date.now(),
      );
    });
    return ok({ step, summaryRef: summaryKept.ref });
  }

  /** Trace events after `after` (not named `trace`: that is a reserved handler name). */
  async traceEvents(after = 0, limit = 100) {
    return this.#store.traceAfter(after, Math.min(limit, 1_000));
  }

  /** The same page as a Result: NOT_FOUND for a session never created (the HTTP routes). */
  async tracePage(after = 0, limit = 100) {
    const rows = this.#store.traceAfter(after, Math.min(limit, 1_000));
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
    const local = this.#store.blobs.text(hash);
    if (local !== null) {
      return local;
    }
    const origin = this.#store.origin();
    return origin === null ? null : this.env.AgentSession.getByName(origin.session).readBlob(hash);
  }

  /** Called on the origin by a new fork: pins the checkpoint and exports what the child copies. */
  async exportFork(
    idOrLabel: string,
  ): Promise<Result<ForkExport, "NOT_FOUND" | "CHECKPOINT_NOT_FOUND" | "FORK_TOO_DEEP">> {
    if (this.#store.config() === null) {
      return this.#missing();
    }
    const manifest = this.#find(idOrLabel);
    if (!manifest) {
      return this.#checkpointMissing(idOrLabel);
    }
    const depth = (this.#store.origin()?.depth ?? 0) + 1;
    if (depth > MAX_FORK_DEPTH) {
      return err(
        "FORK_TOO_DEEP",
        `a fork ${depth} levels deep exceeds the limit of ${MAX_FORK_DEPTH}`,
        "fork from an earlier session in the chain",
      );
    }
    this.#store.pinForFork(manifest.id);
    return ok(exportFork(this.#store, manifest, this.#store.refRows()));
  }

  /** Makes this (new) session a fork of `origin` at one of its checkpoints. */
  async forkFrom(
    origin: string,
    idOrLabel: string,
  ): Promise<Result<CheckpointManifest, SessionErrorCode>> {
    if (this.#store.config() !== null) {
      return err("SESSION_EXISTS", `session ${this.name} already exists`, "fork into a new id");
    }
    const exported = await this.env.AgentSession.getByName(origin).exportFork(idOrLabel);
    if (!exported.ok) {
      return exported;
    }
    const fork = exported.value;
    return ok(
      this.#store.adoptFork(fork, {
        session: origin,
        checkpoint: fork.manifest.id,
        depth: fork.depth,
      }),
    );
  }

  /** Applies the retention policy; never removes what the head, a fork or a ref needs. */
  retain() {
    const config = this.#store.config();
    const head = this.#store.head();
    if (config === null || head === null) {
      return { removedCheckpoints: 0, removedTurns: 0, removedBlobs: 0 };
    }
    return this.ctx.storage.transactionSync(() =>
      this.#store.checkpoints.applyRetention(
        config.retention,
        new Set([head, ...this.#store.forkPins()]),
        this.#store.transcript,
        this.#store.refHashes(),
      ),
    );
  }

  /** Storage figures (for the checkpoint benchmark). */
  async storageStats() {
    if (this.#store.config() === null) {
      return this.#missing();
    }
    return ok({
      blobBytes: this.#store.blobs.totalBytes(),
      /** Bytes of every row that checkpoints and their restore need (the trace excluded). */
      checkpointBytes: this.#store.checkpointBytes(),
      sqliteBytes: this.ctx.storage.sql.databaseSize,
      checkpoints: this.#store.checkpoints.count(),
    });
  }

  /** A paused session's question goes to every watcher (a firewall ASK with its decision id). */
  #askPending(state: SessionState, to?: Connection): void {
    if (state.status !== "paused" || state.pending === null) {
      return;
    }
    const p = state.pending;
    const message: ServerMessage = {
      type: "session.question",
      kind: p.kind,
      question: p.question,
      ...(p.decisionId === undefined ? {} : { decisionId: p.decisionId }),
      ...(p.tool === undefined ? {} : { tool: p.tool }),
      ...(p.args === undefined ? {} : { args: p.args }),
      ...(p.expiresAt === undefined ? {} : { expiresAt: p.expiresAt }),
    };
    if (to === undefined) {
      this.#broadcast(message);
    } else {
      send(to, message);
    }
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
    send(connection, {
      type: "sys.welcome",
      server: "AgentSession",
      name: this.name,
      protocol: PROTOCOL_VERSION,
    });
    if (this.#store.config() !== null) {
      send(connection, { type: "session.state", state: this.#view(this.#store.state()) });
      this.#askPending(this.#store.state(), connection);
    }
  }

  override async onMessage(connection: Connection, raw: WSMessage): Promise<void> {
    const message = receive(connection, raw, "session");
    if (message === null) {
      return;
    }
    const fail = (r: { code: string; message: string; hint?: string }) =>
      send(connection, {
        type: "sys.error",
        code: r.code,
        message: r.message,
        ...(r.hint === undefined ? {} : { hint: r.hint }),
      });
    switch (message.type) {
      case "sys.ping":
      case "session.ping":
        send(connection, {
          type: message.type === "sys.ping" ? "sys.pong" : "session.pong",
          at: Date.now(),
          ...(message.nonce === undefined ? {} : { nonce: message.nonce }),
        });
        return;
      case "session.get_state": {
        const view = await this.view();
        return view.ok
          ? send(connection, { type: "session.state", state: view.value })
          : fail(view);
      }
      case "session.checkpoint": {
        const made = await this.checkpoint(message.label);
        return made.ok ? undefined : fail(made);
      }
      case "session.rollback": {
        const back = await this.rollback(message.checkpoint);
        return back.ok ? undefined : fail(back);
      }
      case "session.answer": {
        const { type: _type, ...answer } = message;
        const answered = await this.answer(answer);
        return answered.ok ? undefined : fail(answered);
      }
      default: {
        const unreachable: never = message;
        return unreachable;
      }
    }
  }

  /** Health as seen from inside the object: schema version and live sockets. */
  // The context-managing proxy (workers/gateway/proxy): its storage lives in
  // session/proxy-store.ts; these delegate to session/proxy-rpc.ts.
  #proxyStore: ProxyStore | undefined;
  #proxy(): ProxyStore {
    this.#proxyStore ??= new ProxyStore(this.ctx.storage);
    return this.#proxyStore;
  }
  async proxyPlan(hive: string, input: unknown) {
    return proxyPlan(this.#proxy(), hive, this.#store.config()?.hive ?? null, input);
  }
  async proxyCommit(hive: string, input: unknown) {
    return proxyCommit(this.#proxy(), hive, input);
  }
  async proxyReadRef(hive: string, ref: string) {
    return proxyReadRef(this.#proxy(), hive, ref);
  }
  async proxySaveArtifact(hive: string, input: unknown) {
    return proxySaveArtifact(this.#proxy(), hive, input);
  }
  async proxyStats(hive: string) {
    return proxyStats(this.#proxy(), hive);
  }
  /** One proxy call's span, kept in the trace that GET /v1/sessions/:id/spans exports. */
  async proxyRecordCall(hive: string, input: unknown) {
    return proxyRecordCall(this.#proxy(), hive, input, (call) =>
      this.#store.appendTrace(
        this.#store.config() === null ? 0 : this.#store.state().step,
        { kind: PROXY_CALL_KIND, data: { ...call } },
        call.startedAt + call.ms,
      ),
    );
  }

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
