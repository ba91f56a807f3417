// Shared by the end-to-end tests: a fresh cluster per test file on its own port
// with throwaway state, and a partysocket client that reads frames in order.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import PartySocket from "partysocket";
import WebSocket from "ws";
import { startCluster, type Cluster } from "../../scripts/lib/dev-server.ts";
import { ServerMessageSchema, type ServerMessage } from "../../shared/protocol.ts";

export function freshStateDir(label: string): string {
  return mkdtempSync(path.join(tmpdir(), `lethe-${label}-`));
}

export async function bootCluster(port: number, label: string): Promise<Cluster> {
  return startCluster({ port, persistTo: freshStateDir(label) });
}

export interface Subscriber {
  socket: PartySocket;
  next(timeoutMs?: number): Promise<ServerMessage>;
  close(): void;
}

export function subscribe(
  cluster: { port: number },
  party: string,
  room: string,
  query?: Record<string, string>,
): Subscriber {
  const socket = new PartySocket({
    host: `127.0.0.1:${cluster.port}`,
    party,
    room,
    query,
    WebSocket,
  });
  const queued: ServerMessage[] = [];
  const waiting: Array<(m: ServerMessage) => void> = [];
  socket.addEventListener("message", (event: MessageEvent) => {
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
    next(timeoutMs = 10_000) {
      const message = queued.shift();
      if (message) {
        return Promise.resolve(message);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no frame in time")), timeoutMs);
        waiting.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      });
    },
    close: () => socket.close(),
  };
}

/** True while any process of the group still exists. */
export function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}
