// Shared by the end-to-end tests: a fresh cluster per test file on its own port
// with throwaway state, and a partysocket client that reads frames in order.
import PartySocket from "partysocket";
import WebSocket from "ws";
import { createHiveKey, newAdminToken } from "../../harness/admin.ts";
import { startCluster, type Cluster } from "../../harness/dev-server.ts";
import { ServerMessageSchema, type ServerMessage } from "../../shared/protocol.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

/** The admin token every e2e cluster runs with (it mints hive keys). */
export const E2E_ADMIN_TOKEN = newAdminToken();

export async function bootCluster(
  port: number,
  label: string,
  persistTo = tempDir(label),
): Promise<Cluster> {
  return startCluster({ port, persistTo, vars: { LETHE_ADMIN_TOKEN: E2E_ADMIN_TOKEN } });
}

/** A key for `hive` on a booted cluster, and a fetch that sends it. */
export async function hiveClient(cluster: { url: string }, hive: string) {
  const { key } = await createHiveKey(cluster.url, E2E_ADMIN_TOKEN, hive, "e2e");
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${cluster.url}${path}`, {
      method,
      headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { key, call };
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
        const waiter = (m: ServerMessage) => {
          clearTimeout(timer);
          resolve(m);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new Error("no frame in time"));
        }, timeoutMs);
        waiting.push(waiter);
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
