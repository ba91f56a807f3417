// Talk about a value that does not set it: a question ("Want me to set X to
// 3.4.0?"), a proposal or its rejection ("5812 was proposed for X and not
// chosen", "Product asked whether X could be Y instead"), an option weighed
// ("We considered 48 GB for X, but …"), a condition ("If the tie trips: set X
// to V") and a stale source quoted ("last week's notes still say X is 3.2.0"). Such a sentence names a value, yet the
// conversation's current value is elsewhere: it never replaces a statement and is
// not shown as current. A contrast ("for comparison, the X for Y is V") states
// another subject's value: it never replaces the named one's. Used by compress.ts,
// supersede.ts and the local summariser's policy.

import { hasValue, sentencesOf } from "./facts.ts";

/** Characters of a sentence examined: the patterns stay linear on a 5 MB line. */
const SCAN_CHARS = 1_000;

/** A question: the sentence ends with "?" (closing quotes and brackets aside). */
const QUESTION = /\?\s*["'`)\]]*\s*$/;

/** Proposals, hypotheticals and options: a value someone might use. */
const PROPOSED =
  /\b(?:asked (?:whether|if|where|when|who|why|how|what|about)|wondered (?:whether|if)|what if|how about|could (?:we|be|it be)\b.*\binstead|(?:was|were|is|got) (?:proposed|suggested|floated|pitched)|proposed .{0,80}\b(?:not chosen|rejected|declined|dropped)|not chosen|rejected the (?:request|proposal|suggestion|idea)|(?:proposal|request|suggestion|motion) to (?:set|change|move|raise|lower|bump|switch|take|make)|won'?t (?:do|fix)|let'?s not (?:touch|change)|(?:i|we) could (?:set|change|move|raise|lower|bump|switch|make|take|put)|should (?:i|we) also|wants? (?:the|our) [^,;]{3,80}? (?:called out|flagged|mentioned|included|listed|highlighted|reviewed|double-checked)|(?:don'?t|do not) touch|hold off on|(?:have|has) not (?:touched|changed|looked at|updated)|(?:haven't|hasn't) (?:touched|changed|looked at|updated)|(?:is|it's) on (?:the|my) (?:list|to-?do)|not taken|not adopted|none adopted|not accepted|not executed|(?:was|were) withdrawn|(?:was|were) rejected|and rejected it|turned (?:it |that |this |them )?down|ruled out|(?:we|i) considered|considered .{0,80}\bbut\b|one option is|another option is|an option is|want me to|shall i|should i|should we|do we want|if we (?:set|use|went|moved|switched)|in case we|what-if|hypothetical(?:ly)?|if (?:the|our) [^,;]{3,80}? (?:were|was set to|went to)|(?:floated|pitched|suggested|proposed) (?:taking|moving|setting|raising|lowering|changing|bumping|making)|(?:we|they|i) said no|(?:but|and) [\w.-]+(?: [\w.-]+)? (?:said no|vetoed it|declined|refused|objected|overruled (?:it|him|her|them)|shot it down|pushed back)|[;,] [\w.-]+(?: [\w.-]+)? (?:said no|vetoed it|declined|refused|objected|shot it down|pushed back)(?=\s*(?:[.!;]|$))|was turned down|out of curiosity|with a different|would (?:have to|need to|become|be|go|move|rise|drop)|if the [^,;]{3,60}? goes ahead|nothing is decided|not decided yet|failed \d+\s*[-–]\s*\d+|motion (?:failed|was withdrawn|was tabled)|(?:are|am|is|were|was) not (?:agreeing|accepting|going with)|(?:won'?t|will not|do not|don'?t|did not|didn'?t|can'?t|cannot) (?:agree|accept)|(?<!\b(?:the|a|an) )(?:proposed|suggested|floated|pitched|countered with|offered) (?:a |an )?[$€£]?\d|(?:i'll|i will|we'll|we will|let me|need to|needs to|going to|want to) (?:re-?check|double-check|cross-check|check|verify|confirm|look at|review|revisit))\b/i;

/** A stale source quoted or a past value recalled: not the current one. */
const STALE =
  /\b(?:still (?:says?|lists?|shows?|reads?|has)|(?:is|was|are|were) (?:stale|outdated|out of date|wrong|obsolete)|back when|used to be|(?:old|older|previous|last week's|last month's|archived) (?:notes|doc|docs|page|wiki|ticket|spreadsheet|sheet|draft|brief|thread|email|e-mail|message)|as it was before)\b/i;

/**
 * A clause that settles the matter after all ("…, but it dropped samples, so it's
 * V now", "…; we said not now, it stays V", "That printout is stale; the X is V",
 * "That export is stale. X is V, full stop", "Ignore the old sheet, the X is still
 * V"), a statement and then the stale copy named ("Still V for the X; that PDF is out
 * of date"), or a check made just now ("Re-checked in the system, the X still reads V").
 */
const SETTLED =
  /\b(?:so (?:it is|it's|we use|we are using|we're using|we went with|we go with|we keep)|(?:it is|it's) \S+(?: \S+)? now|(?:is|are) (?:stale|outdated|out of date|wrong)\s*[;:,—–-]\s*(?:the|our|it|its)\b|(?:is|are) (?:stale|outdated|out of date|wrong)\s*[.;:—–-]\s*(?![^.;]*\b(?:says?|reads?|shows?|lists?)\b)(?:the |our )?[\w-]+(?: [\w-]+){0,8} (?:is|are) \S|full stop)\b|^(?:just |i |we )?(?:re-?checked|double-checked|re-?verified|verified|checked again)\b|\bit (?:stays|remains|is still|will stay)(?: at)? (?!(?:where|as|the same|put|that|there|unchanged|so|like)\b)\S|^(?:(?:ok|okay|so|and|but),?\s+)?(?:ignore|disregard|forget|never mind)\b|\b(?:ignore|disregard) (?:the|that) (?:old|stale|previous|earlier|archived)\b|;\s*(?:that|this|the)\s+(?:[\w-]+\s+){0,2}(?:is|was|are|were)\s+(?:stale|outdated|out of date|wrong|obsolete)\s*[.!]?\s*$/i;

/**
 * A value of another thing, signposted as such ("For comparison, the X for
 * trade customers sits at 9 days", "Don't mix that up with the X in the VIP
 * queue, which is 72 hours", "FYI the X after a bird strike is 500 FC, different
 * thing entirely"): it sets no value of the subject it names.
 */
const CONTRAST =
  /\b(?:for comparison|by comparison|in comparison|compared with|compared to|(?:don't|do not|never) (?:mix|confuse)|not to be confused|mix (?:that|it|them|the two) up|as opposed to|unlike the|whereas the|separately|out of scope|(?:a |the )?(?:separate|different) (?:thing|matter|item)(?: entirely)?|not the same (?:thing|one|item))\b/i;

/** A tool output's first line that says what follows is an old copy ("(archived trend export, superseded)"). */
const OLD_COPY_HEADER =
  /\b(?:archived|superseded|stale|outdated|out of date|obsolete|deprecated|(?:original|old|previous|prior|cached) (?:[\w-]+ ){0,2}(?:record|export|snapshot|copy|version|sheet|printout|listing|list|report))\b/i;

/** True when a tool output opens by saying it is an old copy: its values are not current. */
export function isOldCopy(output: string): boolean {
  const first = output.trimStart().split(/\r?\n/, 1)[0] ?? "";
  return first.length <= 120 && OLD_COPY_HEADER.test(first);
}

/** True when a text names a subject only to contrast another one with it. */
export function isContrast(text: string): boolean {
  return CONTRAST.test(text.slice(0, SCAN_CHARS));
}

/** A heading ("> 4.2 Target of the status CNAME", "## Drain timeout"): it names a subject, it sets none. */
const HEADING = /^(?:>\s*)*(?:#{1,6}\s+|\d+(?:\.\d+)+\s+)[^.:=]{3,120}$/;

/**
 * A condition ("If the tie trips: set X to V", "In case of a trip, …"): what would
 * be done, not what is. "If anyone asks, the X is V" is a statement.
 */
const CONDITION =
  /^(?:[-*>•]\s*)*(?:if|in case|unless|should the)\b(?!\s+(?:anyone|anybody|someone|you|it helps|needed|in doubt|memory serves|i recall)\b)/i;

/** True when a sentence talks about a value without setting it. */
export function isHedged(sentence: string): boolean {
  const text = sentence.slice(0, SCAN_CHARS).trim();
  return (
    HEADING.test(text) ||
    QUESTION.test(text) ||
    CONDITION.test(text) ||
    ((PROPOSED.test(text) || STALE.test(text)) && !SETTLED.test(text))
  );
}

/**
 * True when every sentence of a text (a bullet) that holds a value is hedged:
 * "X is 5. Should we keep it?" still states X.
 */
export function isHedgedText(text: string): boolean {
  const sentences = sentencesOf(text.slice(0, SCAN_CHARS));
  const valued = sentences.filter((s) => hasValue(s));
  return (valued.length > 0 ? valued : sentences).every(isHedged) && sentences.length > 0;
}
