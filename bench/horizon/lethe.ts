// The long-horizon bench's Lethe agent (bench/horizon.ts): a real AgentSession on
// the booted cluster, persona "monitor" in strict mode, driven by its own agent
// loop (create, start, poll until it ends), over the gateway's HTTP routes only.
import type { Api } from "../../scripts/lib/api.ts";

/** Poll interval for the session's state: a step takes tens of milliseconds. */
const POLL_MS = 250;

export async function writeFiles(
  api: Api,
  hive: string,
  files: Record<string, string>,
  message: string,
): Promise<void> {
  await api.call("POST", `/v1/hives/${hive}/workspace/files`, {
    files: Object.entries(files).map(([path, content]) => ({ path, content })),
    message,
  });
}

export interface LetheRun {
  id: string;
  status: string;
  summary: string;
  steps: number;
  /** Trace events by kind (tool, refused, model_error, autofix/*, ...). */
  events: Record<string, number>;
  /** Tool steps whose tool failed. */
  toolErrors: number;
  /** Moves the gatekeeper did not allow: `step tool: verdict rule`. */
  refusals: string[];
  elapsedMs: number;
}

interface TraceEvent {
  ord: number;
  step: number;
  kind: string;
  data: Record<string, unknown>;
}

export async function runLethe(
  api: Api,
  config: { hive: string; mission: string; stepBudget: number; deadlineMs: number },
): Promise<LetheRun> {
  const started = Date.now();
  const created = await api.call("POST", "/v1/sessions", {
    hive: config.hive,
    mission: config.mission,
    persona: "monitor",
    mode: "strict",
    agent: "horizon",
    stepBudget: config.stepBudget,
  });
  const id = String(created.id);
  await api.call("POST", `/v1/sessions/${id}/start`);
  let state: { status: string; step: number; outcome: { summary?: string } | null };
  for (;;) {
    state = (await api.call("GET", `/v1/sessions/${id}/state`)) as typeof state;
    if (state.status !== "running") {
      break;
    }
    if (Date.now() - started > config.deadlineMs) {
      throw new Error(`the Lethe session ${id} was still running after ${config.deadlineMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const elapsedMs = Date.now() - started;
  const events: Record<string, number> = {};
  let toolErrors = 0;
  const refusals: string[] = [];
  for (let after = 0; ;) {
    const page = (await api.call("GET", `/v1/sessions/${id}/trace?after=${after}&limit=1000`))
      .events as TraceEvent[];
    for (const event of page) {
      events[event.kind] = (events[event.kind] ?? 0) + 1;
      if (event.kind === "tool" && event.data.error === true) {
        toolErrors++;
      }
      if (event.kind === "refused") {
        refusals.push(
          `step ${event.step} ${String(event.data.tool)}: ${String(event.data.verdict)} ${JSON.stringify(event.data.rule ?? "")}`.trim(),
        );
      }
      after = event.ord;
    }
    if (page.length === 0) {
      break;
    }
  }
  return {
    id,
    status: state.status,
    summary: state.outcome?.summary ?? "",
    steps: state.step,
    events,
    toolErrors,
    refusals,
    elapsedMs,
  };
}

export interface TranscriptTurn {
  step: number;
  role: string;
  content: string;
  /** JSON of { toolCallId?, toolCalls? } when the turn carries them. */
  extra: string | null;
}

/** The session's whole transcript (current branch), oldest first. */
export async function transcript(api: Api, id: string): Promise<TranscriptTurn[]> {
  const turns: TranscriptTurn[] = [];
  for (let after = 0; ;) {
    const page = (await api.call(
      "GET",
      `/v1/sessions/${id}/transcript?after=${after}&limit=500`,
    )) as { turns: TranscriptTurn[]; next: number | null };
    turns.push(...page.turns);
    if (page.next === null) {
      return turns;
    }
    after = page.next;
  }
}

/** A call as `tool target` (its path or key), to match answers with committed steps. */
export function callLabel(tool: string, args: Record<string, unknown>): string {
  return `${tool} ${String(args.path ?? args.key ?? "")}`.trim();
}

/** The tool calls the session committed, in order, as callLabel()s. */
export function committedCalls(turns: readonly TranscriptTurn[]): string[] {
  return turns.flatMap((turn) => {
    if (turn.role !== "assistant" || turn.extra === null) {
      return [];
    }
    const extra = JSON.parse(turn.extra) as {
      toolCalls?: Array<{ function: { name: string; arguments: string } }>;
    };
    return (extra.toolCalls ?? []).map((call) =>
      callLabel(call.function.name, JSON.parse(call.function.arguments) as Record<string, unknown>),
    );
  });
}
