// A client for the reliability suite that sends one HTTP request over a raw TCP
// socket and can then go away with a TCP reset (RST), not a FIN: under
// `wrangler dev` only a reset sent to workerd's own socket cancels the request
// inside workerd (docs/reliability.md has the measured table).
import { connect, type Socket } from "node:net";

export interface ResetClient {
  /** Everything the server sent back so far. */
  received(): string;
  /** Ends the connection with a TCP reset. */
  reset(): void;
  /** Ends the connection with a FIN, as a client that closes politely does. */
  end(): void;
  /** Resolves when the socket has closed, by either side. */
  closed: Promise<void>;
}

/** Opens a connection to `url`'s host and port and sends `POST <url path>` with `body` as JSON. */
export async function postOverRawSocket(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<ResetClient> {
  const target = new URL(url);
  const socket: Socket = connect({ host: target.hostname, port: Number(target.port) });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  // Errors after a reset are this client's own doing.
  socket.on("error", () => undefined);
  let text = "";
  socket.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
  });
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  const lines = [
    `POST ${target.pathname}${target.search} HTTP/1.1`,
    `host: ${target.host}`,
    "content-type: application/json",
    `content-length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    "",
    "",
  ];
  socket.write(lines.join("\r\n") + body);
  return {
    received: () => text,
    reset: () => socket.resetAndDestroy(),
    end: () => socket.end(),
    closed,
  };
}
