// A proposal in one message accepted by the next one: "Could we make the X V
// instead?" answered "Yes — done.", "Should I switch the X to V?" answered
// "Yes, go ahead." The question becomes the statement "The X is V." before any
// summariser runs (the reply alone names nothing); a refusal ("No, leave it."),
// a hedged yes ("Yes, but keep A.") or no reply leaves the question, which sets
// nothing. Called by compress.ts; the same rule inside one message is
// confirmedProposals in normalise.ts.
import type { NumberedTurn } from "../model/contracts.ts";
import { acceptedProposal } from "./normalise.ts";

/** A question of at most this many characters is read as a proposal. */
const MAX_QUESTION = 600;

/** The first sentence of a reply (its first line's text up to a sentence end). */
function firstSentence(text: string): string {
  const line = text.split("\n").find((l) => l.trim().length > 0) ?? "";
  return line.trim().split(/(?<=[.!?])\s+/)[0] ?? "";
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
    const statement = acceptedProposal(question, reply);
    if (statement === undefined) {
      return t;
    }
    const at = t.text.lastIndexOf(question);
    const text = `${t.text.slice(0, at)}${statement}${t.text.slice(at + question.length)}`;
    return { ...t, text };
  });
}
