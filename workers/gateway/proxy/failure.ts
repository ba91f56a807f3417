// The proxy's failures in OpenAI's error shape: a ProxyFailure thrown anywhere in a
// handler becomes its status and body (guarded), a failed session RPC maps to 403 or
// 500 (rpcFailure). Used by the proxy's routes (route.ts, inspect.ts, caller.ts).
import type { Context } from "hono";
import { createLogger, describeError } from "../../../shared/base/log.ts";
import { SESSION_HEADER, proxyErrorBody, type ProxyError } from "./request.ts";

const log = createLogger("proxy");

export type Bindings = { Bindings: Env };

export class ProxyFailure extends Error {
  readonly failure: ProxyError;
  constructor(failure: ProxyError) {
    super(failure.message);
    this.failure = failure;
  }
}

export function fail(c: Context, error: ProxyError, session?: string): Response {
  const response = c.json(proxyErrorBody(error), error.status);
  if (session !== undefined) {
    response.headers.set(SESSION_HEADER, session);
  }
  return response;
}

export function rpcFailure(result: { code: string; message: string; hint?: string }): ProxyFailure {
  if (result.code === "FORBIDDEN_HIVE") {
    return new ProxyFailure({
      status: 403,
      type: "permission_error",
      code: "forbidden_session",
      message: "this session belongs to another hive",
      hint: "use a session id your hive created, or omit the header to start one",
    });
  }
  return new ProxyFailure({
    status: 500,
    type: "server_error",
    code: "session_store_failed",
    message: "the conversation could not be stored",
    hint: "retry; the stored state is unchanged",
  });
}

export async function guarded(
  c: Context<Bindings>,
  run: () => Promise<Response>,
): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProxyFailure) {
      return fail(c, error.failure);
    }
    log.error("proxy.failed", describeError(error));
    return fail(c, {
      status: 500,
      type: "server_error",
      code: "internal",
      message: "the proxy failed to handle this request",
      hint: "retry; the conversation's stored state is unchanged",
    });
  }
}
