// CLI commands for one session: `status`, `checkpoints`, `rollback`, `fork` and
// `answer`, plus the session HTTP client `lethe run` (run.ts) drives a mission with.
// Every failure is a CliError: one line with what to do.
import { parseArgs } from "node:util";
import { Lethe, LetheError } from "../../packages/client/lethe.ts";
import type { CheckpointManifest } from "../../shared/session/checkpoint.ts";
import type { SessionStateView } from "../../shared/session/messages.ts";
import type { PendingHuman, SessionStatus } from "../../shared/session/step.ts";
import type { MissionOutcome } from "../../shared/governance/mission-outcome.ts";
import { CliError, type CliContext } from "./context.ts";

/** What the CLI reads of GET /v1/sessions/:id/state. */
export interface SessionStateBody {
  step: number;
  status: SessionStatus;
  outcome: MissionOutcome | null;
  pending: PendingHuman | null;
}

export interface CheckpointRow {
  id: string;
  parent: string | null;
  step: number;
  label: string | null;
  at: number;
}

export interface TraceRow {
  ord: number;
  step: number;
  kind: string;
  data: Record<string, unknown>;
  at: number;
}

/** One request's limit: every session route answers in milliseconds; a hung gateway must not hang the CLI. */
const REQUEST_TIMEOUT_MS = 30_000;

export interface SessionApi {
  key: string;
  call(method: "GET" | "POST", route: string, body?: unknown): Promise<unknown>;
}

/** A client for /v1/sessions with `key`; `route` is appended to /v1/sessions. */
export function sessionApi(url: string, key: string): SessionApi {
  const client = new Lethe({ url, key, timeoutMs: REQUEST_TIMEOUT_MS });
  return {
    key,
    async call(method, route, body) {
      try {
        return await client.request(method, `/v1/sessions${route}`, body);
      } catch (error) {
        if (!(error instanceof LetheError)) {
          throw error;
        }
        if (error.status === undefined) {
          throw new CliError(error.message, error.hint);
        }
        if (error.code === "NOT_FOUND" && route.startsWith("/")) {
          throw new CliError(
            `no session ${route.split("/")[1] ?? ""} on ${url}`,
            "use the id `lethe run` printed (session ids start with s-)",
          );
        }
        throw new CliError(
          error.code.startsWith("HTTP_")
            ? `HTTP ${error.status} from ${url}`
            : `${error.code}: ${error.message}`,
          error.code.startsWith("HTTP_") ? "is --url a Lethe gateway?" : error.hint,
        );
      }
    },
  };
}

export async function getState(api: SessionApi, id: string): Promise<SessionStateBody> {
  return (await api.call("GET", `/${encodeURIComponent(id)}/state`)) as SessionStateBody;
}

export async function getView(
  api: SessionApi,
  id: string,
): Promise<{ config: { stepBudget: number; hive: string }; view: SessionStateView }> {
  return (await api.call("GET", `/${encodeURIComponent(id)}`)) as {
    config: { stepBudget: number; hive: string };
    view: SessionStateView;
  };
}

export async function getTrace(api: SessionApi, id: string, after: number): Promise<TraceRow[]> {
  const body = (await api.call("GET", `/${encodeURIComponent(id)}/trace?after=${after}`)) as {
    events: TraceRow[];
  };
  return body.events;
}

/** The line telling a person how to resume a paused session. */
export function answerHint(id: string, pending: PendingHuman | null): string {
  return pending?.kind === "decision"
    ? `lethe answer ${id} --approve   (or --deny)`
    : `lethe answer ${id} "<your answer>"`;
}

/** One line per fact of a session's state (for `lethe status` and after `run`). */
export function describeState(id: string, state: SessionStateBody): string[] {
  const lines = [`session ${id}: ${state.status} at step ${state.step}`];
  if (state.outcome) {
    lines.push(`outcome: ${state.outcome.status}: ${state.outcome.summary}`);
    if (state.outcome.reason && state.outcome.reason !== state.outcome.summary) {
      lines.push(`reason: ${state.outcome.reason}`);
    }
    if (state.outcome.next) {
      lines.push(`next: ${state.outcome.next}`);
    }
  }
  if (state.status === "paused" && state.pending) {
    lines.push(`waiting for: ${state.pending.question}`);
    if (state.pending.options?.length) {
      lines.push(`options: ${state.pending.options.join(" | ")}`);
    }
    lines.push(`answer with: ${answerHint(id, state.pending)}`);
  }
  return lines;
}

function positionalsOf(
  args: string[],
  count: number,
  usage: string,
  hint: string,
  options: Record<string, { type: "boolean" }> = {},
): { positionals: string[]; values: Record<string, boolean | undefined> } {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options });
  if (positionals.length !== count) {
    throw new CliError(`usage: ${usage}`, hint);
  }
  return { positionals, values: values as Record<string, boolean | undefined> };
}

export async function statusCommand(args: string[], ctx: CliContext): Promise<void> {
  const [id = ""] = positionalsOf(
    args,
    1,
    "lethe status <session>",
    "pass the session id",
  ).positionals;
  const api = sessionApi(ctx.url, ctx.requireKey());
  const [state, described] = await Promise.all([getState(api, id), getView(api, id)]);
  for (const line of describeState(id, state)) {
    ctx.out(line);
  }
  const l1 = described.view.l1;
  ctx.out(
    `budget ${state.step}/${described.config.stepBudget} steps, L1 ${l1.used}/${l1.capacity} tokens in ${l1.pages.length} pages`,
  );
  ctx.out(`trace: GET ${ctx.url}/v1/sessions/${id}/trace`);
}

export async function checkpointsCommand(args: string[], ctx: CliContext): Promise<void> {
  const [id = ""] = positionalsOf(
    args,
    1,
    "lethe checkpoints <session>",
    "pass the session id",
  ).positionals;
  const api = sessionApi(ctx.url, ctx.requireKey());
  const body = (await api.call("GET", `/${encodeURIComponent(id)}/checkpoints`)) as {
    checkpoints: CheckpointRow[];
  };
  if (body.checkpoints.length === 0) {
    ctx.out(`session ${id} has no checkpoints yet`);
    return;
  }
  for (const c of body.checkpoints) {
    ctx.out(
      `${c.id}  step ${c.step}${c.label ? `  [${c.label}]` : ""}  ${new Date(c.at).toISOString()}`,
    );
  }
}

export async function rollbackCommand(args: string[], ctx: CliContext): Promise<void> {
  const [id = "", checkpoint = ""] = positionalsOf(
    args,
    2,
    "lethe rollback <session> <checkpoint|label>",
    "list checkpoints with `lethe checkpoints <session>`",
  ).positionals;
  const api = sessionApi(ctx.url, ctx.requireKey());
  const manifest = (await api.call("POST", `/${encodeURIComponent(id)}/rollback`, {
    checkpoint,
  })) as CheckpointManifest;
  ctx.out(`session ${id} rolled back to ${manifest.id} (step ${manifest.step})`);
}

export async function forkCommand(args: string[], ctx: CliContext): Promise<void> {
  const [id = "", checkpoint = ""] = positionalsOf(
    args,
    2,
    "lethe fork <session> <checkpoint|label>",
    "list checkpoints with `lethe checkpoints <session>`",
  ).positionals;
  const api = sessionApi(ctx.url, ctx.requireKey());
  const forked = (await api.call("POST", `/${encodeURIComponent(id)}/fork`, { checkpoint })) as {
    id: string;
    checkpoint: CheckpointManifest;
  };
  ctx.out(`forked ${id} at ${forked.checkpoint.id} (step ${forked.checkpoint.step}):`);
  ctx.out(forked.id);
}

export async function answerCommand(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { approve: { type: "boolean" }, deny: { type: "boolean" } },
  });
  const [id, ...words] = positionals;
  const text = words.join(" ").trim();
  const choices = [values.approve === true, values.deny === true, text !== ""].filter(Boolean);
  if (id === undefined || choices.length !== 1) {
    throw new CliError(
      'usage: lethe answer <session> "<text>" | --approve | --deny',
      "give exactly one: an answer to the question, or a decision",
    );
  }
  const body =
    values.approve === true
      ? { decision: "approve" }
      : values.deny === true
        ? { decision: "deny" }
        : { text };
  const api = sessionApi(ctx.url, ctx.requireKey());
  const view = (await api.call("POST", `/${encodeURIComponent(id)}/answer`, body)) as {
    status: string;
    step: number;
  };
  ctx.out(`session ${id} is ${view.status} again at step ${view.step}`);
}
