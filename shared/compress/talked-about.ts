// How many turns name a subject (up to a few): a subject the conversation keeps
// naming (set, asked about, changed) ranks before a field a tool printed once when
// a tight budget chooses bullets. Linear in the turns' words: turns are indexed by
// their word pairs, and only turns holding a subject's first pair are searched.
// Called by compress.ts.

/** Turns naming a subject that make it one the conversation keeps talking about. */
export const TALKED_ABOUT = 3;
/** Turns listed per word pair at most (the search for one subject is bounded by it). */
const MAX_TURNS_PER_PAIR = 64;
/** Characters of one turn indexed. */
const MAX_TURN_CHARS = 20_000;

/** `count(subject)`: turns naming `subject` (lower case, whole words), at most TALKED_ABOUT. */
export function turnsNaming(texts: readonly string[]): (subject: string) => number {
  const lower = texts.map((t) => t.slice(0, MAX_TURN_CHARS).toLowerCase());
  const byPair = new Map<string, number[]>();
  lower.forEach((text, turn) => {
    const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
    const seen = new Set<string>();
    for (let i = 0; i < words.length; i++) {
      for (const key of [words[i] ?? "", `${words[i] ?? ""} ${words[i + 1] ?? ""}`]) {
        if (seen.has(key)) {
          continue;
        }
        seen.add(key);
        const list = byPair.get(key) ?? [];
        if (list.length < MAX_TURNS_PER_PAIR) {
          list.push(turn);
          byPair.set(key, list);
        }
      }
    }
  });
  const counted = new Map<string, number>();
  return (subject) => {
    const known = counted.get(subject);
    if (known !== undefined) {
      return known;
    }
    const words = subject.split(" ");
    const key = words.length > 1 ? `${words[0] ?? ""} ${words[1] ?? ""}` : (words[0] ?? "");
    let n = 0;
    for (const turn of byPair.get(key) ?? []) {
      if (n >= TALKED_ABOUT) {
        break;
      }
      n += lower[turn]?.includes(subject) === true ? 1 : 0;
    }
    counted.set(subject, n);
    return n;
  };
}
