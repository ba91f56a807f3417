// `npm run bench:proxy`: a seeded, tool-heavy conversation (≥ 300 tool calls,
// bench/proxy/workload.ts) run in one process through Lethe's context-managing
// proxy and through fair client-side baselines (bench/proxy/arms.ts), every arm
// against the same test upstream playing one scripted policy (bench/proxy/policy.ts).
// Measured on the request bodies the upstream received: in-prompt recall of the
// current value of every key at calls 100/200/300, stale-as-current, and every
// upstream token of every call (save rounds, ref reads, the cluster's own model
// calls), each arm's ratio to last-8 truncation; PASS/MISSED per acceptance row.
// BENCH_PROXY_SEEDS (default 2027,3301: seeds nobody tuned against) and
// BENCH_PROXY_CALLS (default 300) change the run.
import { rmSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadTokenizer, type Tokenizer } from "../shared/context/tokens.ts";
import type { ChatMessage } from "../shared/context/messages.ts";
import { Lethe } from "../packages/client/lethe.ts";
import { newAdminToken } from "../harness/admin.ts";
import { startCluster } from "../harness/dev-server.ts";
import { startTestUpstream, type UpstreamRequest } from "../harness/proxy-upstream.ts";
import { benchPolicy, SAVE_NOTE_TOOL } from "./proxy/policy.ts";
import {
  lastKArm,
  notesArm,
  SAVE_NOTE_SCHEMA,
  summaryArm,
  windowArm,
  type ClientArm,
} from "./proxy/arms.ts";
import { FACT_KEYS, workload, type Planted } from "./proxy/workload.ts";

const SEEDS = (process.env.BENCH_PROXY_SEEDS ?? "2027,3301").split(",").map(Number);
const CALLS = Number(process.env.BENCH_PROXY_CALLS ?? 300);
const CHECKPOINTS = [Math.floor(CALLS / 3), Math.floor((2 * CALLS) / 3), CALLS];
const CLIENT_TOOLS = [
  "read_file",
  "run_tests",
  "search",
  "list_dir",
  "grep_logs",
  "git_diff",
  "query_settings",
];
const TOOL_SCHEMAS = CLIENT_TOOLS.map((name) => ({
  type: "function" as const,
  function: {
    name,
    description: `${name} on a target`,
    parameters: { type: "object", properties: { target: { type: "string" } } },
  },
}));
/** Save rounds per client call before the bench stops an arm's loop. */
const MAX_ROUNDS = 4;

interface Tally {
  name: string;
  requests: number;
  tokens: number;
  saves: number;
  refReads: number;
  compressorCalls: number;
  compressorTokens: number;
  recall: { call: number; current: number; inPrompt: number; stale: number }[];
  ms: number[];
}

function tally(name: string): Tally {
  return {
    name,
    requests: 0,
    tokens: 0,
    saves: 0,
    refReads: 0,
    compressorCalls: 0,
    compressorTokens: 0,
    recall: [],
    ms: [],
  };
}

function promptText(request: UpstreamRequest): string {
  return request.messages
    .map((m) =>
      [m.content ?? "", ...(m.tool_calls ?? []).map((c) => c.function.arguments)].join("\n"),
    )
    .join("\n");
}

/** Current values shown, and keys whose older value is shown without the current one. */
function recallOf(request: UpstreamRequest, planted: readonly Planted[], call: number) {
  const text = promptText(request);
  const sofar = planted.filter((p) => p.call <= call);
  const current = new Map<string, Planted>();
  for (const p of sofar) {
    current.set(p.key, p);
  }
  const currents = [...current.values()];
  const shown = currents.filter((p) => text.includes(p.value));
  const stale = currents.filter(
    (p) =>
      !text.includes(p.value) &&
      sofar.some((q) => q.key === p.key && q !== p && text.includes(q.value)),
  );
  return { call, current: currents.length, inPrompt: shown.length, stale: stale.length };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as {
    error?: { message: string };
    choices?: {
      message: {
        content: string | null;
        tool_calls?: { id: string; function: { name: string; arguments: string } }[];
      };
    }[];
  };
  if (!response.ok) {
    throw new Error(`${url}: ${response.status} ${json.error?.message ?? ""}`);
  }
  return json;
};

async function runSeed(seed: number, tokenizer: Tokenizer) {
  const { messages, planted, formats } = workload(seed, CALLS);
  const upstream = await startTestUpstream(0, { policy: benchPolicy });
  const admin = newAdminToken();
  const persistTo = mkdtempSync(path.join(tmpdir(), "lethe-bench-proxy-"));
  const cluster = await startCluster({
    persistTo,
    readyTimeoutMs: 300_000,
    vars: {
      LETHE_ADMIN_TOKEN: admin,
      LETHE_MODEL_BASE_URL: upstream.url,
      LETHE_MODEL_API_KEY: "bench",
    },
  });
  const count = (r: UpstreamRequest) =>
    tokenizer.countMessages(r.messages as ChatMessage[]) +
    tokenizer.count(JSON.stringify(r.tools ?? []));
  const clientTokens = tokenizer.count(JSON.stringify(TOOL_SCHEMAS));
  const arms: ClientArm[] = [
    windowArm(tokenizer, clientTokens),
    lastKArm(4),
    lastKArm(8),
    lastKArm(16),
    notesArm(8),
    summaryArm(8, tokenizer),
  ];
  const lethe = tally("Lethe proxy");
  const tallies = new Map(arms.map((a) => [a, tally(a.name)]));
  try {
    const key = (
      await new Lethe({ url: cluster.url, adminToken: admin }).createHiveKey("bench-proxy", "bench")
    ).key;
    const session = `bench-proxy-${seed}`;
    for (const arm of arms) {
      arm.history.push(...messages.slice(0, 2));
    }
    for (let call = 1; call <= CALLS; call++) {
      const pair = messages.slice(2 * call, 2 * call + 2);
      // Lethe: the client sends its whole history; the proxy runs Lethe's tools itself.
      const from = upstream.requests.length;
      const services = upstream.serviceRequests.length;
      const t0 = performance.now();
      await post(
        `${cluster.url}/v1/chat/completions`,
        { model: "bench", messages: messages.slice(0, 2 + 2 * call), tools: TOOL_SCHEMAS },
        { authorization: `Bearer ${key}`, "x-lethe-session": session },
      );
      lethe.ms.push(performance.now() - t0);
      const seen = upstream.requests.slice(from);
      lethe.requests += seen.length;
      lethe.tokens += seen.reduce((sum, r) => sum + count(r), 0);
      for (const r of seen) {
        const calls =
          r.messages.at(-1)?.role === "tool" ? (r.messages.at(-2)?.tool_calls ?? []) : [];
        lethe.saves += calls.filter((c) => c.function.name === "lethe_save_artifact").length;
        lethe.refReads += calls.filter((c) => c.function.name === "lethe_read_ref").length;
      }
      const service = upstream.serviceRequests.slice(services);
      lethe.compressorCalls += service.length;
      lethe.compressorTokens += service.reduce((sum, r) => sum + count(r), 0);
      if (CHECKPOINTS.includes(call)) {
        lethe.recall.push(recallOf(seen.at(-1) as UpstreamRequest, planted, call));
      }
      for (const arm of arms) {
        const t = tallies.get(arm) as Tally;
        arm.history.push(...pair);
        for (let round = 0; round < MAX_ROUNDS; round++) {
          const tools =
            arm.notes === undefined ? TOOL_SCHEMAS : [...TOOL_SCHEMAS, SAVE_NOTE_SCHEMA];
          const answer = await post(`${upstream.url}/chat/completions`, {
            model: "bench",
            messages: await arm.request(),
            tools,
          });
          t.requests++;
          t.tokens += count(upstream.requests.at(-1) as UpstreamRequest);
          const saves = (answer.choices?.[0]?.message.tool_calls ?? []).filter(
            (c) => c.function.name === SAVE_NOTE_TOOL,
          );
          if (saves.length === 0 || arm.notes === undefined) {
            break;
          }
          t.saves += saves.length;
          arm.history.push({
            role: "assistant",
            content: null,
            tool_calls: saves.map((c) => ({
              id: c.id,
              type: "function" as const,
              function: c.function,
            })),
          });
          for (const c of saves) {
            const { notes } = JSON.parse(c.function.arguments) as {
              notes: { name: string; value: string }[];
            };
            for (const n of notes) {
              arm.notes.set(n.name, n.value);
            }
            arm.history.push({
              role: "tool",
              tool_call_id: c.id,
              content: `saved ${notes.length} notes`,
            });
          }
        }
        if (CHECKPOINTS.includes(call)) {
          t.recall.push(recallOf(upstream.requests.at(-1) as UpstreamRequest, planted, call));
        }
        t.compressorCalls = arm.compressorCalls;
        t.compressorTokens = arm.compressorTokens;
      }
    }
  } finally {
    await cluster.stop();
    await upstream.close();
    rmSync(persistTo, { recursive: true, force: true });
  }
  return { rows: [lethe, ...tallies.values()], planted, formats, messages };
}

function report(seed: number, run: Awaited<ReturnType<typeof runSeed>>, tokenizer: Tokenizer) {
  const { rows, planted, formats, messages } = run;
  const results = messages
    .filter((m) => m.role === "tool")
    .map((m) => tokenizer.count(m.content ?? ""));
  console.log(
    `\nseed ${seed}: ${CALLS} tool calls, results ${Math.min(...results)}-${Math.max(...results)} tokens (mean ${Math.round(results.reduce((a, b) => a + b, 0) / results.length)}); ${planted.length} values over ${FACT_KEYS.length} keys in ${Object.entries(
      formats,
    )
      .map(([f, n]) => `${n} ${f}`)
      .join(", ")} results (later values supersede earlier ones)`,
  );
  const last8 = rows.find((r) => r.name === "last 8 messages") as Tally;
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(0)}%`;
  for (const r of rows) {
    const recall = r.recall.map((x) => `${x.inPrompt}/${x.current}`).join(", ");
    const stale = r.recall.map((x) => x.stale).reduce((a, b) => a + b, 0);
    const staleOf = r.recall.map((x) => x.current).reduce((a, b) => a + b, 0);
    console.log(
      `  ${r.name.padEnd(26)} in-prompt recall at ${CHECKPOINTS.join("/")}: ${recall.padEnd(18)} stale-as-current ${pct(stale, staleOf).padStart(4)}  upstream tokens ${String(r.tokens + r.compressorTokens).padStart(10)} (${((r.tokens + r.compressorTokens) / last8.tokens).toFixed(3)}× last-8) over ${r.requests} calls (${r.saves} saves, ${r.refReads} ref reads; ${r.compressorCalls} summariser/router calls, ${r.compressorTokens} model tokens)`,
    );
  }
  const lethe = rows[0] as Tally;
  const recallOk = lethe.recall.every((x) => x.inPrompt >= 0.95 * x.current);
  const staleOk = lethe.recall.every((x) => x.stale === 0);
  const tokensOk = lethe.tokens + lethe.compressorTokens <= last8.tokens;
  const verdict = (ok: boolean) => (ok ? "PASS" : "MISSED");
  console.log(
    `  acceptance: in-prompt current-fact recall ≥ 95% at ${CHECKPOINTS.join("/")}: ${lethe.recall.map((x) => pct(x.inPrompt, x.current)).join(", ")} — ${verdict(recallOk)}`,
  );
  console.log(`  acceptance: stale-as-current 0%: ${verdict(staleOk)}`);
  console.log(
    `  acceptance: upstream tokens ≤ last-8 truncation (all calls counted): ${((lethe.tokens + lethe.compressorTokens) / last8.tokens).toFixed(3)}× — ${verdict(tokensOk)}`,
  );
  console.log(
    `  proxy latency per call (local upstream answering at once, wrangler dev): p50 ${percentile(lethe.ms, 50).toFixed(1)} ms, p99 ${percentile(lethe.ms, 99).toFixed(1)} ms`,
  );
}

const tokenizer = await loadTokenizer();
console.log(
  "bench:proxy — Lethe's proxy against client-side baselines, one scripted policy for every arm (bench/proxy/policy.ts)",
);
console.log(
  "  setup: every arm's requests go to one local OpenAI-compatible test upstream; tokens counted with o200k_base on the bodies it received (tools included); the proxy runs in wrangler dev (workerd)",
);
console.log(
  "  recall: a key's current value is in the prompt the upstream received for that call (its last request); stale-as-current: an older value shown, the current not",
);
for (const seed of SEEDS) {
  report(seed, await runSeed(seed, tokenizer), tokenizer);
}
