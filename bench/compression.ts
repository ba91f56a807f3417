// `npm run bench:compression`: compression at 50/25/10% of the input on seeded
// transcripts of every family in bench/compression-families/ (one generator,
// bench/compression-generator.ts), against truncate-oldest and head+tail measured
// in the same run. Per family × budget × method: recall of current values,
// stale-as-current, conflicts shown marked, outputs over budget, refs resolved.
// Flags: --seeds=1,2,3  --family=clinic,ski  --turns=600  --budgets=50,25,10
// --model (adds Lethe with the model the LETHE_MODEL_* settings name, over HTTP)
// --record=DIR (writes every summariser call and answer as JSON, for replay tests)
// --misses (prints each fact a Lethe method did not recall). Prints; never asserts.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ChatMessage } from "../shared/context/messages.ts";
import { refMatches } from "../shared/context/refs.ts";
import { loadTokenizer } from "../shared/context/tokens.ts";
import { compressConversation, type SummariserClient } from "../shared/compress/index.ts";
import { driverConfigFromEnv } from "../shared/driver/config.ts";
import { Driver } from "../shared/driver/driver.ts";
import { localModelFetch } from "../harness/local-model-fetch.ts";
import { redactedSummariser } from "../workers/compressor/redacted-summariser.ts";
import { perfectSummariser } from "./compression-ceiling.ts";
import { recording, type Recording } from "./compression-recorded.ts";
import { loadFamilies } from "./compression-family.ts";
import { generateTranscript, type Transcript } from "./compression-generator.ts";
import { headAndTail, truncateOldest } from "./compression-methods.ts";
import { assertedLines, scoreFact } from "./compression-score.ts";

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k ?? "", v ?? ""];
  }),
);
const list = (name: string, fallback: string) =>
  (args.get(name) || fallback).split(",").filter((x) => x.length > 0);
const SEEDS = list("seeds", "1,2,3").map(Number).filter(Number.isFinite);
const TURNS = Number(args.get("turns") || 600);
const BUDGETS = list("budgets", "50,25,10").map((b) => Number(b) / 100);
const ALL = loadFamilies();
const asked = list("family", ALL.map((f) => f.name).join(","));
const unknown = asked.filter((name) => !ALL.some((f) => f.name === name));
if (unknown.length > 0) {
  process.stderr.write(
    `unknown family ${unknown.join(", ")}; known: ${ALL.map((f) => f.name).join(", ")}\n`,
  );
  process.exit(2);
}
const FAMILIES = ALL.filter((f) => asked.includes(f.name));
const RECORD = args.get("record");

const started = performance.now();

// --model: Lethe with the model the LETHE_MODEL_* settings name (the compression
// role), called over HTTP as the compressor calls it: the same Driver, its answers
// redacted the same way.
const YOUR_MODEL = "Lethe, your model";
const yourCalls = { requests: 0, failed: 0 };
const yours = args.has("model") ? yourModel() : undefined;

const tokenizer = await loadTokenizer("gpt-4o");
const local = driverConfigFromEnv({}, { maxAttempts: 1 });
if (!local.ok) {
  throw new Error(local.message);
}
const standIn = new Driver(local.value, { fetch: localModelFetch() });

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

interface Score {
  recall: number;
  stale: number;
  /** Stale facts whose replaced value a summary block's line showed (not only a raw kept turn). */
  staleInSummary: number;
  conflict: number;
  overBudget: boolean;
  refs: { resolved: number; total: number };
  reduction: number;
  missed: string[];
}

type Method = (
  t: Transcript,
  ratio: number,
) => Promise<{ messages: ChatMessage[]; refs?: Score["refs"] }>;

/** Every ref the output names (refs lines, index, cut turns) resolves to the text it hashes. */
function checkRefs(
  summary: string,
  kept: readonly { ref: string; content: string }[],
  cut: readonly { ref: string }[],
) {
  const held = new Map(kept.map((k) => [k.ref, k.content]));
  const named = [...summary.matchAll(/ref:[0-9a-f]{32}/g)].map((m) => m[0]);
  const all = [...new Set([...named, ...cut.map((c) => c.ref)])];
  const resolved = all.filter((r) => {
    const content = held.get(r);
    return content !== undefined && refMatches(r, content);
  });
  return { resolved: resolved.length, total: all.length };
}

function lethe(name: string, client: (t: Transcript) => SummariserClient | undefined): Method {
  return async (t, ratio) => {
    const calls: Recording["calls"] = [];
    const base = client(t);
    const used = base === undefined || RECORD === undefined ? base : recording(base, calls);
    const run = await compressConversation(t.messages, {
      tokenizer,
      budget: { ratio },
      ...(used === undefined ? {} : { client: used, windowTokens: 8_192 }),
    });
    if (!run.ok) {
      throw new Error(`${name}: ${run.message}`);
    }
    if (used !== undefined && run.value.method === "structural") {
      process.stderr.write(
        `${name}: fell back to structural (${run.value.fallback?.code ?? "?"}: ${run.value.fallback?.message ?? ""})\n`,
      );
    }
    if (RECORD !== undefined && calls.length > 0) {
      mkdirSync(RECORD, { recursive: true });
      const file = `${t.family}-seed${t.seed}-${Math.round(ratio * 100)}-${name.replace(/\W+/g, "-").toLowerCase()}.json`;
      const model =
        name === "ceiling"
          ? "perfect-reader"
          : name === "stand-in"
            ? "lethe-local"
            : (process.env.LETHE_MODEL_COMPRESSION ?? process.env.LETHE_MODEL ?? name);
      const rec: Recording = {
        family: t.family,
        seed: t.seed,
        turns: TURNS,
        ratio,
        windowTokens: 8_192,
        model,
        calls,
      };
      writeFileSync(path.join(RECORD, file), `${JSON.stringify(rec, null, 1)}\n`);
    }
    return {
      messages: run.value.messages,
      refs: checkRefs(run.value.summary, run.value.kept, run.value.cut),
    };
  };
}

const METHODS: readonly [string, Method][] = [
  [
    "truncate-oldest",
    (t, r) => Promise.resolve({ messages: truncateOldest(t.messages, budgetOf(t, r), tokenizer) }),
  ],
  [
    "head+tail",
    (t, r) => Promise.resolve({ messages: headAndTail(t.messages, budgetOf(t, r), tokenizer) }),
  ],
  ["Lethe structural", lethe("structural", () => undefined)],
  ["Lethe, local stand-in", lethe("stand-in", () => standIn)],
  ["Lethe, perfect reader (ceiling)", lethe("ceiling", (t) => perfectSummariser(t))],
  ...(yours === undefined
    ? []
    : [[YOUR_MODEL, lethe("your-model", () => yours)] satisfies [string, Method]]),
];

const countAll = (messages: readonly ChatMessage[]) =>
  messages.reduce((sum, m) => sum + tokenizer.countMessage(m), 0);
const budgetOf = (t: Transcript, ratio: number) => Math.floor(countAll(t.messages) * ratio);

/** The text of the turn that last states fact `i`'s current value. */
function currentStatement(t: Transcript, i: number): string | undefined {
  const current = (t.facts[i]?.values.length ?? 0) - 1;
  const last = t.statements.filter((s) => s.fact === i && s.value === current).at(-1);
  return last === undefined ? undefined : (t.messages[last.turn - 1]?.content ?? undefined);
}

async function measure(t: Transcript, method: Method, ratio: number): Promise<Score> {
  const input = countAll(t.messages);
  const out = await method(t, ratio);
  const proposing = new Set(t.proposals.map((p) => t.messages[p.turn - 1]?.content ?? ""));
  const lines = assertedLines(out.messages, proposing);
  const raw = new Set(out.messages.map((m) => m.content ?? ""));
  const scores = t.facts.map((f, i) => {
    const stating = currentStatement(t, i);
    return scoreFact(f, lines, stating !== undefined && raw.has(stating));
  });
  const n = Math.max(1, scores.length);
  return {
    recall: scores.filter((s) => s.recalled).length / n,
    stale: scores.filter((s) => s.stale).length / n,
    staleInSummary: scores.filter((s) => s.staleInSummary).length / n,
    conflict: scores.filter((s) => s.conflict).length / n,
    overBudget: countAll(out.messages) > Math.floor(input * ratio),
    refs: out.refs ?? { resolved: 0, total: 0 },
    reduction: 1 - countAll(out.messages) / input,
    missed: t.facts.flatMap((f, i) =>
      scores[i]?.recalled
        ? []
        : [
            `${f.key} = ${f.values.at(-1)} (${f.values.join(" -> ")})${scores[i]?.stale ? ` STALE: ${scores[i]?.staleLine ?? ""}` : scores[i]?.conflict ? " conflict" : ""}`,
          ],
    ),
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const W = [34, 14, 7, 9, 9, 9, 9, 9, 6, 8, 11];
const row = (cells: string[]) =>
  cells.map((c, i) => (i < 2 ? c.padEnd(W[i] ?? 0) : c.padStart(W[i] ?? 0))).join(" ");

process.stdout.write(
  [
    "bench:compression: output budget = share of the input's tokens (o200k_base, messages with their overhead)",
    `transcripts: bench/compression-generator.ts, ${TURNS} messages after the system message, 12 planted facts (8 changed 1-3 times), seeds ${SEEDS.join(", ")}`,
    `families: ${FAMILIES.map((f) => `${f.name}${f.heldOut ? " (held out)" : ""}`).join(", ")}`,
    "local stand-in: the local endpoint's extractive reader of structured key-values (workers/model/summarise/) through the real Driver, 8k window",
    "perfect reader (ceiling): knows which turn states which value; answers the same contract through the same pipeline",
    yours === undefined
      ? "your model: not measured (--model adds it: the model the LETHE_MODEL_* settings name)"
      : `your model: ${process.env.LETHE_MODEL_COMPRESSION ?? process.env.LETHE_MODEL ?? "(the driver's default)"} at ${process.env.LETHE_MODEL_BASE_URL ?? ""}, through the real Driver, answers redacted as the compressor redacts them`,
    "recall: facts whose current value is shown as current (a plain line naming the fact, its look-alike's name removed);",
    "stale: only a replaced value is shown as current, by any line (a raw kept turn included); in block: by a line",
    "of a summary block (what the summariser asserts); conflict: the current value only inside a marked conflict;",
    "over: outputs over their budget; out/in: mean output tokens over input tokens; refs: refs named by Lethe's outputs that resolve to the text they hash",
    "",
    row([
      "method",
      "family",
      "budget",
      "mean rec",
      "min rec",
      "max stale",
      "in block",
      "conflict",
      "over",
      "out/in",
      "refs",
    ]),
  ].join("\n") + "\n",
);

const results = new Map<string, Score[]>();
for (const family of FAMILIES) {
  const transcripts = SEEDS.map((seed) => generateTranscript(family, seed, TURNS));
  for (const ratio of BUDGETS) {
    for (const [name, method] of METHODS) {
      const scores: Score[] = [];
      for (const t of transcripts) {
        const s = await measure(t, method, ratio);
        scores.push(s);
        if (args.has("misses") && name.startsWith("Lethe") && s.missed.length > 0) {
          process.stdout.write(
            `  ${name} ${family.name} seed ${t.seed} ${pct(ratio)} missed:\n${s.missed.map((m) => `    ${m}\n`).join("")}`,
          );
        }
      }
      results.set(`${family.name}|${ratio}|${name}`, scores);
      const refs = scores.reduce(
        (acc, s) => ({ resolved: acc.resolved + s.refs.resolved, total: acc.total + s.refs.total }),
        { resolved: 0, total: 0 },
      );
      process.stdout.write(
        `${row([
          name,
          family.name,
          pct(ratio),
          pct(mean(scores.map((s) => s.recall))),
          pct(Math.min(...scores.map((s) => s.recall))),
          pct(Math.max(...scores.map((s) => s.stale))),
          pct(Math.max(...scores.map((s) => s.staleInSummary))),
          pct(mean(scores.map((s) => s.conflict))),
          String(scores.filter((s) => s.overBudget).length),
          pct(1 - mean(scores.map((s) => s.reduction))),
          refs.total === 0 ? "-" : `${refs.resolved}/${refs.total}`,
        ])}\n`,
      );
    }
  }
}

const at = (family: string, ratio: number, name: string) =>
  results.get(`${family}|${ratio}|${name}`) ?? [];
const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
process.stdout.write("\nacceptance\n");
for (const name of ["Lethe, local stand-in", ...(yours === undefined ? [] : [YOUR_MODEL])]) {
  const all = FAMILIES.flatMap((f) => BUDGETS.flatMap((r) => at(f.name, r, name)));
  const stale = Math.max(0, ...all.map((s) => s.stale));
  const inBlock = Math.max(0, ...all.map((s) => s.staleInSummary));
  const over = all.filter((s) => s.overBudget).length;
  const refs = all.reduce(
    (acc, s) => ({ resolved: acc.resolved + s.refs.resolved, total: acc.total + s.refs.total }),
    { resolved: 0, total: 0 },
  );
  process.stdout.write(
    `  ${name}: stale-as-current 0% on every family, budget and seed: highest ${pct(stale)} -> ${verdict(stale === 0)}\n`,
  );
  process.stdout.write(
    `  ${name}: of which shown by a summary block's own line: highest ${pct(inBlock)} -> ${verdict(inBlock === 0)}\n`,
  );
  process.stdout.write(
    `  ${name}: never over budget: ${over} of ${all.length} over -> ${verdict(over === 0)}\n`,
  );
  process.stdout.write(
    `  ${name}: refs resolve: ${refs.resolved}/${refs.total} -> ${verdict(refs.resolved === refs.total)}\n`,
  );
}
for (const ratio of BUDGETS.filter((r) => r <= 0.25)) {
  const ceiling = FAMILIES.flatMap((f) => at(f.name, ratio, "Lethe, perfect reader (ceiling)"));
  const recall = mean(ceiling.map((s) => s.recall));
  process.stdout.write(
    `  ceiling keeps >= 99% of current values at ${pct(ratio)}: ${pct(recall)} -> ${verdict(recall >= 0.99)}\n`,
  );
  for (const f of FAMILIES.filter((x) => x.heldOut)) {
    const mine = mean(at(f.name, ratio, "Lethe, local stand-in").map((s) => s.recall));
    const best = Math.max(
      ...["truncate-oldest", "head+tail"].map((b) =>
        mean(at(f.name, ratio, b).map((s) => s.recall)),
      ),
    );
    process.stdout.write(
      `  stand-in above truncate-oldest and head+tail on ${f.name} at ${pct(ratio)}: ${pct(mine)} vs ${pct(best)} -> ${verdict(mine > best)}\n`,
    );
  }
}
if (yours !== undefined) {
  process.stdout.write(
    `\nyour model: ${yourCalls.requests} HTTP requests (${yourCalls.failed} not ok, retries included)\n`,
  );
}
process.stdout.write(
  `\nbench:compression took ${((performance.now() - started) / 1000).toFixed(1)} s (${FAMILIES.length} families x ${SEEDS.length} seeds x ${BUDGETS.length} budgets x ${METHODS.length} methods)\n`,
);
