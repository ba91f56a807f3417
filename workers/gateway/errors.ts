// The gateway's one error handler: every failure (a refusal thrown by results.ts,
// an AppError, a hono HTTPException) becomes a JSON body with a stable `code`, a
// human `message` and a `hint`; stacks are logged, never sent.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorBody, isAppError } from "../../shared/base/errors.ts";
import { createLogger, describeError } from "../../shared/base/log.ts";

const log = createLogger("gateway");

export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  hint?: string,
): Response {
  return c.json(errorBody(code, message, hint), status);
}

export function onError(error: unknown, c: Context): Response {
  if (isAppError(error) && new URL(c.req.url).pathname.startsWith("/mcp")) {
    // MCP clients read JSON-RPC errors; the typed code, message and hint ride in `data`.
    const data = { code: error.code, message: error.message, hint: error.hint };
    return c.json(
      { jsonrpc: "2.0", id: null, error: { code: -32600, message: error.message, data } },
      error.status as ContentfulStatusCode,
    );
  }
  if (isAppError(error)) {
    return errorResponse(
      c,
      error.status as ContentfulStatusCode,
      error.code,
      error.message,
      error.hint,
    );
  }
  if (error instanceof HTTPException) {
    if (error.res !== undefined) {
      // A refusal built by results.ts: its typed JSON body is already the answer.
      return error.getResponse();
    }
    if (error.status === 400 && error.message.startsWith("Malformed JSON")) {
      return errorResponse(
        c,
        400,
        "BAD_JSON",
        "the request body is not valid JSON",
        "send a JSON object with Content-Type: application/json",
      );
    }
    return errorResponse(
      c,
      error.status,
      `HTTP_${error.status}`,
      error.message || "request refused",
    );
  }
  log.error("request.failed", { path: new URL(c.req.url).pathname, ...describeError(error) });
  return errorResponse(
    c,
    500,
    "INTERNAL",
    "the gateway failed to handle this request",
    "retry; if it persists, look at the gateway's log",
  );
}

export function notFound(c: Context): Response {
  return errorResponse(
    c,
    404,
    "NOT_FOUND",
    `no route for ${c.req.method} ${new URL(c.req.url).pathname}`,
    "GET / lists the routes",
  );
}
