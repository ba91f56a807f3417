// Untrusted text (artifact values and summaries, knowledge written by other
// agents) enters the envelope as data: one JSON-quoted line, special-token text
// escaped, so no newline can start a forged `Mission:` line or role marker.
// Used by shared/agent/meta.ts and the envelope's meta section.

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
