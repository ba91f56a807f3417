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
import { mulberry32 } from "../harness/prng.ts";

const SHORT = process.argv.includes("--short");
/** The generator's seed: rules (tool, action, matcher) and moves are drawn from it. */
const SEED = Number(process.env.SEED ?? 20261205);
const RULES = 1_000;
const ITERATIONS = SHORT ? 2_000 : 20_000;
const WARMUP = SHORT ? 200 : 2_000;
/** A hosted model's fastest answers (time to a short JSON move) are ~50 ms and up. */
const MODEL_CALL_MS = 50;
/** Distinct moves; each is aimed at one rule, except MISS_SHARE of them that no rule matches. */
const MOVES = 256;
const MISS_SHARE = 0.2;

/** The catalogue's tools that take a path, the field every rule tests. */
const PATH_TOOLS = [
  "stage_context",
  "search",
  "find_definitions",
  "find_callers",
  "find_imports",
  "write_file",
  "apply_patch",
] as const;
type PathTool = (typeof PATH_TOOLS)[number];
const ACTIONS = ["ALLOW", "BLOCK", "ASK"] as const;
type Action = (typeof ACTIONS)[number];
interface Rule {
  id: string;
  /** A catalogue tool, or `edit:*` (write_file and apply_patch). */
  tool: PathTool | "edit:*";
  action: Action;
  /** A path this rule fires on and no other rule does. */
  path: (rand: () => number) => string;
}

const rand = mulberry32(SEED);
const pickOf = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
const letters = (r: () => number, n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(r() * 26))).join("");

/** RULES rules drawn by the seed: a tool (one in ten `edit:*`), an action, a regex or an `in` list on the path. */
const rules: Rule[] = Array.from({ length: RULES }, (_, i) => {
  const tool = rand() < 0.1 ? "edit:*" : pickOf(PATH_TOOLS);
  const action = pickOf(ACTIONS);
  const regex = rand() < 0.5;
  return {
    id: `rule-${i}`,
    tool,
    action,
    path: regex
      ? (r) => `generated/${i}/${letters(r, 1 + Math.floor(r() * 8))}.ts`
      : (r) => (r() < 0.5 ? `src/${i}.ts` : `lib/${i}.ts`),
    regex,
  } as Rule & { regex: boolean };
});

function firewallYaml(): string {
  const lines = ["version: 1", "default: ALLOW", "deny:", "  - mail:*", "rules:"];
  for (const [i, rule] of rules.entries()) {
    lines.push(`  - id: ${rule.id}`, `    tool: ${rule.tool}`, `    action: ${rule.action}`);
    if ((rule as Rule & { regex: boolean }).regex) {
      lines.push("    field: path", `    matches: '^generated/${i}/[a-z]+\\.ts$'`);
    } else {
      lines.push("    field: path", `    in: ["src/${i}.ts", "lib/${i}.ts"]`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** Valid arguments of a path tool, at `path`. */
function argsFor(tool: PathTool, path: string, n: number): Record<string, unknown> {
  switch (tool) {
    case "stage_context":
      return { path, start_line: 1, end_line: 40 };
    case "search":
      return { query: `where is value ${n} computed`, path };
    case "find_definitions":
    case "find_callers":
      return { symbol: `value${n}`, path };
    case "find_imports":
      return { path };
    case "write_file":
      return { path, content: `export const v = ${n};\n` };
    case "apply_patch":
      return { path, patch: "@@ -1 +1 @@\n-a\n+b\n" };
  }
}

const VERDICT_OF: Record<Action, "allow" | "deny" | "ask"> = {
  ALLOW: "allow",
  BLOCK: "deny",
  ASK: "ask",
};
/** MOVES moves drawn by the seed, each with the verdict its rule (or the default) gives. */
const aimed: Array<{ move: Move; rule: string; expect: "allow" | "deny" | "ask" }> = Array.from(
  { length: MOVES },
  (_, n) => {
    if (rand() < MISS_SHARE) {
      const tool = pickOf(PATH_TOOLS);
      return {
        move: { tool, args: argsFor(tool, `src/free/${letters(rand, 6)}.ts`, n) },
        rule: "default",
        expect: "allow",
      };
    }
    const rule = pickOf(rules);
    const tool =
      rule.tool === "edit:*" ? pickOf(["write_file", "apply_patch"] as const) : rule.tool;
    return {
      move: { tool, args: argsFor(tool, rule.path(rand), n) },
      rule: rule.id,
      expect: VERDICT_OF[rule.action],
    };
  },
);
const moves = aimed.map((a) => a.move);

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
    `a synthetic ${RULES}-rule firewall.yaml (${(firewallYaml().length / 1024).toFixed(0)} KiB) built by this script from seed ${SEED}\n` +
    `  (each rule: a path tool or edit:*, ALLOW/BLOCK/ASK, a regex or an \`in\` list on the path); ${MOVES} distinct moves over ${PATH_TOOLS.length} tools,\n` +
    `  ${Math.round((1 - MISS_SHARE) * 100)}% aimed at a rule drawn by the seed, the rest at paths no rule names (the default, ALLOW).`,
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
/** Tally of one row's verdicts: by verdict, how many by a firewall rule, and how many as the aimed-at rule says. */
function tally() {
  const counts = new Map<string, { n: number; byRule: number; asAimed: number }>();
  return {
    add(i: number, verdict: { verdict: string; rule: { source: string; id: string } }) {
      const aim = aimed[i % aimed.length];
      const key = `${verdict.verdict}${verdict.rule.source === "firewall" ? "" : ` (${verdict.rule.source})`}`;
      const c = counts.get(key) ?? { n: 0, byRule: 0, asAimed: 0 };
      c.n++;
      if (verdict.rule.source === "firewall" && verdict.rule.id.startsWith("rule-")) {
        c.byRule++;
      }
      if (aim !== undefined && aim.rule === verdict.rule.id && aim.expect === verdict.verdict) {
        c.asAimed++;
      }
      counts.set(key, c);
    },
    text(): string {
      const total = [...counts.values()].reduce((a, c) => a + c.n, 0);
      const aimedOk = [...counts.values()].reduce((a, c) => a + c.asAimed, 0);
      return `verdicts: ${[...counts]
        .sort((a, b) => b[1].n - a[1].n)
        .map(([v, c]) => `${v} ${c.n} (${c.byRule} by a rule)`)
        .join(", ")}; ${aimedOk}/${total} as the aimed-at rule or the default says`;
    },
  };
}
const expected = new Map<string, number>();
for (const a of aimed) {
  expected.set(
    `${a.expect}${a.rule === "default" ? " (default)" : ""}`,
    (expected.get(`${a.expect}${a.rule === "default" ? " (default)" : ""}`) ?? 0) + 1,
  );
}
console.log(
  `moves by the verdict their rule gives: ${[...expected].map(([v, n]) => `${v} ${n}`).join(", ")} (of ${MOVES})`,
);
const verdicts = tally();
const direct = measure(`previous baseline: admit() on the compiled firewall`, (i) => {
  const { verdict } = admit(moves[i % moves.length] as Move, context);
  verdicts.add(i, verdict);
});
console.log(verdicts.text());

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
const sessionVerdicts = tally();
const admission = measure(`as a step runs it: stored firewall + service.admit`, (i) => {
  const result = service.admit(stepRequest(i));
  if (!result.ok) {
    throw new Error(`admit failed: ${result.message}`);
  }
  sessionState = result.value.state;
  sessionVerdicts.add(i, result.value.verdict);
});
console.log(`${sessionVerdicts.text()} (state carried over ${SESSION_MOVES} moves per session)`);
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
