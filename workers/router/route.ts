// Routing one step: plain conversation gets no tools; otherwise the model
// classifies the intent into domains, keywords decide when it cannot, and all
// tools are offered when neither can. Called by the router Worker.
import { z } from "zod";
import { LogContextSchema } from "../../shared/base/log.ts";
import {
  ALWAYS_ROUTED_DOMAINS,
  DOMAINS,
  TOOL_CATALOGUE,
  toolDefinition,
  toolsInDomains,
  type DomainSpec,
  type ToolDefinition,
  type ToolSpec,
} from "../../shared/tools/catalogue.ts";
import { readClassification, type ClassifyFailure } from "./classification.ts";
import { isPlainConversation } from "./conversation.ts";
import { keywordDomains } from "./keywords.ts";
import {
  buildClassifyRequest,
  MAX_INTENT_CHARS,
  MAX_ROUTED_DOMAINS,
  type ClassifyRequest,
} from "../../shared/contracts/router-prompt.ts";

/** The model behind routing: returns its raw text (JSON mode), or throws. */
export type Classifier = (request: ClassifyRequest) => Promise<string>;

export const RouteRequestSchema = z.strictObject({
  /** What the step is about to do: the mission's next goal or the user's message. */
  intent: z.string().max(MAX_INTENT_CHARS * 4),
  /** Restrict routing to these domains (a persona that never edits, say). */
  domains: z.array(z.string()).max(50).optional(),
  /** Ids for the router's log lines (request, hive, session, step); never used to route. */
  context: LogContextSchema.optional(),
});
export type RouteRequest = z.infer<typeof RouteRequestSchema>;

export type RouteMethod = "conversation" | "model" | "keywords" | "all";

export interface RouteDecision {
  method: RouteMethod;
  domains: string[];
  tools: ToolDefinition[];
  confidence?: number;
  /** Why the model's answer was not used, when it was not. */
  fallback?: { code: ClassifyFailure; message: string };
}

export interface RouterOptions {
  domains?: readonly DomainSpec[];
  catalogue?: readonly ToolSpec[];
}

export async function routeStep(
  request: RouteRequest,
  classify: Classifier,
  options: RouterOptions = {},
): Promise<RouteDecision> {
  const catalogue = options.catalogue ?? TOOL_CATALOGUE;
  const allowed = request.domains ? new Set(request.domains) : undefined;
  const domains = (options.domains ?? DOMAINS).filter((d) => !allowed || allowed.has(d.name));
  const known = new Set(domains.map((d) => d.name));
  const decide = (
    method: RouteMethod,
    chosen: readonly string[],
    extra: Partial<RouteDecision> = {},
  ): RouteDecision => {
    const withControl =
      method === "conversation" ? [] : [...new Set([...chosen, ...ALWAYS_ROUTED_DOMAINS])];
    const final = withControl.filter((d) => known.has(d));
    return {
      method,
      domains: final,
      tools: toolsInDomains(final, catalogue).map(toolDefinition),
      ...extra,
    };
  };

  if (isPlainConversation(request.intent)) {
    return decide("conversation", []);
  }
  const classified = await classifyOnce(request.intent, domains, catalogue, known, classify);
  if (classified.ok) {
    return decide("model", classified.value.domains, { confidence: classified.value.confidence });
  }
  const fallback = { code: classified.code, message: classified.message };
  const byKeyword = keywordDomains(request.intent, MAX_ROUTED_DOMAINS, known);
  if (byKeyword.length > 0) {
    return decide("keywords", byKeyword, { fallback });
  }
  return decide("all", [...known], { fallback });
}

async function classifyOnce(
  intent: string,
  domains: readonly DomainSpec[],
  catalogue: readonly ToolSpec[],
  known: ReadonlySet<string>,
  classify: Classifier,
) {
  let raw: string;
  try {
    raw = await classify(buildClassifyRequest(intent, domains, catalogue));
  } catch (error) {
    // An unreachable or failing model is an expected state (offline, endpoint not
    // ready): routing falls back to keywords, and the reason travels in the decision.
    return {
      ok: false as const,
      code: "MODEL_ERROR" as const,
      message:
        `the classifier failed: ${error instanceof Error ? error.message : String(error)}`.slice(
          0,
          300,
        ),
    };
  }
  return readClassification(raw, known);
}
