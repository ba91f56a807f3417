// What counts as a fact, and which fact replaces which: code and tool output
// are cited by ref instead of summarised; a value-setting sentence's merge key
// is its whole subject (so look-alikes stay apart); a later value of the same
// subject supersedes the earlier one. Called by compress.ts and the local
// summariser policy (shared/model/summarise-policy.ts).
import type { ChatMessage } from "../context/messages.ts";
import type { SummaryBullet } from "../model/contracts.ts";
import { isStopword } from "../model/words.ts";

/** A line that reads as source code or machine output rather than prose. */
const CODE_LINE =
  /^\s{2,}\S|[{};]\s*$|^\s*[}\])]|=>|^\s*(?:export\s+)?(?:function|const|let|var|import|return|def|class|async\s+function|fn|pub|impl)\b|^\s*(?:\$|>>>|#!|\/\/|#\s|--\s)|^\s*[\w.]+\(.*\)\s*;?$|^\s*[\w-]+:\s*\d+\s*$|\S\s{3,}\S/;

export function isCodeLine(line: string): boolean {
  return CODE_LINE.test(line);
}

/** Prose of a text: fenced blocks and code-like lines become one "(code: N lines)" note. */
export function proseOf(text: string): string {
  const out: string[] = [];
  let code = 0;
  let fenced = false;
  const flush = () => {
    if (code > 0) {
      out.push(`(code: ${code} lines, full text by ref)`);
      code = 0;
    }
  };
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      code++;
      continue;
    }
    if (fenced || isCodeLine(line)) {
      code++;
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
  return proseOf(fullText.replace(/^\[tool call [^\]]+\].*$/gm, "(tool call)"));
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
const PRONOUNS = new Set(["it", "this", "that", "they", "these", "those", "which"]);
/** Verbs that set a value: "X is V", "X = V", "X changed to V". */
const SETTING =
  /\s*(?:=|:=|:(?=\s)|\b(?:is|are|was|were|has been|have been|becomes|became|equals|stays|remains|(?:should|will|must|would|shall|can|is going to|needs to) be)\b(?:\s+(?:now|still|currently|set to|changed to|updated to|moved to|raised to|lowered to|bumped to|going to be))?|\b(?:changed|updated|moved|raised|lowered|bumped|switched|set|increased|decreased|reduced|pinned|renamed)\s+(?:to|from)\b)\s+/i;
/** "<we> moved the X to V": the subject sits between the verb and "to". */
const OBJECT_SETTING =
  /\b(?:moved|changed|updated|set|bumped|raised|lowered|switched|increased|decreased|reduced|pinned|renamed|put|made)\s+((?:the|our|its|their)\s+[^,.;:!?]{2,80}?)\s+(?:from\s+\S+\s+)?(?:to|at|as)\s+\S/i;
/** Leading discourse words before a subject: "Update:", "So,", "Heads up -". */
const LEAD =
  /^(?:(?:update|note|heads up|fyi|correction|so|ok|okay|also|and|but|well|right|actually|btw|by the way|quick note|reminder)\b[\s,:;-]*)+/i;

/** A value a fact can hold: a number, an identifier, a version, a quoted or capitalised word. */
export function hasValue(text: string): boolean {
  return /\d|`[^`]+`|"[^"]+"|\b[a-z]+[A-Z_][\w]*|\b[\w-]+\.[\w.-]+\b|(?<=\S\s+)[A-Z][\w-]+/.test(
    text,
  );
}

function normaliseSubject(phrase: string): string | undefined {
  const words = phrase
    .toLowerCase()
    .replace(/[`"'()[\]]/g, "")
    .split(/\s+/)
    .filter((w) => w.length > 0);
  while (words.length > 0 && DETERMINERS.has(words[0] ?? "")) {
    words.shift();
  }
  if (words.length === 1 && PRONOUNS.has(words[0] ?? "")) {
    return words[0];
  }
  // "the limit of" is not a subject: a phrase ends on a content word.
  while (words.length > 0 && isStopword(words.at(-1) ?? "")) {
    words.pop();
  }
  if (words.length === 0 || words.length > 12) {
    return undefined;
  }
  return words.join(" ");
}

/** The whole subject a single sentence sets a value of, normalised; "it"-like pronouns as is. */
export function sentenceSubject(sentence: string): string | undefined {
  if (!hasValue(sentence)) {
    return undefined;
  }
  const text = sentence.trim().replace(LEAD, "");
  const object = OBJECT_SETTING.exec(text);
  if (object?.[1] !== undefined) {
    return normaliseSubject(object[1]);
  }
  const verb = SETTING.exec(text);
  if (verb === null || verb.index === 0) {
    return undefined;
  }
  // "X: V" keys X only when V is a bare value; "New decision: 57 for the pool" names no subject.
  if (
    verb[0].trim() === ":" &&
    text
      .slice(verb.index + verb[0].length)
      .trim()
      .split(/\s+/).length > 3
  ) {
    return undefined;
  }
  // The subject is the clause before the verb: after the last comma or clause word.
  const before = text.slice(0, verb.index);
  const clause = before.split(/[,;]|\b(?:and|but|so|because|since|while|that)\s+/i).at(-1) ?? "";
  return normaliseSubject(clause);
}

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9`"'(])/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** A noun phrase named by a sentence without a value verb ("Quick note on the deploy target."). */
function namedPhrase(sentence: string): string | undefined {
  const matches = [
    ...sentence.matchAll(/\b(?:the|our|its)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,5})/gi),
  ];
  const last = matches.at(-1)?.[1];
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

const QUALIFIER = /^\s+(?:of|for|in|on|at|from|under|inside)\s+(?:the|a|an|our|its|their|all)\b/i;

/**
 * The longest known subject a sentence names as a whole noun phrase (after a
 * determiner or at its start, not followed by a qualifier such as "of the
 * sandbox") while it holds a value: "Let's go with 57 as the pool size" sets
 * "pool size" when the conversation keyed "pool size" elsewhere.
 */
export function mentionedSubject(sentence: string, known: readonly string[]): string | undefined {
  if (!hasValue(sentence)) {
    return undefined;
  }
  const lower = sentence.toLowerCase();
  for (const subject of known) {
    let at = lower.indexOf(subject);
    while (at >= 0) {
      const before = lower.slice(0, at);
      const after = lower.slice(at + subject.length);
      const wholeStart = /(?:^|\b(?:the|our|its|their|a|an)\s+)$/.test(before);
      const wholeEnd = /^(?:$|[^\w-])/.test(after) && !QUALIFIER.test(after);
      if (wholeStart && wholeEnd) {
        return subject;
      }
      at = lower.indexOf(subject, at + 1);
    }
  }
  return undefined;
}

/** Words of a noun phrase after a determiner: lower-case words, no function words. */
const PHRASE_AFTER = /\b(?:the|our|its|their)\s+((?:[a-z][a-z-]*\s*){2,6})/g;

/**
 * Subjects of these texts, longest first (the whole subject wins over a prefix):
 * every subject a sentence keys ("the X is V"), and every phrase of two or more
 * content words that follows a determiner in at least two different sentences
 * holding a value ("our X sits at V", "New decision: V for the X").
 */
export function knownSubjects(texts: readonly string[]): string[] {
  const found = new Set<string>();
  const seen = new Map<string, Set<string>>();
  for (const text of texts) {
    for (const sentence of sentencesOf(text)) {
      const subject = sentenceSubject(sentence);
      if (subject !== undefined && !PRONOUNS.has(subject)) {
        found.add(subject);
      }
      if (!hasValue(sentence)) {
        continue;
      }
      for (const match of sentence.matchAll(PHRASE_AFTER)) {
        const words = (match[1] ?? "").trim().split(/\s+/);
        for (let n = 2; n <= words.length; n++) {
          const phrase = words.slice(0, n);
          if (phrase.some((w) => isStopword(w))) {
            break;
          }
          const key = phrase.join(" ");
          seen.set(key, (seen.get(key) ?? new Set()).add(sentence.toLowerCase()));
        }
      }
    }
  }
  for (const [phrase, sentences] of seen) {
    if (sentences.size >= 2) {
      found.add(phrase);
    }
  }
  return [...found].sort((a, b) => b.length - a.length);
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
 * a subject pass through. Order is kept.
 */
export function supersede(bullets: readonly SummaryBullet[]): {
  current: SummaryBullet[];
  superseded: Superseded[];
} {
  const latest = new Map<string, { index: number; last: number }>();
  const known = knownSubjects(bullets.map((b) => b.text));
  const subjects = bullets.map((b) => factSubject(b.text) ?? mentionedSubject(b.text, known));
  bullets.forEach((b, index) => {
    const subject = subjects[index];
    if (subject === undefined) {
      return;
    }
    const last = Math.max(...b.turns, -1);
    const seen = latest.get(subject);
    if (seen === undefined || last >= seen.last) {
      latest.set(subject, { index, last });
    }
  });
  const current: SummaryBullet[] = [];
  const superseded: Superseded[] = [];
  bullets.forEach((b, index) => {
    const subject = subjects[index];
    const winner = subject === undefined ? undefined : latest.get(subject);
    if (subject === undefined || winner === undefined || winner.index === index) {
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
): Superseded[] {
  const latest = new Map<string, number>();
  const known = knownSubjects([...bullets.map((b) => b.text), ...turns.map((t) => t.text)]);
  for (const b of bullets) {
    const subject = factSubject(b.text) ?? mentionedSubject(b.text, known);
    if (subject !== undefined) {
      latest.set(subject, Math.max(latest.get(subject) ?? -1, ...b.turns));
    }
  }
  const cited = new Set(bullets.flatMap((b) => b.turns));
  const found: Superseded[] = [];
  for (const { turn, text } of turns) {
    if (cited.has(turn)) {
      continue;
    }
    const sentences = sentencesOf(text);
    sentences.forEach((sentence, i) => {
      const context = startsWithPronoun(sentence)
        ? `${sentences[i - 1] ?? ""} ${sentence}`
        : sentence;
      const subject = factSubject(context) ?? mentionedSubject(sentence, known);
      const byTurn = subject === undefined ? undefined : latest.get(subject);
      if (subject !== undefined && byTurn !== undefined && turn < byTurn) {
        found.push({ old: { text: sentence, turns: [turn] }, subject, byTurn });
      }
    });
  }
  return found;
}
