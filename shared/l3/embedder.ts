// Pluggable embedders for L3: an OpenAI-compatible /embeddings endpoint when
// LETHE_EMBEDDINGS_BASE_URL is configured; Workers AI through the `AI` binding in
// production; otherwise the deterministic lexical stand-in (hashed word features,
// NOT a model: shared/embed/lexical.ts). Called by the Hive's workspace and the benchmark.
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

/** The part of the Workers AI binding the embedder uses. */
export interface WorkersAiBinding {
  run(model: string, input: { text: string[] }): Promise<unknown>;
}

/** Workers AI's 384-dimension text embedding model: the size of the production Vectorize index. */
export const WORKERS_AI_EMBEDDING_MODEL = "@cf/baai/bge-small-en-v1.5";
export const WORKERS_AI_EMBEDDING_DIMENSIONS = 384;
/** Texts per Workers AI call (the bge models take batches of up to 100). */
const WORKERS_AI_BATCH = 100;

function isWorkersAi(binding: unknown): binding is WorkersAiBinding {
  return (
    typeof binding === "object" &&
    binding !== null &&
    typeof (binding as { run?: unknown }).run === "function"
  );
}

export function workersAiEmbedder(
  ai: WorkersAiBinding,
  model = WORKERS_AI_EMBEDDING_MODEL,
  dimensions = WORKERS_AI_EMBEDDING_DIMENSIONS,
): Embedder {
  return {
    model,
    dimensions,
    embed: async (texts) => {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += WORKERS_AI_BATCH) {
        const batch = texts.slice(i, i + WORKERS_AI_BATCH);
        const answer = (await ai.run(model, { text: [...batch] })) as { data?: unknown };
        const data = Array.isArray(answer.data) ? (answer.data as unknown[]) : [];
        if (data.length !== batch.length) {
          throw new RangeError(
            `Workers AI returned ${data.length} embeddings for ${batch.length} texts`,
          );
        }
        for (const vector of data) {
          if (!Array.isArray(vector) || vector.length !== dimensions) {
            throw new RangeError(`Workers AI returned a vector that is not ${dimensions} numbers`);
          }
          out.push(vector.map(Number));
        }
      }
      return out;
    },
  };
}

/**
 * The embedder a deployment configured, first match wins:
 * LETHE_EMBEDDINGS_BASE_URL (+ _MODEL, _API_KEY, _DIMENSIONS) selects an endpoint;
 * an `AI` binding outside LETHE_ENV=local (or with LETHE_EMBEDDINGS=workers-ai)
 * selects Workers AI; otherwise the lexical stand-in.
 */
export function embedderFromEnv(
  env: Readonly<Record<string, unknown>>,
  fetcher?: typeof fetch,
): Embedder {
  const str = (k: string) =>
    typeof env[k] === "string" && env[k] !== "" ? (env[k] as string) : undefined;
  const baseURL = str("LETHE_EMBEDDINGS_BASE_URL");
  if (baseURL === undefined) {
    const ai = env.AI;
    const wanted = env.LETHE_ENV !== "local" || env.LETHE_EMBEDDINGS === "workers-ai";
    if (isWorkersAi(ai) && wanted && env.LETHE_EMBEDDINGS !== "lexical") {
      return workersAiEmbedder(ai, str("LETHE_EMBEDDINGS_MODEL") ?? WORKERS_AI_EMBEDDING_MODEL);
    }
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
