// Map-reduce summarisation over the `[LETHE SUMMARISE]` contract: each chunk of
// numbered turns is mapped to cited bullets (role "compression", temperature 0.1
// from the driver's config), then the bullets are reduced in groups that fit the
// window until one group remains. Never throws for model faults: a failure is a
// value the caller turns into the structural fallback. Called by compress.ts.
import type { ChatMessage } from "../context/messages.ts";
import type { Tokenizer } from "../context/tokens.ts";
import type { CallResult, ModelRequest } from "../driver/types.ts";
import {
  buildSummariseSystemPrompt,
  formatBullet,
  formatTurns,
  type NumberedTurn,
  type SummariseStage,
  type SummaryBullet,
} from "../model/contracts.ts";
import { err, ok, type Err, type Result } from "../result.ts";
import { chunkTurns } from "./chunk.ts";
import type { SummariserFailureCode } from "./errors.ts";
import { dedupeBullets, parseAnswer, type ParsedAnswer } from "./guard.ts";

/** What map-reduce needs of a model client: the Driver satisfies it. */
export interface SummariserClient {
  call(request: ModelRequest): Promise<CallResult>;
}

/**
 * Share of the window (after the prompt's fixed cost) left for the answer. The
 * contract asks for copied sentences, so a map answer can be nearly as long as
 * its input; 40% answer / 60% input keeps an extractive answer inside the window.
 */
export const ANSWER_SHARE = 0.4;
/** Attempts per call when the answer parses to nothing (the driver retries transport faults itself). */
export const MAX_ANSWER_ATTEMPTS = 2;
/** Reduce rounds at most; each round must shrink the bullets or the loop stops. */
export const MAX_REDUCE_ROUNDS = 4;
/** An answer may hold at most this many characters per answer token (o200k averages ~4). */
export const ANSWER_CHARS_PER_TOKEN = 8;
/** The smallest input a map call is worth making for (a few short turns). */
export const MIN_INPUT_TOKENS = 64;

export interface SummariserWindow {
  windowTokens: number;
  inputTokens: number;
  answerTokens: number;
}

/** Splits a window between the fixed prompt, the input and the answer; undefined when too small. */
export function summariserWindow(
  windowTokens: number,
  tokenizer: Tokenizer,
): SummariserWindow | undefined {
  const overhead = Math.max(
    ...(["map", "reduce"] as const).map((stage) =>
      tokenizer.countMessages([
        { role: "system", content: buildSummariseSystemPrompt(stage) },
        { role: "user", content: "" },
      ]),
    ),
  );
  const free = windowTokens - overhead;
  const answerTokens = Math.floor(free * ANSWER_SHARE);
  const inputTokens = free - answerTokens;
  if (inputTokens < MIN_INPUT_TOKENS) {
    return undefined;
  }
  return { windowTokens, inputTokens, answerTokens };
}

export interface MapReduceOptions {
  tokenizer: Tokenizer;
  window: SummariserWindow;
  /** Extra request headers (the local endpoint's scripted mode in tests). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Stream the answers (SSE); a stream that drops is a STREAM_INTERRUPTED failure. */
  stream?: boolean;
  /** Bullets of an earlier summary: not mapped again, reduced with the new ones. */
  carried?: readonly SummaryBullet[];
}

export interface MapReduceValue {
  bullets: SummaryBullet[];
  calls: number;
  chunks: number;
  reduceRounds: number;
  losses: string[];
}

export type MapReduceFailure = Err<SummariserFailureCode> & {
  calls: number;
  stage: SummariseStage;
};
export type MapReduceResult = { ok: true; value: MapReduceValue } | MapReduceFailure;

interface Counter {
  calls: number;
}

async function ask(
  client: SummariserClient,
  stage: SummariseStage,
  input: string,
  allowedTurns: ReadonlySet<number>,
  options: MapReduceOptions,
  counter: Counter,
): Promise<Result<ParsedAnswer, SummariserFailureCode>> {
  const messages: ChatMessage[] = [
    { role: "system", content: buildSummariseSystemPrompt(stage) },
    { role: "user", content: input },
  ];
  let last: Err<SummariserFailureCode> | undefined;
  for (let attempt = 1; attempt <= MAX_ANSWER_ATTEMPTS; attempt++) {
    counter.calls++;
    const answer = await client.call({
      role: "compression",
      messages,
      maxTokens: options.window.answerTokens,
      stream: options.stream === true,
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (!answer.ok) {
      // The driver already retried what can be retried (429, 5xx, drops).
      return err(answer.code, answer.message, answer.hint);
    }
    const parsed = parseAnswer(answer.value.content, {
      allowedTurns,
      source: input,
      maxChars: options.window.answerTokens * ANSWER_CHARS_PER_TOKEN,
    });
    if (parsed.ok || parsed.code !== "UNPARSEABLE_SUMMARY") {
      return parsed;
    }
    last = parsed;
  }
  return last ?? err("UNPARSEABLE_SUMMARY", "no answer");
}

function failure(
  e: Err<SummariserFailureCode>,
  counter: Counter,
  stage: SummariseStage,
): MapReduceFailure {
  return { ...e, calls: counter.calls, stage };
}

function capBullet(bullet: SummaryBullet, maxTokens: number, tokenizer: Tokenizer): SummaryBullet {
  let text = bullet.text;
  while (text.length > 1 && tokenizer.countCached(formatBullet({ ...bullet, text })) > maxTokens) {
    text = `${text.slice(0, Math.floor(text.length * 0.8)).trimEnd()}…`;
  }
  return { text, turns: bullet.turns };
}

/** Groups bullets into reduce inputs of at most `budget` tokens, in order. */
function groupBullets(
  bullets: readonly SummaryBullet[],
  budget: number,
  tokenizer: Tokenizer,
): SummaryBullet[][] {
  const groups: SummaryBullet[][] = [];
  let current: SummaryBullet[] = [];
  let tokens = 0;
  for (const bullet of bullets) {
    const cost = tokenizer.countCached(formatBullet(bullet)) + 1;
    if (current.length > 0 && tokens + cost > budget) {
      groups.push(current);
      current = [];
      tokens = 0;
    }
    current.push(bullet);
    tokens += cost;
  }
  if (current.length > 0) {
    groups.push(current);
  }
  return groups;
}

function tokensOf(bullets: readonly SummaryBullet[], tokenizer: Tokenizer): number {
  return bullets.reduce((sum, b) => sum + tokenizer.countCached(formatBullet(b)) + 1, 0);
}

/** Maps every chunk, then reduces until one group fits the window. */
export async function mapReduce(
  turns: readonly NumberedTurn[],
  client: SummariserClient,
  options: MapReduceOptions,
): Promise<MapReduceResult> {
  const { tokenizer, window } = options;
  const counter: Counter = { calls: 0 };
  const losses: string[] = [];
  const chunks = chunkTurns(turns, window.inputTokens, tokenizer);
  let bullets: SummaryBullet[] = [];
  let dropped = 0;
  for (const chunk of chunks) {
    const allowed = new Set(chunk.map((t) => t.turn));
    const answer = await ask(client, "map", formatTurns(chunk), allowed, options, counter);
    if (!answer.ok) {
      return failure(answer, counter, "map");
    }
    dropped += answer.value.dropped;
    bullets.push(...answer.value.bullets);
  }
  // A bullet never takes more than a quarter of a reduce input, so any two fit together.
  const maxBullet = Math.max(16, Math.floor(window.inputTokens / 4));
  bullets.push(...(options.carried ?? []));
  const capped = bullets.map((b) => capBullet(b, maxBullet, tokenizer));
  const cut = capped.filter((b, i) => b.text !== bullets[i]?.text).length;
  if (cut > 0) {
    losses.push(`${cut} bullets cut to ${maxBullet} tokens (their turns keep the full text)`);
  }
  bullets = dedupeBullets(capped);
  let rounds = 0;
  const needsReduce = chunks.length > 1 || (options.carried ?? []).length > 0;
  while (needsReduce && rounds < MAX_REDUCE_ROUNDS && bullets.length > 1) {
    rounds++;
    const groups = groupBullets(bullets, window.inputTokens, tokenizer);
    const next: SummaryBullet[] = [];
    for (const group of groups) {
      const allowed = new Set(group.flatMap((b) => b.turns));
      const input = group.map(formatBullet).join("\n");
      const answer = await ask(client, "reduce", input, allowed, options, counter);
      if (!answer.ok) {
        return failure(answer, counter, "reduce");
      }
      dropped += answer.value.dropped;
      next.push(...answer.value.bullets.map((b) => capBullet(b, maxBullet, tokenizer)));
    }
    const reduced = dedupeBullets(next);
    const shrank = tokensOf(reduced, tokenizer) < tokensOf(bullets, tokenizer);
    bullets = reduced;
    if (groups.length === 1 || !shrank) {
      // One group went through one reduce, or another round would not shrink it further.
      break;
    }
  }
  if (dropped > 0) {
    losses.push(`${dropped} bullets dropped: they cited no turn of their input`);
  }
  return ok({ bullets, calls: counter.calls, chunks: chunks.length, reduceRounds: rounds, losses });
}
