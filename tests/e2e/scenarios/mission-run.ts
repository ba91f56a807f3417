// A mission's run as a scenario reads it back over the HTTP API (L1 at every step,
// moves, trace, turns), the hive handle and session config scenarios drive, and the
// queries over a run (Lethe's invariants, moves of a tool, pages by step).
// Re-exported by harness.ts.
import type { ScriptEntry } from "../../../shared/model/script.ts";
import type { SessionConfigInput } from "../../../shared/session/config.ts";

export interface PageView {
  id: string;
  kind: string;
  tokens: number;
  pinned: boolean;
  sourceRef: string;
  content: string;
}

export interface StepView {
  step: number;
  status: string;
  pages: PageView[];
  prefetched: string[];
  evicted: string[];
  used: number;
  capacity: number;
  mode: string;
  persona: string;
}

export interface MoveView {
  step: number;
  tool: string;
  args: Record<string, unknown>;
  /** The tool's result as the model saw it (after the output gate). */
  output: string;
}

export interface TraceEvent {
  ord: number;
  step: number;
  kind: string;
  data: Record<string, unknown>;
}

export interface SessionStateBody {
  step: number;
  status: string;
  persona: string;
  outcome: { status: string; summary: string; reason?: string } | null;
  pending: { kind: string; question: string } | null;
  written: string[];
  pager: {
    capacity: number;
    mode: string;
    pages: PageView[];
    prefetched: PageView[];
    evicted: Array<{ id: string; ref: string }>;
  };
  gatekeeper: { activeSkills: string[] };
  [key: string]: unknown;
}

/** An artifact as the hive's HTTP API returns it. */
export interface ArtifactBody {
  identifier: string;
  version: number;
  kind: string;
  value: unknown;
  summary: string;
  tags: string[];
  provenance: {
    session: string;
    agent: string;
    step: number;
    source: string;
    contentHash?: string;
  };
}

export interface MissionRun {
  id: string;
  state: SessionStateBody;
  steps: StepView[];
  moves: MoveView[];
  trace: TraceEvent[];
  /** Every turn of the branch (role, step, content). */
  turns: Array<{ role: string; step: number; content: string }>;
}

export interface HiveHandle {
  name: string;
  key: string;
  call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  write(files: Record<string, string>, message?: string): Promise<void>;
  /** A file's text at the head or at a workspace version; null when it does not exist. */
  file(path: string, version?: number): Promise<string | null>;
  /** The active artifact (or a version of it); null when there is none. */
  artifact(key: string, version?: number): Promise<ArtifactBody | null>;
  /** Creates a session (scripts are sent only to the local model) and returns its id. */
  create(config: ScenarioConfig): Promise<string>;
  /** Starts a created session and waits until it stops running. */
  start(id: string): Promise<MissionRun>;
  /** create + start. */
  run(config: ScenarioConfig): Promise<MissionRun>;
  /** Everything about a session as it is now. */
  read(id: string): Promise<MissionRun>;
}

export type ScenarioConfig = Omit<SessionConfigInput, "hive" | "script"> & {
  script?: ScriptEntry[];
  /**
   * Values the script carries on purpose as a hostile model's output (a secret it
   * should never have seen): exempt from the script check, named in the scenario.
   */
  hostileValues?: string[];
  /**
   * Debt, not an exemption: the script still hands the model a value its prompt
   * never showed (named here). The leak is printed and counted instead of failing;
   * remove this once the scenario runs on the policy or its script stops handing.
   */
  handsAnswer?: string;
};

/**
 * Lethe's invariants, asserted whatever the model did: L1 never over its budget,
 * and in strict mode never more than one unpinned file (or past-version) page.
 */
export function invariantViolations(run: MissionRun): string[] {
  const found: string[] = [];
  for (const s of run.steps) {
    if (s.used > s.capacity) {
      found.push(`step ${s.step}: L1 holds ${s.used} tokens, over its ${s.capacity}`);
    }
    const files = s.pages.filter((p) => p.kind === "file" && !p.pinned);
    if (s.mode === "strict" && files.length > 1) {
      found.push(`step ${s.step}: strict L1 holds ${files.map((p) => p.id).join(" and ")}`);
    }
  }
  return found;
}

export function movesOf(run: MissionRun, tool: string): MoveView[] {
  return run.moves.filter((m) => m.tool === tool);
}

/** The L1 page ids at every step, for "never together" assertions. */
export function pageIdsByStep(run: MissionRun): string[][] {
  return run.steps.map((s) => s.pages.map((p) => p.id));
}
