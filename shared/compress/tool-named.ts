// Where a line of tool output names a subject the conversation knows, and the
// value a line states by naming that subject and then its value with at most a
// few linking words ("Handover: the X confirmed as V", "X unchanged at V,
// checked at handover", `Field "X": V`, "SET41 X 78 °C"). The last reader of a
// tool line: it runs when no field, record, change-log or sentence form read
// it. Used by tool-lines.ts.
import { normaliseSubject } from "./facts.ts";
import { cleanValue, TOOL_WORD, type KnownPhrases } from "./tool-phrases.ts";
import type { Stated } from "./tool-tables.ts";

export interface NamedSubject {
  subject: string;
  start: number;
  end: number;
}

/** The longest known subject a line names as whole words, with where it ends. */
export function namedSubject(line: string, known: KnownPhrases): NamedSubject | undefined {
  // A key's underscores read as spaces ("glaze_batch_size"); a subject spelled with one
  // ("checkout_v2 flag rollout") is matched as written. Both keep every position.
  const lower = line.toLowerCase();
  const spaced = namedIn(lower.replace(/_/g, " "), known);
  const written = lower.includes("_") ? namedIn(lower, known) : undefined;
  return written !== undefined &&
    written.subject.includes("_") &&
    (spaced === undefined || written.end - written.start > spaced.end - spaced.start)
    ? written
    : spaced;
}

function namedIn(lower: string, known: KnownPhrases): NamedSubject | undefined {
  const words = [...lower.matchAll(TOOL_WORD)];
  let best: NamedSubject | undefined;
  for (let i = 0; i < words.length; i++) {
    for (const phrase of known.byFirst.get(words[i]?.[0] ?? "") ?? []) {
      if (best !== undefined && phrase.length <= best.subject.split(" ").length) {
        break;
      }
      if (phrase.every((w, k) => words[i + k]?.[0] === w)) {
        const last = words[i + phrase.length - 1];
        best = {
          subject: phrase.join(" "),
          start: words[i]?.index ?? 0,
          end: (last?.index ?? 0) + (last?.[0].length ?? 0),
        };
        break;
      }
    }
  }
  // A longer run the prose says ("local preference of the Cogent routes") beats a known part of it.
  const run = namedRun(words, known);
  return run !== undefined && (best === undefined || run.end - run.start > best.end - best.start)
    ? run
    : best;
}

/** Words a known run of prose words may have at most (tool-phrases.ts MAX_LONG_GRAM). */
const MAX_RUN = 10;

/**
 * The longest run of three or more words the prose says that a line names, when
 * no known subject is there ("set ingest log retention period to 60 days",
 * the prose only ever saying "the ingest log retention period line").
 */
function namedRun(
  words: readonly RegExpMatchArray[],
  known: KnownPhrases,
): NamedSubject | undefined {
  let best: (NamedSubject & { n: number }) | undefined;
  for (let i = 0; i < words.length; i++) {
    for (let n = Math.min(MAX_RUN, words.length - i); n >= 3 && n > (best?.n ?? 0); n--) {
      const run = words.slice(i, i + n).map((w) => w[0]);
      const phrase = run.join(" ");
      // A run that ends on a clock time or a decimal ends on a value, not a name.
      if (
        known.has(phrase) &&
        normaliseSubject(phrase) === phrase &&
        !/^\d+[:.]\d/.test(run.at(-1) ?? "")
      ) {
        const last = words[i + n - 1];
        best = {
          subject: phrase,
          start: words[i]?.index ?? 0,
          end: (last?.index ?? 0) + (last?.[0].length ?? 0),
          n,
        };
        break;
      }
    }
  }
  return best === undefined
    ? undefined
    : { subject: best.subject, start: best.start, end: best.end };
}

/** Words that link a named subject to its value: a copula, a check, a setting verb. */
const LINKS = new Set([
  "is",
  "are",
  "now",
  "currently",
  "still",
  "unchanged",
  "confirmed",
  "reconfirmed",
  "re-confirmed",
  "verified",
  "checked",
  "stands",
  "remains",
  "reads",
  "stays",
  "set",
  "at",
  "as",
  "to",
  "holds",
  "held",
  "kept",
  "agreed",
  "approved",
  "fixed",
  "final",
  "locked",
  "pinned",
  "changed",
  "updated",
  "amended",
  "revised",
  "moved",
  "raised",
  "lowered",
  "reset",
  "value",
]);
/** Linking words that cannot come first: right after a subject they open a qualifier. */
const OPENS_QUALIFIER = new Set(["at", "as", "to"]);
/** Punctuation that links a name to its value: a colon, an equals sign, a dash, a closing quote. */
const LINK_MARKS = /^(?:[:=]+|[-–—]|=>|->|→|["'`]:?)$/;
/** Words before a subject that say the value is not the current one (an old copy, an offer, a what-if). */
const NOT_CURRENT =
  /\b(?:old|older|previous|prior|former|legacy|proposed|draft|tentative|suggested|candidate|archived|superseded|was|were|if|whether|would|could|might|offers?|offered|bids?|counter-?offers?|quotes|estimates?|proposals?)\b/i;
/** Where a value ends: an aside, a clause, a column, a comment, a quoted CSV cell. */
const VALUE_END =
  /\s+\(|;\s|,\s|\s[—–]\s|\s-\s|\s#\s|\s\||\.\s|\.$|["']\s*,\s*["']|\s{2,}|\s+[\w.-]+=/;
/** A value of a name or a place written in capitals ("Rui Kaneda", "Bay C"). */
const NAME_VALUE = /^(?:[A-Z][\w'’.-]*)(?:\s+(?:[A-Z][\w'’.-]*|\d[\w.-]*)){0,3}$/;
/** A value that is a number, an amount, an identifier or a quoted text. */
const MARKED_VALUE = /\d|[$€£¥]|^["'`]/;

/** True when an underscore touches the named words, or sits inside them unlike the subject's spelling. */
function machineKey(line: string, named: NamedSubject): boolean {
  const inside = named.subject.includes("_") ? "" : line.slice(named.start, named.end);
  return /_/.test(`${line.charAt(named.start - 1)}${inside}${line.charAt(named.end)}`);
}

/** True when a number opens the text and nothing but the rest of its value follows ("06:00 GMT"). */
function numberEnds(text: string): boolean {
  return /^[$€£¥]?\d/.test(text) && VALUE_END.exec(text) === null && text.split(/\s+/).length <= 4;
}

/**
 * The value a tool line states of the known subject it names, when only linking
 * words stand between the two ("X confirmed as V", "X = V GOOD", "X: V"). With
 * no linking word at all, the value is what ends a short register row ("SET41 X 78 °C").
 * A subject under a word that says the value is not current ("old X: V") states nothing.
 */
export function namedValue(line: string, known: KnownPhrases): Stated | undefined {
  if (line.length > 300 || line.includes("?")) {
    return undefined;
  }
  const named = namedSubject(line, known);
  // A machine key (GLAZE_BATCH_SIZE=16) is some process's setting, not the subject in words;
  // an underscore the known subject is spelled with ("checkout_v2 …") is no sign of one.
  if (
    named === undefined ||
    machineKey(line, named) ||
    NOT_CURRENT.test(line.slice(Math.max(0, named.start - 24), named.start))
  ) {
    return undefined;
  }
  const tokens = line.slice(named.end).trim().split(/\s+/);
  // "overflow room block: 38 rooms": a word in front of a key makes another subject.
  const key = /(?:^|[:|,;\]])\s*([^:|,;\]]*)$/.exec(line.slice(0, named.start))?.[1] ?? "";
  if (
    /^[:=]/.test(tokens[0] ?? "") &&
    /^[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+$/i.test(key) &&
    !/^(?:the|a|an|our|its|their|current|new|latest|final|agreed|confirmed|updated|revised)\s+$/i.test(
      key,
    )
  ) {
    return undefined;
  }
  let linked = 0;
  while (linked < tokens.length && linked < 4) {
    const token = tokens[linked] ?? "";
    const word = token.toLowerCase().replace(/:$/, "");
    // "X at Ashburn: 1 Gbps": a bare "at", "as" or "to" after the subject opens a qualifier,
    // unless a number ends the line after it ("Agreed: X at 06:00 GMT").
    if (
      (!LINKS.has(word) && !LINK_MARKS.test(token)) ||
      (linked === 0 && OPENS_QUALIFIER.has(word) && !numberEnds(tokens.slice(1).join(" ")))
    ) {
      break;
    }
    linked++;
  }
  const rest = tokens.slice(linked).join(" ");
  const cut = VALUE_END.exec(rest);
  const raw = (cut === null ? rest : rest.slice(0, cut.index)).replace(/[.!,;:]+$/, "");
  const value = cleanValue(raw);
  // "X at the Leipzig lab: 50": a qualifier after the subject, not its value.
  if (
    value === undefined ||
    value.split(/\s+/).length > 6 ||
    /\w:\s/.test(value) ||
    /^(?:the|a|an|this|that|our|its|for|in|on|at|of|during|with)\b/i.test(value)
  ) {
    return undefined;
  }
  if (linked === 0) {
    // Nothing links them: a register row ("SET13 X Dmitri Vale"), the subject
    // near the line's start and the value all that follows it.
    const lead = line
      .slice(0, named.start)
      .trim()
      .split(/\s+/)
      .filter((w) => w.length > 0);
    // A register's status column after the value ("1200 gems live") is no part of it.
    const held = value.replace(
      /\s+(?:live|active|pending|draft|enabled|disabled|applied|current)$/i,
      "",
    );
    return cut === null &&
      lead.length <= 3 &&
      /^(?:[$€£¥]?\d|[A-Z]|[a-z][\w.-]*\d)/.test(held) &&
      held.split(/\s+/).length <= 4 &&
      (MARKED_VALUE.test(held) || NAME_VALUE.test(held))
      ? { subject: named.subject, value: held }
      : undefined;
  }
  return MARKED_VALUE.test(value) || NAME_VALUE.test(value)
    ? { subject: named.subject, value }
    : undefined;
}
