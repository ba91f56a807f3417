// Whether a fact's value appears in the code lines it cites. save_artifact refuses
// a fact its evidence does not show, and the Hive's verify-first check reports an
// artifact whose value contradicts its citation (a poisoned artifact).
import { escapeRegExp } from "../base/regexp.ts";

/** Strings longer than this are prose, not a value a line of code holds verbatim. */
export const MAX_CHECKED_STRING = 200;

/** A number as code writes it: digit separators dropped (30_000 and 30,000 are 30000). */
function normaliseDigits(text: string): string {
  return text.replace(/(?<=\d)[_,](?=\d)/g, "");
}

/**
 * True when `text` shows `value`, false when it plainly does not, null when the
 * value is not something a line of code can be checked for (objects, booleans,
 * long prose).
 */
export function valueInText(value: unknown, text: string): boolean | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) {
      return null;
    }
    const digits = normaliseDigits(text);
    const forms = new Set([String(value), value.toFixed(1), String(value).replace(/^0\./, ".")]);
    return [...forms].some((form) =>
      new RegExp(`(?<![\\d.])${escapeRegExp(form)}(?![\\d])`).test(digits),
    );
  }
  if (typeof value === "string") {
    const trimmed = value.trim();
    if (trimmed === "" || trimmed.length > MAX_CHECKED_STRING) {
      return null;
    }
    if (/^[+-]?\d[\d_,]*(\.\d+)?$/.test(trimmed)) {
      return valueInText(Number(normaliseDigits(trimmed)), text);
    }
    return text.includes(trimmed);
  }
  return null;
}
