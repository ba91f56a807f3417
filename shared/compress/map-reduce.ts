// Summarisation over the `[LETHE SUMMARISE]` contract (shared/model/summarise-
// contract.ts): map = one model call per chunk of numbered turns, oldest first,
// each shown the facts known so far; reduce = the pipeline's own merge of every
// answer's facts by subject (merge.ts), so no model call decides which value is
// current. Never throws for model faults: a failure is a value the caller turns
// into the structural fallback. Called by compress.ts.
import type { ChatMessage } from "../context/messages.ts";
import type { Tokenizer } from "../context/tokens.ts";
import type { CallResult, ModelRequest } from "../driver/types.ts";
import {
  buildSummariseSystemPrompt,
  formatSummariseRequest,
  type FactStatus,
  type NarrativeItem,
  type NumberedTurn,
  type SummaryFact,
} from "../model/summarise-contract.ts";
import { err, ok, type Err, type Result } from "../base/result.ts";
import { parseSummaryAnswer, type ParsedAnswer } from "./answer.ts";
import { chunkTurns } from "./chunk.ts";
import type { SummariserFailureCode } from "./errors.ts";
import { mergeFacts, type SubjectState } from "./merge.ts";

/** What map-reduce needs of a model client: the Driver satisfies it. */
export interface SummariserClient {
  call(request: ModelRequest): Promise<CallResult>;
}

/**
 * Share of the window (after the prompt's fixed cost) left for the answer: a JSON
 * answer restates every value its turns set, so it can approach its input's size.
 */
export const ANSWER_SHARE = 0.4;
/** Share of a map call's input given to the known facts; the turns get the rest. */
export const KNOWN_FACTS_SHARE = 0.35;
/** Attempts per call when the answer does not parse (the driver retries transport faults itself). */
export const MAX_ANSWER_ATTEMPTS = 2;
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
  const overhead = tokenizer.countMessages([
    { role: "system", content: buildSummariseSystemPrompt() },
    { role: "user", content: "" },
  ]);
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
  /** An earlier summary's facts and narrative: known before the first turn. */
  carried?: { facts: readonly SummaryFact[]; narrative: readonly NarrativeItem[] };
}

export interface MapReduceValue {
  subjects: SubjectState[];
  narrative: NarrativeItem[];
  calls: number;
  losses: string[];
}

export type MapReduceFailure = Err<SummariserFailureCode> & { calls: number; stage: "map" };
export type MapReduceResult = { ok: true; value: MapReduceValue } | MapReduceFailure;

async function ask(
  client: SummariserClient,
  input: string,
  allowedTurns: ReadonlySet<number>,
  options: MapReduceOptions,
  counter: { calls: number },
): Promise<Result<ParsedAnswer, SummariserFailureCode>> {
  const messages: ChatMessage[] = [
    { role: "system", content: buildSummariseSystemPrompt() },
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
    const parsed = parseSummaryAnswer(answer.value.content, {
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

/** The facts a map call is shown: each subject's standing value, newest first, within `budget` tokens. */
function knownFacts(
  subjects: readonly SubjectState[],
  budget: number,
  tokenizer: Tokenizer,
): SummaryFact[] {
  const facts: SummaryFact[] = [];
  let spent = 0;
  for (const s of [...subjects].reverse()) {
    const fact = (v: { value: string }, status: FactStatus, turns: number[]): SummaryFact => ({
      subject: s.subject,
      value: v.value,
      status,
      turns: turns.slice(-3),
    });
    const standing = [
      ...(s.current ? [fact(s.current, "current", s.current.turns)] : []),
      ...s.conflict.map((c) => fact(c, "current", c.turns)),
      ...(s.unsettled?.last ? [fact(s.unsettled.last, "unsettled", s.unsettled.turns)] : []),
    ];
    const cost = tokenizer.countCached(JSON.stringify(standing));
    if (standing.length === 0 || spent + cost > budget) {
      continue;
    }
    spent += cost;
    facts.push(...standing);
  }
  return facts.reverse();
}

/** Maps every chunk in order (each call shown the facts so far), then merges the facts by subject. */
export async function mapReduce(
  turns: readonly NumberedTurn[],
  client: SummariserClient,
  options: MapReduceOptions,
): Promise<MapReduceResult> {
  const { tokenizer, window } = options;
  const counter = { calls: 0 };
  const answers: { fact: SummaryFact; answer: number }[] = (options.carried?.facts ?? []).map(
    (fact) => ({ fact, answer: 0 }),
  );
  const narrative: NarrativeItem[] = [...(options.carried?.narrative ?? [])];
  const knownBudget = Math.floor(window.inputTokens * KNOWN_FACTS_SHARE);
  const chunks = chunkTurns(turns, window.inputTokens - knownBudget, tokenizer);
  let subjects = mergeFacts(answers);
  let dropped = 0;
  let stray = 0;
  for (const [i, chunk] of chunks.entries()) {
    const known = knownFacts(subjects, knownBudget, tokenizer);
    const allowed = new Set([...chunk.map((t) => t.turn), ...known.flatMap((f) => f.turns)]);
    const input = formatSummariseRequest(known, chunk);
    const answer = await ask(client, input, allowed, options, counter);
    if (!answer.ok) {
      return { ...answer, calls: counter.calls, stage: "map" };
    }
    dropped += answer.value.dropped;
    stray += answer.value.strayCitations;
    answers.push(...answer.value.answer.facts.map((fact) => ({ fact, answer: i + 1 })));
    narrative.push(...answer.value.answer.narrative);
    subjects = mergeFacts(answers);
  }
  const losses: string[] = [];
  if (dropped > 0) {
    losses.push(
      `${dropped} facts or sentences dropped: no status of the contract, or no turn of their input cited`,
    );
  }
  if (stray > 0) {
    losses.push(`${stray} citations of turns outside their input removed`);
  }
  return ok({ subjects, narrative, calls: counter.calls, losses });
}
