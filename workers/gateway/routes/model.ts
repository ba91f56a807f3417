// Forwards the local model endpoint's OpenAI-compatible routes (service binding
// MODEL) under /v1/model, so a Node client can use http://127.0.0.1:8787/v1/model
// as base URL; /v1/embeddings and /v1/models are also served at /v1. Bodies,
// headers (the scripted mode's x-lethe-script) and SSE streams pass through.
// /v1/chat/completions itself is the context-managing proxy (proxy/route.ts).
import { Hono } from "hono";

export const MODEL_ROUTES = ["/chat/completions", "/embeddings", "/models"] as const;
/** Served at /v1 too: the proxy owns only /v1/chat/completions. */
export const MODEL_ROOT_ROUTES = ["/embeddings", "/models"] as const;

/** The model Worker's own path for a gateway path (`/v1/model/x` → `/v1/x`). */
function forward(raw: Request, env: Env): Promise<Response> {
  const url = new URL(raw.url);
  url.pathname = url.pathname.replace(/^\/v1\/model\//, "/v1/");
  return env.MODEL.fetch(new Request(url, raw));
}

export const model = new Hono<{ Bindings: Env }>();
for (const route of MODEL_ROUTES) {
  model.all(route, (c) => forward(c.req.raw, c.env));
}

export const modelRoot = new Hono<{ Bindings: Env }>();
for (const route of MODEL_ROOT_ROUTES) {
  modelRoot.all(route, (c) => forward(c.req.raw, c.env));
}
