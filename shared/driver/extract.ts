// The text stages of healing (shared/driver/heal.ts calls them in order): strip
// reasoning blocks and code fences, find the JSON value inside chatter and repair
// it, or fall back to `KEY: value` lines.
import { jsonrepair } from "jsonrepair";

/** Reasoning tags that small models wrap their thinking in (DeepSeek-R1, Qwen3, QwQ): opening and closing forms. */
const THINK_TAGS: ReadonlyArray<{ open: RegExp; close: RegExp }> = [
  { open: /<think>/gi, close: /<\/think>/gi },
  { open: /<thinking>/gi, close: /<\/thinking>/gi },
  { open: /<reasoning>/gi, close: /<\/reasoning>/gi },
  { open: /<reflection>/gi, close: /<\/reflection>/gi },
];

/** The first match of a global tag pattern at or after `from`. */
function findFrom(pattern: RegExp, text: string, from: number): RegExpExecArray | null {
  pattern.lastIndex = from;
  return pattern.exec(text);
}

/** Every `<tag>…</tag>` block replaced by a space, left to right, each closed by the first close after it. */
function dropClosedBlocks(text: string, tag: { open: RegExp; close: RegExp }): string {
  let out = "";
  let at = 0;
  for (;;) {
    const open = findFrom(tag.open, text, at);
    const close = open === null ? null : findFrom(tag.close, text, open.index + open[0].length);
    if (open === null || close === null) {
      return out + text.slice(at);
    }
    out += `${text.slice(at, open.index)} `;
    at = close.index + close[0].length;
  }
}
/** Candidate JSON starts tried before giving up: chatter rarely holds more braces. */
const MAX_JSON_CANDIDATES = 16;
/** `KEY: value` keys are short words; a longer "key" is a sentence with a colon. */
const MAX_KV_KEY_CHARS = 24;

/** Removes `<think>…</think>` blocks; an answer starting mid-thought drops everything up to a lone `</think>`. */
export function stripThinking(text: string): string {
  let out = text;
  for (const tag of THINK_TAGS) {
    out = dropClosedBlocks(out, tag);
    const close = findFrom(tag.close, out, 0);
    const open = findFrom(tag.open, out, 0);
    if (close && (open === null || open.index > close.index)) {
      out = out.slice(close.index + close[0].length);
    }
    // An unclosed block (the answer was cut off mid-thought): drop the tag and
    // keep the text, in case the move sits inside it.
    out = out.replace(tag.open, " ");
  }
  return out.trim();
}

/** The body of the first code fence that holds JSON-looking text, else the text unchanged. */
export function stripFences(text: string): string {
  const fence = /```[a-zA-Z0-9_-]*[ \t]*\r?\n?([\s\S]*?)(?:```|$)/g;
  let match: RegExpExecArray | null;
  let first: string | undefined;
  while ((match = fence.exec(text)) !== null) {
    const body = (match[1] ?? "").trim();
    first ??= body;
    if (/^[[{]/.test(body)) {
      return body;
    }
    if (match[0].length === 0) {
      break;
    }
  }
  return first !== undefined && first.length > 0 ? first : text;
}

/**
 * The end index (exclusive) of the JSON-ish value starting at `start`, aware of
 * both quote styles and comments; the text's end when the value is truncated.
 */
function balancedEnd(text: string, start: number): number {
  const stack: string[] = [];
  let quote: string | undefined;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (quote !== undefined) {
      if (ch === "\\") {
        i++;
      } else if (ch === quote) {
        quote = undefined;
      }
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === "/" && text[i + 1] === "/") {
      const nl = text.indexOf("\n", i);
      i = nl === -1 ? text.length : nl;
    } else if (ch === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      i = close === -1 ? text.length : close + 1;
    } else if (ch === "{" || ch === "[") {
      stack.push(ch === "{" ? "}" : "]");
    } else if (ch === "}" || ch === "]") {
      if (stack.pop() !== ch) {
        return i + 1;
      }
      if (stack.length === 0) {
        return i + 1;
      }
    }
  }
  return text.length;
}

function parseLenient(candidate: string): unknown {
  try {
    return JSON.parse(candidate);
  } catch {
    // Not strict JSON: the repair below is the next healing stage.
  }
  try {
    return JSON.parse(jsonrepair(candidate));
  } catch {
    // Beyond repair: the caller tries the next candidate or the KEY: value fallback.
    return undefined;
  }
}

export interface ExtractedJson {
  value: object;
  repaired: boolean;
  chatter: boolean;
  /** The value is the right-hand side of a `KEY: value` line, not the answer itself. */
  kvValue: boolean;
}

/** A key is words separated by single runs of spaces, so a run of spaces has one reading. */
const KV_KEY = String.raw`[A-Za-z][A-Za-z0-9_-]*(?: +[A-Za-z0-9_-]+)*`;
const KV_PREFIX = new RegExp(String.raw`^\s*(?:[-*•]\s*)?\**${KV_KEY}\**[ \t]*[:=][ \t]*$`);
const KV_LINE = new RegExp(
  String.raw`^[ \t]*(?:[-*•][ \t]*)?\**(${KV_KEY})\**[ \t]*[:=][ \t]*(\S.*)?$`,
);

/** Finds the first object or array in the text that parses, strictly or after repair. */
export function extractJson(text: string): ExtractedJson | undefined {
  let tried = 0;
  for (let i = 0; i < text.length && tried < MAX_JSON_CANDIDATES; i++) {
    const ch = text[i];
    if (ch !== "{" && ch !== "[") {
      continue;
    }
    tried++;
    const end = balancedEnd(text, i);
    const candidate = text.slice(i, end);
    const value = parseLenient(candidate);
    if (value !== null && typeof value === "object") {
      let strict = true;
      try {
        JSON.parse(candidate);
      } catch {
        strict = false;
      }
      const chatter = text.slice(0, i).trim().length > 0 || text.slice(end).trim().length > 0;
      const lineStart = text.lastIndexOf("\n", i - 1) + 1;
      const kvValue = KV_PREFIX.test(text.slice(lineStart, i));
      return { value, repaired: !strict, chatter, kvValue };
    }
  }
  return undefined;
}

/** A value from a `KEY: value` line: JSON when it looks like JSON, else the trimmed text. */
function kvValue(raw: string): unknown {
  const text = raw.trim().replace(/^["'`](.*)["'`]$/s, "$1");
  if (/^[[{]/.test(text)) {
    const parsed = parseLenient(text);
    if (parsed !== undefined) {
      return parsed;
    }
  }
  return text;
}

/**
 * The `KEY: value` fallback: `TOOL: search` / `ARGS: {"query": "x"}` lines (also
 * `Key = value`, bulleted or bold). Returns undefined when no line looks like one.
 */
export function parseKeyValueLines(text: string): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  let found = 0;
  for (const line of text.split(/\r?\n/)) {
    const match = KV_LINE.exec(line);
    if (!match) {
      continue;
    }
    const key = (match[1] ?? "").trim();
    const value = match[2] ?? "";
    if (key.length === 0 || key.length > MAX_KV_KEY_CHARS || value.trim().length === 0) {
      continue;
    }
    if (!(key in out)) {
      out[key] = kvValue(value);
      found++;
    }
  }
  return found > 0 ? out : undefined;
}
