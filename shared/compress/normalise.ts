// Prose normalised before subject detection, whatever phrasing a conversation
// uses: markdown emphasis around subjects and values is dropped, a question
// proposing a value and confirmed in the same turn becomes a statement of it (an
// unanswered or refused one stays a question), and chatter glued to a statement
// (";", spaced dashes, ", so", "and then", an aside in parentheses) goes on a
// line of its own. Called by facts.ts (summaryTextOf, sentenceSubject).
import { isStopword } from "../model/words.ts";
import { sentenceBreak } from "./sentence-break.ts";

/** Longest emphasised span or clause examined: every pattern stays linear on a 2 MB line. */
const SPAN = 200;

/** "**X**", "__X__", "*X*", "_X_", "~~X~~" → "X"; list markers ("* item") and snake_case stay. */
export function plainEmphasis(text: string): string {
  return text
    .replace(/(:\s+)\*\*([^*\n`]{1,80})\*\*(?=[\s.,;!]*$)/gm, "$1`$2`")
    .replace(/(\*\*|__|~~)([^*_~\n]{1,200}?)\1/g, "$2")
    .replace(/(?<![\w*])\*(?![\s*])([^*\n]{1,200}?)(?<!\s)\*(?![\w*])/g, "$1")
    .replace(/(?<![\w_])_(?![\s_])([^_\n]{1,200}?)(?<!\s)_(?![\w_])/g, "$1");
}

/** "it's" → "it is": a pronoun statement reads as one ("it's V" leans on the clause before). */
function expandContractions(text: string): string {
  return text.replace(/\b(it|that|this|which|there|what)['’]s\b/gi, "$1 is");
}

/** A reply that accepts a proposal ("Yes, done.", "Applied.", "Agreed — shipping it."). */
const CONFIRMATION =
  /^(?:yes|yep|yeah|yup|sure|done|applied|agreed|changed|confirmed|approved|updated|deployed|merged|shipped|absolutely|definitely|correct|sounds good|will do|ok(?:ay)?[,.!]?\s+(?:done|applied|changed|updated))\b/i;
/** A reply that refuses or defers one ("No, keep A.", "Not yet."): the proposal sets nothing. */
const REFUSAL = /^(?:no|nope|nah|not yet|not now|let's not|don't|do not|rather not|keep)\b/i;
/** An acceptance taken back in the same breath ("Yes, but keep A.", "Sure, not yet."). */
const HEDGED = /^\w+[,.!]?\s+(?:but|keep|no|not|although|though|except)\b/i;

const DET = "(?:the|our|its|their|this|that)";
const ARTICLE = /^(?:the|our|its|their|this|that)\s+/i;
/** "can we make/set/bump the X (to) V?": a modal, a subject-taking verb, the object, maybe "to". */
const PROPOSE_VERB = new RegExp(
  `^(?:(?:so|ok(?:ay)?|then|and)[,\\s]+)?(?:(?:can|could|should|shall|would|will|do|may|must)\\s+(?:we|you|i|someone|they)\\s+(?:please\\s+|just\\s+|also\\s+)?|(?:do you\\s+)?want me to\\s+)?(?:make|set|change|bump|raise|lower|move|switch|put|update|drop|increase|decrease|reduce|pin|take|push|cap|turn)\\s+(${DET}\\s+.{1,${SPAN}})\\?$`,
  "i",
);
/** "should the X be V?", "can our X go to V?". */
const PROPOSE_BE = new RegExp(
  `^(?:(?:so|ok(?:ay)?|then|and)[,\\s]+)?(?:should|can|could|shall|will|would|must)\\s+(${DET}\\s+.{1,${SPAN}}?)\\s+(?:be|become|stay|remain|go)\\s+(?:(?:set|changed|raised|lowered|bumped|moved|dropped|updated)\\s+)?(?:to\\s+|at\\s+)?(.{1,${SPAN}})\\?$`,
  "i",
);
/** "how about V for the X?", "shall we go with V for the X?". */
const PROPOSE_FOR = new RegExp(
  `^(?:how about|what about|why not|(?:shall|should|can|could|do) we (?:go with|use|try|pick|take))\\s+(.{1,${SPAN}}?)\\s+(?:for|as)\\s+(${DET}\\s+.{1,${SPAN}}?)\\?$`,
  "i",
);
/** "is the X V now?" */
const PROPOSE_IS = new RegExp(`^(?:is|are)\\s+(${DET}\\s+.{1,${SPAN}}?)(?:\\s+now)?\\?$`, "i");

/** A word that reads as a value: a number, a capital, an identifier, a path. */
const VALUE_WORD = /\d|^\p{Lu}|[a-z][A-Z_]|[/:@]|\w\.\w/u;

/** "the X V" → ["the X", "V"]: the value starts at its first value-like word (stopwords before it go with it). */
function splitObject(phrase: string): [string, string] | undefined {
  // "the X from A to V": the value is V; "from A" is history.
  const to = /^(.+?)(?:\s+from\s+.{1,80}?)?\s+(?:to|at|as|=)\s+(.+)$/i.exec(phrase);
  if (to !== null && VALUE_WORD.test(to[2] ?? "")) {
    return [to[1] ?? "", to[2] ?? ""];
  }
  // "switch the X to w": one plain word in the "to" slot is the value.
  const word = to?.[2]?.trim() ?? "";
  if (to !== null && /^[a-z][\w-]{1,40}$/i.test(word) && !isStopword(word.toLowerCase())) {
    return [to[1] ?? "", `\`${word}\``];
  }
  const words = phrase.split(/\s+/);
  // The subject is past its determiner: at least one word.
  let k = words.findIndex((w, i) => i >= 2 && VALUE_WORD.test(w));
  if (k < 0) {
    return undefined;
  }
  while (k > 2 && isStopword(words[k - 1] ?? "")) {
    k--;
  }
  return [words.slice(0, k).join(" "), words.slice(k).join(" ")];
}

/** "the X V" → ["the X", "V"]: V starts at the first word with a digit, a code span or a handle (names may be in X). */
function trailingValue(phrase: string): [string, string] | undefined {
  const words = phrase.split(/\s+/);
  let k = words.findIndex((w, i) => i >= 2 && /\d|`|^@/.test(w));
  // "… window Wed 20:00–22:00 UTC": a capitalised word right before the number opens the value.
  while (k > 3 && /^\p{Lu}\p{Ll}/u.test(words[k - 1] ?? "")) {
    k--;
  }
  return k < 0 ? splitObject(phrase) : [words.slice(0, k).join(" "), words.slice(k).join(" ")];
}

/** The statement a proposal makes once accepted: "The X is V." (undefined: not a proposal of a value). */
export function proposalStatement(question: string): string | undefined {
  const q = question.trim();
  if (q.length > 2 * SPAN + 100 || !q.endsWith("?")) {
    return undefined;
  }
  let subject: string | undefined;
  let value: string | undefined;
  const be = PROPOSE_BE.exec(q);
  const verb = PROPOSE_VERB.exec(q);
  const forMatch = PROPOSE_FOR.exec(q);
  const is = PROPOSE_IS.exec(q);
  if (be !== null) {
    // "should the X be w?": one plain word in the "be" slot is the value.
    const word = (be[2] ?? "").trim();
    const plain = /^[a-z][\w-]{1,40}$/i.test(word) && !isStopword(word.toLowerCase());
    [subject, value] = [be[1], plain && !VALUE_WORD.test(word) ? `\`${word}\`` : be[2]];
  } else if (forMatch !== null) {
    [subject, value] = [forMatch[2], forMatch[1]];
  } else if (verb !== null || is !== null) {
    const split = splitObject(verb?.[1] ?? is?.[1] ?? "");
    [subject, value] = split ?? [undefined, undefined];
  }
  if (
    subject === undefined ||
    value === undefined ||
    !(VALUE_WORD.test(value) || /^`[^`]+`$/.test(value))
  ) {
    return undefined;
  }
  const noun = subject.trim().replace(ARTICLE, "");
  return `The ${noun} is ${value.trim().replace(/\s+now$/i, "")}.`;
}

/** A sentence break inside one line: after . ! ? and a space (not inside "0.2"). */
const SENTENCE_IN_LINE = new RegExp(sentenceBreak(String.raw`\S`));

/** Sentences of one line: after . ! ? and a space (not inside "0.2"). */
function sentencesOfLine(line: string): string[] {
  return line.split(SENTENCE_IN_LINE).filter((s) => s.length > 0);
}

/** "what is the X (supposed to be / set to / now)?": a question asking for a value of X. */
const ASK_VALUE = new RegExp(
  `^(?:(?:so|ok(?:ay)?|and|remind me)[,\\s]+)?(?:what|which)\\s+(?:is|are|was|should be)\\s+(${DET}\\s+.{1,${SPAN}}?)(?:\\s+(?:supposed to be|meant to be|going to be|set to|now|currently|again|these days))?\\?$`,
  "i",
);
/** A reply that opens with a value: "2x, per the runbook.", "Ines Duarte." (at most six words before its first break). */
const VALUE_REPLY = /^([^,;!?—–]{1,80}?)\s*(?:[,;!—–]|\.(?!\d)|\s-\s|$)/;
/** One-word replies that answer, not give a value. */
const NOT_A_VALUE =
  /^(?:yes|no|nope|sure|maybe|dunno|unknown|unsure|unclear|good|fine|ok|okay|thanks|later|soon|pending|tbd|none|nothing|same|depends)$/i;

/** A quote marker in front of a line ("> can you …?"): the question is quoted, its reply follows. */
const QUOTE = /^\s*(?:>\s*)+/;

/** The statement a proposal makes when `reply` (its first sentence) accepts it, else undefined. */
export function acceptedProposal(question: string, reply: string): string | undefined {
  const q = question.replace(QUOTE, "").trim();
  const r = reply.replace(QUOTE, "").trim();
  return q.endsWith("?") && CONFIRMATION.test(r) && !REFUSAL.test(r) && !HEDGED.test(r)
    ? proposalStatement(q)
    : undefined;
}

/**
 * What a question and the reply right after it state, or undefined: a proposal
 * the reply accepts ("Should the X be V?" "Yes, done.") or a value asked for
 * and given ("What is the X supposed to be?" "V, per the runbook.").
 */
function answeredQuestion(question: string, answer: string): string | undefined {
  const q = question.replace(QUOTE, "").trim();
  const reply = answer.replace(QUOTE, "").trim();
  if (!q.endsWith("?") || reply.length === 0) {
    return undefined;
  }
  if (CONFIRMATION.test(reply) && !REFUSAL.test(reply) && !HEDGED.test(reply)) {
    return proposalStatement(q);
  }
  const asked = q.length > 2 * SPAN + 100 ? null : ASK_VALUE.exec(q);
  const given = asked === null ? null : VALUE_REPLY.exec(reply);
  const value = given?.[1]?.trim() ?? "";
  const words = value.split(/\s+/);
  // A one-word reply to a question asking for a value is the value ("fatal, per the runbook").
  const plainWord =
    words.length === 1 && /^[a-z][\w-]{1,40}$/i.test(value) && !NOT_A_VALUE.test(value);
  if (
    asked === null ||
    words.length > 6 ||
    REFUSAL.test(value) ||
    (!plainWord && !words.some((w) => VALUE_WORD.test(w))) ||
    words.some((w) => isStopword(w.toLowerCase()))
  ) {
    return undefined;
  }
  return `The ${(asked[1] ?? "").trim().replace(ARTICLE, "")} is ${plainWord ? `\`${value}\`` : value}.`;
}

/**
 * Questions proposing a value that the next sentence accepts (in the same line,
 * or the next non-empty line when the question is a line of its own, often
 * quoted), and questions asking for a value that the next sentence gives, become
 * statements of that value; a question left unanswered, or refused, stays a
 * question (and a question never sets a value).
 */
export function confirmedProposals(text: string): string {
  const lines = text.split("\n");
  return lines
    .map((line, at) => {
      if (!line.includes("?")) {
        return line;
      }
      const sentences = sentencesOfLine(line);
      // A reply on the next line is another speaker's only when a quote mark or a
      // speaker's name says so; one author's next line ("Done.") answers nothing.
      const following = lines.slice(at + 1).find((l) => l.trim().length > 0) ?? "";
      const nextLine = SPOKEN.test(line) || SPOKEN.test(following) ? following : "";
      return sentences
        .map((sentence, i) => {
          const reply =
            i + 1 < sentences.length
              ? (sentences[i + 1] ?? "")
              : (sentencesOfLine(nextLine)[0] ?? "");
          return answeredQuestion(sentence, reply) ?? sentence;
        })
        .join(" ");
    })
    .join("\n");
}

/** A line of a quoted exchange: a quote mark, or a speaker's name or time before a colon ("> …", "Ana: …", "[10:21] Ana: …"). */
const SPOKEN =
  /^\s*(?:>|\[[^\]]{1,40}\]|[\p{Lu}][\p{L}.'-]{0,30}(?:\s[\p{Lu}][\p{L}.'-]{0,30})?:\s)/u;

/** An aside in parentheses that records history ("(previously A)", "(was A)") stays with its statement. */
const HISTORY_ASIDE =
  /^\((?:previously|was|were|formerly|before|old|from|down from|up from|updated|now|as of|since|until|it was|it used to be|i\.e\.|e\.g\.)\b/i;

/** "X: V" at the start of a line: a label of at most eight words, then its value. */
const LABEL = /^([^:\n.!?]{1,80}?):\s+(.{1,2000})$/;
/**
 * A capitalised word followed by a lower-case one: a new sentence starts ("… 6
 * pods Can you …"); not before a preposition ("ProDry Services for the X" is one value).
 */
const SENTENCE_START =
  /\s(?=(?:[A-Z][a-z'][\w']*|I),?\s+(?!(?:for|as|of|at|to|in|on|and|or)\s)[a-z])/g;
/** A word that holds a value (a digit, an identifier, a path, a capitalised name). */
const HAS_VALUE = /\d|[a-z][A-Z_]|[/:@`]|\w\.\w|\s[A-Z]/;

/** Labels that open a remark, not a field ("Correction: CI Xcode version should read 16.2"). */
const DISCOURSE_LABEL =
  /^(?:correction|update|note|nb|fyi|reminder|heads[- ]up|edit|ps|btw|also|important|context|for the record|for the minutes|re)$/i;

/**
 * "X: V" with no full stop, followed by chatter ("X: 6 pods Can you walk me …"):
 * the value ends where a new sentence starts, once the value holds a value word.
 */
function splitLabel(line: string): string {
  const m = LABEL.exec(line);
  const label = m?.[1] ?? "";
  const rest = m?.[2] ?? "";
  if (m === null || label.trim().split(/\s+/).length > 8 || DISCOURSE_LABEL.test(label.trim())) {
    return line;
  }
  for (const at of rest.matchAll(SENTENCE_START)) {
    const value = rest.slice(0, at.index);
    // A bare value ("6 pods"), not a clause ("the X is"): no function words.
    if (value.split(/\s+/).some((w) => isStopword(w.toLowerCase()))) {
      return line;
    }
    if (HAS_VALUE.test(` ${value}`)) {
      return `${label}: ${value}\n${rest.slice(at.index + 1)}`;
    }
  }
  return line;
}

/** "So that is settled", "this is final": a clause that only says the next one holds. */
const SETTLED =
  /^(?:(?:so|ok(?:ay)?|and|well|right)[,\s]+)*(?:that|this|it)\s+(?:is|was)\s+(?:settled|decided|final|agreed|official|confirmed|done)[.!]?$/i;

/** Clause breaks: ";", a spaced dash, ", so", "and then". */
/** A value alone: at most four words and no verb ("40 minutes.", "AmerisourceBergen.", "July 9."). */
const BARE_VALUE =
  /^(?!(?:the|a|an|it|this|that|we|i|you|they)\b)[^\s,;]+(?:\s+[^\s,;]+){0,3}[.!]?$/i;
const CLAUSE_BREAK = /\s*;\s+|\s+(?:—|–|--|-)\s+|,\s+so\s+(?=[a-z0-9])|,?\s+and then\s+/gi;

/**
 * A sentence cut at its clause breaks where the clauses on both sides hold a
 * value ("X is 5; I ran 3 suites"): a clause without one leans on its
 * neighbour ("The team revised X; use 88", "X — 16 shards") and stays joined.
 */
function splitClauses(sentence: string): string {
  const parts: string[] = [];
  let last = 0;
  for (const m of sentence.matchAll(CLAUSE_BREAK)) {
    parts.push(sentence.slice(last, m.index), m[0]);
    last = m.index + m[0].length;
  }
  parts.push(sentence.slice(last));
  let out = parts[0] ?? "";
  let current = out;
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const next = parts[i + 1] ?? "";
    // "X — 40 minutes.": a dash before a bare value joins it to its subject.
    const bare = /^\s*(?:—|–|--)\s*$/.test(parts[i] ?? "") && BARE_VALUE.test(next.trim());
    if (
      !bare &&
      (HAS_VALUE.test(current) || SETTLED.test(current.trim())) &&
      HAS_VALUE.test(next.trim())
    ) {
      out += `\n${next}`;
    } else {
      out += `${parts[i] ?? ""}${next}`;
    }
    current = next;
  }
  return out;
}

/** A full stop that ends an abbreviation ("e.g.", "vs."), not a sentence. */
const ABBREVIATION = /(?:^|[^\w])(?:e\.g|i\.e|etc|vs|approx|cf|incl|no|fig|mr|ms|dr|[ap]\.m)\.$/i;

/**
 * Chatter glued to a statement goes on its own line: each sentence (whatever
 * case it starts with: "**x**: V" loses its capital), clause breaks at ";",
 * spaced dashes, ", so", "and then", an aside of three or more words in
 * parentheses after a statement, and a new sentence after an unstopped "X: V". Lines opening with "(" (the code and tool notes) stay.
 */
export function splitGlued(text: string): string {
  return text
    .split("\n")
    .map((line) => {
      if (line.trimStart().startsWith("(") || line.trimStart().startsWith("|")) {
        return line;
      }
      return line
        .replace(/([.!?])\s+(?=\S)/g, (whole: string, stop: string, at: number) =>
          ABBREVIATION.test(line.slice(Math.max(0, at - 8), at + 1)) ? whole : `${stop}\n`,
        )
        .split("\n")
        .map(splitClauses)
        .join("\n")
        .replace(/\s+(\([^()\n]{1,200}\))(?=[\s.,!?]|$)/g, (whole: string, aside: string) =>
          HISTORY_ASIDE.test(aside) ||
          aside.trim().split(/\s+/).length < 3 ||
          !HAS_VALUE.test(aside.slice(1))
            ? whole
            : `\n${aside}`,
        )
        .split("\n")
        .map(splitLabel)
        .join("\n");
    })
    .join("\n");
}

/** "the `K` setting (the X)", "`K` (the X)": a key with the phrase it stands for reads as the phrase. */
const APPOSITIVE =
  /(?:\b(?:the|our)\s+)?`[A-Za-z_][\w.-]{0,80}`(?:\s+(?:setting|variable|key|env var|option|flag|value))?\s+\(((?:the|our)\s+[^()`\n]{3,100})\)/gi;

/** A value of at most six words: a number, a name, an identifier, a code span. */
const TOKEN = "(?:[^\\s,;:!?]|(?<=\\d):(?=\\d))+";
const VALUE = `(\`[^\`]{1,80}\`|${TOKEN}(?:\\s+${TOKEN}){0,5}?)`;
/** Adverbials that end a statement and are no part of its subject ("… after all", "… starting today"). */
const ADJUNCT_TAIL =
  "(?:\\s+(?:after all|for now|from now on|going forward|from today|for the time being|again|instead|starting \\w+|as of \\w+|until further notice|from here on|effective immediately|effective \\w+))+";
/**
 * "we're going with V for the X", "I meant V for the X", "let's use / go back to
 * V for the X", "make that V for the X" (a correction): V is the X's value.
 */
const CHOSEN_FOR = new RegExp(
  `^(.{0,60}?[:,]\\s+)?(?:(?:going forward|from now on|from here on),?\\s+)?(?:(?:we|i)(?:'re|'ll| are| will)?\\s+(?:(?:going|go)\\s+with|meant|mean|picked|chose|settled on|decided on|went with|use|are using|want|count|treat)|(?:[A-Z][\\w'-]*(?:\\s+[a-z][\\w'-]*)?)\\s+(?:settled on|decided on|went with|picked|chose|signed off on)|let(?:'s| us)\\s+(?:go with|use|pick|go back to|switch to|stick with|treat|count)|make\\s+(?:that|it))\\s+${VALUE}\\s+(?:for|as)\\s+(${DET}\\s+[^,;:!?]{1,${SPAN}}?)((?:,?\\s+(?:instead of|not|rather than)\\s+.{1,${SPAN}}|${ADJUNCT_TAIL})?)(?:;\\s+.{1,${SPAN}})?[.!]?$`,
  "i",
);
/** "V — that is the new X (…)", "V is what we use for the X", "V is the new X": the value first. */
const VALUE_FIRST = new RegExp(
  `^${VALUE}\\s+(?:(?:—|–|-|:)\\s+(?:that|this)\\s+is|is)\\s+(?:what we use for\\s+|the (?:new|current|updated)\\s+)(${DET}?\\s*[^,;:!?()—–]{1,${SPAN}}?)(\\s*\\([^()]{1,${SPAN}}\\))?((?:\\s+(?:—|–)\\s+.{1,${SPAN}})?)[.!]?$`,
  "i",
);

/** "let's make the X V — done", "we set the X V": a change made, with the value after the subject. */
const MADE = new RegExp(
  `^(?:(?:ok(?:ay)?|so)[,\\s]+)?(?:(let(?:'s| us)\\s+(?:make|set))|(?:we|i)\\s+(?:made|set))\\s+(${DET}\\s+.{1,${SPAN}}?)(?:\\s*(?:—|–|-|,|;)\\s*(done|applied|deployed|shipped|changed|updated)\\b.{0,${SPAN}})?$`,
  "i",
);

/** "ok so X — marco wants V": a decision relayed with its subject first. */
const RELAYED = new RegExp(
  `^(?:(?:ok(?:ay)?|so|fyi|heads up)[,\\s]+)*(?:(?:the|our)\\s+)?([^,;:!?—–]{3,${SPAN}}?)\\s+(?:—|–|-|:)\\s+(?:[\\w.'-]+\\s+){1,2}?(?:wants|says|asked for|suggests|prefers|picked|chose|decided on)\\s+${VALUE}[.!]?$`,
  "i",
);

/** Statements that name the value before the subject, said as "The X is V …". */
function invertedStatement(sentence: string): string {
  const s = sentence.trim().replace(/[.!]+$/, "");
  if (s.length > 3 * SPAN) {
    return sentence;
  }
  const chosen = CHOSEN_FOR.exec(s);
  // "I meant w for the X, not a": a contrast makes one plain word a value.
  const contrasted =
    /^,?\s+(?:instead of|not|rather than)\s/i.test(chosen?.[4] ?? "") &&
    /^[a-z][\w-]{1,40}$/i.test(chosen?.[2] ?? "") &&
    !isStopword((chosen?.[2] ?? "").toLowerCase());
  // "let's treat hourly as the X": one plain word named as the X is its value.
  const plainAs =
    /^[a-z][\w-]{1,40}$/i.test(chosen?.[2] ?? "") &&
    !isStopword((chosen?.[2] ?? "").toLowerCase()) &&
    s.includes(` ${chosen?.[2] ?? ""} as `);
  if (chosen !== null && (VALUE_WORD.test(chosen[2] ?? "") || contrasted || plainAs)) {
    const noun = (chosen[3] ?? "").trim().replace(ARTICLE, "");
    const value = VALUE_WORD.test(chosen[2] ?? "") ? (chosen[2] ?? "") : `\`${chosen[2] ?? ""}\``;
    return `${chosen[1] ?? ""}the ${noun} is ${value}${chosen[4] ?? ""}.`.replace(/^the/, "The");
  }
  const made = MADE.exec(s);
  // A proposal ("let's make …") states a value only once confirmed ("— done").
  const confirmed = made !== null && (made[1] === undefined || made[3] !== undefined);
  const split = confirmed ? trailingValue(made?.[2] ?? "") : undefined;
  if (split !== undefined && VALUE_WORD.test(split[1])) {
    return `The ${split[0].trim().replace(ARTICLE, "")} is ${split[1]}.`;
  }
  // "make the X W": with no value-like word, the object complement is the last word ("… log level quiet").
  const words = (made?.[2] ?? "").trim().split(/\s+/);
  const last = words.at(-1) ?? "";
  const noun = words.slice(0, -1).join(" ").replace(ARTICLE, "");
  if (
    confirmed &&
    noun.split(" ").length >= 2 &&
    /^[a-z][\w-]*$/i.test(last) &&
    !isStopword(last.toLowerCase())
  ) {
    return `The ${noun} is \`${last}\`.`;
  }
  const relayed = RELAYED.exec(s);
  // "… — marco wants warn": one plain word is the value wanted.
  const wanted = relayed?.[2] ?? "";
  const plainWanted = /^[a-z][\w-]{1,40}$/i.test(wanted) && !isStopword(wanted.toLowerCase());
  if (
    relayed !== null &&
    (VALUE_WORD.test(wanted) || plainWanted) &&
    !VALUE_WORD.test(relayed[1]?.replace(/^\S+/, "") ?? "")
  ) {
    const value = VALUE_WORD.test(wanted) ? wanted : `\`${wanted}\``;
    return `The ${(relayed[1] ?? "").trim()} is ${value}.`;
  }
  const first = VALUE_FIRST.exec(s);
  // "That is the new X as the tool reports it": a pronoun points at a value, it is none.
  const pointer = /^(?:that|this|it|which|these|those)$/i.test((first?.[1] ?? "").trim());
  if (first !== null && VALUE_WORD.test(first[1] ?? "") && !pointer) {
    const noun = (first[2] ?? "").trim().replace(ARTICLE, "");
    return `The ${noun} is ${first[1] ?? ""}${first[3] ?? ""}${first[4] ?? ""}.`;
  }
  // "Ana Lima is taking over as release captain while …": a name handed a role.
  const role = TAKES_OVER.exec(s);
  if (role !== null) {
    return `The ${(role[2] ?? "").trim()} is ${role[1] ?? ""}${role[3] ?? ""}.`;
  }
  // "For the record: glaze stock 12 buckets, per the count": a label, then a subject and its value.
  const labelled = LABELLED.exec(s);
  const labelNoun = (labelled?.[2] ?? "").trim();
  if (
    labelled !== null &&
    labelNoun.split(/\s+/).length >= 2 &&
    !labelNoun.split(/\s+/).some((w) => isStopword(w) || PERSONAL.test(w))
  ) {
    return `${labelled[1] ?? ""}: the ${labelNoun} is ${(labelled[3] ?? "").trim()}${labelled[4] ?? ""}.`;
  }
  return sentence;
}

/** "X Y is taking over as the R (while …)": the name is the role's value. */
const TAKES_OVER = new RegExp(
  `^([A-Z][\\w'-]+(?:\\s+(?:[A-Z][\\w'-]+|de|da|van|von|der|la|le|di)){0,4})\\s+(?:is taking over as|takes over as|will take over as|has taken over as|is stepping in as|steps in as|will step in as)\\s+(?:the\\s+|our\\s+)?([a-z][\\w -]{2,${SPAN}}?)((?:\\s+(?:while|until|from|starting|for|during)\\b.{0,${SPAN}})?)$`,
);
/** "Label: x y V, chatter": lower-case words, then a value (a digit, a currency, a capital). */
const LABELLED = new RegExp(
  `^([A-Z][^:]{1,40}):\\s+([a-z][a-z -]{2,${SPAN}}?)\\s+((?:[€$£]?\\d|[A-Z])[^,;:]{0,${SPAN}}?)((?:,\\s+.{1,${SPAN}})?)$`,
);
/** Words that make a clause, not a noun phrase ("we need", "I think"). */
const PERSONAL =
  /^(?:we|i|you|they|he|she|it|need|needs|think|want|wants|said|says|have|has|had|will|can|should|must|did|does)$/;

/** "| X | A | V |" under a header "| … | Old | New |": the row is the change "X: A → V"; "| X | V |" under "| … | Value |" keeps V a value. */
function changeTables(text: string): string {
  const lines = text.split("\n");
  let change = false;
  let valued = false;
  return lines
    .map((line) => {
      if (!line.trimStart().startsWith("|")) {
        change = false;
        valued = false;
        return line;
      }
      const cells = line
        .trim()
        .replace(/^\||\|$/g, "")
        .split("|")
        .map((c) => c.trim());
      if (cells.length === 3 && /^(?:old|before|previous|from|was)$/i.test(cells[1] ?? "")) {
        change = /^(?:new|after|now|to|current)$/i.test(cells[2] ?? "");
        valued = false;
        return line;
      }
      if (cells.length === 2 && /^(?:value|setting|current|now|new)$/i.test(cells[1] ?? "")) {
        valued = true;
        change = false;
        return line;
      }
      // "| X | w |" under "| … | Value |": the cell is a value whatever it looks like.
      if (valued && cells.length === 2 && !cells.every((c) => /^:?-+:?$/.test(c))) {
        const cell = cells[1] ?? "";
        return `| ${cells[0] ?? ""} | ${cell.startsWith("`") || cell.length === 0 ? cell : `\`${cell}\``} |`;
      }
      if (!change || cells.length !== 3 || cells.every((c) => /^:?-+:?$/.test(c))) {
        return line;
      }
      const value = (c: string) => (c.startsWith("`") ? c : `\`${c}\``);
      return `${cells[0] ?? ""}: ${value(cells[1] ?? "")} → ${value(cells[2] ?? "")}`;
    })
    .join("\n");
}

/** "X = w" at a sentence end: an assignment operator makes a plain word a value. */
const ASSIGNED_WORD = /(\S\s+(?:=|:=)\s+)([a-z][\w-]{1,40})(?=[.!;]?\s*$)/i;
/** "X is w now, not a" / "X is w instead of a": a contrast makes plain words values. */
const CONTRASTED_WORD =
  /(\s(?:is|are|be)\s+)([a-z][\w-]{1,40})((?:\s+now)?(?:,\s*not|\s+instead of|\s+rather than)\s+)([a-z][\w-]{1,40})(?=[.!;,)]|\s*$)/i;

/** "X: w (previously a)": a history aside makes plain words values. */
const HISTORY_WORD =
  /(:\s+)([a-z][\w-]{1,40})(\s+\((?:previously|was|formerly|before|old|down from|up from)\s+)([a-z][\w-]{1,40})(\))/i;

/** "from a to b" at a clause end: a transition makes plain words values. */
const TRANSITION_WORDS =
  /(\bfrom\s+)([a-z][\w-]{1,40})(\s+to\s+)([a-z][\w-]{1,40})(?=[.!;,)]?\s*$)/i;

/** "we switched the X to w": a change verb's "to" slot makes one plain word a value. */
const CHANGED_TO =
  /(\b(?:switched|changed|set|sets|moved|bumped|raised|lowered|updated|turned|flipped)\s+(?:the|our)\s+[^,;:!?]{1,200}?\s+to\s+)([a-z][\w-]{1,40})(?=[.!]?\s*$)/i;

/** "we agreed the X is w w": a decision names its complement of two to four plain words as the value. */
const DECIDED_WORDS =
  /(\b(?:we|they|i|everyone|the team|finance|leadership)\s+(?:agreed|decided|settled|confirmed)(?:\s+(?:that|on it))?\s*[:,]?\s+(?:the|our)\s+[^,;:!?`]{1,200}?\s+(?:is|are|should be|will be)\s+)([a-z][\w-]*(?:\s+[a-z][\w-]*){1,3})(?=[.!]?\s*$)/i;

/** Plain words that syntax marks as values read as values (`w`). */
function markedValues(sentence: string): string {
  const decided = DECIDED_WORDS.exec(sentence);
  const complement = decided?.[2] ?? "";
  if (
    decided !== null &&
    !isStopword((complement.split(" ")[0] ?? "").toLowerCase()) &&
    !/^(?:not|still|now|also|unchanged|fine|done|final|settled)\b/i.test(complement)
  ) {
    return sentence.replace(DECIDED_WORDS, "$1`$2`");
  }
  const transition = TRANSITION_WORDS.exec(sentence);
  if (
    transition !== null &&
    !isStopword((transition[2] ?? "").toLowerCase()) &&
    !isStopword((transition[4] ?? "").toLowerCase())
  ) {
    return sentence.replace(TRANSITION_WORDS, "$1`$2`$3`$4`");
  }
  if (HISTORY_WORD.test(sentence)) {
    return sentence.replace(HISTORY_WORD, "$1`$2`$3`$4`$5");
  }
  const changed = CHANGED_TO.exec(sentence);
  if (changed !== null && !isStopword((changed[2] ?? "").toLowerCase())) {
    return sentence.replace(CHANGED_TO, "$1`$2`");
  }
  const contrasted = CONTRASTED_WORD.exec(sentence);
  if (contrasted !== null && !isStopword((contrasted[2] ?? "").toLowerCase())) {
    return sentence.replace(CONTRASTED_WORD, "$1`$2`$3`$4`");
  }
  const assigned = ASSIGNED_WORD.exec(sentence);
  if (assigned !== null && !isStopword((assigned[2] ?? "").toLowerCase())) {
    return sentence.replace(ASSIGNED_WORD, "$1`$2`");
  }
  return sentence;
}

/** Every normalisation above, in order: emphasis and arrows ("⇒" reads "→"), contractions, confirmed proposals, glued chatter. */
export function normaliseProse(text: string): string {
  const arrows = changeTables(plainEmphasis(text).replace(APPOSITIVE, "$1")).replace(
    /[⇒⟹⟶➔➜]/g,
    "→",
  );
  const answered = confirmedProposals(expandContractions(arrows));
  const inverted = answered
    .split("\n")
    .map((line) =>
      sentencesOfLine(line)
        .map((sentence) => markedValues(invertedStatement(sentence)))
        .join(" "),
    )
    .join("\n");
  return splitGlued(inverted);
}
