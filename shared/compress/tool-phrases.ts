// The conversation's subjects as tool output is matched against them: known
// phrases (the subject index's keys, the prose's noun phrases and word runs), a
// key read as words, a field's unit, a value cleaned for a statement, and the
// statement itself. Called by tool-lines.ts.
import { nounPhrases } from "./config-lines.ts";
import { normaliseSubject } from "./facts.ts";
import { isStopword } from "../model/words.ts";
import type { Stated } from "./tool-tables.ts";

const MAX_VALUE = 80;
/** Phrases of the conversation read at most. */
const MAX_PHRASES = 50_000;

/** Prose words read at most for phrases the conversation mentions (n-grams of up to 5 words). */
const MAX_PROSE_WORDS = 100_000;
const MAX_GRAM = 5;
/** Runs of up to this many words are known when they start and end on a content word. */
const MAX_LONG_GRAM = 10;

/** The subjects the conversation's prose talks about, for matching tool output against. */
/** A word of a line or of the prose: letters and digits, a clock time or a decimal whole. */
export const TOOL_WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}'’_-]|[.:](?=\d)|&(?=[\p{L}\p{N}]))*/gu;

export interface KnownPhrases {
  /** A subject the index keys, a noun phrase the prose names, or words of two or more it says. */
  has(phrase: string): boolean;
  /** Known subjects by their first word, longest first (for finding one inside a line). */
  byFirst: ReadonlyMap<string, readonly string[][]>;
  /** One-word noun phrases the prose names ("the headcount"): a table row or a change record's field may be one. */
  single: ReadonlySet<string>;
}

/**
 * Subjects the index keys (any length), the prose's noun phrases and any run of
 * two to five words the prose says (so "X V, per the supplier" names X too).
 */
export function knownPhrases(subjects: Iterable<string>, prose: readonly string[]): KnownPhrases {
  const all = new Set<string>();
  for (const s of subjects) {
    all.add(s.toLowerCase());
  }
  const grams = new Set<string>();
  const single = new Set<string>();
  let read = 0;
  for (const text of prose) {
    if (read >= MAX_PROSE_WORDS) {
      break;
    }
    for (const p of all.size < MAX_PHRASES ? nounPhrases(text.slice(0, 100_000)) : []) {
      const subject = normaliseSubject(p);
      if (subject !== undefined) {
        (subject.includes(" ") ? all : single).add(subject);
      }
    }
    // A clock time ("18:00 wind forecast") or a decimal stays one word of the run.
    for (const sentence of text.slice(0, 100_000).split(/[\n;!?|,()"`]+|[.:](?!\d)|(?<!\d)[.:]/)) {
      const words = sentence.toLowerCase().match(TOOL_WORD) ?? [];
      read += words.length;
      for (let i = 0; i < words.length; i++) {
        let gram = words[i] ?? "";
        for (let n = 2; n <= MAX_LONG_GRAM && i + n <= words.length; n++) {
          gram += ` ${words[i + n - 1] ?? ""}`;
          // Past five words only a run between content words ("target date for the X review").
          const content = !isStopword(words[i] ?? "") && !isStopword(words[i + n - 1] ?? "");
          if (n <= MAX_GRAM || content) {
            grams.add(gram);
          }
        }
      }
    }
  }
  const byFirst = new Map<string, string[][]>();
  for (const phrase of all) {
    const words = phrase.split(" ");
    const list = byFirst.get(words[0] ?? "") ?? [];
    list.push(words);
    byFirst.set(words[0] ?? "", list);
  }
  for (const list of byFirst.values()) {
    list.sort((a, b) => b.length - a.length);
  }
  return { has: (phrase) => all.has(phrase) || grams.has(phrase), byFirst, single };
}

/** A key as words: `dinner_venue`, `dinnerVenue`, `dinner-venue` → "dinner venue". */
export function keyWords(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.\-/]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/**
 * An environment-variable key (`WORKER_POOL_SIZE`): a setting of some process,
 * which a dump of it does not state as the conversation's value (a process's
 * environment often differs from what the conversation settled on), so a
 * key/value field is read only under a key written as words or lower-case.
 */
export function isEnvKey(key: string): boolean {
  return /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(key.trim());
}

/**
 * The known subject a key or cell names, exactly (after determiners and status
 * words); `row` also takes a one-word noun phrase of the prose (a table row's
 * first cell, a change record's field name say which subject they are about).
 */
export function knownSubject(raw: string, known: KnownPhrases, row = false): string | undefined {
  if (raw.length === 0 || raw.length > MAX_VALUE) {
    return undefined;
  }
  for (const form of [raw.toLowerCase(), keyWords(raw)]) {
    const subject = normaliseSubject(form.replace(/[*`"']/g, "").trim());
    if (subject !== undefined && (known.has(subject) || (row && known.single.has(subject)))) {
      return subject;
    }
  }
  return undefined;
}

/** Units a key may end with ("latency_ms", "disk_pct"), and how a value writes them. */
const KEY_UNITS: Readonly<Record<string, string>> = {
  ms: "ms",
  sec: "s",
  secs: "s",
  seconds: "s",
  mins: "min",
  minutes: "min",
  hours: "h",
  days: "days",
  pct: "%",
  percent: "%",
  kb: "KB",
  mb: "MB",
  gb: "GB",
  tb: "TB",
};

/**
 * A field whose key ends with a unit ("p99_latency_ms: 420"): the subject
 * without the unit ("p99 latency") holds the value with it ("420 ms").
 */
export function unitField(
  key: string,
  raw: unknown,
  known: KnownPhrases,
): { subject: string; value: string } | undefined {
  const words = keyWords(key).split(" ");
  const unit = KEY_UNITS[words.at(-1) ?? ""];
  const value = cleanValue(raw);
  if (unit === undefined || value === undefined || words.length < 2 || !/^[\d.,-]+$/.test(value)) {
    return undefined;
  }
  const subject = knownSubject(words.slice(0, -1).join(" "), known);
  return subject === undefined
    ? undefined
    : { subject, value: unit === "%" ? `${value}%` : `${value} ${unit}` };
}

/** A value as a statement holds it: unquoted, one line, short; none for structures and blanks. */
export function cleanValue(raw: unknown): string | undefined {
  if (typeof raw !== "string" && typeof raw !== "number" && typeof raw !== "boolean") {
    return undefined;
  }
  const v = String(raw)
    .trim()
    .replace(/,$/, "")
    .replace(/^(["'`])(.*)\1$/, "$2")
    .replace(/`/g, "")
    .trim();
  if (
    v.length === 0 ||
    v.length > MAX_VALUE ||
    /^[{[]/.test(v) ||
    /^(?:null|undefined|none|n\/a|-+|—)$/i.test(v)
  ) {
    return undefined;
  }
  return v;
}

/** "The X is `V` (was `A`).": how a stated value reads to the summariser. */
export function statement(s: Stated): string {
  const was = s.was === undefined || s.was === s.value ? "" : ` (was \`${s.was}\`)`;
  return `The ${shownPhrase(s)} is \`${s.value}\`${was}.`;
}

/**
 * The subject as the output wrote it, when that keys the same subject and says
 * more ("default date range" for the key "date range", "new X flow" for "X flow"):
 * a reader looks for the words the conversation uses.
 */
function shownPhrase(s: Stated): string {
  if (s.phrase === undefined) {
    return s.subject;
  }
  const raw = s.phrase.replace(/[*`"']/g, "").trim();
  const words = (/\s/.test(raw) ? raw.toLowerCase() : keyWords(raw)).replace(
    /^(?:the|a|an)\s+/,
    "",
  );
  return words !== s.subject &&
    words.endsWith(s.subject) &&
    words.length <= s.subject.length + 30 &&
    normaliseSubject(words) === s.subject
    ? words
    : s.subject;
}

/** "<field> of <item>", "<item> <field>", "<field> for <item>": the subject a row or record's cell states. */
export function itemSubject(item: string, field: string, known: KnownPhrases): string | undefined {
  return (
    knownSubject(`${item} ${field}`, known) ??
    knownSubject(`${field} of ${item}`, known) ??
    knownSubject(`${field} for ${item}`, known)
  );
}

/** A change record's field name as a subject, when it reads as words (not an id or a path). */
export function recordSubject(raw: string): string | undefined {
  const words = /\s/.test(raw.trim()) ? raw.trim().toLowerCase() : keyWords(raw);
  return /^[\p{L}][\p{L}\p{N}' -]{1,60}$/u.test(words) ? normaliseSubject(words) : undefined;
}
