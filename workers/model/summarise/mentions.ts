// Whether a turn speaks of a key: the key's words found in the turn, all of them
// for a key of one or two words, all but one for a longer key (a path prefix or a
// unit suffix is often left out). A key word also matches a turn word it abbreviates
// (`min` in "minutes") or shares its stem with ("slots", "surgeries"). Reads
// no English. A turn also names a key by one of its words (four letters or more);
// `holdsShape` finds a token shaped like a value (letters, digits and signs in order:
// "sa-east-1" for "us-east-2", "$40" for "$35").
// Used by the stand-in summariser to leave a value unsettled when a later turn
// speaks of it without a value it can read.
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
/** A value's shape: each run of letters "a", each run of digits "9", other characters kept. */
export function shapeOf(value: string): string {
  return value
    .toLowerCase()
    .replace(/\p{L}+/gu, "a")
    .replace(/\p{N}+/gu, "9");
}

/** Longest value, in tokens, whose shape is looked for. */
const MAX_SHAPE_TOKENS = 3;

export class TurnWords {
  readonly #words: Set<string>;
  readonly #byStem = new Map<string, string[]>();
  /** Shape → the token runs (1-3 tokens) of that shape, as written, lower case. */
  readonly #shapes = new Map<string, Set<string>>();

  constructor(text: string) {
    const tokens = text
      .split(/\s+/)
      .map((t) => trimPunctuation(t).toLowerCase())
      .filter((t) => t.length > 0);
    for (let n = 1; n <= MAX_SHAPE_TOKENS; n++) {
      for (let i = 0; i + n <= tokens.length; i++) {
        const run = tokens.slice(i, i + n).join(" ");
        const shape = shapeOf(run);
        this.#shapes.set(shape, (this.#shapes.get(shape) ?? new Set()).add(run));
      }
    }
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

  /**
   * How the turn names a key: "all" its words (all but one of a key of three or
   * more), "one" of its words of four letters or more, or "none".
   */
  names(key: string): "all" | "one" | "none" {
    const words = mentionWords(key);
    const found = words.filter((w) => this.has(w)).length;
    if (words.length > 0 && found >= (words.length >= 3 ? words.length - 1 : words.length)) {
      return "all";
    }
    return words.some((w) => w.length >= STEM_CHARS && this.has(w)) ? "one" : "none";
  }

  /** Whether the turn holds a value shaped like `value` other than `value` itself. */
  holdsShape(value: string): boolean {
    const same = this.#shapes.get(shapeOf(value.trim())) ?? new Set<string>();
    const written = value.trim().toLowerCase();
    return [...same].some((run) => run !== written);
  }
}

/** A token without the punctuation around it ("(sa-east-1)," → "sa-east-1"). */
function trimPunctuation(token: string): string {
  let start = 0;
  let end = token.length;
  while (start < end && "([{\"'`".includes(token[start] ?? "")) {
    start++;
  }
  while (end > start && ".,;:!?)]}\"'`".includes(token[end - 1] ?? "")) {
    end--;
  }
  return token.slice(start, end);
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
