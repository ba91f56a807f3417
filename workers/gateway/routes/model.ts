// Forwards the local model endpoint's OpenAI-compatible routes (service binding
// MODEL) under /v1/model, so a Node client can use http://127.0.0.1:8787/v1/model
// as base URL; /v1/embeddings and /v1/models are also served at /v1. Bodies,
// headers (the scripted mode's x-lethe-script) and SSE streams pass through.
// Every route needs a hive key (any hive), unless the local-only var
// LETHE_OPEN_MODEL_ROUTES is set on a gateway whose LETHE_ENV is "local".
// /v1/chat/completions itself is the context-managing proxy (proxy/route.ts).
import { Hono, type MiddlewareHandler } from "hono";
import { authenticate } from "../request/auth.ts";

export const MODEL_ROUTES = ["/chat/completions", "/embeddings", "/models"] as const;
/** Served at /v1 too: the proxy owns only /v1/chat/completions. */
export const MODEL_ROOT_ROUTES = ["/embeddings", "/models"] as const;
/** The local-only var that opens the stand-in's routes without a key; a production gateway ignores it and `npm run deploy` refuses it. */
export const OPEN_MODEL_ROUTES_VAR = "LETHE_OPEN_MODEL_ROUTES";

/** Whether this gateway serves the model routes without a key: only a local one, only when asked. */
export function modelRoutesOpen(env: object): boolean {
  const open = Reflect.get(env, OPEN_MODEL_ROUTES_VAR);
  return Reflect.get(env, "LETHE_ENV") === "local" && (open === "1" || open === "true");
}

const requireModelKey: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  if (!modelRoutesOpen(c.env)) {
    await authenticate(c);
  }
  await next();
};

/** The model Worker's own path for a gateway path (`/v1/model/x` → `/v1/x`). */
function forward(raw: Request, env: Env): Promise<Response> {
  const url = new URL(raw.url);
  url.pathname = url.pathname.replace(/^\/v1\/model\//, "/v1/");
  const headers = new Headers(raw.headers);
  // The caller's hive key stays at the gateway.
  headers.delete("authorization");
  // The caller's signal goes along: a client that went away cancels the call.
  return env.MODEL.fetch(new Request(url, new Request(raw, { headers, signal: raw.signal })));
}

export const model = new Hono<{ Bindings: Env }>();
for (const route of MODEL_ROUTES) {
  model.all(route, requireModelKey, (c) => forward(c.req.raw, c.env));
}

export const modelRoot = new Hono<{ Bindings: Env }>();
for (const route of MODEL_ROOT_ROUTES) {
  modelRoot.all(route, requireModelKey, (c) => forward(c.req.raw, c.env));
}
