// `lethe run --mission "..." DIR`: uploads DIR as the hive's workspace, creates
// and starts a session, prints one line per step until the mission ends (or the
// deadline passes), then the outcome and where the trace is. See docs/cli.md.
import path from "node:path";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { encodeScript, MAX_SCRIPT_ENTRIES, ScriptSchema } from "../../shared/model/script.ts";
import PartySocket from "partysocket";
import { PRESET_NAMES } from "../../shared/governance/presets.ts";
import { HIVE_NAME_PATTERN } from "../../shared/hive/name.ts";
import { L1ModeSchema, type L1Mode } from "../../shared/context/page.ts";
import { CliError, type CliContext } from "./context.ts";
import { PlainWebSocket } from "../../packages/client/follow.ts";
import { trimRun } from "../../shared/base/text-edges.ts";
import { createHiveKey } from "./hive.ts";
import { outcomeFailure, RUN_EXIT } from "./run-outcome.ts";
import { scanDirectory } from "./run-scan.ts";
import { formatStep, stepAction, stepTokens } from "./run-step-line.ts";
import {
  describeState,
  getState,
  getTrace,
  getView,
  sessionApi,
  type SessionApi,
  type SessionStateBody,
  type TraceRow,
} from "./sessions.ts";
import { cliCall, clientFor } from "./client.ts";
import { batches } from "./workspace.ts";

/** Default deadline: the local model finishes in seconds; a real one in a few minutes. */
export const DEFAULT_TIMEOUT_SECONDS = 900;
/** Between trace polls when the session socket is quiet (it wakes the poll on each step). */
const POLL_MS = 400;
/** The gateway's page size for /trace (its default limit). */
const TRACE_PAGE = 100;

export interface RunOptions {
  mission: string;
  dir: string;
  hive: string;
  mode?: L1Mode;
  persona?: string;
  stepBudget?: number;
  l1Tokens?: number;
  /** Exact answers for the offline model, encoded for the session config (--script FILE). */
  script?: string;
  timeoutMs: number;
}

const USAGE =
  'usage: lethe run --mission "..." [--hive H] [--mode strict|elastic] [--persona P] [--budget N] [--l1 TOKENS] [--timeout SECONDS] [--script ANSWERS.json] DIR';

function intOption(raw: string | undefined, name: string, min: number, max: number) {
  if (raw === undefined) {
    return undefined;
  }
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new CliError(`--${name} must be a whole number from ${min} to ${max}`, USAGE);
  }
  return value;
}

/** The hive a directory runs in when --hive is not given: its name, made a valid hive name. */
export function defaultHive(dir: string): string {
  const base = trimRun(
    path
      .basename(path.resolve(dir))
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, "-"),
    "-",
  ).slice(0, 63);
  return HIVE_NAME_PATTERN.test(base) ? base : "lethe-run";
}

export function parseRunArgs(args: string[]): RunOptions {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      mission: { type: "string", short: "m" },
      hive: { type: "string" },
      mode: { type: "string" },
      persona: { type: "string" },
      budget: { type: "string" },
      l1: { type: "string" },
      timeout: { type: "string" },
      script: { type: "string" },
    },
  });
  const [dir] = positionals;
  if (dir === undefined || positionals.length !== 1) {
    throw new CliError(USAGE, "name exactly one directory to work on");
  }
  if (!values.mission?.trim()) {
    throw new CliError("lethe run needs --mission", 'for example --mission "Fix the failing test"');
  }
  const mode = values.mode === undefined ? undefined : L1ModeSchema.safeParse(values.mode);
  if (mode !== undefined && !mode.success) {
    throw new CliError(
      `unknown mode "${values.mode}"`,
      `--mode is ${L1ModeSchema.options.join(" or ")}`,
    );
  }
  if (values.persona !== undefined && !PRESET_NAMES.includes(values.persona)) {
    throw new CliError(
      `unknown persona "${values.persona}"`,
      `personas: ${PRESET_NAMES.join(", ")}`,
    );
  }
  const hive = values.hive ?? defaultHive(dir);
  if (!HIVE_NAME_PATTERN.test(hive)) {
    throw new CliError(
      `bad hive name "${hive}"`,
      "hive names are lowercase letters, digits and dashes",
    );
  }
  const stepBudget = intOption(values.budget, "budget", 1, 1_000);
  const l1Tokens = intOption(values.l1, "l1", 64, 200_000);
  const timeout = intOption(values.timeout, "timeout", 1, 86_400) ?? DEFAULT_TIMEOUT_SECONDS;
  const script = values.script === undefined ? undefined : readScript(values.script);
  return {
    mission: values.mission.trim(),
    dir,
    hive,
    ...(mode === undefined ? {} : { mode: mode.data }),
    ...(values.persona === undefined ? {} : { persona: values.persona }),
    ...(stepBudget === undefined ? {} : { stepBudget }),
    ...(l1Tokens === undefined ? {} : { l1Tokens }),
    ...(script === undefined ? {} : { script }),
    timeoutMs: timeout * 1_000,
  };
}

/**
 * A JSON file of exact answers for the offline model (each a string, {content},
 * {tool_calls}, {error} or {empty_choices}), checked against the script schema and
 * encoded as the session config's `script`: reproducible runs of one's own missions.
 */
export function readScript(file: string): string {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new CliError(
      `cannot read the script ${file}: ${error instanceof Error ? error.message : String(error)}`,
      "--script names a JSON file holding an array of model answers",
    );
  }
  const parsed = ScriptSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CliError(
      `the script ${file} is not a list of model answers: ${issue?.path.join(".") ?? ""} ${issue?.message ?? ""}`.trim(),
      `an array of 1 to ${MAX_SCRIPT_ENTRIES} answers: "text", {"content": "..."}, {"tool_calls": [{"name": "...", "arguments": {...}}]}`,
    );
  }
  return encodeScript(parsed.data);
}

/** A hive key: --key / LETHE_KEY, or one minted with the admin token (printed once). */
async function resolveKey(ctx: CliContext, hive: string): Promise<string> {
  try {
    return ctx.requireKey();
  } catch {
    // No key given: fall back to the admin token below.
  }
  let admin: string;
  try {
    admin = ctx.requireAdminToken();
  } catch {
    throw new CliError(
      "lethe run needs a hive key or the admin token",
      "set LETHE_KEY or pass --key; or set LETHE_ADMIN_TOKEN to create a key for the hive",
    );
  }
  const created = await createHiveKey(ctx.url, admin, hive, "lethe-run");
  ctx.out(`created a key for hive ${hive} (shown once, reuse it with --key or LETHE_KEY):`);
  ctx.out(`  LETHE_KEY=${created.key}`);
  return created.key;
}

/** Subscribes to the session socket: per-step L1 figures, and a wake-up for the poller. */
function watchSteps(url: string, api: SessionApi, id: string, wake: () => void) {
  const l1 = new Map<number, { used: number; capacity: number }>();
  const target = new URL(url);
  const socket = new PartySocket({
    host: target.host,
    protocol: target.protocol === "https:" ? "wss" : "ws",
    party: "agent-session",
    room: id,
    query: { key: api.key },
    WebSocket: PlainWebSocket,
    maxRetries: 5,
  });
  socket.addEventListener("message", (event: MessageEvent) => {
    let message: { type?: unknown; step?: unknown; l1?: { used: number; capacity: number } };
    try {
      message = JSON.parse(String(event.data)) as typeof message;
    } catch {
      // Not a protocol frame: the poller reads the trace anyway.
      return;
    }
    if (message.type === "session.step" && typeof message.step === "number" && message.l1) {
      l1.set(message.step, message.l1);
      wake();
    }
  });
  // Socket trouble only costs the per-step L1 figures: polling carries on.
  socket.addEventListener("error", () => undefined);
  return { l1, close: () => socket.close() };
}

/** L1 as the step's checkpoint left it (pages' tokens over capacity), or null when unreadable. */
export async function l1AsOf(
  api: SessionApi,
  id: string,
  step: number,
): Promise<{ used: number; capacity: number } | null> {
  try {
    const body = (await api.call("GET", `/${encodeURIComponent(id)}/as-of/${step}`)) as {
      state?: { pager?: { pages?: Array<{ tokens?: unknown }>; capacity?: unknown } };
    };
    const pager = body.state?.pager;
    if (pager === undefined || typeof pager.capacity !== "number") {
      return null;
    }
    const used = (pager.pages ?? []).reduce(
      (n, p) => n + (typeof p.tokens === "number" ? p.tokens : 0),
      0,
    );
    return { used, capacity: pager.capacity };
  } catch {
    // No checkpoint for that step (a refused move commits none): the line says "L1 ?".
    return null;
  }
}

const TERMINAL = new Set(["finished", "halted", "paused"]);

/** Prints step lines until the session stops or the deadline passes; returns its state. */
async function follow(
  ctx: CliContext,
  api: SessionApi,
  id: string,
  budget: number,
  deadline: number,
): Promise<SessionStateBody> {
  let wakeUp: (() => void) | null = null;
  const wake = () => wakeUp?.();
  const socket = watchSteps(ctx.url, api, id, wake);
  let after = 0;
  const pending = new Map<number, TraceRow[]>();
  // Each line prints its own step's L1: from the socket's step frame, else from
  // the step's checkpoint (`/as-of/:step`), never the session's current figures.
  const flush = async () => {
    for (const [step, events] of [...pending].sort((a, b) => a[0] - b[0])) {
      const l1 = socket.l1.get(step) ?? (await l1AsOf(api, id, step));
      ctx.out(formatStep(step, budget, stepAction(events), l1, stepTokens(events)));
      pending.delete(step);
    }
  };
  try {
    for (;;) {
      const { view } = await getView(api, id);
      let page: TraceRow[];
      do {
        page = await getTrace(api, id, after);
        for (const e of page) {
          after = e.ord;
          pending.set(e.step, [...(pending.get(e.step) ?? []), e]);
        }
      } while (page.length >= TRACE_PAGE);
      // A step's events are committed together, so a short page ends on a whole step.
      await flush();
      if (TERMINAL.has(view.status)) {
        return await getState(api, id);
      }
      if (Date.now() > deadline) {
        throw new CliError(
          `no result from session ${id} before the deadline (it is still ${view.status})`,
          `follow it with \`lethe status ${id}\`, or pass a longer --timeout`,
          RUN_EXIT.deadline,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  } finally {
    socket.close();
  }
}

export async function runCommand(args: string[], ctx: CliContext): Promise<void> {
  const options = parseRunArgs(args);
  const scan = scanDirectory(options.dir);
  const key = await resolveKey(ctx, options.hive);
  const keyed: CliContext = { ...ctx, requireKey: () => key };

  for (const s of scan.skipped) {
    ctx.out(`skipped ${s}`);
  }
  const workspace = clientFor(keyed).workspace(options.hive);
  for (const batch of batches(scan.files)) {
    await cliCall("upload", "docs/workspace.md", () =>
      workspace.writeFiles({ files: batch, message: `lethe run ${options.dir}` }),
    );
  }
  ctx.out(`uploaded ${scan.files.length} files (${scan.bytes} bytes) to hive ${options.hive}`);

  const api = sessionApi(ctx.url, key);
  const created = (await api.call("POST", "", {
    hive: options.hive,
    mission: options.mission,
    ...(options.mode ? { mode: options.mode } : {}),
    ...(options.persona ? { persona: options.persona } : {}),
    ...(options.stepBudget ? { stepBudget: options.stepBudget } : {}),
    ...(options.l1Tokens ? { l1Tokens: options.l1Tokens } : {}),
    ...(options.script ? { script: options.script } : {}),
  })) as { id: string; config: { stepBudget: number; l1Tokens: number } };
  const id = created.id;
  ctx.out(
    `session ${id} (budget ${created.config.stepBudget} steps, L1 ${created.config.l1Tokens} tokens)`,
  );
  await api.call("POST", `/${id}/start`);

  await awaitOutcome(ctx, api, id, created.config.stepBudget, options.timeoutMs);
}

/**
 * Follows a started session to its end, prints the outcome and where the trace
 * is; a CliError for any mission not achieved, a pause and the deadline, each with
 * its exit status (RUN_EXIT).
 */
export async function awaitOutcome(
  ctx: CliContext,
  api: SessionApi,
  id: string,
  budget: number,
  timeoutMs: number,
): Promise<void> {
  const state = await follow(ctx, api, id, budget, Date.now() + timeoutMs);
  for (const line of describeState(id, state)) {
    ctx.out(line);
  }
  ctx.out(`trace: GET ${ctx.url}/v1/sessions/${id}/trace   (session ${id})`);
  const failure = outcomeFailure(id, state);
  if (failure !== null) {
    throw failure;
  }
}
