// Whether a turn speaks of a key: a word of the turn starts with one of the key's
// words of three letters or more (with its first four letters for a longer one:
// "min" names "minutes", "surgery" names "surgeries"), or the turn holds every word
// of a key whose words are all shorter. Reads no English. Used by the stand-in
// summariser to leave a value unsettled when a later turn speaks of its key without
// a value it can read.
import { subjectOfKey } from "../../../shared/facts/structured.ts";

/** A key word this short matches only whole ("db" names no "dbs"). */
const SHORT_WORD = 3;
/** Letters of a longer key word a turn word must start with. */
const STEM_CHARS = 4;

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

/** A turn's words, lower case, camelCase and snake_case split. */
export class TurnWords {
  readonly #words: readonly string[];

  constructor(text: string) {
    this.#words = [...new Set(subjectOfKey(text.replace(/[^\p{L}\p{N}]+/gu, " ")).split(" "))];
  }

  /** Whether the turn speaks of `key` (see the module comment). */
  names(key: string): boolean {
    const words = mentionWords(key);
    const starts = (w: string) => this.#words.some((t) => t.startsWith(w.slice(0, STEM_CHARS)));
    return (
      words.some((w) => w.length >= SHORT_WORD && starts(w)) ||
      (words.length > 0 && words.every((w) => this.#words.includes(w)))
    );
  }
}
