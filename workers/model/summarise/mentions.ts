// Whether a turn speaks of a key: the words of the key's last two parts each found
// in the turn (a shared stem of four letters counts: `slot_minutes` is spoken of
// in "30-minute slots"). Reads no English; used by the stand-in summariser to
// leave a value unsettled when a later turn speaks of it without a value it can read.
import { subjectOfKey } from "../../../shared/facts/structured.ts";

/** Words shorter than this never match by stem, only whole. */
const STEM_CHARS = 4;

/** The words a mention must hold: the key's last two parts, without numbers or one-letter parts. */
export function mentionWords(key: string): string[] {
  const words = subjectOfKey(key)
    .split(" ")
    .filter((w) => w.length >= 2 && !/^\d+$/.test(w));
  return words.slice(-2);
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
    if (word.length < STEM_CHARS) {
      return false;
    }
    const near = this.#byStem.get(word.slice(0, STEM_CHARS)) ?? [];
    return near.some((w) => w.startsWith(word) || word.startsWith(w));
  }

  /** Whether every mention word of `key` is here; a key with no such word is never spoken of. */
  speaksOf(key: string): boolean {
    const words = mentionWords(key);
    return words.length > 0 && words.every((w) => this.has(w));
  }
}
