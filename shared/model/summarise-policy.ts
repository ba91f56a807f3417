// The local model's answer to a `[LETHE SUMMARISE]` request (a compressor map or
// reduce step): extractive, not abstractive. It keeps the sentences that carry
// facts with their turn citations, merges duplicates, and lets the latest value
// of the same identifier win. Deterministic; a real model would paraphrase.
import {
  formatBullet,
  parseBullets,
  parseTurns,
  SUMMARY_NONE,
  TOOL_LINE_MARK,
  type SummaryBullet,
} from "./contracts.ts";
import {
  factSubject,
  hasValue,
  isCodeLine,
  PRONOUNS,
  sentenceSubject,
  valueOutside,
} from "../compress/facts.ts";
import { isContrast, isHedgedText } from "../compress/hedges.ts";
import { sentenceBreak } from "../compress/sentence-break.ts";

/** Words that mark a decision even without numbers or identifiers. */
const DECISION =
  /\b(decided|decide|decision|agreed|agree|chose|choose|chosen|will use|must|set to|changed to|updated to|switched to|switch to|approved|rejected|confirmed)\b/i;
/** camelCase, snake_case, SCREAMING_CASE, dotted names and file paths. */
const IDENTIFIER =
  /\b(?:[a-z]+[A-Z][A-Za-z0-9]*|[A-Za-z]+_[A-Za-z0-9_]+|[A-Z]{2,}[A-Z0-9_]*|[\w-]+\/[\w./-]+|[\w-]+\.[a-z]{1,4})\b/;
/** `X = Y`, `X := Y`, `X: Y` with a value. */
const ASSIGNMENT = /[\w\])]\s*(?:=|:=|==)\s*\S/;
/**
 * Characters of a sentence the patterns examine: IDENTIFIER and the subject
 * patterns backtrack within a run of word characters, so an unbounded run (a
 * 500 KB line of `a-a-`) would cost its square; the cap keeps a request linear.
 */
export const SCAN_CHARS = 1_000;

export function isFactSentence(whole: string): boolean {
  const sentence = whole.slice(0, SCAN_CHARS);
  // Code is cited by ref, never copied into bullets.
  if (isCodeLine(sentence) || /^\(code: \d+ lines|^\(tool (output|call)/.test(sentence)) {
    return false;
  }
  return (
    /\d/.test(sentence) ||
    IDENTIFIER.test(sentence) ||
    ASSIGNMENT.test(sentence) ||
    DECISION.test(sentence) ||
    // A value of any kind: a name, a version, a quoted string.
    hasValue(sentence)
  );
}

/** A line break, or a sentence break before a capital, digit, quote or bracket. */
const SENTENCE_BREAK = new RegExp(`\\r?\\n|${sentenceBreak("[A-Z0-9`\"'([]")}`);

/** Sentences of a turn: split after . ! ? (not inside numbers like 0.2) and at line breaks. */
export function splitSentences(text: string): string[] {
  return text
    .split(SENTENCE_BREAK)
    .map((s) => s.trim().replace(/^[-*•]\s+/, ""))
    .filter((s) => s.length > 0);
}

/** The whole subject a sentence sets a value of, normalised: its merge key. */
export function factKey(sentence: string): string | undefined {
  return factSubject(sentence.slice(0, SCAN_CHARS));
}

/** True when a sentence sets a value of the subject the sentence before it names ("It is now V2.", "Keeping V."). */
function leansOnPrevious(sentence: string): boolean {
  const subject = sentenceSubject(sentence);
  return subject !== undefined && PRONOUNS.has(subject);
}

/**
 * Fact sentences of a turn; a sentence that leans on the one before ("It is now
 * V2.") keeps that sentence with it, so the bullet still names its subject.
 */
export function factSentences(text: string): string[] {
  const sentences = splitSentences(text);
  const out: string[] = [];
  sentences.forEach((sentence, i) => {
    if (!isFactSentence(sentence)) {
      return;
    }
    const previous = sentences[i - 1];
    const leans = previous !== undefined && leansOnPrevious(sentence);
    // The sentence it leans on goes with it, not beside it as well.
    if (leans && out.at(-1) === previous) {
      out.pop();
    }
    // Joined as two sentences, so the pronoun's sentence still follows the one naming the subject.
    const ended =
      previous === undefined || /[.!?]$/.test(previous)
        ? previous
        : `${previous.replace(/[;:,]$/, "")}.`;
    const joined = `${ended} ${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}`;
    out.push(leans ? joined : sentence);
  });
  return out;
}

function normalised(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[.!?;,\s]+$/, "");
}

interface Item {
  text: string;
  turns: number[];
  last: number;
  /** Where the sentence was said last among the items: the later of two in one turn wins. */
  order: number;
}

/** Merges items: same sentence → one bullet citing every turn; same key → the latest wins. */
export function mergeFacts(items: readonly SummaryBullet[]): SummaryBullet[] {
  const bySentence = new Map<string, Item>();
  items.forEach((item, order) => {
    const key = normalised(item.text);
    const existing = bySentence.get(key);
    const last = Math.max(...item.turns, -1);
    if (existing) {
      existing.turns = [...new Set([...existing.turns, ...item.turns])].sort((a, b) => a - b);
      existing.last = Math.max(existing.last, last);
      existing.order = order;
    } else {
      bySentence.set(key, {
        text: item.text,
        turns: [...item.turns].sort((a, b) => a - b),
        last,
        order,
      });
    }
  });
  const later = (a: Item, b: Item) => a.last > b.last || (a.last === b.last && a.order >= b.order);
  const byKey = new Map<string, Item>();
  const unkeyed: Item[] = [];
  for (const item of bySentence.values()) {
    // A subject named with no value of its own ("asked where the X is documented") keys nothing.
    const named = isContrast(item.text) ? undefined : factKey(item.text);
    const key = named !== undefined && valueOutside(item.text, named) ? named : undefined;
    if (key === undefined) {
      unkeyed.push(item);
      continue;
    }
    const existing = byKey.get(key);
    // A question or proposal about a value never replaces a statement of it, nor is replaced by one.
    const hedged = isHedgedText(item.text);
    const existingHedged = existing !== undefined && isHedgedText(existing.text);
    if (existing === undefined || (hedged === existingHedged && later(item, existing))) {
      byKey.set(key, item);
    } else if (existingHedged && !hedged) {
      unkeyed.push(existing);
      byKey.set(key, item);
    } else if (hedged) {
      unkeyed.push(item);
    }
  }
  return [...unkeyed, ...byKey.values()]
    .sort((a, b) => (a.turns[0] ?? 0) - (b.turns[0] ?? 0) || a.last - b.last)
    .map((i) => ({ text: i.text, turns: i.turns }));
}

/**
 * A turn's text without the tool-output lines a map request shows: this stand-in
 * does not read them (compress.ts reads tool output by rule before any model runs).
 */
function withoutToolLines(text: string): string {
  return text
    .split("\n")
    .filter((line) => !line.startsWith(TOOL_LINE_MARK))
    .join("\n");
}

/** The summariser's answer to a map request (turns) or a reduce request (bullets). */
export function summarise(userMessage: string): string {
  const turns = parseTurns(userMessage);
  const items: SummaryBullet[] =
    turns.length > 0
      ? turns.flatMap((t) =>
          factSentences(withoutToolLines(t.text)).map((text) => ({ text, turns: [t.turn] })),
        )
      : parseBullets(userMessage).filter((b) => b.text !== SUMMARY_NONE);
  const merged = mergeFacts(items);
  return merged.length === 0 ? SUMMARY_NONE : merged.map(formatBullet).join("\n");
}
