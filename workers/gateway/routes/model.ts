// Forwards the OpenAI-compatible routes to the local model endpoint (service
// binding MODEL), so a Node client can use http://127.0.0.1:8787/v1 as base URL.
// Bodies, headers (the scripted mode's x-lethe-script) and SSE streams pass through.
import { Hono } from "hono";

export const MODEL_ROUTES = ["/chat/completions", "/embeddings", "/models"] as const;

export const model = new Hono<{ Bindings: Env }>();
for (const route of MODEL_ROUTES) {
  model.all(route, (c) => c.env.MODEL.fetch(new Request(c.req.raw.url, c.req.raw)));
}
