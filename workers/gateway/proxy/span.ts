// A span per proxy call: times POST /v1/chat/completions and records the call in
// its AgentSession's trace (shared/observe/proxy-span.ts), which GET
// /v1/sessions/:id/spans exports. Wraps the proxy's handler in route.ts.
import type { Context } from "hono";
import { createLogger } from "../../../shared/base/log.ts";
import type { ProxyCall } from "../../../shared/observe/proxy-span.ts";
import { authenticate } from "../request/auth.ts";
import { CLIENT_TOKENS_HEADER, SESSION_HEADER, UPSTREAM_TOKENS_HEADER } from "./request.ts";

type Bindings = { Bindings: Env };
const log = createLogger("gateway.proxy");

function count(value: string | null): number | undefined {
  const n = value === null ? Number.NaN : Number(value);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** The OpenAI-style error code of a failed answer (read from a clone; the client gets the body). */
async function errorCode(response: Response): Promise<string | undefined> {
  if (response.status < 400) {
    return undefined;
  }
  try {
    const body = (await response.clone().json()) as { error?: { code?: unknown } };
    return typeof body.error?.code === "string" ? body.error.code.slice(0, 80) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs the call and records its span. Only answers that name their session carry
 * one: those went past the key check and the session's hive binding, so a forged
 * key never writes into a conversation. A failed recording is logged, never the
 * client's error.
 */
export async function traced(
  c: Context<Bindings>,
  run: () => Promise<Response>,
): Promise<Response> {
  const startedAt = Date.now();
  const response = await run();
  const session = response.headers.get(SESSION_HEADER);
  if (session === null) {
    return response;
  }
  try {
    const { hive } = await authenticate(c);
    const code = await errorCode(response);
    const upstreamTokens = count(response.headers.get(UPSTREAM_TOKENS_HEADER));
    const clientTokens = count(response.headers.get(CLIENT_TOKENS_HEADER));
    const call: ProxyCall = {
      startedAt,
      ms: Date.now() - startedAt,
      status: response.status,
      stream: (response.headers.get("content-type") ?? "").includes("text/event-stream"),
      ...(code === undefined ? {} : { code }),
      ...(upstreamTokens === undefined ? {} : { upstreamTokens }),
      ...(clientTokens === undefined ? {} : { clientTokens }),
    };
    const recorded = await c.env.AgentSession.getByName(session).proxy().recordCall(hive, call);
    if (!recorded.ok) {
      log.warn("proxy.span_refused", { session, code: recorded.code });
    }
  } catch (error) {
    log.warn("proxy.span_failed", {
      session,
      message: error instanceof Error ? error.message : String(error),
    });
  }
  return response;
}
