// The wire format of the router's classification request. THIS IS A CONTRACT:
// the local model endpoint's deterministic policy (workers/model) recognises a
// routing request by the first line `[LETHE ROUTER]`, parses the domain lines
// `- <domain>: <description>; tools: <a>, <b>` and answers the JSON below.
// Change it only together with that policy.
import type { DomainSpec, ToolSpec } from "../tools/catalogue.ts";

export const ROUTER_PROMPT_TAG = "[LETHE ROUTER]";
/** Domains the model is asked for: fewer starves a step, more floods it (issue 7). */
export const MIN_ROUTED_DOMAINS = 3;
export const MAX_ROUTED_DOMAINS = 5;
/** Longest intent sent to the classifier: the step's goal, not the whole transcript. */
export const MAX_INTENT_CHARS = 4000;

export interface ClassifyMessage {
  role: "system" | "user";
  content: string;
}

/** What the injected classifier receives: ready for chat.completions.create. */
export interface ClassifyRequest {
  messages: [ClassifyMessage, ClassifyMessage];
  temperature: 0;
  response_format: { type: "json_object" };
  /** The domain names offered, for classifiers that do not parse the prompt. */
  domains: string[];
}

/** One line per domain: `- <domain>: <description>; tools: <a>, <b>`. */
export function domainLine(domain: DomainSpec, tools: readonly ToolSpec[]): string {
  const names = tools.filter((t) => t.domain === domain.name).map((t) => t.name);
  return `- ${domain.name}: ${domain.description}; tools: ${names.join(", ")}`;
}

export function buildClassifyRequest(
  intent: string,
  domains: readonly DomainSpec[],
  tools: readonly ToolSpec[],
): ClassifyRequest {
  const system = [
    ROUTER_PROMPT_TAG,
    "Classify the intent of the agent's next step into the tool domains it needs.",
    "Domains:",
    ...domains.map((d) => domainLine(d, tools)),
    `Answer with JSON only: {"domains": [...], "confidence": 0..1}`,
    `Pick ${MIN_ROUTED_DOMAINS} to ${MAX_ROUTED_DOMAINS} domain names from the list above; confidence is how sure you are.`,
  ].join("\n");
  return {
    messages: [
      { role: "system", content: system },
      { role: "user", content: intent.slice(0, MAX_INTENT_CHARS) },
    ],
    temperature: 0,
    response_format: { type: "json_object" },
    domains: domains.map((d) => d.name),
  };
}
