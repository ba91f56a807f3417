// The Workers AI models Lethe uses by default, one per role, with the facts that
// chose them (context window, price, JSON mode, tool calling) as Cloudflare
// publishes them. Read by the serving rule (shared/driver/serving.ts), the price
// table (shared/driver/pricing.ts) and docs/models.md.
import type { ModelRole } from "./config.ts";

export interface WorkersAiModelFacts {
  /** Tokens of prompt and answer together, from the model's page. */
  contextWindow: number;
  /** USD per million tokens: the pricing page's LLM table, else the model's page. */
  input: number;
  output: number;
  /** Listed on the JSON Mode page as supporting `response_format`. */
  jsonMode: boolean;
  /** "Function calling: Yes" on the model's page. */
  toolCalling: boolean;
}

/**
 * Published figures (developers.cloudflare.com/workers-ai/models/<name>/ for the
 * context window, …/workers-ai/platform/pricing/ for prices, …/workers-ai/features/json-mode/
 * for JSON mode). Update them when Cloudflare does; the price table follows.
 */
export const WORKERS_AI_MODELS: Readonly<Record<string, WorkersAiModelFacts>> = {
  "@cf/meta/llama-3.3-70b-instruct-fp8-fast": {
    contextWindow: 24_000,
    input: 0.293,
    output: 2.253,
    jsonMode: true,
    toolCalling: true,
  },
  "@cf/meta/llama-3.1-8b-instruct": {
    contextWindow: 7_968,
    input: 0.282,
    output: 0.827,
    jsonMode: true,
    toolCalling: false,
  },
  "@cf/meta/llama-4-scout-17b-16e-instruct": {
    contextWindow: 131_000,
    input: 0.27,
    output: 0.85,
    jsonMode: false,
    toolCalling: true,
  },
};

/**
 * The model of each role when Workers AI serves Lethe and `LETHE_MODEL_<ROLE>` /
 * `LETHE_MODEL` name none. The router needs JSON mode on a short prompt, fast:
 * Llama 3.1 8B. The summariser fills a JSON contract and the agent calls tools:
 * Llama 3.3 70B (fp8, fast), the one model Cloudflare lists with both.
 */
export const WORKERS_AI_DEFAULTS: Readonly<Record<ModelRole, string>> = {
  router: "@cf/meta/llama-3.1-8b-instruct",
  compression: "@cf/meta/llama-3.3-70b-instruct-fp8-fast",
  agent: "@cf/meta/llama-3.3-70b-instruct-fp8-fast",
};
