// The capability scenarios' harness: the project's shared cluster (a cluster of the
// file's own against a real model), hives with fixture files, missions run by the real agent loop, and everything a scenario
// asserts read back over the public HTTP API (L1 at every step, moves and their
// results, artifacts, files, trace). The model is the local endpoint (its generic
// policy, or answers scripted in the test) unless LETHE_SCENARIO_MODEL_BASE_URL
// points the cluster at a real OpenAI-compatible model: then scripts are not sent,
// Lethe's invariants are still asserted, and each mission's outcome is reported.
import { afterAll, beforeAll } from "vitest";
import type { Cluster } from "../../../harness/dev-server.ts";
import { startCluster } from "../../../harness/dev-server.ts";
import { encodeScript, type ScriptEntry } from "../../../shared/model/script.ts";
import type { SessionConfigInput } from "../../../shared/session/config.ts";
import { E2E_ADMIN_TOKEN, hiveClient, sharedCluster, type SharedCluster } from "../helpers.ts";
import { scriptValueLeaks, type ScriptValueLeak } from "./script-check.ts";
import { tempDir } from "../../fixtures/temp-dirs.ts";

/** Which model the scenarios run against (see README "Capability scenarios"). */
export interface ScenarioTarget {
  kind: "local" | "external";
  /** Cluster vars that point the driver at the model. */
  vars: Record<string, string>;
  label: string;
}

export function scenarioTarget(env: NodeJS.ProcessEnv): ScenarioTarget {
  const baseURL = env.LETHE_SCENARIO_MODEL_BASE_URL?.trim();
  if (!baseURL) {
    return { kind: "local", vars: {}, label: "local endpoint (deterministic policy and scripts)" };
  }
  const vars: Record<string, string> = { LETHE_MODEL_BASE_URL: baseURL };
  if (env.LETHE_SCENARIO_MODEL_API_KEY) {
    vars.LETHE_MODEL_API_KEY = env.LETHE_SCENARIO_MODEL_API_KEY;
  }
  if (env.LETHE_SCENARIO_MODEL) {
    vars.LETHE_MODEL = env.LETHE_SCENARIO_MODEL;
  }
  return { kind: "external", vars, label: `${vars.LETHE_MODEL ?? "default model"} at ${baseURL}` };
}

export const TARGET = scenarioTarget(process.env);
export const OFFLINE = TARGET.kind === "local";

/** A mission waits at most this long for its loop (a real model is slower than the local one). */
const MISSION_TIMEOUT_MS = OFFLINE ? 90_000 : 600_000;

const reports: Array<{ scenario: string; outcome: string }> = [];
afterAll(() => {
  if (!OFFLINE && reports.length > 0) {
    // The report is the point of a run against a real model: printed, not asserted.
    process.stdout.write(
      `\nScenario outcomes on ${TARGET.label}:\n${reports.map((r) => `  ${r.scenario}: ${r.outcome}`).join("\n")}\n`,
    );
  }
});

/**
 * The mission's outcome: asserted on the local model (whose moves are known), and
 * reported, not asserted, on a real model (whose moves are its own).
 */
export async function outcome(scenario: string, check: () => void | Promise<void>) {
  if (OFFLINE) {
    await check();
    return;
  }
  try {
    await check();
    reports.push({ scenario, outcome: "achieved" });
  } catch (error) {
    reports.push({
      scenario,
      outcome: `not achieved: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
    });
  }
}

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

export interface ScenarioCluster {
  cluster: SharedCluster;
  /** A new hive named `name` plus this file's run suffix, so runs on one cluster never meet. */
  hive(name: string, files?: Record<string, string>): Promise<HiveHandle>;
}

/** Tells this file's hives apart from another run's of the same scenario on the same cluster. */
const RUN = Math.random().toString(36).slice(2, 8);

/**
 * The cluster of a scenario file (in beforeAll): the project's shared one on the local
 * model; against a real model (LETHE_SCENARIO_MODEL_BASE_URL), one of the file's own on
 * `port` (0: a free one).
 */
export function scenarioCluster(port: number, label: string): () => ScenarioCluster {
  let cluster: SharedCluster | undefined;
  let own: Cluster | undefined;
  beforeAll(async () => {
    if (OFFLINE) {
      cluster = await sharedCluster();
      return;
    }
    own = await startCluster({
      port,
      persistTo: tempDir(label),
      vars: { LETHE_ADMIN_TOKEN: E2E_ADMIN_TOKEN, ...TARGET.vars },
    });
    cluster = own;
  });
  afterAll(async () => {
    await own?.stop();
  });
  return () => {
    const up = cluster;
    if (up === undefined) {
      throw new Error("the scenario cluster is not up");
    }
    return { cluster: up, hive: (name, files) => openHive(up, `${name}-${RUN}`, files) };
  };
}

/** A hive on a running cluster (the shared one, or one the caller booted with its own vars). */
export async function openHive(
  cluster: { url: string },
  name: string,
  files: Record<string, string> = {},
): Promise<HiveHandle> {
  const { key, call } = await hiveClient(cluster, name);
  const auth = { authorization: `Bearer ${key}` };
  const handle: HiveHandle = {
    name,
    key,
    call,
    async write(more, message = "fixture") {
      const written = await call("POST", `/v1/hives/${name}/workspace/files`, {
        files: Object.entries(more).map(([path, content]) => ({ path, content })),
        message,
      });
      if (written.status !== 201) {
        throw new Error(`workspace write failed: ${JSON.stringify(written.body)}`);
      }
    },
    async file(path, version) {
      const response = await fetch(
        `${cluster.url}/v1/hives/${name}/workspace/file?path=${encodeURIComponent(path)}${version === undefined ? "" : `&version=${version}`}`,
        { headers: auth },
      );
      return response.status === 200 ? await response.text() : null;
    },
    async artifact(artifactKey, version) {
      const got = await call(
        "GET",
        `/v1/hives/${name}/artifacts/${artifactKey}${version === undefined ? "" : `?version=${version}`}`,
      );
      return got.status === 200 ? (got.body as unknown as ArtifactBody) : null;
    },
    async create(config) {
      const { script, hostileValues = [], handsAnswer, ...rest } = config;

      const created = await call("POST", "/v1/sessions", {
        hive: name,
        ...rest,
        ...(OFFLINE && script !== undefined ? { script: encodeScript(script) } : {}),
      });
      if (created.status !== 201) {
        throw new Error(`session refused: ${JSON.stringify(created.body)}`);
      }
      if (OFFLINE && script !== undefined) {
        scripts.set(String(created.body.id), { script, hostileValues, handsAnswer });
      }
      return String(created.body.id);
    },
    async start(id) {
      const started = await call("POST", `/v1/sessions/${id}/start`);
      if (started.status !== 200) {
        throw new Error(`start refused: ${JSON.stringify(started.body)}`);
      }
      const run = await waitForStop(handle, id);
      const scripted = scripts.get(id);
      if (scripted !== undefined) {
        const leaks = (
          await scriptValueLeaks(scripted.script, (i, calls) => promptOf(handle, run, i, calls))
        ).filter((l) => !scripted.hostileValues.some((h) => h.includes(l.value)));
        if (leaks.length > 0 && scripted.handsAnswer === undefined) {
          throw new ScriptLeakError(leaks);
        }
        if (leaks.length > 0) {
          process.stdout.write(
            `\n[script hands the answer: ${scripted.handsAnswer}] ${leaks.map((l) => l.value).join(", ")}\n`,
          );
        }
      }
      return run;
    },
    async run(config) {
      return handle.start(await handle.create(config));
    },
    read: (id) => readRun(handle, id),
  };
  if (Object.keys(files).length > 0) {
    await handle.write(files);
  }
  return handle;
}

/** The script each offline session was created with, by session id. */
const scripts = new Map<
  string,
  { script: ScriptEntry[]; hostileValues: string[]; handsAnswer: string | undefined }
>();

/** A scenario whose script carried a value the model was never shown. */
export class ScriptLeakError extends Error {
  readonly code = "SCRIPT_VALUE_NOT_IN_PROMPT";
  readonly leaks: ScriptValueLeak[];
  constructor(leaks: ScriptValueLeak[]) {
    super(leaks.map((l) => l.message).join("\n"));
    this.leaks = leaks;
  }
}

function allStrings(value: unknown): string[] {
  if (typeof value === "string") {
    return [value];
  }
  if (Array.isArray(value)) {
    return value.flatMap(allStrings);
  }
  if (value !== null && typeof value === "object") {
    return Object.values(value as Record<string, unknown>).flatMap(allStrings);
  }
  return [];
}

async function envelopeText(hive: HiveHandle, id: string, step: number): Promise<string | null> {
  const envelope = await hive.call("GET", `/v1/sessions/${id}/envelope?step=${step}`);
  return envelope.status === 200 ? allStrings(envelope.body).join("\n") : null;
}

/**
 * The prompt the model received for the i-th scripted tool call: the envelope
 * after the step before its move. When a rollback left fewer moves on the branch
 * than the script has calls, the i-th call cannot be placed: every prompt of the
 * branch up to its last step counts (weaker, and only for branched runs).
 */
async function promptOf(
  hive: HiveHandle,
  run: MissionRun,
  i: number,
  calls: number,
): Promise<string | null> {
  if (run.moves.length === calls) {
    const move = run.moves[i];
    return move === undefined ? null : envelopeText(hive, run.id, move.step - 1);
  }
  const texts: string[] = [];
  for (let step = 0; step < run.state.step; step++) {
    texts.push((await envelopeText(hive, run.id, step)) ?? "");
  }
  return texts.join("\n");
}

async function waitForStop(hive: HiveHandle, id: string): Promise<MissionRun> {
  const deadline = Date.now() + MISSION_TIMEOUT_MS;
  for (;;) {
    const state = await hive.call("GET", `/v1/sessions/${id}/state`);
    if (state.status !== 200) {
      throw new Error(`state unreadable: ${JSON.stringify(state.body)}`);
    }
    if (state.body.status !== "running") {
      return readRun(hive, id);
    }
    if (Date.now() > deadline) {
      throw new Error(`mission ${id} still running after ${MISSION_TIMEOUT_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function readRun(hive: HiveHandle, id: string): Promise<MissionRun> {
  const state = (await hive.call("GET", `/v1/sessions/${id}/state`)).body as SessionStateBody;
  const steps: StepView[] = [];
  for (let step = 1; step <= state.step; step++) {
    const past = await hive.call("GET", `/v1/sessions/${id}/as-of/${step}`);
    if (past.status !== 200) {
      continue; // a step number a rollback skipped has no checkpoint on this branch
    }
    const s = past.body.state as SessionStateBody;
    steps.push({
      step,
      status: s.status,
      pages: s.pager.pages,
      prefetched: s.pager.prefetched.map((p) => p.id),
      evicted: s.pager.evicted.map((e) => e.id),
      used: s.pager.pages.reduce((n, p) => n + p.tokens, 0),
      capacity: s.pager.capacity,
      mode: s.pager.mode,
      persona: s.persona,
    });
  }
  const turns: MissionRun["turns"] = [];
  const moves: MoveView[] = [];
  let after = 0;
  for (;;) {
    const page = (await hive.call("GET", `/v1/sessions/${id}/transcript?after=${after}&limit=500`))
      .body as {
      turns: Array<{ role: string; step: number; content: string; extra: string | null }>;
      next: number | null;
    };
    for (const turn of page.turns) {
      turns.push({ role: turn.role, step: turn.step, content: turn.content });
      const extra = turn.extra === null ? {} : (JSON.parse(turn.extra) as Record<string, unknown>);
      const calls = extra.toolCalls as
        | Array<{ function: { name: string; arguments: string } }>
        | undefined;
      if (turn.role === "assistant" && calls?.[0] !== undefined) {
        let args: Record<string, unknown> = {};
        try {
          args = JSON.parse(calls[0].function.arguments) as Record<string, unknown>;
        } catch {
          // A malformed call stays visible as empty arguments; its output says why.
        }
        moves.push({ step: turn.step, tool: calls[0].function.name, args, output: "" });
      } else if (turn.role === "tool" && moves.length > 0) {
        const last = moves[moves.length - 1];
        if (last && last.output === "") {
          last.output = turn.content;
        }
      }
    }
    if (page.next === null) {
      break;
    }
    after = page.next;
  }
  const trace: TraceEvent[] = [];
  let ord = 0;
  for (;;) {
    const page = (await hive.call("GET", `/v1/sessions/${id}/trace?after=${ord}&limit=1000`))
      .body as { events: TraceEvent[] };
    trace.push(...page.events);
    if (page.events.length < 1000) {
      break;
    }
    ord = page.events.at(-1)?.ord ?? ord;
  }
  if (process.env.LETHE_SCENARIO_DEBUG) {
    // A debugging aid for scenario authors: the mission as the model and Lethe played it.
    process.stderr.write(
      `\n[${id}] ${state.status} ${JSON.stringify(state.outcome)}\n${turns.map((t) => `  ${t.step} ${t.role}: ${t.content.slice(0, 300).replace(/\n/g, " | ")}`).join("\n")}\n`,
    );
  }
  return { id, state, steps, moves, trace, turns };
}

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

export type { ScriptEntry };
