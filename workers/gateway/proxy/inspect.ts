// GET …/chat/sessions/:session(/refs/:ref): what the proxy stored for a session, its
// stats or one kept original, for the client and benches. Mounted by route.ts.
import type { Context } from "hono";
import { SESSION_ID_PATTERN } from "../../../shared/session/config.ts";
import { keyHive } from "./caller.ts";
import { ProxyFailure, rpcFailure, type Bindings } from "./failure.ts";
import { invalidRequest } from "./request.ts";

/** GET …/chat/sessions/:session(/refs/:ref): what the proxy stored, for the client and benches. */
export async function inspect(c: Context<Bindings>, ref: string | undefined): Promise<Response> {
  const hive = await keyHive(c);
  const session = c.req.param("session") ?? "";
  if (!SESSION_ID_PATTERN.test(session)) {
    throw new ProxyFailure(invalidRequest("invalid_session", "not a session id"));
  }
  const stub = c.env.AgentSession.getByName(session);
  if (ref === undefined) {
    const stats = await stub.proxy().stats(hive);
    if (!stats.ok) {
      throw stats.code === "REF_NOT_FOUND"
        ? new ProxyFailure({
            status: 404,
            type: "invalid_request_error",
            code: "session_not_found",
            message: stats.message,
            hint: "POST /v1/chat/completions starts a session",
          })
        : rpcFailure(stats);
    }
    return c.json({ session, ...stats.value });
  }
  const full = ref.startsWith("ref:") ? ref : `ref:${ref}`;
  const read = await stub.proxy().readRef(hive, full);
  if (!read.ok) {
    if (read.code === "REF_NOT_FOUND") {
      throw new ProxyFailure({
        status: 404,
        type: "invalid_request_error",
        code: "ref_not_found",
        message: read.message,
        hint: "copy a ref the proxy showed in this session",
      });
    }
    throw rpcFailure(read);
  }
  return c.json({ session, ref: full, content: read.value });
}
