// The prompt contracts between Lethe's callers (router, compressor) and any model:
// how a request is laid out and what the answer looks like. The local endpoint's
// policies parse exactly this; a real model reads it as instructions.
import { z } from "zod";

/** First line of the router's system message. */
export const ROUTER_MARKER = "[LETHE ROUTER]";
/** First line of the compressor's map system message (the contract: summarise-contract.ts). */
export const SUMMARISE_MARKER = "[LETHE SUMMARISE]";
/** First line of the step budget's self-assessment request (shared/governance/assessment.ts). */
export const ASSESSMENT_MARKER = "[STEP BUDGET REACHED]";

// ---------------------------------------------------------------- router

export interface RouterDomain {
  name: string;
  description: string;
  tools: string[];
}

export const RouterAnswerSchema = z.object({
  domains: z.array(z.string()),
  confidence: z.number().min(0).max(1),
});
export type RouterAnswer = z.infer<typeof RouterAnswerSchema>;

/** The router's system message: the marker, one `- <domain>: <description>; tools: a, b` line per domain, the answer format. */
export function buildRouterSystemPrompt(domains: readonly RouterDomain[]): string {
  return [
    ROUTER_MARKER,
    "Classify the user's intent: which of these domains' tools does the next step need?",
    ...domains.map((d) => `- ${d.name}: ${d.description}; tools: ${d.tools.join(", ")}`),
    'Answer with JSON only: {"domains": ["<domain>", ...], "confidence": <0..1>}.',
    "Pick 3 to 5 domains when the intent touches that many, fewer when it does not,",
    "and an empty list for plain conversation that needs no tool.",
  ].join("\n");
}

/** `- name: description; tools: a, b`: the head is matched, the rest split at the first `; tools:`. */
const DOMAIN_HEAD = /^- ([A-Za-z0-9_.-]+):\s*/;
const TOOLS_MARK = /;\s*tools:\s*/;

/** The domains listed in a router system message (lines that do not match are instructions). */
export function parseRouterDomains(system: string): RouterDomain[] {
  const domains: RouterDomain[] = [];
  for (const line of system.split(/\r?\n/)) {
    const trimmed = line.trim();
    const head = DOMAIN_HEAD.exec(trimmed);
    if (!head) {
      continue;
    }
    const rest = trimmed.slice(head[0].length);
    const mark = TOOLS_MARK.exec(rest);
    const description = mark === null ? rest : rest.slice(0, mark.index);
    const tools = (mark === null ? "" : rest.slice(mark.index + mark[0].length))
      .split(",")
      .map((t) => t.trim())
      .filter((t) => t.length > 0);
    domains.push({ name: head[1] ?? "", description: description.trim(), tools });
  }
  return domains;
}
