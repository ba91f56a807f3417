// Which fact replaces which, across the whole conversation: a SubjectIndex holds
// every subject the conversation keys ("the X is V", "X: V", table rows) or names
// in two or more value sentences; a sentence's subject is the known subject it
// names as a whole noun phrase (not "staging X", not "X dashboard", not "X of the
// sandbox"), and a later value of the same subject supersedes the earlier one, so
// at most one value per subject is shown as current. Called by compress.ts.
import type { SummaryBullet } from "../model/contracts.ts";
import { isStopword } from "../model/words.ts";
import { replacedValues, statesReplacedValue, type Replacement } from "./replaced-values.ts";
import { isContrast } from "./hedges.ts";
import {
  hasValue,
  isAdverb,
  locatesOnly,
  namedPhrase,
  normaliseSubject,
  PRONOUNS,
  sentenceSubject,
  sentencesOf,
  startsWithPronoun,
  STATUS_WORDS,
} from "./facts.ts";
import { escapeRegExp } from "../regexp.ts";

/** Characters of a sentence examined: the patterns stay linear on a 5 MB line. */
const SCAN_CHARS = 1_000;
/** Value sentences the index reads at most (the newest); the rest key by their own words. */
export const MAX_INDEXED_SENTENCES = 20_000;
/** Words a subject may have; a longer "subject" is a clause. */
const MAX_SUBJECT_WORDS = 12;

/** Verbs that may stand right before a subject without changing it ("bumped X to V"). */
const LEFT_VERBS =
  /^(?:set|use|using|make|keep|put|switch|bump|bumping|setting|changing|moving|raising|lowering|pin|\w+ed)$/;
/** Verb-like words right after a subject ("X defaults to V", "X went to V"). */
const RIGHT_VERBS = /^(?:went|got|sat|rose|fell|hit|stood|became|grew|read|now|ought|\w{2,}ed)$/;
/** Words that may follow a subject and start an adjunct ("X after all", "X starting today"). */
const FOLLOWERS =
  /^(?:after|before|since|until|during|starting|effective|going|today|tomorrow|tonight|instead|again|anymore|everywhere|across|per|via|through|once|when)$/;
/** A present-tense verb ("X sits at V", "X reads V"): an -s word followed by no content word ("X graphs look" is a noun). */
const PRESENT = /^\w{2,}[^s]s$/;
/** Prepositions that make a noun phrase an adjunct ("as of the last sync", "from the design doc"). */
const ADJUNCT = new Set([
  "of",
  "from",
  "per",
  "after",
  "before",
  "since",
  "during",
  "until",
  "once",
  "when",
  "with",
  "by",
  "in",
  "on",
  "at",
  "via",
  "through",
  "about",
]);
const DETERMINER = /^(?:the|a|an|our|its|their|this|that|my|your)$/;
/** "X of the sandbox", "X for the EU tenant": a qualifier makes another subject. */
const QUALIFIER =
  /^(?:of|for|in|on|at|from|under|inside|with|without|during|outside|excluding|including)$/;
/** Prepositions that qualify without a determiner ("X for budgeting", "X in Canada", "X with mega trailers"). */
const BARE_QUALIFIER = /^(?:of|for|in|on|under|inside|with|without|during|outside)$/;

interface Token {
  text: string;
  word: boolean;
  /** As written: a digit, a capital or a mixed-case word reads as a value ("reads Brannigan"). */
  value: boolean;
  raw: string;
}

function tokens(sentence: string): Token[] {
  const out: Token[] = [];
  const text = sentence.slice(0, SCAN_CHARS).replace(/[`"'()[\]]/g, "");
  for (const m of text.matchAll(
    /[\p{L}\p{N}](?:[\p{L}\p{N}_./:-]*[\p{L}\p{N}])?|[^\s\p{L}\p{N}]/gu,
  )) {
    const raw = m[0];
    out.push({
      text: raw.toLowerCase(),
      word: /^[\p{L}\p{N}]/u.test(raw),
      value: /\d|\p{Lu}/u.test(raw),
      raw,
    });
  }
  return out;
}

/** "It is 23, …", "It's Thursday 14:00 UTC, …": a value right after "it is", not a noun phrase. */
const IT_IS_VALUE =
  /^\s*(?:it|this)\s+(?:is|was|'s|’s)\s+(?!(?:the|a|an|our|its|their|that|this|not|still|now)\b)\S/i;

/** Verb particles ("dropped the X down to V", "signed off on"). */
const PARTICLES = new Set(["down", "off", "back", "away", "over", "up", "out"]);
/** Prepositions and conjunctions that join clauses ("quick context before we start"): no part of a noun phrase. */
const CONNECTIVES = new Set(
  "before after since until while because although though unless whether between through across against via per".split(
    " ",
  ),
);
const isContent = (t: Token | undefined) =>
  t !== undefined &&
  t.word &&
  /\p{L}/u.test(t.text) &&
  !isStopword(t.text) &&
  !isAdverb(t.text) &&
  !PARTICLES.has(t.text) &&
  !CONNECTIVES.has(t.text);
/** A past-tense verb in a phrase ("everyone signed off", "the team revised"): a clause, not a subject. */
const PAST = /^(?:[a-z]{2,}ed|went|got|sat|rose|fell|stood|became|grew)$/;

export interface SubjectIndex {
  /** Known subjects, longest first. */
  subjects: readonly string[];
  /** The same, for lookup: a sentence is matched in time linear in its words. */
  known: ReadonlySet<string>;
  /** Every leading run of words of a known subject ("cache", "cache size"): lookups stop early. */
  prefixes: ReadonlySet<string>;
  /** Value sentences that name each subject and no other. */
  solo: ReadonlyMap<string, number>;
  /** Qualifiers used with many subjects: the conversation's scope ("for cohort b"). */
  scopes?: ReadonlySet<string>;
}

interface Candidate {
  subject: string;
  /** The explicit key of a "X: V" line, a table row or a "the X is V" sentence. */
  keyed: boolean;
  /** Named as the object of a preposition ("as of the last sync"). */
  adjunct: boolean;
  /** Holds a past-tense verb, or a determiner follows it: reads as a clause. */
  verbal: boolean;
  /** Follows a determiner ("the X", "our current X"): a noun phrase. */
  nominal: boolean;
  /** A value follows it past one link ("run the X at V"). */
  linked: boolean;
}

/** Where `words` occur in `toks` as a whole noun phrase. */
function wholeMentions(
  toks: readonly Token[],
  words: readonly string[],
  /** Qualifiers the whole conversation uses with many subjects ("for cohort b"): its own scope, not another subject. */
  scopes: ReadonlySet<string> = new Set(),
): number[] {
  const at: number[] = [];
  for (let i = 0; i + words.length <= toks.length; i++) {
    if (!words.every((w, k) => toks[i + k]?.text === w)) {
      continue;
    }
    const left = toks[i - 1];
    const right = toks[i + words.length];
    // After a number the words are its unit ("153 hours going forward"), not a subject.
    const leftOk =
      !/^\d/.test(left?.text ?? "") &&
      (!isContent(left) || STATUS_WORDS.has(left?.text ?? "") || LEFT_VERBS.test(left?.text ?? ""));
    // "X of the sandbox", "X in Canada", "X for budgeting": a qualifier makes another subject
    // ("X for 3 weeks" is a duration, not one).
    const after = toks[i + words.length + 1];
    const qualified =
      right !== undefined &&
      QUALIFIER.test(right.text) &&
      (DETERMINER.test(after?.text ?? "") ||
        // "X at node:23.4-slim", "X at Lindgren": a value after "at" is its value, not a qualifier.
        (BARE_QUALIFIER.test(right.text) && isContent(after) && !/^\d/.test(after?.raw ?? ""))) &&
      !scopes.has(qualifierAt(toks, i + words.length));
    const next = toks[i + words.length + 1];
    const rightOk =
      !qualified &&
      (!isContent(right) ||
        RIGHT_VERBS.test(right?.text ?? "") ||
        FOLLOWERS.test(right?.text ?? "") ||
        // "Brief: X 99.3%", "X Tuesday 18:30 UTC": a value right after a subject that opens
        // the sentence or follows a label is its value ("I've put V" is no subject "ive put").
        (right?.value === true && left !== undefined && !left.word) ||
        (PRESENT.test(right?.text ?? "") && (!isContent(next) || next?.value === true)));
    if (leftOk && rightOk) {
      at.push(i);
    }
  }
  return at;
}

/** The qualifier starting at `at` as words: "for cohort b", "in canada", "of the sandbox". */
function qualifierAt(toks: readonly Token[], at: number): string {
  const words: string[] = [];
  for (let k = at; k < toks.length && words.length < 4; k++) {
    const t = toks[k];
    if (t === undefined || !t.word) {
      break;
    }
    words.push(t.text);
    // A qualifier ends on its first content word, and a one- or two-character tag after it ("cohort b").
    if (k > at && isContent(t) && !DETERMINER.test(t.text)) {
      const tag = toks[k + 1];
      if (tag?.word === true && tag.text.length <= 2 && !isStopword(tag.text)) {
        words.push(tag.text);
      }
      break;
    }
  }
  return words.join(" ");
}

/** A subject without a trailing scope qualifier ("normalisation method for cohort b" → "normalisation method"). */
function unscoped(
  subject: string | undefined,
  scopes: ReadonlySet<string> | undefined,
): string | undefined {
  if (subject === undefined || scopes === undefined) {
    return subject;
  }
  for (const scope of scopes) {
    if (subject.endsWith(` ${scope}`) && subject.length > scope.length + 1) {
      return subject.slice(0, -scope.length - 1);
    }
  }
  return subject;
}

/**
 * Qualifiers that name what the system messages say the session works on ("the
 * X for cohort B" in a session about cohort B): the conversation's own scope, so
 * "the X for cohort B" is X; any other ("the X in Canada", "the X for Day 2")
 * makes another subject. A qualifier used with many subjects is no scope by
 * itself: "for Day 2" may qualify every look-alike of an itinerary.
 */
function scopesOf(sentences: readonly string[], known: Lookup, scopeText: string): Set<string> {
  const keys = new Set<string>();
  if (scopeText.length === 0) {
    return keys;
  }
  for (const sentence of sentences) {
    const toks = tokens(sentence);
    toks.forEach((t, i) => {
      if (BARE_QUALIFIER.test(t.text) && i > 0) {
        keys.add(qualifierAt(toks, i));
      }
    });
  }
  // Subjects keyed with the qualifier inside them ("p-value cutoff for cohort b").
  for (const subject of known.known) {
    const toks = tokens(subject);
    toks.forEach((t, i) => {
      if (i > 0 && BARE_QUALIFIER.test(t.text)) {
        keys.add(qualifierAt(toks, i));
      }
    });
  }
  // A qualifier with a determiner ("in this PR", "of the sandbox") points at one thing: never a scope.
  return new Set(
    [...keys].filter((key) => {
      const rest = key.split(" ").slice(1);
      return (
        rest.length > 0 &&
        !DETERMINER.test(rest[0] ?? "") &&
        new RegExp(`(?<![\\w-])${escapeRegExp(rest.join(" "))}(?![\\w-])`).test(scopeText)
      );
    }),
  );
}

/** The word before a phrase, past its determiners and status words, and whether a determiner was passed. */
function before(toks: readonly Token[], at: number): { word: string; determined: boolean } {
  let i = at - 1;
  let determined = false;
  while (
    i >= 0 &&
    (DETERMINER.test(toks[i]?.text ?? "") || STATUS_WORDS.has(toks[i]?.text ?? ""))
  ) {
    determined ||= DETERMINER.test(toks[i]?.text ?? "");
    i--;
  }
  return { word: toks[i]?.text ?? "", determined };
}

/**
 * Token positions of other known subjects named after a determiner ("add the X to
 * the FAQ page"): a noun phrase of the conversation, not a value of the subject.
 */
function namedElsewhere(toks: readonly Token[], subject: string, known: Lookup): Set<number> {
  const out = new Set<number>();
  for (let i = 1; i < toks.length; i++) {
    if (!DETERMINER.test(toks[i - 1]?.text ?? "")) {
      continue;
    }
    let phrase = "";
    let longest = 0;
    for (let n = 0; n < MAX_SUBJECT_WORDS && i + n < toks.length; n++) {
      phrase = n === 0 ? (toks[i]?.text ?? "") : `${phrase} ${toks[i + n]?.text ?? ""}`;
      if (!known.prefixes.has(phrase)) {
        break;
      }
      if (
        known.known.has(phrase) &&
        phrase !== subject &&
        !` ${phrase} `.includes(` ${subject} `)
      ) {
        longest = n + 1;
      }
    }
    for (let k = 0; k < longest; k++) {
      out.add(i + k);
    }
  }
  return out;
}

/** A value in the sentence besides the words of its subject (its first spelling) and of other subjects. */
function valueBeside(
  toks: readonly Token[],
  subject: string,
  sentence: string,
  known?: Lookup,
): boolean {
  // A code span other than the subject is a value ("`X`: `quiet` → `verbose`").
  for (const m of sentence.slice(0, SCAN_CHARS).matchAll(/`([^`\n]{1,200})`/g)) {
    if ((m[1] ?? "").trim().toLowerCase() !== subject) {
      return true;
    }
  }
  const words = subject.split(" ");
  for (let i = 0; i + words.length <= toks.length; i++) {
    if (words.every((w, k) => toks[i + k]?.text === w)) {
      const elsewhere =
        known === undefined ? new Set<number>() : namedElsewhere(toks, subject, known);
      const rest = toks.filter((_, k) => (k < i || k >= i + words.length) && !elsewhere.has(k));
      return hasValue(rest.map((t) => t.raw).join(" "));
    }
  }
  return hasValue(sentence.slice(0, SCAN_CHARS));
}

/** "X at V", "X to V": a value right after a subject, past one linking preposition. */
function valueFollows(toks: readonly Token[], after: number): boolean {
  const link = toks[after]?.text ?? "";
  // "at 40%", "at every 3300 steps", "to about 5": a value within the next three words.
  if (!/^(?:at|to|=)$/.test(link)) {
    return false;
  }
  for (let k = after + 1; k <= after + 3; k++) {
    const t = toks[k];
    if (t === undefined || !t.word) {
      return false;
    }
    if (t.value) {
      return true;
    }
  }
  return false;
}

/** Known subjects a sentence's words spell out, at any position. */
function spelled(toks: readonly Token[], index: Lookup): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < toks.length; i++) {
    let phrase = "";
    for (let n = 0; n < MAX_SUBJECT_WORDS && i + n < toks.length; n++) {
      phrase = n === 0 ? (toks[i]?.text ?? "") : `${phrase} ${toks[i + n]?.text ?? ""}`;
      if (!index.prefixes.has(phrase)) {
        break;
      }
      if (index.known.has(phrase)) {
        out.add(phrase);
      }
    }
  }
  return out;
}

type Lookup = Pick<SubjectIndex, "known" | "prefixes" | "scopes">;

function lookup(subjects: readonly string[]): Lookup {
  const prefixes = new Set<string>();
  for (const subject of subjects) {
    const words = subject.split(" ");
    for (let n = 1; n <= words.length; n++) {
      prefixes.add(words.slice(0, n).join(" "));
    }
  }
  return { known: new Set(subjects), prefixes };
}

function candidates(sentence: string, known: Lookup): Candidate[] {
  if (/\?\s*$/.test(sentence) || locatesOnly(sentence)) {
    return [];
  }
  const toks = tokens(sentence);
  const found = new Map<string, Candidate>();
  const keyed = unscoped(sentenceSubject(sentence.slice(0, SCAN_CHARS)), known.scopes);
  if (
    keyed !== undefined &&
    !PRONOUNS.has(keyed) &&
    keyed.split(" ").length <= MAX_SUBJECT_WORDS &&
    valueBeside(toks, keyed, sentence, known)
  ) {
    found.set(keyed, {
      subject: keyed,
      keyed: true,
      adjunct: false,
      verbal: false,
      nominal: true,
      linked: false,
    });
  }
  for (const subject of spelled(toks, known)) {
    if (found.has(subject)) {
      continue;
    }
    const at = wholeMentions(toks, subject.split(" "), known.scopes)[0];
    // "Noting it before it gets lost: X = V": words before a label's colon are no subject
    // when the clause after it keys one.
    const labels =
      at !== undefined && keyed !== undefined && toks[at + subject.split(" ").length]?.text === ":";
    // "…, can you make sure the card shows that": a subject whose verb points back sets nothing.
    const pointsBack =
      at !== undefined &&
      /^(?:shows|reads|says|lists|states|has)$/.test(
        toks[at + subject.split(" ").length]?.text ?? "",
      ) &&
      /^(?:that|this|it)$/.test(toks[at + subject.split(" ").length + 1]?.text ?? "");
    if (at !== undefined && !labels && !pointsBack && valueBeside(toks, subject, sentence, known)) {
      const words = subject.split(" ");
      const left = before(toks, at);
      found.set(subject, {
        subject,
        keyed: false,
        // "with the X at V" sets X; "from the design doc" names no subject.
        adjunct: ADJUNCT.has(left.word) && !valueFollows(toks, at + words.length),
        verbal:
          words.some((w) => PAST.test(w)) || DETERMINER.test(toks[at + words.length]?.text ?? ""),
        nominal: left.determined,
        linked: valueFollows(toks, at + words.length),
      });
    }
  }
  // A clause ("everyone signed") or an adjunct ("from the design doc") is no subject;
  // the whole subject beats its part: "X of the sandbox" over "sandbox".
  const all = [...found.values()].filter((c) => c.keyed || (!c.verbal && !c.adjunct));
  return all.filter(
    (c) => !all.some((o) => o !== c && ` ${o.subject} `.includes(` ${c.subject} `)),
  );
}

/** Longest noun phrase counted as a subject, in words. */
const MAX_PHRASE_WORDS = 6;

/** Phrases of two or more content words a sentence names whole. */
function phrases(sentence: string): Set<string> {
  const toks = tokens(sentence);
  const out = new Set<string>();
  let run: string[] = [];
  const flush = () => {
    for (let start = 0; start < run.length; start++) {
      for (let n = 2; n <= Math.min(MAX_PHRASE_WORDS, run.length - start); n++) {
        const key = normaliseSubject(run.slice(start, start + n).join(" "));
        if (
          key !== undefined &&
          key.includes(" ") &&
          wholeMentions(toks, key.split(" ")).length > 0
        ) {
          out.add(key);
        }
      }
    }
    run = [];
  };
  for (const t of toks) {
    if (isContent(t)) {
      run.push(t.text);
    } else {
      flush();
    }
  }
  flush();
  return out;
}

/**
 * Every subject these texts key, and every phrase of two or more content words
 * that at least two value sentences name whole; then how often each is the only
 * subject of a value sentence (a subject stands alone somewhere, a discourse
 * phrase such as "the design doc" does not).
 */
export function subjectIndex(
  texts: readonly string[],
  /** What the conversation is about (its system messages): a qualifier naming it is no other subject. */
  scopeText = "",
): SubjectIndex {
  const found = new Set<string>();
  const seen = new Map<string, number>();
  const all = new Set<string>();
  for (const text of texts) {
    for (const sentence of sentencesOf(text)) {
      if (hasValue(sentence.slice(0, SCAN_CHARS)) && !/\?\s*$/.test(sentence)) {
        all.add(sentence);
      }
    }
  }
  // The newest sentences (bullets come last) bound the work on a 5 MB transcript.
  const valueSentences = [...all].slice(-MAX_INDEXED_SENTENCES);
  for (const sentence of valueSentences) {
    const subject = sentenceSubject(sentence.slice(0, SCAN_CHARS));
    if (
      subject !== undefined &&
      !PRONOUNS.has(subject) &&
      subject.split(" ").length <= MAX_SUBJECT_WORDS
    ) {
      found.add(subject);
    }
    for (const phrase of phrases(sentence)) {
      seen.set(phrase, (seen.get(phrase) ?? 0) + 1);
    }
  }
  for (const [phrase, sentences] of seen) {
    if (sentences >= 2) {
      found.add(phrase);
    }
  }
  const scopes = scopesOf(
    valueSentences,
    lookup([...found]),
    scopeText.slice(0, 20_000).toLowerCase(),
  );
  // "the X for cohort b" keys X when "for cohort b" is the conversation's scope.
  const subjects = [...new Set([...found].map((f) => unscoped(f, scopes) ?? f))].sort(
    (a, b) => b.length - a.length,
  );
  const known = { ...lookup(subjects), scopes };
  const solo = new Map<string, number>();
  for (const sentence of valueSentences) {
    const list = candidates(sentence, known);
    const only = list.length === 1 ? list[0] : undefined;
    if (only !== undefined) {
      solo.set(only.subject, (solo.get(only.subject) ?? 0) + 1);
    }
  }
  return { subjects, ...known, solo };
}

/** The subject one sentence sets a value of, against the index; "it"-like pronouns as is. */
export function subjectOf(sentence: string, index: SubjectIndex): string | undefined {
  const keyed = sentenceSubject(sentence.slice(0, SCAN_CHARS));
  if (keyed !== undefined && PRONOUNS.has(keyed) && !IT_IS_VALUE.test(sentence)) {
    return keyed;
  }
  if (keyed !== undefined && PRONOUNS.has(keyed)) {
    // "It is 23, nobody has touched the X since": the one subject the sentence names is "it"
    // ("That is the X as the tool reports it" names X, it sets no value of it).
    const toks = tokens(sentence);
    const named = [...spelled(toks, index)].filter(
      (s) =>
        wholeMentions(toks, s.split(" "), index.scopes).length > 0 &&
        valueBeside(toks, s, sentence, index),
    );
    const whole = named.filter((s) => !named.some((o) => o !== s && ` ${o} `.includes(` ${s} `)));
    return whole.length === 1 ? whole[0] : keyed;
  }
  const list = candidates(sentence, index);
  const rank = (c: Candidate) => [
    c.adjunct ? 0 : 1,
    c.verbal ? 0 : 1,
    // "Quick context before we start: we run the X at V": the one a value follows is set.
    c.linked ? 1 : 0,
    index.solo.get(c.subject) ?? 0,
    c.keyed ? 1 : 0,
    c.nominal ? 1 : 0,
    c.subject.length,
  ];
  list.sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    const k = ra.findIndex((x, i) => x !== rb[i]);
    return k < 0 ? 0 : (rb[k] ?? 0) - (ra[k] ?? 0);
  });
  return list[0]?.subject;
}

/** The subject a text (one or more sentences) sets: its last value sentence's; "It is now V2" the one before names. */
export function subjectOfText(text: string, index: SubjectIndex): string | undefined {
  const sentences = sentencesOf(text);
  for (let i = sentences.length - 1; i >= 0; i--) {
    const subject = subjectOf(sentences[i] ?? "", index);
    if (subject === undefined) {
      continue;
    }
    if (!PRONOUNS.has(subject)) {
      return subject;
    }
    for (let j = i - 1; j >= 0; j--) {
      const sentence = sentences[j] ?? "";
      const named = subjectOf(sentence, index) ?? namedPhrase(sentence);
      if (named !== undefined && !PRONOUNS.has(named)) {
        return named;
      }
    }
    return undefined;
  }
  return undefined;
}

export interface Superseded {
  /** The replaced bullet, still reachable through its turns' refs. */
  old: SummaryBullet;
  subject: string;
  /** The turn of the value that replaced it. */
  byTurn: number;
}

/**
 * Latest value per whole subject: a bullet whose subject a later bullet sets
 * again is superseded (returned apart, never shown as current). Bullets without
 * a subject pass through. Order is kept. `index` defaults to the bullets' own.
 */
export function supersede(
  bullets: readonly SummaryBullet[],
  index: SubjectIndex = subjectIndex(bullets.map((b) => b.text)),
  /** Statements of the conversation that name the value they replaced (`replacementsIn`). */
  replacements: readonly Replacement[] = [],
): { current: SummaryBullet[]; superseded: Superseded[] } {
  const latest = new Map<string, { index: number; last: number }>();
  // A contrast names a subject to set another's value: it keys none.
  const subjects = bullets.map((b) =>
    isContrast(b.text) ? undefined : subjectOfText(b.text, index),
  );
  bullets.forEach((b, i) => {
    const subject = subjects[i];
    if (subject === undefined) {
      return;
    }
    const last = Math.max(...b.turns, -1);
    const seen = latest.get(subject);
    if (seen === undefined || last >= seen.last) {
      latest.set(subject, { index: i, last });
    }
  });
  const current: SummaryBullet[] = [];
  const superseded: Superseded[] = [];
  // What each subject's latest statement says it replaced ("`A` → `V`", "(was A)").
  const replaced = [
    ...[...latest].map(([subject, w]) => ({
      subject,
      ...w,
      values: replacedValues(bullets[w.index]?.text ?? ""),
    })),
    ...replacements.map((r) => ({ subject: r.subject, index: -1, last: r.turn, values: r.values })),
  ];
  bullets.forEach((b, i) => {
    const subject = subjects[i];
    const winner = subject === undefined ? undefined : latest.get(subject);
    if (subject === undefined) {
      // A sentence no rule keys, naming a subject with a value its latest statement replaced, is its old statement.
      const last = Math.max(...b.turns, -1);
      const by = replaced.find(
        (r) => r.index !== i && r.last > last && statesReplacedValue(b.text, r.subject, r.values),
      );
      if (by === undefined) {
        current.push(b);
      } else {
        superseded.push({ old: b, subject: by.subject, byTurn: by.last });
      }
      return;
    }
    if (winner === undefined || winner.index === i) {
      current.push(b);
      return;
    }
    superseded.push({ old: b, subject, byTurn: winner.last });
  });
  return { current, superseded };
}

/**
 * Earlier statements in the compressed turns of a subject that a kept bullet
 * sets later: the summariser dropped them as replaced; they are reported as
 * superseded (their turn stays one ref away), whichever summariser ran.
 */
export function supersededStatements(
  turns: readonly { turn: number; text: string }[],
  bullets: readonly SummaryBullet[],
  index: SubjectIndex,
): Superseded[] {
  const latest = new Map<string, number>();
  for (const b of bullets) {
    const subject = subjectOfText(b.text, index);
    if (subject !== undefined) {
      latest.set(subject, Math.max(latest.get(subject) ?? -1, ...b.turns));
    }
  }
  const cited = new Set(bullets.flatMap((b) => b.turns));
  const found: Superseded[] = [];
  // Newest turns first, up to the index's bound: this only reports what was replaced.
  let read = 0;
  for (const { turn, text } of [...turns].reverse()) {
    if (read > MAX_INDEXED_SENTENCES) {
      break;
    }
    if (cited.has(turn)) {
      continue;
    }
    const sentences = sentencesOf(text);
    read += sentences.length;
    sentences.forEach((sentence, i) => {
      const context = startsWithPronoun(sentence)
        ? `${sentences[i - 1] ?? ""} ${sentence}`
        : sentence;
      const subject = subjectOfText(context, index);
      const byTurn = subject === undefined ? undefined : latest.get(subject);
      if (subject !== undefined && byTurn !== undefined && turn < byTurn) {
        found.push({ old: { text: sentence, turns: [turn] }, subject, byTurn });
      }
    });
  }
  return found;
}
