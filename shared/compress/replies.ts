// A proposal in one message accepted by the next one: "Could we make the X V
// instead?" answered "Yes — done.", "Should I switch the X to V?" answered
// "Yes, go ahead." The question becomes the statement "The X is V." before any
// summariser runs (the reply alone names nothing); a refusal ("No, leave it."),
// a hedged yes ("Yes, but keep A.") or no reply leaves the question, which sets
// nothing. Options offered ("For the X I could use A or B, which do you
// prefer?") and one picked by the reply ("ok go with B") state "The X is B.".
// Called by compress.ts; the same rule inside one message is confirmedProposals
// in normalise.ts.
import type { NumberedTurn } from "../model/contracts.ts";
import { acceptedProposal } from "./normalise.ts";
import { escapeRegExp } from "../regexp.ts";

/** A question of at most this many characters is read as a proposal. */
const MAX_QUESTION = 600;

/** The first sentence of a reply (its first line's text up to a sentence end). */
function firstSentence(text: string): string {
  const line = text.split("\n").find((l) => l.trim().length > 0) ?? "";
  return line.trim().split(/(?<=[.!?])\s+/)[0] ?? "";
}

/**
 * Options offered for a subject: "For the X I could use A or B, which do you
 * prefer?", "Should we set the X to A or B?".
 */
const OFFERED = [
  /^for (?:the|our) (.{3,80}?),?\s+(?:i|we) (?:could|can|might) (?:use|go with|pick|set|try)\s+(.{1,40}?)\s+or\s+(.{1,40}?)\s*(?:[,;?]|$)/i,
  /^(?:should|shall|do|can) (?:i|we) (?:set|make|use|pick|put) (?:the|our) (.{3,80}?)\s+(?:to|as|at)\s+(.{1,40}?)\s+or\s+(.{1,40}?)\s*(?:[,;?]|$)/i,
];

/** The statement a reply makes by picking one of the options a question offered, else undefined. */
export function chosenOption(question: string, reply: string): string | undefined {
  const m = OFFERED.map((r) => r.exec(question.trim())).find((x) => x !== null);
  if (m === undefined || m === null || /^(?:no|neither|none|not|don't|let's not)\b/i.test(reply)) {
    return undefined;
  }
  const options = [m[2] ?? "", m[3] ?? ""].map((o) => o.trim().replace(/^(?:the|a)\s+/i, ""));
  const picked = options.filter((o) =>
    new RegExp(`(?<![\\w.-])${escapeRegExp(o)}(?![\\w-])`, "i").test(reply),
  );
  return picked.length === 1 ? `The ${(m[1] ?? "").trim()} is ${picked[0]}.` : undefined;
}

/** The turns with each proposal the next turn accepts read as the statement it makes. */
export function confirmedAcrossTurns(turns: readonly NumberedTurn[]): NumberedTurn[] {
  return turns.map((t, i) => {
    const next = turns[i + 1];
    if (next === undefined || next.turn !== t.turn + 1 || !t.text.includes("?")) {
      return t;
    }
    const reply = firstSentence(next.text);
    if (reply.length === 0 || reply.startsWith("(")) {
      return t;
    }
    // The turn's last question is the one the reply answers.
    const sentences = t.text.split(/(?<=[.!?])\s+|\n+/).filter((s) => s.trim().length > 0);
    const question = sentences.findLast((s) => s.trim().endsWith("?"))?.trim();
    if (question === undefined || question.length > MAX_QUESTION) {
      return t;
    }
    const statement = acceptedProposal(question, reply) ?? chosenOption(question, reply);
    if (statement === undefined) {
      return t;
    }
    const at = t.text.lastIndexOf(question);
    const text = `${t.text.slice(0, at)}${statement}${t.text.slice(at + question.length)}`;
    return { ...t, text };
  });
}
