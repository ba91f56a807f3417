// The baselines bench:compression measures Lethe against at one budget: what a
// user could write instead of a compressor. Truncate-oldest keeps the newest
// messages that fit; head+tail keeps the oldest and the newest half and half.
// Used by bench/compression.ts.
import type { ChatMessage } from "../shared/context/messages.ts";
import type { Tokenizer } from "../shared/context/tokens.ts";

function tokensOf(messages: readonly ChatMessage[], tokenizer: Tokenizer): number {
  return messages.reduce((sum, m) => sum + tokenizer.countMessage(m), 0);
}

/** Keeps the system messages and the newest messages that fit. */
export function truncateOldest(
  messages: readonly ChatMessage[],
  budget: number,
  tokenizer: Tokenizer,
): ChatMessage[] {
  const system = messages.filter((m) => m.role === "system");
  let spent = tokensOf(system, tokenizer);
  const kept: ChatMessage[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m === undefined || m.role === "system") {
      continue;
    }
    const cost = tokenizer.countMessage(m);
    if (spent + cost > budget) {
      break;
    }
    spent += cost;
    kept.unshift(m);
  }
  return [...system, ...kept];
}

/** Half the budget for the oldest messages, half for the newest. */
export function headAndTail(
  messages: readonly ChatMessage[],
  budget: number,
  tokenizer: Tokenizer,
): ChatMessage[] {
  const rest = messages.filter((m) => m.role !== "system");
  const system = messages.filter((m) => m.role === "system");
  const half = (budget - tokensOf(system, tokenizer)) / 2;
  const head: ChatMessage[] = [];
  let spent = 0;
  for (const m of rest) {
    const cost = tokenizer.countMessage(m);
    if (spent + cost > half) {
      break;
    }
    spent += cost;
    head.push(m);
  }
  const tail: ChatMessage[] = [];
  spent = 0;
  for (let i = rest.length - 1; i >= head.length; i--) {
    const m = rest[i];
    if (m === undefined) {
      continue;
    }
    const cost = tokenizer.countMessage(m);
    if (spent + cost > half) {
      break;
    }
    spent += cost;
    tail.unshift(m);
  }
  return [...system, ...head, ...tail];
}
