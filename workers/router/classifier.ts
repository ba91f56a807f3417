// The router's classifier: the `openai` client in JSON mode at temperature 0,
// pointed at LETHE_MODEL_BASE_URL when one is configured, else at the model
// endpoint behind the MODEL service binding. Any failure
// (unreachable, non-JSON, timeout) surfaces as a throw that routeStep turns
// into the keyword fallback.
import OpenAI from "openai";
import type { Classifier } from "./route.ts";

/** A routing call is on every step's critical path: past this, keywords decide. */
export const ROUTER_MODEL_TIMEOUT_MS = 5_000;
export const DEFAULT_ROUTER_MODEL = "lethe-local";

/** The bindings the classifier needs (structural, so any Worker's Env that has them fits). */
export interface ClassifierEnv {
  MODEL: Fetcher;
  ROUTER_MODEL?: string;
  /** A configured model (docs/models.md): the router role uses it like the agent does. */
  LETHE_MODEL_BASE_URL?: string;
  LETHE_MODEL_API_KEY?: string;
  LETHE_MODEL?: string;
  LETHE_MODEL_ROUTER?: string;
}

export function modelClassifier(env: ClassifierEnv): Classifier {
  const external = typeof env.LETHE_MODEL_BASE_URL === "string" && env.LETHE_MODEL_BASE_URL !== "";
  const client = new OpenAI({
    apiKey: external ? env.LETHE_MODEL_API_KEY || "local" : "local",
    baseURL: external ? (env.LETHE_MODEL_BASE_URL as string) : "http://lethe-model/v1",
    // Without a configured endpoint, the cluster's own model over its binding.
    ...(external ? {} : { fetch: (url, init) => env.MODEL.fetch(new Request(url, init)) }),
    // One attempt: a retry would double the step's latency; the fallback is cheap.
    maxRetries: 0,
    timeout: ROUTER_MODEL_TIMEOUT_MS,
  });
  const model =
    env.LETHE_MODEL_ROUTER || env.LETHE_MODEL || env.ROUTER_MODEL || DEFAULT_ROUTER_MODEL;
  return async (request) => {
    const completion = await client.chat.completions.create({
      model,
      messages: request.messages,
      temperature: request.temperature,
      response_format: request.response_format,
    });
    return completion.choices[0]?.message.content ?? "";
  };
}
