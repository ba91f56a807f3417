// One structured log line per HTTP request (request id, hive, session, status,
// duration), and the request id echoed as `x-request-id` so a client can quote it.
import type { MiddlewareHandler } from "hono";
import { createLogger } from "../../shared/base/log.ts";

const log = createLogger("gateway");
/** A client-sent id is kept only if it looks like an id, never arbitrary text. */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

function idsOf(path: string): { hive?: string; session?: string } {
  const hive = /^\/(?:v1\/hives|parties\/hive)\/([^/]+)/.exec(path)?.[1];
  const session = /^\/(?:v1\/sessions|parties\/agent-session)\/([^/]+)/.exec(path)?.[1];
  return { ...(hive ? { hive } : {}), ...(session ? { session } : {}) };
}

export const requestLog: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  const sent = c.req.header("x-request-id");
  const requestId = sent && REQUEST_ID.test(sent) ? sent : crypto.randomUUID();
  const started = Date.now();
  await next();
  c.header("x-request-id", requestId);
  const path = new URL(c.req.url).pathname;
  // Static dashboard files are not API events: logging each would drown the rest.
  if (!path.startsWith("/v1/") && !path.startsWith("/parties/")) {
    return;
  }
  log.info("http.request", {
    requestId,
    ...idsOf(path),
    method: c.req.method,
    path,
    status: c.res.status,
    ms: Date.now() - started,
  });
};
