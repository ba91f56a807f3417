// Cost of a model call from its token usage: a per-model price table in US
// dollars per million tokens. Used by the driver to record cost per call.
import { WORKERS_AI_MODELS } from "./workers-ai-models.ts";

export interface Price {
  /** USD per 1M prompt tokens. */
  input: number;
  /** USD per 1M completion tokens. */
  output: number;
}

/**
 * List prices from OpenAI's public pricing page (standard tier, per 1M tokens)
 * at the time of writing; update when they change. Keys match a model name or
 * its dated snapshot by prefix (`gpt-4o-mini-2024-07-18` → `gpt-4o-mini`).
 * The local endpoint is free; self-hosted models (Ollama, vLLM) are unpriced.
 * Workers AI models carry Cloudflare's published prices (workers-ai-models.ts).
 */
export const PRICES: Readonly<Record<string, Price>> = {
  "lethe-local": { input: 0, output: 0 },
  "gpt-4o-mini": { input: 0.15, output: 0.6 },
  "gpt-4o": { input: 2.5, output: 10 },
  "gpt-4.1-nano": { input: 0.1, output: 0.4 },
  "gpt-4.1-mini": { input: 0.4, output: 1.6 },
  "gpt-4.1": { input: 2, output: 8 },
  "o4-mini": { input: 1.1, output: 4.4 },
  "o3-mini": { input: 1.1, output: 4.4 },
  "gpt-3.5-turbo": { input: 0.5, output: 1.5 },
  ...Object.fromEntries(
    Object.entries(WORKERS_AI_MODELS).map(([id, m]) => [id, { input: m.input, output: m.output }]),
  ),
};

/**
 * The price of a model: exact name first, then the longest table key it starts
 * with (a dated snapshot). Workers AI ids (`@cf/…`) match exactly only: their
 * variants (`-fp8`, `-awq`, `-fast`) are priced apart.
 */
export function priceOf(model: string): Price | undefined {
  const exact = PRICES[model];
  if (exact) {
    return exact;
  }
  const key = Object.keys(PRICES)
    .filter((k) => !k.startsWith("@") && model.startsWith(`${k}-`))
    .sort((a, b) => b.length - a.length)[0];
  return key === undefined ? undefined : PRICES[key];
}

export interface Cost {
  usd: number;
  /** False when the model is not in the table: the cost is then reported as 0, not guessed. */
  priced: boolean;
}

/** Cost in USD, rounded to a millionth of a cent so sums stay stable. */
export function costOf(model: string, promptTokens: number, completionTokens: number): Cost {
  const price = priceOf(model);
  if (!price) {
    return { usd: 0, priced: false };
  }
  const usd = (promptTokens * price.input + completionTokens * price.output) / 1_000_000;
  return { usd: Math.round(usd * 1e8) / 1e8, priced: true };
}
