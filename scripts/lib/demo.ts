// The demo `npm start` runs on the local model: two agents in one hive on the
// bundled sample workspace (demo/workspace). Agent A finds TIMEOUT in one file;
// agent B finds RETRIES in another, takes TIMEOUT from the hive's artifacts
// (never reading A's file), computes the sum with `calculate` and patches the
// code that depends on it. L1 stays under 512 tokens throughout.
import path from "node:path";
import { batches, collectFiles } from "../../cli/commands/workspace.ts";
import { ROOT } from "../../harness/cluster.ts";
import { api, type Api } from "./api.ts";

export const DEMO_HIVE = "demo";
export const DEMO_L1_TOKENS = 512;
const DEMO_DIR = path.join(ROOT, "demo", "workspace");
/** A demo mission that has not ended after this long is reported as stuck. */
const MISSION_DEADLINE_MS = 120_000;

export const DEMO_AGENTS = [
  { agent: "agent-a", mission: "Find TIMEOUT in src/config.ts and save it." },
  {
    agent: "agent-b",
    mission:
      "Find RETRIES in src/retry.ts, save it, compute the sum of timeout and retries and set MAX_WAIT in src/limits.ts to it.",
  },
] as const;

function bar(used: number, capacity: number): string {
  const width = 12;
  const filled = Math.min(width, Math.round((used / Math.max(1, capacity)) * width));
  return `${"█".repeat(filled)}${"░".repeat(width - filled)} ${String(used).padStart(3)}/${capacity}`;
}

interface TraceEvent {
  ord: number;
  step: number;
  kind: string;
  data: Record<string, unknown>;
}

/** Runs one session to its end, printing one line per step. */
async function runAgent(
  client: Api,
  agent: string,
  mission: string,
  log: (line: string) => void,
): Promise<{ id: string; outcome: Record<string, unknown> | null; status: string }> {
  const created = await client.call("POST", "/v1/sessions", {
    hive: DEMO_HIVE,
    agent,
    mission,
    l1Tokens: DEMO_L1_TOKENS,
    stepBudget: 15,
  });
  const id = String(created.id);
  log(`\n${agent}: ${mission}\n  session ${id}`);
  await client.call("POST", `/v1/sessions/${id}/start`);
  let after = 0;
  const deadline = Date.now() + MISSION_DEADLINE_MS;
  for (;;) {
    // The state first, then the trace: every step of an ended mission is printed.
    const state = (await client.call("GET", `/v1/sessions/${id}/state`)) as {
      status: string;
      outcome: Record<string, unknown> | null;
      pending: { question: string } | null;
    };
    const trace = (await client.call("GET", `/v1/sessions/${id}/trace?after=${after}&limit=100`))
      .events as TraceEvent[];
    for (const event of trace) {
      after = event.ord;
      if (event.kind === "tool" || event.kind === "refused" || event.kind === "model_error") {
        const view = (await client.call("GET", `/v1/sessions/${id}/as-of/${event.step}`)) as {
          state: { pager: { pages: Array<{ tokens: number }>; capacity: number } };
        };
        const used = view.state.pager.pages.reduce((n, p) => n + p.tokens, 0);
        const tool = String(event.data.tool ?? event.kind);
        const tokens =
          Number(event.data.promptTokens ?? 0) + Number(event.data.completionTokens ?? 0);
        log(
          `  step ${String(event.step).padStart(2)}/15  ${tool.padEnd(14)} L1 ${bar(used, view.state.pager.capacity)}  ${tokens} tokens${event.kind === "tool" ? "" : `  (${event.kind})`}`,
        );
      }
    }
    if (state.status !== "running" && trace.length === 0) {
      if (state.pending) {
        log(`  paused: ${state.pending.question}`);
      }
      return { id, outcome: state.outcome, status: state.status };
    }
    if (Date.now() > deadline) {
      throw new Error(`${agent}'s mission did not end within ${MISSION_DEADLINE_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Uploads the sample workspace, runs both agents, and returns what they produced. */
export async function runDemo(url: string, key: string, log: (line: string) => void) {
  const client = api(url, key);
  const skipped: string[] = [];
  const files = collectFiles(DEMO_DIR, skipped);
  for (const batch of batches(files)) {
    await client.call("POST", `/v1/hives/${DEMO_HIVE}/workspace/files`, {
      files: batch,
      message: "demo workspace",
    });
  }
  log(`demo: uploaded ${files.length} files of demo/workspace into hive "${DEMO_HIVE}"`);
  const sessions = [];
  for (const { agent, mission } of DEMO_AGENTS) {
    const ran = await runAgent(client, agent, mission, log);
    const summary = String(ran.outcome?.summary ?? "").replace(/\s*\n\s*/g, " ");
    log(`  ${agent} ${ran.status}: ${String(ran.outcome?.status ?? "")} — ${summary}`);
    sessions.push(ran);
  }
  const artifacts = (await client.call("GET", `/v1/hives/${DEMO_HIVE}/artifacts`))
    .artifacts as Array<{
    identifier: string;
    value: unknown;
    version: number;
    provenance: { agent: string; source: string };
  }>;
  const file = await fetch(
    `${url}/v1/hives/${DEMO_HIVE}/workspace/file?path=${encodeURIComponent("src/limits.ts")}`,
    { headers: { authorization: `Bearer ${key}` } },
  );
  return { sessions, artifacts, limits: await file.text() };
}
