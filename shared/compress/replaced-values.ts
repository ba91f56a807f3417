// Values a statement says it replaced: "A → V", "(was A)", "from A to V",
// "V instead of A", "V, not A", "no longer A". A sentence no rule keys that names
// the same subject with such a value is that subject's old statement, so it is
// superseded like a keyed one. Called by supersede.ts (supersede).
import { escapeRegExp } from "../regexp.ts";

/** Characters of a statement examined. */
const SCAN_CHARS = 1_000;

const PATTERNS: readonly RegExp[] = [
  // "`A` → `V`", "800 rows → 1200 rows": the one or two words before the arrow.
  /(?:`([^`\n]{1,60})`|((?:[^\s`→:]+\s)?[^\s`→:]+))\s*(?:→|->)/g,
  /\((?:was|previously|formerly|it was|old value)\s+`?([^`),;\n]{1,60})`?/gi,
  /\bfrom\s+`?([^`\s,;]{1,60}(?:\s[^`\s,;]{1,20})?)`?\s+to\b/gi,
  /\b(?:instead of|rather than|no longer|not)\s+`?([^`,.;)\n]{1,60}?)`?(?=[,.;)]|\s+anymore|$)/gi,
];

/** The values a statement says it replaced, lower case. */
export function replacedValues(text: string): string[] {
  const head = text.slice(0, SCAN_CHARS);
  const out = new Set<string>();
  for (const pattern of PATTERNS) {
    for (const m of head.matchAll(pattern)) {
      const value = (m[1] ?? m[2] ?? "").trim().toLowerCase();
      if (value.length >= 2 || /\d/.test(value)) {
        out.add(value);
      }
    }
  }
  return [...out];
}

const whole = (text: string, phrase: string) =>
  new RegExp(`(?<![\\w.-])${escapeRegExp(phrase)}(?![\\w-])`).test(text);

/** True when `text` names `subject` whole together with one of the `replaced` values. */
export function statesReplacedValue(
  text: string,
  subject: string,
  replaced: readonly string[],
): boolean {
  const lower = text.slice(0, SCAN_CHARS).toLowerCase();
  return replaced.length > 0 && whole(lower, subject) && replaced.some((v) => whole(lower, v));
}

/** A statement's marks of a replaced value: an arrow, "(was", "from … to", "instead of", "not", "no longer". */
const MARKED =
  /→|->|\((?:was|previously|formerly|it was|old value)\b|\bfrom\s+\S.{0,60}\s+to\b|\b(?:instead of|rather than|no longer|not)\s/i;
/** Replacement statements read at most (the newest). */
const MAX_REPLACEMENTS = 2_000;

export interface Replacement {
  subject: string;
  turn: number;
  values: string[];
}

/**
 * Every statement in the turns that names what it replaced, with its subject
 * (read by `subjectOf`), newest first: a summariser may keep only a subject's
 * latest statement, while an older one still says which value it replaced.
 */
export function replacementsIn(
  turns: readonly { turn: number; text: string }[],
  subjectOf: (sentence: string) => string | undefined,
): Replacement[] {
  const out: Replacement[] = [];
  for (let i = turns.length - 1; i >= 0 && out.length < MAX_REPLACEMENTS; i--) {
    const t = turns[i];
    for (const line of (t?.text ?? "").split("\n")) {
      if (t === undefined || !MARKED.test(line.slice(0, SCAN_CHARS))) {
        continue;
      }
      const values = replacedValues(line);
      const subject = values.length === 0 ? undefined : subjectOf(line);
      if (subject !== undefined) {
        out.push({ subject, turn: t.turn, values });
      }
    }
  }
  return out;
}
