// Which messages a compression may touch and what each compressed turn keeps:
// the protected tail (from the second-to-last human message on), each turn's
// text behind its ref, and an earlier summary's facts and refs carried over.
// Called by compress.ts.
import type { ChatMessage } from "../context/messages.ts";
import { keep, type KeptContent } from "../context/refs.ts";
import type { NarrativeItem, NumberedTurn, SummaryFact } from "../model/summarise-contract.ts";
import { isSummaryBlock, readSummaryBlock } from "./block.ts";

/** The last N human messages (and all after them) are never compressed (issue 8). */
export const PROTECTED_HUMAN_MESSAGES = 2;

export interface Citation {
  turn: number;
  ref: string;
}

/** What a turn says, tool calls included; for plain messages exactly its content. */
export function turnText(message: ChatMessage): string {
  const content = message.content ?? "";
  if (message.role !== "assistant" || message.tool_calls === undefined) {
    return content;
  }
  const calls = message.tool_calls.map(
    (c) => `[tool call ${c.function.name}] ${c.function.arguments}`,
  );
  return [content, ...calls].filter((s) => s.length > 0).join("\n");
}

function isHuman(message: ChatMessage): boolean {
  return message.role === "user" && !isSummaryBlock(message.content);
}

/**
 * Index of the first message that is never compressed (the protected tail's
 * start): the `humans`-th human message from the end.
 */
export function tailStart(
  messages: readonly ChatMessage[],
  humans: number = PROTECTED_HUMAN_MESSAGES,
): number {
  let seen = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message && isHuman(message)) {
      seen++;
      if (seen === humans) {
        return i;
      }
    }
  }
  const first = messages.findIndex(isHuman);
  return first >= 0 ? first : Math.max(0, messages.length - 1);
}

export interface CollectedTurns {
  /** Non-empty turns to summarise, numbered, each with its role and whole text. */
  turns: NumberedTurn[];
  /** Facts and narrative of earlier summaries in the compressed range. */
  carried: { facts: SummaryFact[]; narrative: NarrativeItem[] };
  earlierIndex: string | undefined;
  /** turn number → ref of its full text (new turns and carried citations). */
  refs: Map<number, string>;
  /** The new turns' texts, each to be stored under its ref. */
  kept: KeptContent[];
  citations: Citation[];
}

export function collectTurns(
  compressible: readonly { index: number; message: ChatMessage }[],
  numberOf: (index: number) => number,
): CollectedTurns {
  const collected: CollectedTurns = {
    turns: [],
    carried: { facts: [], narrative: [] },
    earlierIndex: undefined,
    refs: new Map(),
    kept: [],
    citations: [],
  };
  for (const { index, message } of compressible) {
    if (message.role === "user" && isSummaryBlock(message.content)) {
      // An earlier summary: its facts and refs carry over; its turns are already kept.
      const earlier = readSummaryBlock(message.content);
      collected.earlierIndex = earlier.index ?? collected.earlierIndex;
      // Without its own refs line, a line's turns resolve through the earlier index.
      const resolves = (turns: readonly number[]) =>
        earlier.index !== undefined || turns.every((t) => earlier.refs.has(t));
      collected.carried.facts.push(...earlier.facts.filter((f) => resolves(f.turns)));
      collected.carried.narrative.push(...earlier.narrative.filter((n) => resolves(n.turns)));
      for (const [turn, ref] of earlier.refs) {
        collected.refs.set(turn, ref);
        collected.citations.push({ turn, ref });
      }
      continue;
    }
    const turn = numberOf(index);
    const text = turnText(message);
    const k = keep(text);
    collected.kept.push(k);
    collected.refs.set(turn, k.ref);
    collected.citations.push({ turn, ref: k.ref });
    if (text.trim().length > 0) {
      collected.turns.push({ turn, role: message.role, text });
    }
  }
  return collected;
}

/** "2-5, 7, 9-12": turn numbers as short runs, for loss lines. */
export function ranges(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i] ?? 0;
    let end = start;
    while (sorted[i + 1] === end + 1) {
      end++;
      i++;
    }
    runs.push(start === end ? `${start}` : `${start}-${end}`);
  }
  return runs.join(", ");
}
