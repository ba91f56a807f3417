// Pluggable embedders for L3: the deterministic lexical embedder by default
// (hashed features, NOT a model: shared/embed/lexical.ts), or an OpenAI-compatible
// /embeddings endpoint when LETHE_EMBEDDINGS_BASE_URL is configured. Called by
// the Hive's vector store and the benchmark.
import OpenAI from "openai";
import { embedLexical, LEXICAL_DIMENSIONS, LEXICAL_MODEL } from "../embed/lexical.ts";

export interface Embedder {
  readonly model: string;
  readonly dimensions: number;
  embed(texts: readonly string[]): Promise<number[][]>;
}

export function lexicalEmbedder(dimensions = LEXICAL_DIMENSIONS): Embedder {
  return {
    model: dimensions === LEXICAL_DIMENSIONS ? LEXICAL_MODEL : `lethe-lexical-${dimensions}`,
    dimensions,
    embed: async (texts) => texts.map((t) => embedLexical(t, dimensions)),
  };
}

export interface EndpointEmbedderConfig {
  baseURL: string;
  apiKey: string;
  model: string;
  dimensions: number;
  /** Inputs per request (OpenAI accepts 2,048; smaller batches keep requests under limits). */
  batchSize?: number;
  fetch?: typeof fetch;
}

/** Texts per embeddings request by default. */
const DEFAULT_BATCH = 96;

export function endpointEmbedder(config: EndpointEmbedderConfig): Embedder {
  const client = new OpenAI({
    baseURL: config.baseURL,
    apiKey: config.apiKey,
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });
  const batch = config.batchSize ?? DEFAULT_BATCH;
  return {
    model: config.model,
    dimensions: config.dimensions,
    embed: async (texts) => {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += batch) {
        const response = await client.embeddings.create({
          model: config.model,
          input: texts.slice(i, i + batch),
          dimensions: config.dimensions,
          encoding_format: "float",
        });
        const ordered = [...response.data].sort((a, b) => a.index - b.index);
        for (const d of ordered) {
          if (d.embedding.length !== config.dimensions) {
            throw new RangeError(
              `the endpoint returned ${d.embedding.length} dimensions; LETHE_EMBEDDINGS_DIMENSIONS is ${config.dimensions}`,
            );
          }
          out.push(d.embedding);
        }
      }
      return out;
    },
  };
}

/**
 * The embedder a deployment configured: LETHE_EMBEDDINGS_BASE_URL (+ _MODEL,
 * _API_KEY, _DIMENSIONS) selects the endpoint; otherwise the lexical embedder.
 */
export function embedderFromEnv(
  env: Readonly<Record<string, unknown>>,
  fetcher?: typeof fetch,
): Embedder {
  const str = (k: string) =>
    typeof env[k] === "string" && env[k] !== "" ? (env[k] as string) : undefined;
  const baseURL = str("LETHE_EMBEDDINGS_BASE_URL");
  if (baseURL === undefined) {
    return lexicalEmbedder();
  }
  const dimensions = Number(str("LETHE_EMBEDDINGS_DIMENSIONS") ?? LEXICAL_DIMENSIONS);
  return endpointEmbedder({
    baseURL,
    apiKey: str("LETHE_EMBEDDINGS_API_KEY") ?? "none",
    model: str("LETHE_EMBEDDINGS_MODEL") ?? LEXICAL_MODEL,
    dimensions: Number.isInteger(dimensions) && dimensions > 0 ? dimensions : LEXICAL_DIMENSIONS,
    ...(fetcher ? { fetch: fetcher } : {}),
  });
}
