// The current-facts block of the proxy's envelope: the latest value of every key
// the conversation established, read by shared/facts (JSON, YAML, CSV, env files,
// diff hunks…) from the artifacts the model saved with lethe_save_artifact and
// from the client's tool results, newest first within a token budget. A value a
// later turn replaced is never shown; each line names the turn whose result holds
// the raw text (the tool ledger and the archive give that turn's ref). Artifacts
// carry no turn, so they count as stated before the first message: a tool result
// that states a key again supersedes them. Used by proxy/envelope.ts.
import type { ChatMessage } from "../../../shared/context/messages.ts";
import type { Tokenizer } from "../../../shared/context/tokens.ts";
import {
  extractKeyValues,
  latestValues,
  type KeyValue,
  type TurnText,
  type ValueHistory,
} from "../../../shared/facts/structured.ts";
import type { ProxyArtifact } from "../../../durable-objects/session/proxy-store.ts";

/** What the facts block may weigh, header and lines included. */
export const FACTS_BUDGET_TOKENS = 1_200;
/** Keys shown from any one turn: a dump of hundreds of settings does not crowd out the rest. */
export const FACTS_PER_TURN = 32;
/** A value longer than this is cut with "…" (its turn's ref holds it whole). */
const VALUE_CHARS = 160;
/** Characters of texts whose reads an isolate keeps (the texts are the keys); a client resends its whole history on every call. */
const READ_CACHE_CHARS = 8 * 1024 * 1024;
/** Texts longer than this are not read for facts: it bounds the CPU one call spends reading. */
const MAX_READ_CHARS = 256 * 1024;

const readCache = new Map<string, readonly KeyValue[]>();
let cachedChars = 0;

/** One text's key–values, memoised by content (the history repeats on every call). */
function readOnce(turn: TurnText): readonly KeyValue[] {
  if (turn.text.length > MAX_READ_CHARS) {
    return [];
  }
  const cacheKey = `${turn.toolOutput === true ? "t" : "p"}${turn.text}`;
  const hit = readCache.get(cacheKey);
  if (hit !== undefined) {
    return hit;
  }
  const values = extractKeyValues(turn.text, { toolOutput: turn.toolOutput === true });
  while (cachedChars + cacheKey.length > READ_CACHE_CHARS && readCache.size > 0) {
    const oldest = readCache.keys().next().value ?? "";
    readCache.delete(oldest);
    cachedChars -= oldest.length;
  }
  readCache.set(cacheKey, values);
  cachedChars += cacheKey.length;
  return values;
}

/** The turns facts are read from: artifacts (before turn 1), then each tool result at its turn. */
function factSources(
  messages: readonly ChatMessage[],
  artifacts: readonly ProxyArtifact[],
): TurnText[] {
  const turns: TurnText[] = artifacts.map((a, i) => ({
    turn: i - artifacts.length,
    text: a.content,
    toolOutput: true,
  }));
  messages.forEach((message, index) => {
    if (message.role === "tool") {
      turns.push({ turn: index + 1, text: message.content, toolOutput: true });
    }
  });
  return turns;
}

function line(fact: ValueHistory, artifacts: readonly ProxyArtifact[]): string {
  const value =
    fact.current.value.length > VALUE_CHARS
      ? `${fact.current.value.slice(0, VALUE_CHARS)}…`
      : fact.current.value;
  const turn = fact.current.turn;
  const where =
    turn < 1 ? `artifact ${artifacts[turn + artifacts.length]?.name ?? ""}` : `turn ${turn}`;
  return `- ${fact.current.key} = ${value} (${where})`;
}

/**
 * The block for the system message, or "" when nothing is stated: the newest
 * current values first, at most FACTS_PER_TURN from one turn, within FACTS_BUDGET_TOKENS.
 */
export function currentFactsBlock(
  messages: readonly ChatMessage[],
  artifacts: readonly ProxyArtifact[],
  tokenizer: Tokenizer,
): string {
  const facts = latestValues(factSources(messages, artifacts), { read: readOnce });
  if (facts.length === 0) {
    return "";
  }
  const newestFirst = facts
    .map((fact, order) => ({ fact, order }))
    .sort((a, b) => b.fact.current.turn - a.fact.current.turn || a.order - b.order);
  const header =
    "Current facts (the latest value of each key stated by tool results and saved artifacts; replaced values are not listed; lethe_read_ref on a turn's ref reads its raw text):";
  const lines: string[] = [];
  const perTurn = new Map<number, number>();
  let spent = tokenizer.count(header);
  let left = 0;
  for (const { fact } of newestFirst) {
    const fromTurn = perTurn.get(fact.current.turn) ?? 0;
    const text = line(fact, artifacts);
    const tokens = tokenizer.count(text) + 1;
    if (fromTurn >= FACTS_PER_TURN || spent + tokens > FACTS_BUDGET_TOKENS) {
      left++;
      continue;
    }
    perTurn.set(fact.current.turn, fromTurn + 1);
    lines.push(text);
    spent += tokens;
  }
  if (left > 0) {
    lines.push(`- ${left} more keys not listed (their turns' results hold them)`);
  }
  return [header, ...lines].join("\n");
}
