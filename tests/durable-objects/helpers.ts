// Opens a WebSocket to a Durable Object through the gateway, inside workerd, and
// reads its frames in order.
import { SELF } from "cloudflare:test";
import { ServerMessageSchema, type ServerMessage } from "../../shared/protocol.ts";

export interface TestSocket {
  socket: WebSocket;
  next(): Promise<ServerMessage>;
  send(frame: string | ArrayBuffer): void;
  close(): void;
}

export async function openSocket(path: string): Promise<TestSocket> {
  const response = await SELF.fetch(`http://lethe.test${path}`, {
    headers: { Upgrade: "websocket" },
  });
  const socket = response.webSocket;
  if (!socket) {
    throw new Error(
      `no WebSocket upgrade for ${path}: ${response.status} ${await response.text()}`,
    );
  }
  socket.accept();
  const queued: ServerMessage[] = [];
  const waiting: Array<(m: ServerMessage) => void> = [];
  socket.addEventListener("message", (event) => {
    const message = ServerMessageSchema.parse(JSON.parse(String(event.data)));
    const resolve = waiting.shift();
    if (resolve) {
      resolve(message);
    } else {
      queued.push(message);
    }
  });
  return {
    socket,
    next: () => {
      const message = queued.shift();
      return message ? Promise.resolve(message) : new Promise((r) => waiting.push(r));
    },
    send: (frame) => socket.send(frame),
    close: () => socket.close(1000, "done"),
  };
}
