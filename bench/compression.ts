// bench:compression (issue 8): token reduction against recall of each planted
// fact's CURRENT value, for structural truncation and for map-reduce, side by side,
// on seeded synthetic transcripts with updated facts and look-alike distractors.
// The map-reduce summariser is the local endpoint's deterministic, extractive
// summarise policy run in-process through the real Driver: a stand-in, not a
// language model, so its recall is an upper bound for the pipeline, not a
// measurement of any real model. Prints figures; never asserts.
import type { ChatMessage } from "../shared/context/messages.ts";
import { loadTokenizer } from "../shared/context/tokens.ts";
import { compressConversation, type CompressionRun } from "../shared/compress/index.ts";
import { localModelFetch } from "../shared/compress/local-fetch.ts";
import { driverConfigFromEnv } from "../shared/driver/config.ts";
import { Driver } from "../shared/driver/driver.ts";
import {
  makeConversation,
  type ConversationFixture,
} from "../tests/shared/compress/conversation-fixture.ts";

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
const SHAPES: readonly {
  turns: number;
  filler: number;
  updates: "keyed" | "paraphrased";
}[] = [
  { turns: 60, filler: 2, updates: "keyed" },
  { turns: 60, filler: 4, updates: "keyed" },
  { turns: 200, filler: 3, updates: "keyed" },
  { turns: 60, filler: 2, updates: "paraphrased" },
];

interface Method {
  name: string;
  summariser: boolean;
  windowTokens?: number;
}

const METHODS: readonly Method[] = [
  { name: "raw (no compression)", summariser: false },
  { name: "structural truncation", summariser: false },
  { name: "map-reduce, 8k window", summariser: true, windowTokens: 8_192 },
  { name: "map-reduce, 1k window", summariser: true, windowTokens: 1_024 },
];

interface Score {
  reduction: number;
  recall: number;
  stale: number;
  ambiguous: number;
  distractor: number;
  calls: number;
  ms: number;
}

const tokenizer = await loadTokenizer("gpt-4o");
const config = driverConfigFromEnv({}, { maxAttempts: 1 });
if (!config.ok) {
  throw new Error(config.message);
}
const driver = new Driver(config.value, { fetch: localModelFetch() });

/** What the next model call would read of the conversation. */
function visibleText(messages: readonly ChatMessage[]): string[] {
  return messages.flatMap((m) => (m.content ?? "").split(/\n|(?<=[.!?])\s+/));
}

function score(fixture: ConversationFixture, messages: readonly ChatMessage[]) {
  const lines = visibleText(messages).map((l) => l.toLowerCase());
  let recalled = 0;
  let stale = 0;
  let ambiguous = 0;
  for (const fact of fixture.facts) {
    // Lines about the subject itself, not its look-alike ("the invoice limit of the sandbox").
    const about = lines.filter(
      (l) => l.includes(`the ${fact.subject} `) && !l.includes(`the ${fact.subject} of `),
    );
    const current = (fact.values.at(-1) ?? "").toLowerCase();
    if (about.some((l) => l.includes(current))) {
      recalled++;
    }
    // A replaced value still shown while the current one is not: a reader would act on it.
    const old = fact.values.slice(0, -1).map((v) => v.toLowerCase());
    if (
      !about.some((l) => l.includes(current)) &&
      about.some((l) => old.some((v) => l.includes(v)))
    ) {
      stale++;
    }
    if (
      about.some((l) => l.includes(current)) &&
      about.some((l) => old.some((v) => l.includes(v)))
    ) {
      ambiguous++;
    }
  }
  const distractors = fixture.distractors.filter((d) =>
    lines.some((l) => l.includes(d.toLowerCase().replace(/\.$/, ""))),
  ).length;
  return {
    recall: recalled / fixture.facts.length,
    stale: stale / fixture.facts.length,
    ambiguous: ambiguous / fixture.facts.length,
    distractor: distractors / fixture.distractors.length,
  };
}

async function measure(method: Method, fixture: ConversationFixture): Promise<Score> {
  if (method.name.startsWith("raw")) {
    return { reduction: 0, ...score(fixture, fixture.messages), calls: 0, ms: 0 };
  }
  const started = performance.now();
  const result = await compressConversation(fixture.messages, {
    tokenizer,
    ...(method.summariser ? { client: driver, windowTokens: method.windowTokens } : {}),
  });
  const ms = performance.now() - started;
  if (!result.ok) {
    throw new Error(`${method.name}: ${result.message}`);
  }
  const run: CompressionRun = result.value;
  if (method.summariser && run.method !== "map-reduce") {
    throw new Error(`${method.name} fell back: ${run.fallback?.code ?? "?"}`);
  }
  return {
    reduction: 1 - run.report.post_tokens / run.report.pre_tokens,
    ...score(fixture, run.messages),
    calls: run.calls,
    ms,
  };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const pct = (x: number) => (Number.isNaN(x) ? "n/a" : `${(x * 100).toFixed(1)}%`);

function row(cells: string[], widths: number[]): string {
  return cells
    .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
    .join("  ");
}

const widths = [24, 10, 8, 7, 10, 12, 6, 8];
process.stdout.write(
  `bench:compression — ${SEEDS.length} seeds per shape, ${tokenizer.encoding} token counts\n` +
    "summariser: the local endpoint's deterministic extractive policy (a stand-in, not a language model)\n" +
    "reduction: of the compressed turns (report pre→post); recall: facts whose CURRENT value is visible;\n" +
    "stale: facts shown only with a replaced value; ambiguous: current and replaced value both shown;\n" +
    "look-alikes: distractor sentences (true facts about other subjects, 'the invoice limit of the\n" +
    "sandbox') still visible: they must survive without displacing the real ones\n\n",
);
for (const shape of SHAPES) {
  const fixtures = SEEDS.map((seed) => makeConversation({ seed, ...shape }));
  const tokens = mean(fixtures.map((f) => tokenizer.countMessages(f.messages)));
  process.stdout.write(
    `${shape.turns} turns, ${shape.filler}+ filler sentences per turn, ${shape.updates} updates (~${Math.round(tokens)} tokens, 10 facts, 6 updated)\n`,
  );
  process.stdout.write(
    `${row(["method", "reduction", "recall", "stale", "ambiguous", "look-alikes", "calls", "ms/run"], widths)}\n`,
  );
  for (const method of METHODS) {
    const scores: Score[] = [];
    for (const fixture of fixtures) {
      scores.push(await measure(method, fixture));
    }
    process.stdout.write(
      `${row(
        [
          method.name,
          pct(mean(scores.map((s) => s.reduction))),
          pct(mean(scores.map((s) => s.recall))),
          pct(mean(scores.map((s) => s.stale))),
          pct(mean(scores.map((s) => s.ambiguous))),
          pct(mean(scores.map((s) => s.distractor))),
          mean(scores.map((s) => s.calls)).toFixed(1),
          mean(scores.map((s) => s.ms)).toFixed(1),
        ],
        widths,
      )}\n`,
    );
  }
  process.stdout.write("\n");
}
