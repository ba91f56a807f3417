// Which hive key opened an AgentSession socket, and closing a revoked key's
// sockets (the Hive keeps the same in its subscriber index). The gateway sets
// the key id header on the upgrade; the admin revoke route asks each session.
import type { Connection } from "partyserver";
import { z } from "zod";
import { CLOSE_KEY_REVOKED, SOCKET_KEY_HEADER } from "../shared/hive/messages.ts";

const KeyStateSchema = z.object({ keyId: z.string().min(1) });

/** Records the opening key's id on the socket (it survives hibernation). */
export function rememberSocketKey(connection: Connection, request: Request): void {
  const keyId = request.headers.get(SOCKET_KEY_HEADER);
  if (keyId !== null && keyId !== "") {
    connection.setState({ keyId });
  }
}

/** Closes every socket opened with `keyId` with CLOSE_KEY_REVOKED; returns how many. */
export function closeKeySockets(connections: Iterable<Connection>, keyId: string): number {
  let closed = 0;
  for (const connection of connections) {
    const state = KeyStateSchema.safeParse(connection.state);
    if (state.success && state.data.keyId === keyId) {
      try {
        connection.close(CLOSE_KEY_REVOKED, "KEY_REVOKED: this socket's hive key was revoked");
      } catch {
        // Already closing: nothing more to do.
      }
      closed++;
    }
  }
  return closed;
}
