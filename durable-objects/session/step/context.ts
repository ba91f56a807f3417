// The step context: everything one agent step reads, loaded once (state, preset,
// tokenizer, hive view, history, the envelope the model receives) and the narrow
// ports the stages reach out through (sessionHive, the one way to the hive).
// Built by prepare.ts; every stage reads it.
import type { Preset } from "../../../shared/governance/presets.ts";
import type { Driver } from "../../../shared/driver/driver.ts";
import type { Tokenizer } from "../../../shared/context/tokens.ts";
import type { SessionConfig } from "../../../shared/session/config.ts";
import type { TranscriptTurn } from "../../../shared/session/envelope.ts";
import type { SessionState } from "../../../shared/session/step.ts";
import type { Artifact } from "../../../shared/hive/artifact.ts";
import type { EnvelopeView } from "../envelope-view.ts";
import type { StepDraft, StepHost } from "./commit-step.ts";
import type { StepMeter } from "./meter.ts";
import type { PagerOp } from "../../../shared/context/page.ts";
import type { KeptContent } from "../../../shared/context/refs.ts";
import type { Collected } from "../../../shared/session/gc.ts";
import type { OverlayFile } from "../../../shared/session/step.ts";
import type { MissionOutcome } from "../../../shared/governance/mission-outcome.ts";
import type { ToolOutcome } from "../../../shared/tools/tool-ports.ts";

/** What one agent step (runAgentStep and its stages) needs from the AgentSession Durable Object. */
export interface AgentStepHost extends StepHost {
  env: Env;
  name: string;
  text(hash: string): Promise<string | null>;
}

/** Whether another step should follow. */
export type LoopOutcome = "continue" | "stop";

/** The session's hive, as a Durable Object stub. */
export type HiveStub = ReturnType<Env["Hive"]["getByName"]>;

/**
 * The one way the session reaches its hive: prepare.ts builds the step's
 * `ports.hive` with it, and what runs outside a step (rollback, the
 * speculation's commit) calls it; a stage uses `ctx.ports.hive`.
 */
export function sessionHive(host: { env: Env }, config: { hive: string }): HiveStub {
  return host.env.Hive.getByName(config.hive);
}

/** The services a step reaches: one port each, nothing else of the environment. */
export interface StepPorts {
  hive: HiveStub;
  router: Env["ROUTER"];
  gatekeeper: Env["GATEKEEPER"];
  model: Driver;
  /** The jobs queue (background compaction). */
  jobs: Env["JOBS"];
}

/** The hive as this step sees it (prepare.ts syncs it). */
export interface HiveView {
  /** The hive's sync marker (Hive.syncMarker): its head, or the sum of every shard's head. */
  hiveSeqSeen: number;
  meta: string[];
  /** The hive's active artifacts when they changed since the last step, else null. */
  artifacts: Artifact[] | null;
  /** The hive's firewall.yaml, when it has one: every move is admitted through it. */
  firewallText: string | null;
}

export interface StepContext {
  host: AgentStepHost;
  config: SessionConfig;
  ports: StepPorts;
  meter: StepMeter;
  /** Epoch ms when the step began. */
  started: number;
  /** The committed state the step starts from. */
  state: SessionState;
  step: number;
  /** The branch head before the step (auto-fix travels back to it). */
  startHead: string | null;
  preset: Preset;
  tokenizer: Tokenizer;
  hive: HiveView;
  /** The workspace version this step sees: checkpoints point at it. */
  workspaceManifest: string | undefined;
  /** The branch's model-call count after this step's call. */
  modelCalls: number;
  /** Scripted runs (tests, demos): the script and its entry. */
  metadata: Record<string, string> | undefined;
  history: TranscriptTurn[];
  envelope: EnvelopeView;
  /** What the commit reuses: the tokenizer and the received envelope's hashes. */
  received: NonNullable<StepDraft["received"]>;
}

/** What every trace event of a step that called the model carries (model.ts fills it). */
export interface MoveTrace {
  step: number;
  elapsedMs: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  route: string;
  tools: string[];
}

/** A stage's result: its value, or the step's exit (the driver stops there). */
export type Staged<T> = { ok: true; value: T } | { ok: false; exit: StepExit };

/** How a step ends: the draft to commit, and what the loop does next. */
export interface StepExit {
  draft: StepDraft;
  next: LoopOutcome;
  /** After the commit, auto-fix: travel back (to this checkpoint or before this gatekeeper move) and retry. */
  recover?: {
    to: { checkpoint: string } | { beforeMove: number };
    attempt: number;
    tool: string;
    error: string;
  };
}

/** The admit stage's result: the move may run, with these arguments. */
export interface Admitted {
  args: unknown;
  gatekeeper: SessionState["gatekeeper"];
  /** A person approved exactly this move (an answered ASK): it runs once. */
  approvedNow: boolean;
}

/** The tool stage's result: the tool's outcome after the kernel policies. */
export interface Ran {
  outcome: ToolOutcome;
  /** The kernel policy that replaced the outcome, if one did. */
  policy: string | null;
  /** That policy halts the session. */
  policyHalt: boolean;
  /** Whole texts of pages staged as digests, kept under their refs. */
  kept: Array<KeptContent & { kind: string }>;
}

/** The effects stage's result: what the hive, the workspace and GC made of the outcome. */
export interface Effects {
  output: string;
  ops: PagerOp[];
  failed: boolean;
  /** A speculative session's overlay after the step (null: unchanged). */
  overlay: OverlayFile[] | null;
  collected: Collected | null;
  workspaceManifest: string | undefined;
  written: string[];
  /** The outcome of a finish, checked against the evidence (null: no finish or a handoff). */
  vouched: MissionOutcome | null;
  /** The next persona of the strategy when the finish hands over (null: none). */
  handoff: string | null;
}

/** The gate stage's result: what the transcript shows and what is kept by reference. */
export interface Gated {
  content: string;
  kept: Array<KeptContent & { kind: string }>;
  inputRef: string;
  outputRef: string;
}
