// Hive keys on AgentSession sockets: the upgrade carries the opening key's id
// (routes/sessions.ts), and a revoke (routes/admin.ts) closes that key's open
// session sockets in every session of the hive, as the Hive does for its own.
import { SOCKET_KEY_HEADER } from "../../../shared/hive/messages.ts";

/** Sessions asked at once during a revoke. */
const REVOKE_FAN_OUT = 16;
/** Sessions listed per page of the Hive's session registry. */
const PAGE = 1_000;

/** The upgrade request with the key id set by the gateway (a client-sent one is replaced). */
export function withSocketKey(request: Request, keyId: string): Request {
  const headers = new Headers(request.headers);
  headers.set(SOCKET_KEY_HEADER, keyId);
  return new Request(request.url, { method: request.method, headers });
}

/**
 * Closes every AgentSession socket of `hive` opened with `keyId`; returns how
 * many. Each of the hive's sessions is asked (REVOKE_FAN_OUT at a time), so the
 * revoke call returns once every socket of the key is closed.
 */
export async function closeSessionKeySockets(
  env: Env,
  hive: string,
  keyId: string,
): Promise<number> {
  const hiveStub = env.Hive.getByName(hive);
  let closed = 0;
  let before: string | undefined;
  do {
    const page = await hiveStub.sessions(PAGE, before);
    const ids = page.sessions.map((s) => s.id);
    for (let i = 0; i < ids.length; i += REVOKE_FAN_OUT) {
      const counts = await Promise.all(
        ids
          .slice(i, i + REVOKE_FAN_OUT)
          .map((id) => env.AgentSession.getByName(id).closeKeySockets(keyId)),
      );
      closed += counts.reduce((a, b) => a + b, 0);
    }
    before = page.next ?? undefined;
  } while (before !== undefined);
  return closed;
}
