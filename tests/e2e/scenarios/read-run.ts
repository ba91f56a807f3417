// Reading a scenario's mission back: waiting for its loop to stop, the whole run
// (state, steps, moves, trace, turns) over the public HTTP API, and the prompt of a
// step for the script check. Used by harness.ts's hive handle.
import type {
  HiveHandle,
  MissionRun,
  MoveView,
  SessionStateBody,
  StepView,
  TraceEvent,
} from "./mission-run.ts";
import { MISSION_TIMEOUT_MS } from "./scenario-target.ts";

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
export async function promptOf(
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

export async function waitForStop(hive: HiveHandle, id: string): Promise<MissionRun> {
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

export async function readRun(hive: HiveHandle, id: string): Promise<MissionRun> {
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
