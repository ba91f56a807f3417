// The wire format of the router's classification request. THIS IS A CONTRACT:
// the local model endpoint's deterministic policy (workers/model/policy/router-policy.ts)
// recognises a routing request by the first line `[LETHE ROUTER]`, parses the
// domain lines `- <domain>: <description>; tools: <a>, <b>` and answers
// {"domains": [...], "confidence": 0..1}. The layout itself lives in
// shared/model/contracts.ts so both sides build and parse the same text.
import { buildRouterSystemPrompt } from "../model/contracts.ts";
import type { DomainSpec, ToolSpec } from "../tools/catalogue.ts";

/** Most domains kept from one answer (the contract asks for 3 to 5): more floods the step. */
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

export function buildClassifyRequest(
  intent: string,
  domains: readonly DomainSpec[],
  tools: readonly ToolSpec[],
): ClassifyRequest {
  const system = buildRouterSystemPrompt(
    domains.map((d) => ({
      name: d.name,
      description: d.description,
      tools: tools.filter((t) => t.domain === d.name).map((t) => t.name),
    })),
  );
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
