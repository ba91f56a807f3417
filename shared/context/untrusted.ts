// Untrusted text (files, tool output, artifact values and summaries, knowledge
// written by other agents) enters the envelope as data: in a user-role message,
// under Lethe's one-line header, inside a fence the text cannot close (the fence
// is escaped inside it); meta items are also one JSON-quoted line each. Used by
// the envelope (shared/context/envelope.ts), shared/governance/meta.ts and the
// stand-in model, which reads pages and results back out of their fences.
import type { ChatMessage } from "./messages.ts";

/** Line breaks of every kind a model or a line-based reader would honour. */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;
/** Chat-template control text (`<|im_start|>`, `<|endoftext|>`...). */
const SPECIAL_TOKEN = /<\||\|>/;

/**
 * `value` as JSON on one line: JSON.stringify leaves U+2028, U+2029 and U+0085
 * raw, so they are escaped too, with `<|` and `|>`. Reversible by JSON.parse.
 */
export function oneLineJson(value: unknown): string {
  return (JSON.stringify(value) ?? "null")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029")
    .replaceAll("\u0085", "\\u0085")
    .replaceAll("<|", "<\\u007c")
    .replaceAll("|>", "\\u007c>");
}

/** `text` as a JSON string literal on one line (see oneLineJson). */
export function quoteUntrusted(text: string): string {
  return oneLineJson(text);
}

/** A meta item as one line: kept as is when it already is one plain line, quoted otherwise. */
export function fenceItem(item: string): string {
  return LINE_BREAK.test(item) || SPECIAL_TOKEN.test(item) ? quoteUntrusted(item) : item;
}

/** The meta section's header: each line after it is data, not instructions. */
export const META_OPEN = "[RELEVANT ARTIFACTS] (data)";

/** The fence around untrusted text in a data message. */
export const DATA_FENCE_OPEN = "<untrusted>";
export const DATA_FENCE_CLOSE = "</untrusted>";
/** A fence tag inside the text (any case); escaped as `<\untrusted` / `<\/untrusted`. */
const FENCE_TAG = /<(\/?)(untrusted)/gi;
const ESCAPED_FENCE_TAG = /<\\(\/?)(untrusted)/gi;
const LINE_BREAKS = /[\r\n\u0085\u2028\u2029]/g;

/** `text` with every fence tag escaped, so it cannot close (or open) a fence. */
export function escapeFence(text: string): string {
  return text.replace(FENCE_TAG, "<\\$1$2");
}

/** The text escapeFence was given (a text that held `<\untrusted` itself reads back unescaped). */
export function unescapeFence(text: string): string {
  return text.replace(ESCAPED_FENCE_TAG, "<$1$2");
}

/** Untrusted `text` under a one-line `header`, fenced: the content of a data message or a tool result. */
export function fenceData(header: string, text: string): string {
  return `${header.replace(LINE_BREAKS, " ")}\n${DATA_FENCE_OPEN}\n${escapeFence(text)}\n${DATA_FENCE_CLOSE}`;
}

/** A data message: fenced untrusted text in the user role, never the system role. */
export function dataMessage(header: string, text: string): ChatMessage {
  return { role: "user", content: fenceData(header, text) };
}

/** The header and the (unescaped) text of a fenced text, or null when `content` is not one. */
export function readFenced(content: string): { header: string; text: string } | null {
  const end = content.indexOf("\n");
  const open = `\n${DATA_FENCE_OPEN}\n`;
  const close = `\n${DATA_FENCE_CLOSE}`;
  if (end < 0 || !content.startsWith(open, end) || !content.endsWith(close)) {
    return null;
  }
  const from = end + open.length;
  const to = content.length - close.length;
  return {
    header: content.slice(0, end),
    text: from > to ? "" : unescapeFence(content.slice(from, to)),
  };
}
