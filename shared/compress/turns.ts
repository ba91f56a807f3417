// Which messages a compression may touch and what each compressed turn keeps:
// the protected tail (from the second-to-last human message on), each turn's
// text behind its ref, and an earlier summary's bullets and refs carried over.
// Called by compress.ts.
import type { ChatMessage } from "../context/messages.ts";
import { keep, type KeptContent } from "../context/refs.ts";
import type { NumberedTurn, SummaryBullet } from "../model/contracts.ts";
import { isSummaryBlock, readSummaryBlock } from "./block.ts";
import { summaryTextOf } from "./facts.ts";

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
  /** Non-empty turns to summarise, numbered; code and tool output as a one-line note. */
  turns: NumberedTurn[];
  /** Bullets of earlier summaries in the compressed range. */
  carried: SummaryBullet[];
  earlierIndex: string | undefined;
  /** turn number → ref of its full text (new turns and carried citations). */
  refs: Map<number, string>;
  /** The new turns' texts, each to be stored under its ref. */
  kept: KeptContent[];
  citations: Citation[];
  /**
   * turn number → full text of each tool result and the short string arguments
   * of the call that produced it (read for statements by tool-lines.ts).
   */
  toolOutputs: Map<number, { text: string; items: string[] }>;
}

export function collectTurns(
  compressible: readonly { index: number; message: ChatMessage }[],
  numberOf: (index: number) => number,
): CollectedTurns {
  const collected: CollectedTurns = {
    turns: [],
    carried: [],
    earlierIndex: undefined,
    refs: new Map(),
    kept: [],
    citations: [],
    toolOutputs: new Map(),
  };
  const calls = new Map<string, string[]>();
  for (const { index, message } of compressible) {
    if (message.role === "user" && isSummaryBlock(message.content)) {
      // An earlier summary: its bullets and refs carry over; its turns are already kept.
      const earlier = readSummaryBlock(message.content);
      collected.earlierIndex = earlier.index ?? collected.earlierIndex;
      collected.carried.push(
        // Without its own refs line, a bullet's turns resolve through the earlier index.
        ...earlier.bullets.filter(
          (b) => earlier.index !== undefined || b.turns.every((t) => earlier.refs.has(t)),
        ),
      );
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
    if (message.role === "assistant") {
      for (const call of message.tool_calls ?? []) {
        calls.set(call.id, callItems(call.function.arguments));
      }
    }
    if (message.role === "tool") {
      collected.toolOutputs.set(turn, { text, items: calls.get(message.tool_call_id) ?? [] });
    }
    // The summariser sees prose only: tool output and code stay behind the ref.
    const shown = summaryTextOf(message, text);
    if (shown.trim().length > 0) {
      collected.turns.push({ turn, text: shown });
    }
  }
  return collected;
}

/** Arguments of a tool call read as names: its short string values (at most 6). */
function callItems(args: string): string[] {
  if (args.length > 4_000) {
    return [];
  }
  try {
    const parsed = JSON.parse(args) as unknown;
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      return [];
    }
    return Object.values(parsed)
      .filter((v): v is string => typeof v === "string" && v.length > 0 && v.length <= 60)
      .slice(0, 6);
  } catch {
    return [];
  }
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
