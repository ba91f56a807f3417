// The shape every structured reader returns (one key, its value, the line that
// states it) and the merge key (`subjectOfKey`) that joins `POOL_MAX`, `pool_max`,
// `poolMax` and `pool.max`. Used by the readers of shared/facts/ and their callers.

/** Where a key–value was read from. */
export type StructuredFormat = "json" | "yaml" | "csv" | "table" | "env" | "diff" | "statement";

/** One value that a text states for one key. */
export interface KeyValue {
  /** The key as written; nested data joins its path with "." ("db.pool.max"), a table row its first cell and column. */
  key: string;
  /** The merge key: `subjectOfKey(key)`. */
  subject: string;
  /** The value as written, unquoted and trimmed. */
  value: string;
  format: StructuredFormat;
  /** 1-based line of the text that states the value. */
  line: number;
  /** The value a diff's removed side held for this key, when it differs. */
  was?: string;
}

/** Longest key and value kept: longer ones are text, not a setting. */
export const MAX_KEY_CHARS = 80;
export const MAX_VALUE_CHARS = 200;

/**
 * The merge key of a key: camelCase split, `_ . - /` and runs of spaces read as
 * one space, lower case, quotes and emphasis dropped ("DB_POOL.maxSize" -> "db pool max size").
 */
export function subjectOfKey(key: string): string {
  let out = "";
  let previous = "";
  for (const ch of key.trim()) {
    const lower = ch.toLowerCase();
    const isUpper = ch !== lower;
    if (/[\s_.\-/[\]]/.test(ch)) {
      out += " ";
    } else if (/["'`*]/.test(ch)) {
      continue;
    } else {
      if (isUpper && /[a-z0-9]/.test(previous)) {
        out += " ";
      }
      out += lower;
    }
    previous = ch;
  }
  return out
    .split(" ")
    .filter((w) => w.length > 0)
    .join(" ");
}

/** `text` without the characters of `chars` at either end (linear, no regex). */
export function trimChars(text: string, chars: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start] ?? "")) {
    start++;
  }
  while (end > start && chars.includes(text[end - 1] ?? "")) {
    end--;
  }
  return text.slice(start, end);
}

/** `raw` without surrounding quotes, backticks or emphasis, and a trailing comma. */
export function unquote(raw: string): string {
  let v = raw.trim();
  if (v.endsWith(",")) {
    v = v.slice(0, -1).trimEnd();
  }
  for (const mark of ["**", "__", '"', "'", "`"]) {
    if (v.length >= 2 * mark.length && v.startsWith(mark) && v.endsWith(mark)) {
      return v.slice(mark.length, -mark.length).trim();
    }
  }
  return v;
}

/** A key–value, or undefined when the key or value is empty or too long to be a setting. */
export function keyValue(
  key: string,
  value: string,
  format: StructuredFormat,
  line: number,
): KeyValue | undefined {
  const k = unquote(key);
  const v = unquote(value);
  const subject = subjectOfKey(k);
  if (subject.length === 0 || k.length > MAX_KEY_CHARS || v.length === 0) {
    return undefined;
  }
  return v.length > MAX_VALUE_CHARS ? undefined : { key: k, subject, value: v, format, line };
}
