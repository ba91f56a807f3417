// Whether a turn speaks of a key: one of the key's words found in the turn (whole,
// a three-letter word as the start of a longer one, "min" in "minutes", or a word
// of the same stem, "slots" and "surgeries"), or all of them when each is shorter.
// Reads no English. Used by the stand-in summariser to leave a value unsettled when
// a later turn speaks of its key without a value it can read.
import { subjectOfKey } from "../../../shared/facts/structured.ts";

/** Words shorter than this never match by stem, only whole or as an abbreviation. */
const STEM_CHARS = 4;
/** A key word this short matches only whole ("ms" is no abbreviation of "msg"). */
const ABBREVIATION_CHARS = 3;

/**
 * The words of a key a mention is judged on: those of its last dotted part (and the
 * part before when the last is one word: `settings.db_region` → db region,
 * `pool.max` → pool max), without numbers or one-letter words.
 */
export function mentionWords(key: string): string[] {
  const parts = key.split(".").filter((p) => p.length > 0);
  const words = (part: string | undefined) =>
    part === undefined ? [] : subjectOfKey(part).split(" ");
  const last = words(parts.at(-1));
  return [...(last.length === 1 ? words(parts.at(-2)) : []), ...last].filter(
    (w) => w.length >= 2 && !/^\d+$/.test(w),
  );
}

/** A turn's words, lower case, camelCase and snake_case split, with their four-letter stems. */
export class TurnWords {
  readonly #words: Set<string>;
  readonly #byStem = new Map<string, string[]>();

  constructor(text: string) {
    this.#words = new Set(subjectOfKey(text.replace(/[^\p{L}\p{N}]+/gu, " ")).split(" "));
    for (const word of this.#words) {
      if (word.length >= STEM_CHARS) {
        const stem = word.slice(0, STEM_CHARS);
        this.#byStem.set(stem, [...(this.#byStem.get(stem) ?? []), word]);
      }
    }
  }

  has(word: string): boolean {
    if (this.#words.has(word)) {
      return true;
    }
    if (word.length < ABBREVIATION_CHARS) {
      return false;
    }
    if (word.length < STEM_CHARS) {
      return this.#abbreviates(word);
    }
    const near = this.#byStem.get(word.slice(0, STEM_CHARS)) ?? [];
    return near.some((w) => sameStem(w, word));
  }

  /** A three-letter key word that starts a longer turn word ("min" in "minutes"). */
  #abbreviates(word: string): boolean {
    for (const [stem, words] of this.#byStem) {
      if (stem.startsWith(word) && words.length > 0) {
        return true;
      }
    }
    return false;
  }

  /** Whether the turn speaks of `key`: one of its words of three letters or more, or all of them. */
  names(key: string): boolean {
    const words = mentionWords(key);
    return (
      words.some((w) => w.length >= ABBREVIATION_CHARS && this.has(w)) ||
      (words.length > 0 && words.every((w) => this.has(w)))
    );
  }
}

/**
 * Two words of one stem: one starts the other, or they differ only in their last
 * letter and what follows ("surgery" and "surgeries", "slot" and "slots").
 */
function sameStem(a: string, b: string): boolean {
  if (a.startsWith(b) || b.startsWith(a)) {
    return true;
  }
  let common = 0;
  while (common < a.length && a[common] === b[common]) {
    common++;
  }
  return common >= Math.max(STEM_CHARS, Math.min(a.length, b.length) - 1);
}
