// `npm run bench:proxy`: a seeded, tool-heavy conversation (≥ 300 tool calls) is
// replayed call by call through the context-managing proxy and directly to the
// same upstream, side by side in one run: upstream prompt tokens, context recall
// of planted current facts (in the prompt or behind a ref it advertises),
// stale-only share, and the proxy's added latency per call.
import { mulberry32 } from "../harness/prng.ts";
import { rmSync } from "node:fs";
import { loadTokenizer } from "../shared/context/tokens.ts";
import type { ChatMessage } from "../shared/context/messages.ts";
import { Lethe } from "../packages/client/lethe.ts";
import { newAdminToken } from "../harness/admin.ts";
import { startCluster } from "../harness/dev-server.ts";
import { startTestUpstream } from "../harness/proxy-upstream.ts";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const SEED = 19;
const CALLS = Number(process.env.BENCH_PROXY_CALLS ?? 300);
const FACT_KEYS = 24;
/** Calls after which recall is measured (it reads every advertised ref). */
const RECALL_AT = new Set([Math.floor(CALLS / 3), Math.floor((2 * CALLS) / 3), CALLS]);
const TOOLS = ["read_file", "run_tests", "search", "list_dir", "grep_logs"] as const;
const REF = /ref:[0-9a-f]{32}/g;

interface Planted {
  key: string;
  value: string;
  call: number;
}

/** The conversation: system, task, then CALLS (assistant tool call, tool result) pairs. */
function conversation() {
  const random = mulberry32(SEED);
  const messages: ChatMessage[] = [
    { role: "system", content: "You are a coding agent working in a large repository." },
    {
      role: "user",
      content:
        "Find why the nightly build fails and fix it. Keep notes of every setting you learn.",
    },
  ];
  const planted: Planted[] = [];
  for (let call = 1; call <= CALLS; call++) {
    const tool = TOOLS[Math.floor(random() * TOOLS.length)] ?? "read_file";
    const id = `call_${call}`;
    messages.push({
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id,
          type: "function",
          function: { name: tool, arguments: JSON.stringify({ target: `src/module_${call}.ts` }) },
        },
      ],
    });
    const lines: string[] = [];
    const count = 40 + Math.floor(random() * 160);
    const factAt = random() < 0.5 ? Math.floor(random() * count) : -1;
    for (let i = 0; i < count; i++) {
      lines.push(
        `${tool} ${call}.${i}: module_${Math.floor(random() * 900)} ok in ${Math.floor(random() * 900)}ms (cache ${random() < 0.5 ? "hit" : "miss"})`,
      );
      if (i === factAt) {
        const key = `setting_${Math.floor(random() * FACT_KEYS)}`;
        const value = `v${call}x${Math.floor(random() * 100_000)}`;
        planted.push({ key, value, call });
        lines.push(`FACT ${key} = ${value}`);
      }
    }
    messages.push({ role: "tool", tool_call_id: id, content: lines.join("\n") });
  }
  return { messages, planted };
}

const TOOL_SCHEMAS = TOOLS.map((name) => ({
  type: "function" as const,
  function: {
    name,
    description: `${name} on a target`,
    parameters: { type: "object", properties: { target: { type: "string" } } },
  },
}));

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main() {
  const tokenizer = await loadTokenizer();
  const { messages, planted } = conversation();
  const upstream = await startTestUpstream();
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
  try {
    const key = (
      await new Lethe({ url: cluster.url, adminToken: admin }).createHiveKey("bench-proxy", "bench")
    ).key;
    const lethe = new Lethe({ url: cluster.url, key });
    const session = `bench-proxy-${SEED}`;
    const count = (m: readonly ChatMessage[]) =>
      tokenizer.countMessages(m) + tokenizer.count(JSON.stringify(TOOL_SCHEMAS));
    let proxyTokens = 0;
    let directTokens = 0;
    const added: number[] = [];
    const recall: {
      call: number;
      current: number;
      reached: number;
      inPrompt: number;
      staleOnly: number;
    }[] = [];
    const post = (url: string, body: unknown, headers: Record<string, string>) =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    for (let call = 1; call <= CALLS; call++) {
      const history = messages.slice(0, 2 + 2 * call);
      const body = { model: "bench", messages: history, tools: TOOL_SCHEMAS };
      const t0 = performance.now();
      const direct = await post(`${upstream.url}/chat/completions`, body, {});
      await direct.json();
      const directMs = performance.now() - t0;
      const directSeen = upstream.requests.at(-1);
      const t1 = performance.now();
      const proxied = await post(`${cluster.url}/v1/chat/completions`, body, {
        authorization: `Bearer ${key}`,
        "x-lethe-session": session,
      });
      const proxyBody = (await proxied.json()) as { error?: { message: string } };
      const proxyMs = performance.now() - t1;
      if (!proxied.ok) {
        throw new Error(`call ${call}: ${proxied.status} ${proxyBody.error?.message ?? ""}`);
      }
      const envelope = upstream.requests.at(-1);
      directTokens += count((directSeen?.messages ?? []) as ChatMessage[]);
      proxyTokens += count((envelope?.messages ?? []) as ChatMessage[]);
      added.push(proxyMs - directMs);
      if (RECALL_AT.has(call) && envelope !== undefined) {
        const prompt = envelope.messages.map((m) => m.content ?? "").join("\n");
        const reachable = [prompt];
        const seen = new Set<string>();
        let frontier = [...new Set(prompt.match(REF) ?? [])];
        for (let depth = 0; depth < 3 && frontier.length > 0; depth++) {
          const next: string[] = [];
          for (const ref of frontier) {
            if (seen.has(ref)) {
              continue;
            }
            seen.add(ref);
            const text = (await lethe.chatRef(session, ref)).content;
            reachable.push(text);
            next.push(...(text.match(REF) ?? []));
          }
          frontier = next;
        }
        const all = reachable.join("\n");
        const sofar = planted.filter((p) => p.call <= call);
        const current = new Map<string, Planted>();
        for (const p of sofar) {
          current.set(p.key, p);
        }
        const has = (p: Planted, text: string) => text.includes(`FACT ${p.key} = ${p.value}`);
        const currents = [...current.values()];
        const staleOnly = currents.filter(
          (p) => !has(p, all) && sofar.some((q) => q.key === p.key && q !== p && has(q, all)),
        ).length;
        recall.push({
          call,
          current: currents.length,
          reached: currents.filter((p) => has(p, all)).length,
          inPrompt: currents.filter((p) => has(p, prompt)).length,
          staleOnly,
        });
      }
    }
    const stats = await lethe.chatSession(session);
    const resultTokens = messages
      .filter((m) => m.role === "tool")
      .map((m) => tokenizer.count(m.content ?? ""));
    console.log("bench:proxy — the context-managing proxy against sending the whole history");
    console.log(
      `setup: seed ${SEED}; ${CALLS} tool calls (${TOOLS.length} tools), tool results ${Math.min(...resultTokens)}-${Math.max(...resultTokens)} tokens (mean ${Math.round(resultTokens.reduce((a, b) => a + b, 0) / resultTokens.length)}); ${planted.length} facts planted over ${FACT_KEYS} keys (later values supersede earlier ones)`,
    );
    console.log(
      "        each call sends the history so far (system, task, every call and result) once directly to the upstream and once through the proxy (one session); tokens counted with o200k_base on what the upstream received",
    );
    console.log(
      `        upstream: a local OpenAI-compatible test server (bench/proxy/upstream.ts) answering at once; the proxy runs in wrangler dev (workerd) on this machine`,
    );
    console.log(
      `upstream prompt tokens, all ${CALLS} calls: direct ${directTokens}, proxy ${proxyTokens} — ratio ${(proxyTokens / directTokens).toFixed(3)} (target ≤ 0.200)`,
    );
    for (const r of recall) {
      console.log(
        `recall at call ${r.call}: ${r.reached}/${r.current} current facts reachable (${((100 * r.reached) / Math.max(1, r.current)).toFixed(1)}%, target 100%); in the prompt itself ${r.inPrompt}/${r.current}; stale-only ${r.staleOnly}/${r.current} (${((100 * r.staleOnly) / Math.max(1, r.current)).toFixed(1)}%, target 0%)`,
      );
    }
    console.log(
      `proxy's added latency per call (proxy − direct, same upstream): p50 ${percentile(added, 50).toFixed(1)} ms, p99 ${percentile(added, 99).toFixed(1)} ms`,
    );
    console.log(
      `stored by the proxy: ${stats.links} messages (of ${messages.length}), ${stats.refs} refs, ${stats.calls} calls`,
    );
  } finally {
    await cluster.stop();
    await upstream.close();
    rmSync(persistTo, { recursive: true, force: true });
  }
}

await main();
