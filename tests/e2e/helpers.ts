// Shared by the end-to-end tests: the project's shared cluster, a cluster of a
// file's own, hive keys, and a partysocket client that reads frames in order.
//
// One cluster for the whole project. A boot costs 15-20 s on an idle 2-core machine
// (a minute under load), so a test file uses the shared cluster unless it must not:
//
//   let cluster: SharedCluster;
//   beforeAll(async () => {
//     cluster = await sharedCluster();
//   });
//
// Its state is everyone's: give each file (or test) hives of its own, e.g.
// `${prefix}-${Math.random().toString(36).slice(2, 8)}`, and assert per hive, never
// on cluster-wide totals. Do not stop it: tests/e2e/global-setup.ts boots it on the
// first ask and stops it after the last file. A file boots its own (bootCluster, or
// startCluster with its vars) only when it kills or restarts the cluster, reads its
// state directory, needs vars of its own (an upstream model URL, model settings), or
// a model server that lives in the test's own process.
import { readFileSync } from "node:fs";
import PartySocket from "partysocket";
import { inject } from "vitest";
import WebSocket from "ws";
import { z } from "zod";
import { createHiveKey, newAdminToken } from "../../harness/admin.ts";
import { startCluster, type Cluster } from "../../harness/dev-server.ts";
import { ServerMessageSchema, type ServerMessage } from "../../shared/protocol.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

/**
 * The admin token every e2e cluster runs with (it mints hive keys): one per run, handed
 * from the global setup to the test files through the environment they inherit.
 */
export const E2E_ADMIN_TOKEN = process.env.LETHE_E2E_ADMIN_TOKEN || newAdminToken();

/**
 * How long an e2e cluster may take to boot: 15-20 s on an idle 2-core machine, over a
 * minute under load (60 s did not suffice there).
 */
export const CLUSTER_BOOT_TIMEOUT_MS = 240_000;

/** What the global setup hands a test file about the shared cluster. */
export const SharedClusterInfoSchema = z.object({
  url: z.string(),
  port: z.number().int().positive(),
  /** A file the cluster's output is appended to. */
  log: z.string(),
});
export type SharedClusterInfo = z.infer<typeof SharedClusterInfoSchema>;

/** The project's shared cluster as a test file sees it: no stop, no kill. */
export interface SharedCluster {
  url: string;
  port: number;
  /** Everything wrangler and workerd printed so far (every file's requests). */
  output(): string;
}

/** The shared cluster, booted by the global setup on the first ask (so this may wait for a boot). */
export async function sharedCluster(): Promise<SharedCluster> {
  const response = await fetch(inject("e2eClusterControl"));
  if (!response.ok) {
    throw new Error(`the shared e2e cluster did not boot: ${await response.text()}`);
  }
  const info = SharedClusterInfoSchema.parse(await response.json());
  return { url: info.url, port: info.port, output: () => readFileSync(info.log, "utf8") };
}

/** A cluster of the file's own (see above for when), with the e2e admin token. */
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
