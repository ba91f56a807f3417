// What counts as a fact in one sentence: code and tool output are cited by ref
// instead of summarised; a value-setting sentence's merge key is its whole
// subject ("X is V", "X: V", "| X | V |"), so look-alikes stay apart. Which fact
// replaces which across a conversation is supersede.ts. Called by supersede.ts,
// budget.ts and the local summariser policy (shared/model/summarise-policy.ts).
import type { ChatMessage } from "../context/messages.ts";
import { isStopword } from "../model/words.ts";
import { configStatements } from "./config-lines.ts";
import { normaliseProse, plainEmphasis } from "./normalise.ts";
import { escapeRegExp } from "../regexp.ts";
import { sentenceBreak } from "./sentence-break.ts";

/** A line that reads as source code or machine output rather than prose. */
const CODE_LINE =
  /^\s{2,}\S|[{};]\s*$|^\s*[}\])]|=>|^\s*(?:export\s+)?(?:function|const|let|var|return|def|class|async\s+function|fn|pub|impl)\b|^\s*import\s+(?:[{*"'(]|type\b|[\w$]+\s*(?:,|from\b)|[\w.]+\s*(?:;|as\s+\w+)?\s*$)|^\s*(?:\$|>>>|#!|\/\/|#\s|--\s)|^\s*[\w.]+\(.*\)\s*;?$|^\s*[\w-]+:\s*\d+\s*$|\S\s{3,}\S/;

export function isCodeLine(line: string): boolean {
  return CODE_LINE.test(line);
}

/** Prose of a text: fenced blocks and code-like lines become one "(code: N lines)" note. */
export function proseOf(text: string): string {
  const out: string[] = [];
  let code = 0;
  let fenced = false;
  let block: string[] = [];
  let stated: string[] = [];
  const flush = () => {
    if (code > 0) {
      out.push(`(code: ${code} lines, full text by ref)`);
      // A config block or diff states values: each assignment becomes a statement.
      out.push(...stated, ...configStatements(block));
      code = 0;
    }
    block = [];
    stated = [];
  };
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) {
      if (fenced) {
        stated.push(...configStatements(block));
        block = [];
      }
      fenced = !fenced;
      code++;
      continue;
    }
    if (fenced || isCodeLine(line)) {
      code++;
      block.push(line);
      continue;
    }
    flush();
    out.push(line);
  }
  flush();
  return out.join("\n").trim();
}

/**
 * The text a summariser is shown for one message: tool output and tool-call
 * arguments are never summarised (they stay one ref away), code is cut from prose.
 */
export function summaryTextOf(message: ChatMessage, fullText: string): string {
  if (message.role === "tool") {
    const lines = fullText.split(/\r?\n/).length;
    return `(tool output: ${lines} lines, full text by ref)`;
  }
  return normaliseProse(proseOf(fullText.replace(/^\[tool call [^\]]+\].*$/gm, "(tool call)")));
}

const DETERMINERS = new Set([
  "the",
  "a",
  "an",
  "our",
  "its",
  "their",
  "this",
  "that",
  "my",
  "your",
]);
/** A trailing qualifier that names the context itself ("for this study", "in this protocol"). */
const THIS_CONTEXT =
  /\s+(?:for|in|on|of|under|across|within)\s+(?:this|the current|your|our|my)\s+[\w-]+$/;

/** A trailing "in the <record>" that says where a value is kept ("in the worksheets", "in the edit checks and the listings"). */
const WRITTEN_IN =
  /\s+(?:in|on) the (?:[\w-]+ )?(?:worksheets?|sheets?|spreadsheets?|listings?|edit checks|system|console|bms|tracker|tickets?|reports?|files?|notes|docs?|dashboards?|config|portal|records?)(?: and (?:in |on )?the (?:[\w-]+ )?[\w-]+)?$/i;

/** A checklist's verb in front of a subject ("Verify X = V"): what to do with X, no part of it. */
const CHECKLIST_VERBS = new Set([
  "verify",
  "check",
  "confirm",
  "ensure",
  "record",
  "inspect",
  "validate",
]);
/** Chat shorthand before a subject ("fwiw the X = V"): no part of it. */
const INTERJECTIONS: ReadonlySet<string> = new Set([
  "fwiw",
  "btw",
  "fyi",
  "iirc",
  "afaik",
  "afaict",
  "imo",
  "imho",
  "tbh",
  "nb",
  "ps",
]);

/** Words in front of a subject that say which value, not which subject ("the current X"). */
export const STATUS_WORDS = new Set([
  "current",
  "new",
  "old",
  "previous",
  "default",
  "latest",
  "updated",
  "revised",
  "final",
  "existing",
  "agreed",
  "live",
  "actual",
  "effective",
  "active",
  "official",
  "approved",
]);
/** "-ly" words that are nouns, not adverbs. */
const LY_NOUNS = new Set([
  "family",
  "supply",
  "reply",
  "assembly",
  "anomaly",
  "rally",
  "ally",
  "italy",
]);
/** An adverb ("currently", "officially"): never the end of a subject. */
export function isAdverb(word: string): boolean {
  return (
    /^[a-z]{5,}ly$/.test(word) &&
    !/(?:night|week|day|month|hour|year|quarter|minute)ly$/.test(word) &&
    !LY_NOUNS.has(word)
  );
}
export const PRONOUNS = new Set(["it", "this", "that", "they", "these", "those", "which"]);
/** A sentence that sets a value of "it" with no subject of its own: "Keeping V.", "She bumped it to V." */
const SETS_IT =
  /^(?:keeping|keep|kept|staying|holding)\s+(?:it\s+(?:at\s+)?)?[^\s,.;]|^(?:\w+\s+){0,2}(?:bumped|moved|set|changed|raised|lowered|took|put|kept|left|dropped|pushed|pulled|reset|switched)\s+it\s+(?:back\s+|up\s+|down\s+)?(?:to|at)\s/i;
/** Verbs that set a value: "X is V", "X = V", "X changed to V", "X confirmed, 3,200 words". */
const SETTING =
  /\s*(?:=|:=|:(?=\s)|\b(?:is|are|was|were|has been|have been|becomes|became|equals|stays|remains|(?:should|will|must|would|shall|can|is going to|needs to|has to|ought to) be)\b(?:\s+(?:now|still|currently|set to|changed to|updated to|moved to|raised to|lowered to|bumped to|going to be))?|\b(?:changed|updated|revised|corrected|moved|raised|lowered|bumped|switched|set|increased|decreased|reduced|pinned|renamed|narrows|narrowed|widens|widened|shifts|shifted|drops|dropped|rises|rose|falls|fell|grows|grew|shrinks|shrank|slips|slipped|changes|moves)\s+(?:to|from)\b|\bshould read\b|\b(?:(?:is|was)\s+)?(?:stands|sits|holds|unchanged|confirmed|reconfirmed|re-confirmed)\s+(?:at|as)\b(?!\s+(?:the|a|an|our|this|that|its|their)\b)|\b(?:comes|came|works|worked) out (?:at|to)\b|\b(?:lands|landed) at\b|\bwas left at\b|\bagreed (?:at|as)\b(?!\s+(?:the|a|an|our|this|that|its|their)\b)|\b(?:now\s+)?(?:reads|shows)\b|\b(?:confirmed|reconfirmed|re-confirmed|approved|locked in|signed off),(?=\s+(?:[$£€#]?\d|[a-z]+\.?\s+\d)))\s+/i;
/** "<we> moved the X to V": the subject sits between the verb and "to". */
const OBJECT_SETTING =
  /\b(?:moved|move|changed|change|updated|update|set|sets|setting|bumped|bump|bumps|raised|raise|raises|lowered|lower|lowers|switched|switch|switches|increased|decreased|reduced|pinned|pin|pins|renamed|put|puts|made|makes|swapped|swaps|flipped|flips|wants?|keeps?|kept|re-?pointed|pointed|tuned|adjusted|reset|restored|reverted|take|takes|took|taking|amended|amends|revised|revises|corrected|corrects|lists|listed|shows|showed|reports|reported|records|recorded|confirmed|confirms|approved|approves|ratified|ratifies|fixed|fixes|appointed|appoints|logged|logs|entered|enters|run|runs|ran|running|hold|holds|held|capped|caps|lock|locks|locking|locked|freeze|freezes|freezing|froze)\s+((?:the|our|its|their)\s+[^,.;:!?]{2,80}?)\s+(?:from\s+\S+(?:\s+\S+){0,3}?\s+)?(?:over\s+)?(?:to|at|as)\s+\S/i;
/**
 * "we're going with V for the X", "we used V as the X", "we now hold V as the X",
 * "everyone is fine with V as the X", "Dana confirmed V as the X", "We run with V
 * as the X unless …": the value comes before its subject.
 */
const VALUE_FOR =
  /\b(?:going|go|went|settled|sticking|stick|use|using|used|picked|chose|choosing|lock|locking|locked|proposed|suggested|requested|floated|pitched|hold|holds|holding|held|fine|happy|okay|ok|comfortable|confirm|confirms|confirmed|confirming|run|runs|running|ran|named|naming|selected|selecting|appointed|booked|still)\s+(?:with\s+|on\s+)?(?:(?:[^\s,;]|,(?=\d))+(?:\s+(?:[^\s,;]|,(?=\d))+){0,3}?)\s+(?:for|as)\s+((?:the|our)\s+[^,.;:!?]{2,80}?)(?=\s+(?:after all|instead|again|today|now|going forward|from now on|for now|starting|effective|as of|unless|until|as (?:discussed|agreed)|for the (?:coming|next|rest of the|whole|full)\b|last night|yesterday|this morning|earlier)\b|\s*(?:[,.;:!?]|$))/i;
/** "Our records have the X as V", "we have the X down as V": a record's value, the subject first. */
const HAS_THE_X_AS =
  /\b(?:have|has|had)\s+((?:the|our|its|their)\s+[^,.;:!?]{2,80}?)\s+(?:(?:down|noted|listed|logged|booked|pencil+ed in|on file|on record)\s+)?as\s+\S/i;
/** "Double-checked the X against the signed rundown: still V": the thing checked is the subject. */
const CHECKED_THE_X =
  /^(?:i |we )?(?:double-checked|re-?checked|checked|verified|re-?verified|confirmed|re-?confirmed)\s+((?:the|our)\s+[^,.;:!?]{2,80}?)\s+(?:against|with|via)\s+[^:]{2,80}:\s+(?:still\s+|now\s+)?\S/i;
/** "Confirming the X: V, as discussed": the thing confirmed, whole, is the subject. */
const CONFIRMING_THE_X =
  /^(?:i |we )?(?:confirm(?:ing|ed|s)?|re-?confirm(?:ing|ed)?)\s+((?:the|our)\s+[^,.;:!?]{2,80}?)\s*:\s+([^,;]+)/i;
/** "ok X 0.39 in, go with that": a terse acceptance, the subject then a value that starts with a digit or a code. */
const GO_WITH_THAT =
  /^(?:(?:ok|okay|fine|right|agreed|yes|yep)[,:]?\s+)?((?:the\s+)?[a-z][^,;:!?]{2,80}?)\s+(?:[$£€#]?\d|[A-Z]{2,}-?\d|(?:(?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)[a-z]*|may|mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s+\d)[^\s,]*(?:\s+[a-z]{1,6})?\s*,\s*(?:go with|use|take|run with|let's use|let's go with|lock in|locking in|lock)\s+(?:that|it|this)\b/i;
/** "for the X we are running V at the moment": the subject comes first, after "for". */
const FOR_RUNNING =
  /^\s*for\s+((?:the|our)\s+[^,.;:!?]{2,80}?),?\s+(?:we are|we're|we run|we use|we're using|we are using|it is|it's)\s+(?:running|using|at|on)?\s*[^\s,.;]/i;
/**
 * "On the X, I double-checked and it's V now", "About the X: the head signed it
 * off and it is V", "On the X: it went from A to V": the subject is named first,
 * then "it" holds the value.
 */
const ON_THE_X =
  /^\s*(?:on|for|regarding|about|as for|re)\s+((?:the|our)\s+[^,;:]{2,80}?)[,:]\s+(?:[^,;]{0,80}?\s)?(?:it is|it's|it stays|it remains|that is|that's|it (?:went|moved|changed|was changed|was moved|rose|fell|dropped|shifted)\s+(?:from\s+(?:[^,;]|,(?=\d)){1,30}?\s+)?to)\s+\S/i;
/** Leading discourse words before a subject: "Update:", "So,", "Heads up -". */
const LEAD =
  /^(?:(?:update|note|heads up|fyi|correction|so|ok|okay|also|and|but|well|right|actually|btw|by the way|quick note|reminder|from now on|going forward|effective (?:immediately|today|now)|as of (?:today|now|this week)|starting (?:today|now|tomorrow|this week)|change of plan|(?:a |one )?change(?=\s+(?:on|about|regarding|to|for)\s+(?:the|our)\b))(?:\s+(?:on|about|regarding|to|for)(?=\s+(?:the|our)\b))?\b[\s,:;-]*)+/i;

/** "X is read in config/settings.ts, line 90", "X is defined by the chart": where X lives, not its value. */
const LOCATION =
  /\b(?:is|are|was|were)\s+(?:read|kept|defined|declared|written|held|stored|used|loaded|parsed|documented|mentioned|referenced|configured|handled|owned|checked|tested|validated|overridden|consumed)\s+(?:in|by|from|inside|within|via|through)\b/i;

/** True when a sentence only says where a setting lives or who reads it. */
export function locatesOnly(sentence: string): boolean {
  return LOCATION.test(sentence.slice(0, 1_000));
}

/** A value a fact can hold: a number, an identifier, a version, a quoted or capitalised word. */
export function hasValue(text: string): boolean {
  return (
    /\d|`[^`]+`|"[^"]+"|(?<![\w@])@[\w-]+|\b[a-z]+[A-Z_][\w]*|\b[a-z]+-[A-Z][\w-]*|\b[\w-]+\.[\w.-]+\b|(?<=\S\s+)[A-Z][\w-]+/.test(
      text,
    ) ||
    URL_OR_PATH.test(text) ||
    FREQUENCY.test(text)
  );
}

/**
 * A frequency is a value ("twice a day", "weekly", "run it once."); "once things
 * settle" is a conjunction.
 */
const FREQUENCY =
  /\b(?:daily|weekly|fortnightly|monthly|hourly|nightly|quarterly|yearly|annually)\b|\b(?:once|twice|thrice)\b(?=\s+(?:a|an|per|every|each|daily|weekly|monthly|nightly|hourly|yearly)\b|\s*(?:[.,;:!)]|$))/i;

/**
 * A URL ("gs://bucket/x"), a root path ("/healthz") or a path whose segments on both sides of a slash are
 * marked ("team-a/cohort-b", "results/run_758"); "and/or" and "go/no-go" are no values.
 */
const URL_OR_PATH =
  /(?<![^\s(`"'])\/[a-z][\w.-]{1,40}(?:\/[\w.-]+)*(?![\w/])|\b[a-z][\w+.-]{0,15}:\/\/\S|\b[\w.]*[-_.\d][\w.-]*\/[\w.]*[-_.\d][\w./-]*|\b[\w.-]+\/[\w.-]+\/[\w./-]+/;

/**
 * True when a text holds a value outside the words of `subject` ("The auditors
 * asked where the GL account for X is documented" names "GL" only inside it).
 */
export function valueOutside(text: string, subject: string): boolean {
  const words = subject.split(" ").map(escapeRegExp);
  const spelled = new RegExp(words.join("[\\s_-]+"), "ig");
  return hasValue(text.slice(0, 1_000).replace(spelled, " "));
}

/** Past participles that report a change after its subject ("X bumped", "X updated"). */
const CHANGE_VERBS = new Set([
  "bumped",
  "updated",
  "changed",
  "raised",
  "lowered",
  "moved",
  "switched",
  "increased",
  "decreased",
  "reduced",
  "dropped",
  "revised",
  "adjusted",
  "tweaked",
]);

/** Verbs that link a subject to its value ("X reads 488", "X sits at 40%"): never the end of a subject. */
const LINKING_VERBS = new Set([
  "reads",
  "sits",
  "stays",
  "stands",
  "remains",
  "becomes",
  "equals",
  "shows",
  "holds",
  "lands",
  "hovers",
]);

/** A label that opens with a preposition ("for the plan:", "per the call:"): an adjunct. */
const ADJUNCT_LABEL =
  /^(?:for|per|from|as|by|with|regarding|about|on|in|at|after|before|during|since|until|to|re)\s/;

/** "(new) value for / setting of" in front of a subject. */
const VALUE_OF =
  /^\s*(?:(?:the|a|an|our|new|updated|current|latest|revised|final|quick|last|official)\s+)*(?:(?:value|setting|number|figure|target|choice)s?\s+(?:for|of)|(?:answer|decision|word|verdict|call|ruling|update|note|correction)s?\s+(?:on|about|regarding))\s+/;

export function normaliseSubject(phrase: string): string | undefined {
  const words = phrase
    .toLowerCase()
    .replace(/[`"'()[\]]/g, "")
    // "the new value for the X": the value names no subject; X does.
    .replace(VALUE_OF, "")
    // "the X for this study", "for your system": a qualifier naming the conversation's own context is no other subject.
    .replace(THIS_CONTEXT, "")
    // "the X in the worksheets": where a value is written down is no other subject.
    .replace(WRITTEN_IN, "")
    .split(/\s+/)
    .filter((w) => w.length > 0);
  while (
    words.length > 1 &&
    (DETERMINERS.has(words[0] ?? "") ||
      STATUS_WORDS.has(words[0] ?? "") ||
      INTERJECTIONS.has(words[0] ?? "") ||
      (CHECKLIST_VERBS.has(words[0] ?? "") && words.length > 2))
  ) {
    words.shift();
  }
  if (words.length === 1 && PRONOUNS.has(words[0] ?? "")) {
    return words[0];
  }
  // "the limit of" is not a subject: a phrase ends on a content word.
  // "X bumped: A → V": the verb after a subject says it changed, it is no part of it.
  while (
    words.length > 1 &&
    (isStopword(words.at(-1) ?? "") ||
      isAdverb(words.at(-1) ?? "") ||
      CHANGE_VERBS.has(words.at(-1) ?? "") ||
      LINKING_VERBS.has(words.at(-1) ?? ""))
  ) {
    words.pop();
  }
  // "It now sits at V": the pronoun left once the adverb goes.
  if (words.length === 1 && PRONOUNS.has(words[0] ?? "")) {
    return words[0];
  }
  if (words.length === 1 && (isStopword(words[0] ?? "") || isAdverb(words[0] ?? ""))) {
    words.pop();
  }
  // A subject is words: "X → V (was" is a clause around a value, not a subject.
  if (
    words.length === 0 ||
    words.length > 12 ||
    !words.some((w) => /[a-z]/.test(w)) ||
    words.some((w) => !/[a-z0-9]/.test(w))
  ) {
    return undefined;
  }
  return words.join(" ");
}

/** "| X | V |": a table row keys its first cell when the second holds a value. */
const TABLE_ROW = /^\s*\|\s*([^|]{1,100}?)\s*\|\s*([^|]{1,200}?)\s*\|/;
/** A list, quote or table marker in front of a line. */
const LINE_MARK = /^\s*(?:(?:[-*•>]|\d{1,3}[.)])\s*)+/;
/** "A → B", "A -> B", "from A to B": a value that replaced another. */
const TRANSITION = /→|->|⇒|\bfrom\s+\S+(?:\s+\S+)?\s+to\s+\S/;

/** After "X:", a bare value (a few words, no function words) or a transition keys X. */
function bareValue(raw: string): boolean {
  // "X: $124.99 (checked in pricing)": an aside in parentheses is no part of the value.
  const rest = raw.replace(/\s*\([^()]{1,120}\)\s*[.;!]*\s*$/, "");
  const words = rest
    .trim()
    .replace(/[.;!]+$/, "")
    .split(/\s+/);
  return (
    (hasValue(rest) || /^[A-Z]/.test(rest.trim())) &&
    (TRANSITION.test(rest) ||
      // "every 3500 steps", "2 per shift": a frequency's words are part of the value.
      (words.length <= 6 && !words.some((w) => isStopword(w) && !/^(?:every|each|per)$/i.test(w))))
  );
}

/** Prepositions that attach a qualifier to a noun phrase ("X of the sandbox", "X quoted by the printer"). */
const QUALIFYING = new Set([
  "of",
  "for",
  "in",
  "on",
  "at",
  "from",
  "under",
  "inside",
  "with",
  "to",
  "by",
]);

/** Nouns that make "this/that N" a time adjunct ("this week", "that morning"). */
const TIME_NOUN =
  /^(?:week|month|year|quarter|sprint|morning|afternoon|evening|night|weekend|time|cycle|release|iteration)$/i;

/** A judgement after a noun phrase ("the X wrong earlier", "the X mixed up"). */
const WRONG_AFTER =
  /\s+(?:wrong|right|incorrect|mixed up|backwards)(?:\s+(?:earlier|before|above|previously|initially|at first))?$/i;

/**
 * The noun phrase a clause ends with: from its last determiner that does not
 * open a qualifier ("Turns out the X" → "the X"; "the X of the Y" stays whole).
 */
function nounPhrase(clause: string): string {
  // "I had the X wrong earlier": the judgement after the noun phrase is not part of it.
  const words = clause.trim().replace(WRONG_AFTER, "").split(/\s+/);
  for (let i = words.length - 1; i > 0; i--) {
    const word = (words[i] ?? "").toLowerCase();
    // "X this week", "X that morning": a time adjunct, not the start of the noun phrase.
    const timed = TIME_NOUN.test(words[i + 1] ?? "") && i + 2 === words.length;
    if (DETERMINERS.has(word) && !timed && !QUALIFYING.has((words[i - 1] ?? "").toLowerCase())) {
      return words.slice(i).join(" ");
    }
  }
  return clause;
}

/** The whole subject a single sentence sets a value of, normalised; "it"-like pronouns as is. */
export function sentenceSubject(sentence: string): string | undefined {
  if (!hasValue(sentence) || /\?\s*$/.test(sentence) || locatesOnly(sentence)) {
    return undefined;
  }
  const row = TABLE_ROW.exec(sentence);
  if (row !== null) {
    const key = row[1] ?? "";
    return /[a-z]/i.test(key) && hasValue(row[2] ?? "") ? normaliseSubject(key) : undefined;
  }
  // "it's 66°C now" reads as "it is 66°C now".
  const text = plainEmphasis(sentence.trim())
    .replace(LINE_MARK, "")
    .replace(LEAD, "")
    .replace(/\b(it|that)['’]s\b/gi, "$1 is");
  // "That printout is stale; the X is V today": the last clause that holds a value states it.
  // A ";" inside brackets ("(proposed: A; seconded: B)") is an aside's, not a clause break.
  const parts = text.replace(/\s*\([^()]{0,200}\)/g, "").split(/;\s+/);
  // "…; that PDF is out of date": a judgement of a copy holds no value of the subject.
  const valued =
    parts.length > 1 ? parts.findLast((c) => hasValue(c) && !STALE_COPY.test(c)) : undefined;
  const own = valued !== undefined && valued !== text ? sentenceSubject(valued) : undefined;
  if (own !== undefined && !PRONOUNS.has(own)) {
    return own;
  }
  if (SETS_IT.test(text)) {
    return "it";
  }
  const object =
    CHECKED_THE_X.exec(text) ??
    confirmedThe(text) ??
    GO_WITH_THAT.exec(text) ??
    OBJECT_SETTING.exec(text) ??
    HAS_THE_X_AS.exec(text) ??
    VALUE_FOR.exec(text) ??
    FOR_RUNNING.exec(text) ??
    ON_THE_X.exec(text);
  if (object?.[1] !== undefined) {
    return normaliseSubject(object[1]);
  }
  // "X → V (was A)": an arrow after a subject with no value of its own sets it.
  const arrow = /\s*(?:→|->)\s*/.exec(text);
  // "* X A -> V" (a change-log line): the token before the arrow is the old value, X the subject.
  const logged =
    arrow === null ? null : /^([^\d:=]*[a-z][^\d:=]*?)\s+(\S+)$/i.exec(text.slice(0, arrow.index));
  if (
    logged !== null &&
    /\d|[A-Z`"]/.test(logged[2] ?? "") &&
    SETTING.exec(logged[1] ?? "") === null
  ) {
    const logSubject = normaliseSubject(logged[1] ?? "");
    if (logSubject !== undefined && logSubject.split(" ").length >= 2) {
      return logSubject;
    }
  }
  const setting = SETTING.exec(text);
  const verb =
    arrow !== null &&
    arrow.index > 0 &&
    (setting === null || arrow.index < setting.index) &&
    !/\d/.test(text.slice(0, arrow.index))
      ? arrow
      : setting;
  if (verb === null || verb.index === 0) {
    return undefined;
  }
  // "X: V" keys X only when V is a bare value; "New decision: 57 for the pool" names no subject.
  // "Noting it down: X = V": a label, then an assignment that names its own subject.
  const rest = text.slice(verb.index + verb[0].length);
  // "Status memo line: X, V.", "agreed: X $8.99": a label, then a subject and its value.
  const paired = verb[0].trim() === ":" ? labelledPair(rest) : undefined;
  if (paired !== undefined) {
    return paired;
  }
  if (verb[0].trim() === ":" && /^[^:=]{1,80}?\s=\s+\S/.test(rest)) {
    const assigned = sentenceSubject(rest);
    if (assigned !== undefined && !PRONOUNS.has(assigned)) {
      return assigned;
    }
  }
  if (
    (verb[0].trim() === ":" || verb[0].trim() === "=") &&
    // "X = V on my sheet": where the value was read is no part of it.
    !bareValue(rest.replace(SOURCE_TAIL, "")) &&
    // "X = V, don't change it without me", "Confirming the X: V, as discussed": a bare value, then a clause of its own.
    !commaValue(rest, verb[0].trim())
  ) {
    // "Correction to earlier: our X ought to be V": the label is no subject; the clause after it may name one.
    if (verb[0].trim() !== ":") {
      return undefined;
    }
    // "Regarding the X: it is V": a pronoun after the label is the label's subject.
    const after = sentenceSubject(rest);
    return after !== undefined && PRONOUNS.has(after)
      ? normaliseSubject(nounPhrase(text.slice(0, verb.index)))
      : after;
  }
  // The subject is the clause before the verb: after the last comma or clause word.
  // "the X in the edit checks and the listings is V": where it is kept, then the verb.
  // "Current X per the live record: V": where the value was read is no part of the subject.
  const before = text
    .slice(0, verb.index)
    .replace(WRITTEN_IN, "")
    .replace(verb[0].trim() === ":" ? READ_FROM : /(?!)/, "");
  // "ignore that cached list - X stays V": a spaced dash ends a clause too.
  const clauses = before.split(/[,;]|\s[-–—]\s|\b(?:and|but|so|because|since|while|that)\s+/i);
  const subject = normaliseSubject(nounPhrase(clauses.at(-1) ?? ""));
  // "For the plan: X V": a label opening with a preposition is an adjunct, never the subject.
  if (verb[0].trim() === ":" && subject !== undefined && ADJUNCT_LABEL.test(subject)) {
    return undefined;
  }
  // "The X has changed; it is V": the pronoun stands for the clause before's noun phrase.
  const earlier = clauses.length > 1 ? namedPhrase(clauses.at(-2) ?? "") : undefined;
  return subject !== undefined && PRONOUNS.has(subject) && earlier !== undefined
    ? earlier
    : subject;
}

/** "Confirming the X: V, as discussed" keys X when V is a bare value ("Confirming the baseline: X = 20" keys X, not the baseline). */
function confirmedThe(text: string): RegExpExecArray | null {
  const m = CONFIRMING_THE_X.exec(text);
  return m !== null && commaValue(m[2] ?? "", ":") ? m : null;
}

/** "that PDF is out of date", "the printout was wrong": a clause judging a copy. */
const STALE_COPY =
  /^(?:that|this|the)\s+(?:[\w-]+\s+){0,2}(?:is|was|are|were)\s+(?:stale|outdated|out of date|wrong|obsolete)\s*[.!]?\s*$/i;

/** "X = V, don't change it", "X: V, as discussed": a bare value before the first comma (after ":", one that sets nothing itself). */
function commaValue(rest: string, verb: string): boolean {
  const first = (rest.split(/,\s+/)[0] ?? "").replace(SOURCE_TAIL, "");
  return bareValue(first) && (verb === "=" || !SETTING.test(` ${first} `));
}

/** "second-level review lead, Hannah Cole", "Frost Pass premium bundle price $8.99": a subject in words, then its value. */
const SUBJECT_COMMA_VALUE =
  /^\s*(?:the\s+)?([a-z][\w'’/.-]*(?:\s+[\w'’/.-]+){1,8}?),\s+(\S[^,;]{0,60}?)\s*[.!]?\s*$/i;
/** A day or a month: it opens a value ("tuesday 18:30"), never ends a subject. */
const DATE_WORD =
  /^(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?$/i;
const SUBJECT_AMOUNT =
  /^\s*(?:the\s+)?([a-z][\w'’/.-]*(?:\s+[\w'’/.-]+){1,8}?)\s+([$€£¥]?\d[\d.,:]*(?:\s*[%\p{L}/]+){0,3})\s*[.!]?\s*$/iu;

/**
 * The subject after a label ("Status memo line: X, V.", "agreed: X $8.99"): words
 * that are no name ("Ana Lopez, Bo Chen" lists people) and hold no verb, then a value.
 */
function labelledPair(rest: string): string | undefined {
  const text = rest.replace(/\s*\([^()]{0,120}\)/g, "");
  const m = SUBJECT_COMMA_VALUE.exec(text) ?? SUBJECT_AMOUNT.exec(text);
  const words = (m?.[1] ?? "").split(/\s+/);
  if (
    m === null ||
    !hasValue(m[2] ?? "") ||
    !bareValue(m[2] ?? "") ||
    words.every((w) => /^\p{Lu}/u.test(w)) ||
    // "the X goes to 20s": a clause that ends on a function word is no subject;
    // "code freeze cutoff tuesday 18:30": nor one that ends on a day or a month, which opens the value.
    isStopword((words.at(-1) ?? "").toLowerCase()) ||
    DATE_WORD.test(words.at(-1) ?? "") ||
    SETTING.test(` ${m[1] ?? ""} `) ||
    SETTING.test(` ${m[2] ?? ""} `)
  ) {
    return undefined;
  }
  const subject = normaliseSubject(m[1] ?? "");
  return subject !== undefined && subject.includes(" ") ? subject : undefined;
}

/** A trailing "per the live record", "from the tracker": the record a value was read from ("on the legacy split" qualifies). */
const READ_FROM =
  /\s+(?:per|according to|from)\s+(?:the|our|my)\s+(?:[\w-]+\s+)?(?:record|records|system|sheet|spreadsheet|tracker|export|printout|report|list|listing|log|database|register|file|docs?|portal|dashboard)\s*$/i;

/** A trailing "on my sheet", "per the runbook", "in our binder": where a value was read. */
const SOURCE_TAIL =
  /\s+(?:on|in|per|from|off|according to)\s+(?:my|our|the|his|her|their|your)\s+[\w-]+(?:\s+[\w-]+)?\s*$/i;

/** A line break, or a sentence break before a capital, digit, quote, bracket or table bar. */
const SENTENCE_BREAK = new RegExp(`\\r?\\n|${sentenceBreak("[A-Z0-9`\"'(|]")}`);

/** A text's sentences: split at line breaks and after ".", "!" or "?" (not after "a.m.", "p.m.", "e.g.", "i.e.", "vs."). */
export function sentencesOf(text: string): string[] {
  return text
    .split(SENTENCE_BREAK)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** A word that opens an adjunct after a noun phrase ("after the complaints", "this morning"). */
const ADJUNCT_START =
  /\s+(?:after|before|since|until|when|while|because|during|following|this|today|yesterday|again|(?:in|from|at|against) the)\b/i;
/** Words that open an adjunct right before a determiner ("after the", "in the", "from the"). */
const ADJUNCT_BEFORE =
  /\b(?:after|before|since|until|during|following|from|in|at|into|with|by|against)\s+$/i;

/** A noun phrase named by a sentence without a value verb ("Quick note on the deploy target."): the last one outside an adjunct. */
export function namedPhrase(sentence: string): string | undefined {
  let last: string | undefined;
  // Every determiner's phrase, overlapping ("the summary for the X" holds "the X" too).
  for (const m of sentence.matchAll(
    /\b(?:the|our|its)\s+(?=([a-z][\w-]*(?:\s+[a-z][\w-]*){0,5}))/gi,
  )) {
    // "after the complaints", "in the binder": a phrase inside an adjunct is not what "it" stands for.
    if (ADJUNCT_BEFORE.test(sentence.slice(Math.max(0, m.index - 12), m.index))) {
      continue;
    }
    last = (m[1] ?? "").split(ADJUNCT_START)[0] ?? last;
  }
  return last === undefined ? undefined : normaliseSubject(last);
}

/** The merge key of a fact text (one or more sentences): its last sentence's whole subject. */
export function factSubject(text: string): string | undefined {
  const sentences = sentencesOf(text);
  for (let i = sentences.length - 1; i >= 0; i--) {
    const subject = sentenceSubject(sentences[i] ?? "");
    if (subject === undefined) {
      continue;
    }
    if (!PRONOUNS.has(subject)) {
      return subject;
    }
    // "It is now V2": the subject the sentence before named.
    for (let j = i - 1; j >= 0; j--) {
      const named = sentenceSubject(sentences[j] ?? "") ?? namedPhrase(sentences[j] ?? "");
      if (named !== undefined && !PRONOUNS.has(named)) {
        return named;
      }
    }
    return undefined;
  }
  return undefined;
}

/** True when a sentence leans on the one before it ("It is now V2."). */
export function startsWithPronoun(sentence: string): boolean {
  const first = sentence.trim().replace(LEAD, "").split(/\s+/)[0]?.toLowerCase() ?? "";
  return PRONOUNS.has(first.replace(/[^a-z]/g, ""));
}
