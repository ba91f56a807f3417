// One key check and no extra RPC before a session route: the hive is read from
// the session's id (shared/contracts/session-id.ts). Ids without a hive (minted
// before ids carried one, proxy ids) are looked up with one describe() instead.
// Used by the session, socket and observe routes.
import type { Context } from "hono";
import type { AgentSession } from "../../../durable-objects/agent-session.ts";
import { hiveOfSessionId } from "../../../shared/contracts/session-id.ts";
import { AppError } from "../../../shared/base/errors.ts";
import { SESSION_ID_PATTERN } from "../../../shared/session/config.ts";
import { authenticate } from "./auth.ts";

export interface SessionAccess {
  id: string;
  hive: string;
  stub: DurableObjectStub<AgentSession>;
  /** The verified key's id (a session socket remembers it, so revoking the key closes the socket). */
  keyId: string;
  /** RPCs made to reach this point: 0 when the id carries its hive, 1 otherwise (2 for a proxy conversation's spans). */
  lookups: 0 | 1 | 2;
}

/** The same answer for a missing session and another hive's: nothing is learnt from it. */
export function sessionNotFound(): AppError {
  return new AppError("NOT_FOUND", "no such session in this key's hive", {
    status: 404,
    hint: "use an id returned by POST /v1/sessions with a key of the same hive",
  });
}

export function checkSessionId(id: string): void {
  if (!SESSION_ID_PATTERN.test(id)) {
    throw new AppError("INVALID_ID", "session ids are letters, digits, '-' and '_'", {
      status: 400,
      hint: "use the id returned by POST /v1/sessions",
    });
  }
}

/**
 * The session a request names, after its key is verified (401 before anything
 * about the session is read) and found to belong to the session's hive (404 otherwise).
 */
export async function openSession<E extends { Bindings: Env }>(
  c: Context<E>,
  options: { proxyConversations?: boolean } = {},
): Promise<SessionAccess> {
  const id = c.req.param("id") ?? "";
  checkSessionId(id);
  const key = await authenticate(c);
  const stub = c.env.AgentSession.getByName(id);
  const named = hiveOfSessionId(id);
  if (named !== null) {
    if (named !== key.hive) {
      throw sessionNotFound();
    }
    return { id, hive: named, stub, keyId: key.keyId, lookups: 0 };
  }
  const described = await stub.describe();
  if (!described.ok && options.proxyConversations === true) {
    // A proxy conversation has no loop config: it answers only the hive it is bound to.
    if ((await stub.proxy().stats(key.hive)).ok) {
      return { id, hive: key.hive, stub, keyId: key.keyId, lookups: 2 };
    }
    throw sessionNotFound();
  }
  if (!described.ok || described.value.config.hive !== key.hive) {
    throw sessionNotFound();
  }
  return { id, hive: key.hive, stub, keyId: key.keyId, lookups: 1 };
}
