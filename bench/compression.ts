// `npm run bench:compression`: compression at budgets of 50/25/10/5% of the
// input on seeded agent transcripts the compressor was not built with
// (corpora/compression-transcript.ts), against baselines measured in the same run.
// Columns: reduction, current-value recall, stale-only, both-visible, tokens of
// refs. Flags: --seeds=1,2,3  --family=dev,holdout,fresh,unseen,later,blind,sealed,<any
// corpora/compression-<name>.ts exporting a FamilySpec>  --turns=600  --misses (after each
// Lethe map-reduce row, every fact it did not recall: the latest planted statement, its role,
// and what the output shows about the subject)  --model (adds Lethe map-reduce with the model
// the LETHE_MODEL_* settings name, judged like the local summariser). Prints; never asserts.
import type { ChatMessage } from "../shared/context/messages.ts";
import { loadTokenizer } from "../shared/context/tokens.ts";
import { compressConversation, type SummariserClient } from "../shared/compress/index.ts";
import { localModelFetch } from "../corpora/local-model-fetch.ts";
import { driverConfigFromEnv } from "../shared/driver/config.ts";
import { Driver } from "../shared/driver/driver.ts";
import { makeConversation } from "../corpora/conversation.ts";
import {
  dropToolOutput,
  extractiveKeeper,
  hasPhrase,
  headAndTail,
  perfectSummariser,
  scoreLines,
  truncateOldest,
} from "./compression-methods.ts";
import {
  makeTranscript,
  type Transcript,
  type TranscriptFact,
} from "../corpora/compression-transcript.ts";
import { discoverFamilies } from "./compression-families.ts";
import { redactedSummariser } from "../workers/compressor/redacted-summariser.ts";

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k ?? "", v ?? ""];
  }),
);
const SEEDS = (args.get("seeds") ?? "1,2,3").split(",").map(Number).filter(Number.isFinite);
// Every corpora/compression-*.ts that exports a FamilySpec runs as --family=<its suffix>.
const ALL_FAMILIES = await discoverFamilies(new URL("../corpora/", import.meta.url).pathname);
const asked = (args.get("family") ?? ALL_FAMILIES.map((f) => f.name).join(",")).split(",");
const unknown = asked.filter((name) => !ALL_FAMILIES.some((f) => f.name === name));
if (unknown.length > 0) {
  process.stderr.write(
    `unknown family ${unknown.join(", ")}; known: ${ALL_FAMILIES.map((f) => f.name).join(", ")}\n`,
  );
}
const FAMILIES = ALL_FAMILIES.filter((f) => asked.includes(f.name));
const TURNS = Number(args.get("turns") ?? 600);
const MISSES = args.has("misses");
const BUDGETS = [0.5, 0.25, 0.1, 0.05];

const started = performance.now();
const tokenizer = await loadTokenizer("gpt-4o");
const config = driverConfigFromEnv({}, { maxAttempts: 1 });
if (!config.ok) {
  throw new Error(config.message);
}
const local = new Driver(config.value, { fetch: localModelFetch() });

// --model: one more row, Lethe map-reduce with the model the LETHE_MODEL_* settings
// name (the compression role), called over HTTP as the compressor calls it in the
// product: the same Driver, its answers redacted the same way.
const YOUR_MODEL = "Lethe map-reduce, your model";
const yourCalls = { requests: 0, failed: 0 };
const yours = args.has("model") ? yourModel() : undefined;

function yourModel(): SummariserClient {
  if (process.env.LETHE_MODEL_BASE_URL === undefined) {
    process.stderr.write(
      "bench:compression --model: LETHE_MODEL_BASE_URL is not set\n  hint: set LETHE_MODEL_BASE_URL (an OpenAI-compatible /v1 endpoint), LETHE_MODEL_API_KEY and LETHE_MODEL_COMPRESSION (or LETHE_MODEL), as for npm start\n",
    );
    process.exit(2);
  }
  const settings = driverConfigFromEnv(process.env);
  if (!settings.ok) {
    process.stderr.write(
      `bench:compression --model: ${settings.message}\n  hint: ${settings.hint ?? ""}\n`,
    );
    process.exit(2);
  }
  const counted: typeof fetch = async (input, init) => {
    yourCalls.requests++;
    const answer = await fetch(input, init);
    if (!answer.ok) {
      yourCalls.failed++;
    }
    return answer;
  };
  return redactedSummariser(new Driver(settings.value, { fetch: counted }));
}

type Statement = Transcript["statements"][number];

interface Score {
  /** Indexes of the facts whose current value the output does not show. */
  missed: number[];
  output: ChatMessage[];
  reduction: number;
  recall: number;
  staleOnly: number;
  bothVisible: number;
  refTokens: number;
  larger: boolean;
}

/** Visible lines: each message's lines split into sentences; a "superseded" line shows no value. */
function visibleLines(messages: readonly ChatMessage[]): string[] {
  return messages
    .flatMap((m) => (m.content ?? "").split(/\r?\n/))
    .filter((l) => !l.startsWith("superseded") && !l.startsWith("refs: "))
    .map((l) => l.toLowerCase());
}

/** Recall, stale-only and both-visible shares of the compressed messages' visible lines. */
function score(facts: readonly TranscriptFact[], messages: readonly ChatMessage[]) {
  const got = scoreLines(facts, visibleLines(messages));
  const n = Math.max(1, facts.length);
  return { recall: got.recalled / n, staleOnly: got.staleOnly / n, bothVisible: got.both / n };
}

function countAll(messages: readonly ChatMessage[]): number {
  return messages.reduce((sum, m) => sum + tokenizer.countMessage(m), 0);
}

function refTokens(messages: readonly ChatMessage[]): number {
  return messages
    .flatMap((m) => (m.content ?? "").split(/\r?\n/))
    .filter((l) => l.startsWith("refs: ") || l.startsWith("index: "))
    .reduce((sum, l) => sum + tokenizer.count(l), 0);
}

type Method = (
  messages: ChatMessage[],
  budget: number,
  ratio: number,
  perfect: SummariserClient,
) => Promise<ChatMessage[]>;

async function lethe(
  messages: ChatMessage[],
  ratio: number,
  client: SummariserClient | undefined,
): Promise<ChatMessage[]> {
  const run = await compressConversation(messages, {
    tokenizer,
    budget: { ratio },
    ...(client === undefined ? {} : { client, windowTokens: 8_192 }),
  });
  if (!run.ok) {
    throw new Error(run.message);
  }
  if (client !== undefined && run.value.method !== "map-reduce" && run.value.method !== "none") {
    throw new Error(`map-reduce fell back: ${run.value.fallback?.code ?? "?"}`);
  }
  return run.value.messages;
}

const METHODS: readonly [string, Method][] = [
  ["truncate-oldest", (m, b) => Promise.resolve(truncateOldest(m, b, tokenizer))],
  ["head+tail", (m, b) => Promise.resolve(headAndTail(m, b, tokenizer))],
  ["drop tool output", (m, b) => Promise.resolve(dropToolOutput(m, b, tokenizer))],
  ["extractive fact keeper", (m, b) => Promise.resolve(extractiveKeeper(m, b, tokenizer))],
  ["Lethe structural", (m, _b, r) => lethe(m, r, undefined)],
  ["Lethe map-reduce, local summariser", (m, _b, r) => lethe(m, r, local)],
  ["Lethe map-reduce, perfect summariser (ceiling)", (m, _b, r, p) => lethe(m, r, p)],
  ...(yours === undefined
    ? []
    : [[YOUR_MODEL, (m, _b, r) => lethe(m, r, yours)] satisfies [string, Method]]),
];

async function measure(
  messages: ChatMessage[],
  facts: readonly TranscriptFact[],
  perfect: SummariserClient,
  method: Method,
  ratio: number,
): Promise<Score> {
  const input = countAll(messages);
  const out = await method(messages, Math.floor(input * ratio), ratio, perfect);
  const output = countAll(out);
  const lines = visibleLines(out);
  return {
    missed: facts.flatMap((f, i) => {
      const one = scoreLines([f], lines);
      return one.recalled === 1 && one.both === 0 ? [] : [i];
    }),
    output: out,
    reduction: 1 - output / input,
    ...score(facts, out),
    refTokens: refTokens(out),
    larger: output > input,
  };
}

/** For --misses: per fact not recalled or shown beside a replaced value, its latest planted statement and what the output says about it. */
function missReport(c: Case, s: Score): string {
  const shown = visibleLines(s.output);
  return s.missed
    .map((i) => {
      const fact = c.facts[i];
      const latest = c.statements.filter((st) => st.fact === i).at(-1);
      const message = latest === undefined ? undefined : c.messages[latest.turn - 1];
      const subject = (fact?.subject ?? "").toLowerCase();
      const about = shown.filter((l) => l.includes(subject)).slice(0, 4);
      return [
        `    ${about.some((l) => hasPhrase(l, (fact?.values.at(-1) ?? "").toLowerCase())) ? "both-visible" : "missed"} "${fact?.subject}" = ${fact?.values.at(-1)} (values ${fact?.values.join(" -> ")})`,
        `      latest statement (${message?.role ?? "?"}, turn ${latest?.turn ?? "?"}): ${(latest?.sentence ?? "none recorded").replace(/\s+/g, " ").slice(0, 220)}`,
        ...about.map((l) => `      output: ${l.slice(0, 220)}`),
      ].join("\n");
    })
    .map((text) => `${text}\n`)
    .join("");
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const W = [48, 7, 10, 8, 11, 13, 9];
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(W[i] ?? 0) : c.padStart(W[i] ?? 0))).join(" ");

process.stdout.write(
  [
    "bench:compression: output budget = share of the input's tokens (o200k_base, messages with their overhead)",
    `transcripts: corpora/compression-transcript.ts, ${TURNS} messages after the system message, 12 planted facts`,
    "  (8 updated once or twice: restated, 'now', paraphrased, or a pronoun after a naming sentence),",
    "  a look-alike per fact (same head + a qualifier, its own value), chatter, tool output (code, test logs, config JSON)",
    "  family dev: phrasings the summariser was developed against; holdout: phrasings written with the generator",
    "  and first measured after the summariser was written, then used to fix it; fresh: written after those fixes;",
    "  unseen: corpora/compression-unseen.ts, per-seed subjects, one-word look-alikes, tables, lists, changelog arrows,",
    "  written and first measured before the compressor was changed for it; later: corpora/compression-later.ts,",
    "  written after that change, first measured, then used to fix the compressor;",
    "  blind: corpora/compression-blind.ts, written after that second fix, measured, then used to fix it;",
    "  sealed: corpora/compression-sealed.ts, written without reading the compressor, measured once, then used to",
    "  fix it (a seen family now); any other corpora/compression-<name>.ts exporting a FamilySpec runs as <name>;",
    "  sealed-2 (a churn-model notebook session) and sealed-3 (a team offsite planned with booking tools): whole",
    "  generators (GENERATED_FAMILY) written without reading the compressor, measured once (seeds 1-5), then used",
    "  to fix it (tool output read as statements): seen families now; sealed-4 … sealed-19: generators written the",
    "  same way, each measured once before and once after the round that followed it, then used to fix it;",
    "  sealed-20 and sealed-21: written the same way, measured once on the final compressor of round 4, then used",
    "  to fix it in round 5; sealed-22 and sealed-23: written the same way, measured once before round 5 and once",
    "  on its final compressor, then used to fix it in round 6; sealed-24 and sealed-25: written the same way,",
    "  measured once before round 6 and once on its final compressor, then used to fix it in round 7;",
    "  sealed-26 and sealed-27: written the same way, measured once before round 7 and once on its final",
    "  compressor, held out; sealed-28 … sealed-31: written the same way in round 8 (the model reads tool output),",
    "  sealed-28/29 measured once before it and sealed-30/31 once after it, then used (with sealed-26/27) to fix",
    "  the compressor in round 9; sealed-32 … sealed-34: written the same way in round 9, each measured once",
    "  before it and once on its final compressor, held out",
    "  (docs/compression.md says which are seen); --misses prints, after each Lethe map-reduce row, every fact it missed or showed beside a replaced value",
    `families this run: ${FAMILIES.map((f) => f.name + (f.file === undefined ? "" : ` (${f.file})`)).join(", ")}`,
    "local summariser: the local endpoint's deterministic extractive [LETHE SUMMARISE] policy through the real Driver, 8k window",
    yours === undefined
      ? "your model: not measured (--model adds a row with the model the LETHE_MODEL_* settings name)"
      : `your model: ${process.env.LETHE_MODEL_COMPRESSION ?? process.env.LETHE_MODEL ?? "(the driver's default)"} at ${process.env.LETHE_MODEL_BASE_URL ?? ""}, through the real Driver, answers redacted as the compressor redacts them, 8k window`,
    "perfect summariser: scripted, knows which turn states which planted value, keeps the shown line holding it",
    '  (the one naming the subject if any; a tool result\'s line restated as "The <subject> is <value>.") and each',
    "  fact's latest (the ceiling)",
    "recall: facts whose current value shows in a line naming the subject; stale-only: only a replaced value shows;",
    "both-visible: current and replaced value both shown as current; refs: tokens of the refs:/index: lines",
    "",
  ].join("\n") + "\n",
);

interface Case {
  label: string;
  messages: ChatMessage[];
  facts: TranscriptFact[];
  statements: Statement[];
  perfect: SummariserClient;
}

const cases: Case[] = [];
for (const family of FAMILIES) {
  for (const seed of SEEDS) {
    const t =
      family.generate === undefined
        ? makeTranscript({
            seed,
            family: family.name,
            turns: TURNS,
            ...(family.spec === undefined ? {} : { spec: family.spec }),
          })
        : family.generate(seed, TURNS);
    cases.push({
      label: `${family.name} seed ${seed}`,
      messages: t.messages,
      facts: t.facts,
      statements: t.statements,
      perfect: perfectSummariser(t.statements, t.facts),
    });
  }
}
// The fixtures the compressor was designed with (corpora/conversation.ts).
for (const seed of SEEDS) {
  const f = makeConversation({ seed, turns: 200, filler: 3, updates: "paraphrased" });
  cases.push({
    label: `DESIGNED FIXTURE seed ${seed} (built with the summariser)`,
    messages: f.messages,
    facts: f.facts.map((x) => ({
      subject: x.subject,
      values: x.values,
      lookAlike: `${x.subject} of the`,
    })),
    statements: [],
    perfect: perfectSummariser([]),
  });
}

/** Per group (family) × budget × method: every seed's score, for the summary at the end. */
const summary = new Map<string, Score[]>();
const group = (label: string) => label.replace(/ seed \d+.*$/, "");

for (const c of cases) {
  process.stdout.write(
    `${c.label}: ${c.messages.length} messages, ${countAll(c.messages)} tokens\n`,
  );
  process.stdout.write(
    `${line(["method", "budget", "reduction", "recall", "stale-only", "both-visible", "refs tok"])}\n`,
  );
  for (const ratio of BUDGETS) {
    for (const [name, method] of METHODS) {
      if (c.label.startsWith("DESIGNED") && name.includes("perfect")) {
        continue;
      }
      const s = await measure(c.messages, c.facts, c.perfect, method, ratio);
      const key = `${group(c.label)}|${pct(ratio)}|${name}`;
      summary.set(key, [...(summary.get(key) ?? []), s]);
      process.stdout.write(
        `${line([
          name,
          pct(ratio),
          `${pct(s.reduction)}${s.larger ? " LARGER" : ""}`,
          pct(s.recall),
          pct(s.staleOnly),
          pct(s.bothVisible),
          String(s.refTokens),
        ])}\n`,
      );
      if (MISSES && name.startsWith("Lethe map-reduce")) {
        process.stdout.write(missReport(c, s));
      }
    }
  }
  process.stdout.write("\n");
}

process.stdout.write(
  `summary over seeds ${SEEDS.join(", ")}: mean reduction, mean and lowest recall, highest stale-only and both-visible, mean ref tokens, any output larger than its input\n`,
);
const W2 = [48, 7, 9, 9, 8, 10, 9, 9, 7];
const line2 = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(W2[i] ?? 0) : c.padStart(W2[i] ?? 0))).join(" ");
process.stdout.write(
  `${line2(["group | method", "budget", "mean red", "mean rec", "min rec", "max stale", "max both", "refs tok", "larger"])}\n`,
);
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
for (const [key, scores] of summary) {
  const [g, budget, name] = key.split("|");
  const recalls = scores.map((s) => s.recall);
  process.stdout.write(
    `${line2([
      `${g} | ${name}`.slice(0, 48),
      budget ?? "",
      pct(mean(scores.map((s) => s.reduction))),
      pct(mean(recalls)),
      pct(Math.min(...recalls)),
      pct(Math.max(...scores.map((s) => s.staleOnly))),
      pct(Math.max(...scores.map((s) => s.bothVisible))),
      mean(scores.map((s) => s.refTokens)).toFixed(0),
      scores.some((s) => s.larger) ? "YES" : "no",
    ])}\n`,
  );
}

// The acceptance per group and budget: Lethe map-reduce with the local summariser
// (the deployable method; the perfect summariser is a scripted ceiling) against
// every baseline's mean recall, and the per-seed targets.
const BASELINES = ["truncate-oldest", "head+tail", "drop tool output", "extractive fact keeper"];
const JUDGED = ["Lethe map-reduce, local summariser", ...(yours === undefined ? [] : [YOUR_MODEL])];
const groups = [...new Set([...summary.keys()].map((k) => k.split("|")[0] ?? ""))];
for (const LETHE of JUDGED) {
  process.stdout.write(
    `\nacceptance (${LETHE}): beats every baseline's mean recall; stale-only and both-visible 0 on every seed; lowest recall >= 95% at 25%, >= 90% at 10%; never larger\n`,
  );
  for (const g of groups) {
    for (const ratio of BUDGETS) {
      const at = (name: string) => summary.get(`${g}|${pct(ratio)}|${name}`) ?? [];
      const lethe = at(LETHE);
      const best = Math.max(...BASELINES.map((b) => mean(at(b).map((s) => s.recall))));
      const low = Math.min(...lethe.map((s) => s.recall));
      const floor = ratio === 0.25 ? 0.95 : ratio === 0.1 ? 0.9 : 0;
      const checks = [
        mean(lethe.map((s) => s.recall)) > best,
        lethe.every((s) => s.staleOnly === 0 && s.bothVisible === 0),
        low >= floor,
        lethe.every((s) => !s.larger),
      ];
      process.stdout.write(
        `  ${g.padEnd(40)} ${pct(ratio).padStart(6)}: recall mean ${pct(mean(lethe.map((s) => s.recall)))}, lowest ${pct(low)} vs best baseline ${pct(best)} -> ${checks.every(Boolean) ? "PASS" : "FAIL"}\n`,
      );
    }
  }
}
if (yours !== undefined) {
  process.stdout.write(
    `\nyour model: ${yourCalls.requests} HTTP requests (${yourCalls.failed} not ok, retries included)\n`,
  );
}
process.stdout.write(
  `\nbench:compression took ${((performance.now() - started) / 1000).toFixed(1)} s (${cases.length} transcripts x ${BUDGETS.length} budgets x ${METHODS.length} methods)\n`,
);
