// Helpers shared by the socket-facing Durable Objects: typed sends and the
// answer to a frame that is not valid protocol (an error frame; state untouched).
import type { Connection } from "partyserver";
import {
  encodeServerMessage,
  parseClientMessage,
  type ClientMessage,
  type ServerMessage,
} from "../shared/protocol.ts";

export function send(connection: Connection, message: ServerMessage): void {
  connection.send(encodeServerMessage(message));
}

/** Parses a frame; on failure answers with `sys.error` and returns null. */
export function receive(
  connection: Connection,
  raw: string | ArrayBuffer | ArrayBufferView,
): ClientMessage | null {
  const parsed = parseClientMessage(raw);
  if (parsed.ok) {
    return parsed.value;
  }
  send(connection, {
    type: "sys.error",
    code: parsed.code,
    message: parsed.message,
    ...(parsed.hint === undefined ? {} : { hint: parsed.hint }),
  });
  return null;
}
