// Values a statement says it replaced: "A → V", "(was A)", "from A to V",
// "V instead of A", "V, not A", "no longer A". A sentence no rule keys that names
// the same subject with such a value is that subject's old statement, so it is
// superseded like a keyed one. Called by supersede.ts (supersede).

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

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const whole = (text: string, phrase: string) =>
  new RegExp(`(?<![\\w.-])${escape(phrase)}(?![\\w-])`).test(text);

/** True when `text` names `subject` whole together with one of the `replaced` values. */
export function statesReplacedValue(
  text: string,
  subject: string,
  replaced: readonly string[],
): boolean {
  const lower = text.slice(0, SCAN_CHARS).toLowerCase();
  return replaced.length > 0 && whole(lower, subject) && replaced.some((v) => whole(lower, v));
}
