// Helpers shared by the socket-facing Durable Objects: typed sends and the
// answer to a frame that is not valid protocol (an error frame; state untouched).
import type { Connection } from "partyserver";
import {
  encodeServerMessage,
  parseClientFrame,
  type ClientMessage,
  type ServerMessage,
} from "../../shared/protocol.ts";

/** Whatever a frame is sent on: a partyserver Connection or a raw hibernatable WebSocket. */
export type FrameSink = Pick<Connection, "send">;

export function send(connection: FrameSink, message: ServerMessage): void {
  connection.send(encodeServerMessage(message));
}

type Namespace = "session" | "hive";
export type MessageFor<N extends Namespace> = Extract<
  ClientMessage,
  { type: `sys.${string}` | `${N}.${string}` }
>;

/**
 * Parses a frame meant for a server of namespace `ns`; on failure (or a message
 * for another kind of server) answers with `sys.error` and returns null.
 */
export function receive<N extends Namespace>(
  connection: FrameSink,
  raw: string | ArrayBuffer | ArrayBufferView,
  ns: N,
): MessageFor<N> | null {
  const frame = parseClientFrame(raw);
  const parsed = frame.result;
  if (!parsed.ok) {
    const hint = parsed.hint === undefined ? {} : { hint: parsed.hint };
    const commitFrame = frame.type === "hive.commit" || frame.type === "hive.commits";
    if (commitFrame && frame.id !== undefined && ns === "hive") {
      // The client waits for hive.committed or hive.rejected with this id.
      send(connection, {
        type: "hive.rejected",
        id: frame.id,
        code: parsed.code,
        message: parsed.message,
        ...hint,
      });
      return null;
    }
    send(connection, {
      type: "sys.error",
      code: parsed.code,
      message: parsed.message,
      ...hint,
      ...(frame.id === undefined ? {} : { id: frame.id }),
    });
    return null;
  }
  const message = parsed.value;
  if (message.type.startsWith("sys.") || message.type.startsWith(`${ns}.`)) {
    return message as MessageFor<N>;
  }
  send(connection, {
    type: "sys.error",
    code: "UNKNOWN_TYPE",
    message: `${message.type} is not a ${ns} message`,
    hint: `this socket speaks sys.* and ${ns}.* messages`,
  });
  return null;
}
