// Quote-bait: "what was your last sentence?" must be answered with the exact last
// raw turn, never a summary of it. A small detector over English and Chinese
// phrasings, and the pure answer the agent loop gives instead of calling a model.
import type { ChatMessage } from "../context/messages.ts";
import { isSummaryBlock } from "./block.ts";

/**
 * Phrasings that ask for the assistant's own previous words verbatim. Each needs a
 * pointer to the past ("last", "previous", "just", 上一, 刚才) and a unit of speech
 * ("sentence", "message", 句, 话), so "the last sentence of the file" does not match
 * (no "your"/"you") and neither does "summarise our conversation".
 */
export const QUOTE_BAIT_PATTERNS: readonly RegExp[] = [
  // your last / previous / prior / preceding sentence, message, reply, answer, words
  /\byour\s+(very\s+)?(last|previous|prior|preceding|latest|most recent)\s+(sentence|message|reply|response|answer|words?|line|turn|statement)\b/i,
  // what did you (just) say / write / tell me
  /\bwhat\s+(did|have)\s+you\s+(just\s+)?(say|said|write|written|tell me|told me|reply|answer)\b/i,
  // what was the last thing you said
  /\b(last|previous)\s+thing\s+you\s+(said|wrote|told me)\b/i,
  // repeat / quote what you (just) said, repeat your last ...
  /\b(repeat|quote|say again|restate)\b.{0,20}\b(what you (just )?(said|wrote)|your (last|previous))\b/i,
  /\bquote\s+yourself\b/i,
  // 你的上一句是什么, 你上一句说了什么, 上一条消息, 最后一句话
  /你的?(上一句|上句|上一条|上一段|最后一句|前一句)/,
  /(上一句|上一条消息|最后一句话?).{0,6}(是什么|说了什么|是啥|说的什么|重复)/,
  // 你刚才说了什么, 你刚刚说的是什么, 重复你刚才的话
  /你(刚才|刚刚|方才)(说|讲|写)(了)?(什么|啥|的是什么|的话)/,
  /重复.{0,4}(你|您)(刚才|刚刚|上一句)/,
];

export function isQuoteBait(question: string): boolean {
  return QUOTE_BAIT_PATTERNS.some((pattern) => pattern.test(question));
}

export type QuoteBaitAnswer =
  | { bait: false }
  | { bait: true; found: true; quote: string; index: number }
  | { bait: true; found: false; message: string };

/**
 * When `question` asks for the assistant's last words, the exact content of the
 * last assistant turn in `transcriptTail` (raw turns, oldest first; summary blocks
 * and tool-call-only turns are skipped), byte-for-byte.
 */
export function answerQuoteBait(
  question: string,
  transcriptTail: readonly ChatMessage[],
): QuoteBaitAnswer {
  if (!isQuoteBait(question)) {
    return { bait: false };
  }
  for (let i = transcriptTail.length - 1; i >= 0; i--) {
    const message = transcriptTail[i];
    if (
      message?.role === "assistant" &&
      message.content !== null &&
      message.content.length > 0 &&
      !isSummaryBlock(message.content)
    ) {
      return { bait: true, found: true, quote: message.content, index: i };
    }
  }
  return {
    bait: true,
    found: false,
    message: "there is no earlier assistant turn to quote in the raw tail",
  };
}
