// The prompt contracts between Lethe's callers (router, compressor) and any model:
// how a request is laid out and what the answer looks like. The local endpoint's
// policies parse exactly this; a real model reads it as instructions.
import { z } from "zod";

/** First line of the router's system message. */
export const ROUTER_MARKER = "[LETHE ROUTER]";
/** First line of the compressor's map system message (the contract: summarise-contract.ts). */
export const SUMMARISE_MARKER = "[LETHE SUMMARISE]";
/** First line of the step budget's self-assessment request (shared/agent/assessment.ts). */
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

const DOMAIN_LINE = /^- ([A-Za-z0-9_.-]+):\s*(.*?)(?:;\s*tools:\s*(.*))?$/;

/** The domains listed in a router system message (lines that do not match are instructions). */
export function parseRouterDomains(system: string): RouterDomain[] {
  const domains: RouterDomain[] = [];
  for (const line of system.split(/\r?\n/)) {
    const match = DOMAIN_LINE.exec(line.trim());
    if (!match) {
      continue;
    }
    const tools = (match[3] ?? "")
      .split(",")
      .map((t) => t.trim())
      .filter((t) => t.length > 0);
    domains.push({ name: match[1] ?? "", description: (match[2] ?? "").trim(), tools });
  }
  return domains;
}
