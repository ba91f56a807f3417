// Admission latency with a 1,000-rule firewall, as a session's step runs it (the
// hive's stored firewall read back, the gatekeeper's request path with its cache)
// beside admit() on a precompiled firewall, and its share of a step's time.
// Run: npm run bench:gatekeeper (-- --short for a quick run). The target (issue 7)
// is p99 < 1 ms. The baseline measured in the same run is the step's local work
// around the model call: healing the model's raw answer and building the router's
// classification prompt; the model call itself is taken as 50 ms.
import { FirewallStore } from "../durable-objects/hive/firewall-store.ts";
import { healMove } from "../shared/driver/heal.ts";
import { admit, type AdmitContext, type Move } from "../shared/gatekeeper/admit.ts";
import { loadFirewall } from "../shared/gatekeeper/firewall.ts";
import { GatekeeperService, type AdmitRequest } from "../shared/gatekeeper/service.ts";
import { initialGatekeeperState, type GatekeeperState } from "../shared/gatekeeper/state.ts";
import { buildClassifyRequest } from "../shared/contracts/router-prompt.ts";
import { DOMAINS, TOOL_CATALOGUE } from "../shared/tools/catalogue.ts";

const SHORT = process.argv.includes("--short");
const RULES = 1_000;
const ITERATIONS = SHORT ? 2_000 : 20_000;
const WARMUP = SHORT ? 200 : 2_000;
/** A hosted model's fastest answers (time to a short JSON move) are ~50 ms and up. */
const MODEL_CALL_MS = 50;

/** 1,000 rules spread over the catalogue's tools and wildcards, half of them with regexes. */
function firewallYaml(): string {
  const tools = TOOL_CATALOGUE.map((t) => t.name);
  const lines = ["version: 1", "default: ALLOW", "deny:", "  - mail:*", "rules:"];
  for (let i = 0; i < RULES; i++) {
    const tool = i % 10 === 0 ? "edit:*" : (tools[i % tools.length] ?? "search");
    const action = ["BLOCK", "ASK", "ALLOW"][i % 3] ?? "BLOCK";
    lines.push(`  - id: rule-${i}`, `    tool: ${tool}`, `    action: ${action}`);
    if (i % 2 === 0) {
      lines.push("    field: path", `    matches: '^generated/${i}/[a-z]+\\.ts$'`);
    } else {
      lines.push("    field: path", `    in: ["src/${i}.ts", "lib/${i}.ts"]`);
    }
  }
  return `${lines.join("\n")}\n`;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function measure(
  label: string,
  run: (i: number) => void,
): { p50: number; p99: number; mean: number } {
  for (let i = 0; i < WARMUP; i++) {
    run(i);
  }
  const samples = new Float64Array(ITERATIONS);
  for (let i = 0; i < ITERATIONS; i++) {
    const start = process.hrtime.bigint();
    run(i);
    samples[i] = Number(process.hrtime.bigint() - start) / 1e6;
  }
  const mean = samples.reduce((a, b) => a + b, 0) / ITERATIONS;
  samples.sort();
  const figures = { p50: percentile(samples, 50), p99: percentile(samples, 99), mean };
  console.log(
    `${label.padEnd(44)} p50 ${figures.p50.toFixed(4)} ms  p99 ${figures.p99.toFixed(4)} ms  mean ${figures.mean.toFixed(4)} ms`,
  );
  return figures;
}

const loadStart = performance.now();
const loaded = loadFirewall(firewallYaml());
const loadMs = performance.now() - loadStart;
if (!loaded.ok) {
  console.error(loaded.message);
  process.exit(1);
}
console.log(
  `setup: one process, warm (${WARMUP} unmeasured calls before ${ITERATIONS} timed ones per row${SHORT ? ", --short" : ""});\n` +
    `a synthetic ${RULES}-rule firewall.yaml (${(firewallYaml().length / 1024).toFixed(0)} KiB) built by this script; 64 distinct moves over 4 tools.`,
);
console.log(
  `firewall: ${loaded.value.ruleCount} rules compiled in ${loadMs.toFixed(1)} ms (once per content hash)`,
);

const context: AdmitContext = {
  state: initialGatekeeperState(),
  persona: { name: "coder", grants: ["*"] },
  firewall: loaded.value,
  roots: ["src", "lib", "generated"],
  now: Date.now(),
};
// Distinct arguments per call: loop detection sees a new move every time.
const moves: Move[] = Array.from({ length: 64 }, (_, i) => {
  const kind = i % 4;
  if (kind === 0) {
    return {
      tool: "write_file",
      args: { path: `src/module-${i}.ts`, content: `export const v = ${i};\n` },
    };
  }
  if (kind === 1) {
    return {
      tool: "stage_context",
      args: { path: `./lib//util-${i}.ts`, start_line: 1, end_line: 40 },
    };
  }
  if (kind === 2) {
    return { tool: "search", args: { query: `where is value ${i} computed`, path: "src" } };
  }
  return {
    tool: "apply_patch",
    args: { path: `generated/${i}/file.ts`, patch: "@@ -1 +1 @@\n-a\n+b\n" },
  };
});

const verdicts = new Map<string, number>();
const direct = measure(`previous baseline: admit() on the compiled firewall`, (i) => {
  const { verdict } = admit(moves[i % moves.length] as Move, context);
  verdicts.set(verdict.verdict, (verdicts.get(verdict.verdict) ?? 0) + 1);
});
console.log(`verdicts: ${[...verdicts].map(([v, n]) => `${v} ${n}`).join(", ")}`);

// As a session's step loads it: the Hive keeps the text in its FirewallStore
// (compiled by the gatekeeper when set); each step reads it back (hive.firewall())
// and sends the text with the move to the gatekeeper's admit, which validates the
// request, hashes the text to find the compiled firewall in its per-isolate cache,
// and admits. The session carries the returned gatekeeper state to the next step;
// a fresh session every SESSION_MOVES moves, since without progress reports
// (tool results) the deadlock check refuses a long run of moves.
const SESSION_MOVES = 16;
const service = new GatekeeperService();
const kv = new Map<string, unknown>();
const store = new FirewallStore(
  {
    get: (key: string) => kv.get(key),
    put: (key: string, value: unknown) => void kv.set(key, value),
    delete: (key: string) => kv.delete(key),
  } as unknown as SyncKvStorage,
  { loadFirewall: async (text) => service.loadFirewall(text) },
);
const stored = await store.set(firewallYaml(), Date.now());
if (!stored.ok) {
  console.error(stored.message);
  process.exit(1);
}
let sessionState: GatekeeperState = initialGatekeeperState();
const stepRequest = (i: number): AdmitRequest => {
  if (i % SESSION_MOVES === 0) {
    sessionState = initialGatekeeperState();
  }
  const firewall = store.get();
  return {
    move: moves[i % moves.length] as Move,
    state: sessionState,
    persona: { name: "coder", grants: ["*"] },
    roots: ["src", "lib", "generated"],
    skills: [],
    ...(firewall === null ? {} : { firewall: firewall.text }),
    now: Date.now(),
  };
};
const sessionVerdicts = new Map<string, number>();
const admission = measure(`as a step runs it: stored firewall + service.admit`, (i) => {
  const result = service.admit(stepRequest(i));
  if (!result.ok) {
    throw new Error(`admit failed: ${result.message}`);
  }
  sessionState = result.value.state;
  const v = result.value.verdict.verdict;
  sessionVerdicts.set(v, (sessionVerdicts.get(v) ?? 0) + 1);
});
console.log(
  `verdicts: ${[...sessionVerdicts].map(([v, n]) => `${v} ${n}`).join(", ")} (state carried over ${SESSION_MOVES} moves per session)`,
);
// The binding copies the request (and its firewall text) between isolates with
// V8's serializer; structuredClone runs the same serializer in this process.
const copy = measure(`  not in the row above: the binding's copy (structuredClone)`, (i) => {
  structuredClone(stepRequest(i));
});

const answers = moves.map(
  (m) =>
    `Sure! Here is my move:\n\`\`\`json\n{"tool": "${m.tool}", "args": ${JSON.stringify(m.args)}, "rationale": "next step",}\n\`\`\``,
);
const baseline = measure("baseline: heal answer + build router prompt", (i) => {
  healMove(answers[i % answers.length] ?? "");
  buildClassifyRequest("calculate the sum of the totals", DOMAINS, TOOL_CATALOGUE);
});

const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(2)}%`;
console.log("");
console.log(
  `admission as a step runs it (stored firewall, warm cache), p99 ${admission.p99.toFixed(4)} ms: target < 1 ms -> ${admission.p99 < 1 ? "MET" : "MISSED"}`,
);
console.log(
  `  with the binding's copy of the request added, p99 ${(admission.p99 + copy.p99).toFixed(4)} ms: target < 1 ms -> ${admission.p99 + copy.p99 < 1 ? "MET" : "MISSED"}`,
);
console.log(
  `  as a step runs it / admit() on the compiled firewall (mean, same run): ${(admission.mean / direct.mean).toFixed(2)}x`,
);
console.log(
  `admission as a step runs it / baseline local step work (mean, both warm): ${(admission.mean / baseline.mean).toFixed(2)}x`,
);
console.log(
  `share of a step with an assumed (not measured) ${MODEL_CALL_MS} ms model call: ${pct(admission.mean, admission.mean + baseline.mean + MODEL_CALL_MS)} (mean), ${pct(admission.p99, admission.p99 + baseline.mean + MODEL_CALL_MS)} (p99)`,
);
