// `npm run bench:compression`: compression at budgets of 50/25/10/5% of the
// input on seeded agent transcripts the compressor was not built with
// (bench/compression-transcript.ts), against baselines measured in the same run.
// Columns: reduction, current-value recall, stale-only, both-visible, tokens of
// refs. Flags: --seeds=1,2,3  --family=dev,holdout,fresh  --turns=600. Prints; never asserts.
import type { ChatMessage } from "../shared/context/messages.ts";
import { loadTokenizer } from "../shared/context/tokens.ts";
import { compressConversation, type SummariserClient } from "../shared/compress/index.ts";
import { localModelFetch } from "../shared/compress/local-fetch.ts";
import { driverConfigFromEnv } from "../shared/driver/config.ts";
import { Driver } from "../shared/driver/driver.ts";
import { makeConversation } from "../corpora/conversation.ts";
import {
  dropToolOutput,
  extractiveKeeper,
  headAndTail,
  perfectSummariser,
  truncateOldest,
} from "./compression-methods.ts";
import {
  makeTranscript,
  type TemplateFamily,
  type TranscriptFact,
} from "../corpora/compression-transcript.ts";

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k ?? "", v ?? ""];
  }),
);
const SEEDS = (args.get("seeds") ?? "1,2,3").split(",").map(Number).filter(Number.isFinite);
const FAMILIES: TemplateFamily[] = (args.get("family") ?? "dev,holdout,fresh")
  .split(",")
  .filter((f): f is TemplateFamily => f === "dev" || f === "holdout" || f === "fresh");
const TURNS = Number(args.get("turns") ?? 600);
const BUDGETS = [0.5, 0.25, 0.1, 0.05];

const tokenizer = await loadTokenizer("gpt-4o");
const config = driverConfigFromEnv({}, { maxAttempts: 1 });
if (!config.ok) {
  throw new Error(config.message);
}
const local = new Driver(config.value, { fetch: localModelFetch() });

interface Score {
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

/** Lines about the fact's own subject (not its look-alike) that show a value. */
function score(facts: readonly TranscriptFact[], messages: readonly ChatMessage[]) {
  const lines = visibleLines(messages);
  let recalled = 0;
  let staleOnly = 0;
  let both = 0;
  for (const fact of facts) {
    const subject = fact.subject.toLowerCase();
    const about = lines.filter((l) => {
      if (!l.includes(subject)) {
        return false;
      }
      // The look-alike names the same head with its qualifier: not this fact.
      return !l.includes(`${subject} ${fact.lookAlike.toLowerCase()}`);
    });
    const current = (fact.values.at(-1) ?? "").toLowerCase();
    const old = fact.values.slice(0, -1).map((v) => v.toLowerCase());
    const showsCurrent = about.some((l) => l.includes(current));
    const showsOld = about.some((l) => old.some((v) => l.includes(v) && !l.includes(current)));
    if (showsCurrent) {
      recalled++;
    }
    if (!showsCurrent && showsOld) {
      staleOnly++;
    }
    if (showsCurrent && showsOld) {
      both++;
    }
  }
  const n = Math.max(1, facts.length);
  return { recall: recalled / n, staleOnly: staleOnly / n, bothVisible: both / n };
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
  return {
    reduction: 1 - output / input,
    ...score(facts, out),
    refTokens: refTokens(out),
    larger: output > input,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const W = [48, 7, 10, 8, 11, 13, 9];
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(W[i] ?? 0) : c.padStart(W[i] ?? 0))).join(" ");

process.stdout.write(
  [
    "bench:compression: output budget = share of the input's tokens (o200k_base, messages with their overhead)",
    `transcripts: bench/compression-transcript.ts, ${TURNS} messages after the system message, 12 planted facts`,
    "  (8 updated once or twice: restated, 'now', paraphrased, or a pronoun after a naming sentence),",
    "  a look-alike per fact (same head + a qualifier, its own value), chatter, tool output (code, test logs, config JSON)",
    "  family dev: phrasings the summariser was developed against; holdout: phrasings written with the generator",
    "  and first measured after the summariser was written; the summariser has not been tuned to them since",
    "local summariser: the local endpoint's deterministic extractive [LETHE SUMMARISE] policy through the real Driver, 8k window",
    "perfect summariser: scripted, knows the planted sentences and keeps each fact's latest (the ceiling)",
    "recall: facts whose current value shows in a line naming the subject; stale-only: only a replaced value shows;",
    "both-visible: current and replaced value both shown as current; refs: tokens of the refs:/index: lines",
    "",
  ].join("\n") + "\n",
);

interface Case {
  label: string;
  messages: ChatMessage[];
  facts: TranscriptFact[];
  perfect: SummariserClient;
}

const cases: Case[] = [];
for (const family of FAMILIES) {
  for (const seed of SEEDS) {
    const t = makeTranscript({ seed, family, turns: TURNS });
    cases.push({
      label: `${family} seed ${seed}`,
      messages: t.messages,
      facts: t.facts,
      perfect: perfectSummariser(t.statements),
    });
  }
}
// The fixtures the compressor was designed with (tests/shared/compress/conversation-fixture.ts).
for (const seed of SEEDS) {
  const f = makeConversation({ seed, turns: 200, filler: 3, updates: "paraphrased" });
  cases.push({
    label: `DESIGNED FIXTURE seed ${seed} (built with the summariser)`,
    messages: f.messages,
    facts: f.facts.map((x) => ({ subject: x.subject, values: x.values, lookAlike: "of the" })),
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
    }
  }
  process.stdout.write("\n");
}

process.stdout.write(
  `summary over seeds ${SEEDS.join(", ")}: mean and lowest recall, highest stale-only and both-visible, any output larger than its input\n`,
);
process.stdout.write(
  `${line(["group | method", "budget", "mean rec", "min rec", "max stale", "max both", "larger"])}\n`,
);
for (const [key, scores] of summary) {
  const [g, budget, name] = key.split("|");
  const recalls = scores.map((s) => s.recall);
  process.stdout.write(
    `${line([
      `${g} | ${name}`.slice(0, 48),
      budget ?? "",
      pct(recalls.reduce((a, b) => a + b, 0) / recalls.length),
      pct(Math.min(...recalls)),
      pct(Math.max(...scores.map((s) => s.staleOnly))),
      pct(Math.max(...scores.map((s) => s.bothVisible))),
      scores.some((s) => s.larger) ? "YES" : "no",
    ])}\n`,
  );
}
