// The stand-in model's answer to a question about a fact its prompt carries: a
// system message's fact lines (`- <identifier> = <value> — <summary> [<provenance>]`,
// as lethe/agents' artifacts block renders them). Called by endpoint.ts's agent policy.
import { messageText, type ChatRequest } from "../../../shared/model/openai-schemas.ts";
import { contentStems } from "./words.ts";

/** `- id = value — summary [provenance]`: the head by pattern, the rest by index. */
const FACT_HEAD = /^- (\S+) = /;

/** A fact line's parts, or null when the line is not one. */
function parseFactLine(line: string): BlockFact | null {
  const head = FACT_HEAD.exec(line);
  if (head === null || !line.endsWith("]")) {
    return null;
  }
  const rest = line.slice(head[0].length);
  const dash = rest.indexOf(" — ", 1);
  const open = rest.lastIndexOf(" [");
  if (dash < 0 || open < dash + 3) {
    return null;
  }
  const provenance = rest.slice(open + 2, -1);
  if (provenance.includes("]")) {
    return null;
  }
  return {
    identifier: head[1] ?? "",
    value: rest.slice(0, dash),
    summary: rest.slice(dash + 3, open),
    provenance,
  };
}
/** Content words a question must share with a fact's identifier for the fact to answer it. */
const MIN_SUBJECT_OVERLAP = 2;

export interface BlockFact {
  identifier: string;
  value: string;
  summary: string;
  provenance: string;
}

/** The fact lines of every system (or developer) message, in prompt order. */
export function factsInPrompt(request: ChatRequest): BlockFact[] {
  const facts: BlockFact[] = [];
  for (const message of request.messages) {
    if (message.role !== "system" && message.role !== "developer") {
      continue;
    }
    for (const line of messageText(message).split("\n")) {
      const fact = parseFactLine(line.trim());
      if (fact !== null) {
        facts.push(fact);
      }
    }
  }
  return facts;
}

/**
 * When the prompt ends with a user's question (text ending in `?`) whose subject
 * one fact's identifier matches better than any other (at least
 * MIN_SUBJECT_OVERLAP content words), the answer is that fact as the prompt
 * states it, with its provenance; otherwise null (the policy answers as before).
 */
export function answerFromFacts(request: ChatRequest): string | null {
  const last = request.messages.at(-1);
  if (last?.role !== "user" || request.response_format?.type === "json_object") {
    return null;
  }
  const question = messageText(last).trim();
  if (!question.endsWith("?")) {
    return null;
  }
  const asked = new Set(contentStems(question));
  let best: BlockFact | null = null;
  let bestScore = 0;
  let tied = false;
  for (const fact of factsInPrompt(request)) {
    const score = contentStems(fact.identifier).filter((s) => asked.has(s)).length;
    if (score > bestScore) {
      best = fact;
      bestScore = score;
      tied = false;
    } else if (score === bestScore && best !== null && fact.identifier !== best.identifier) {
      tied = true;
    }
  }
  if (best === null || bestScore < MIN_SUBJECT_OVERLAP || tied) {
    return null;
  }
  return `${best.identifier} is ${best.value}: ${best.summary} (from the facts I was given: ${best.provenance}).`;
}
