// The local cluster the hive benches drive (`npm run bench:hive -- --fanout` and
// `-- --shards`): booted on a free port with a fresh admin token and its own state
// directory, with V8 profilers on the Hive's isolate (the gateway's, told by its
// source map holding the Hive's modules) and on the relays' isolate, found through
// wrangler's inspector proxy or workerd's own inspector. Stopping it removes the
// state directory.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { newAdminToken } from "../harness/admin.ts";
import { freePort, startCluster, type Cluster } from "../harness/dev-server.ts";
import { IsolateProfiler, isolateUrl, wranglerIsolateUrl } from "./hive-isolate-cpu.ts";
import { workerdInspector } from "./hive-proc.ts";

/** The Hive's modules in the gateway's source map (the class and its folder). */
export const HIVE_MODULES = /(^|\/)durable-objects\/hive(\.ts$|\/)/;

export interface HiveBenchCluster {
  cluster: Cluster;
  port: number;
  /** The pid of the process tree holding the cluster's workerd. */
  root: number;
  admin: string;
  /** The Hive's isolate (null when not profiled or not found: its figures print -). */
  hiveProfiler: IsolateProfiler | null;
  /** The relays' isolate (null when not profiled or not found). */
  relayProfiler: IsolateProfiler | null;
  /** `/v1/admin` calls with the admin token. */
  adminCall(method: string, route: string, body?: object): Promise<Response>;
  stop(): Promise<void>;
}

/** Opens the first isolate among `urls` whose source map holds the Hive's modules. */
async function hiveIsolate(urls: Array<string | null>): Promise<IsolateProfiler | null> {
  for (const url of urls) {
    if (url === null) {
      continue;
    }
    const opened = await IsolateProfiler.open(url);
    if (opened.holds(HIVE_MODULES)) {
      return opened;
    }
    // wrangler's proxy served another Worker's isolate: no Hive figure rather than 0.
    opened.close();
  }
  return null;
}

/** Boots the cluster (`name` tags its state directory); profiles unless `profile` is false. */
export async function bootHiveBench(name: string, profile: boolean): Promise<HiveBenchCluster> {
  const port = await freePort();
  const persistTo = mkdtempSync(path.join(tmpdir(), `lethe-bench-${name}-`));
  const admin = newAdminToken();
  process.stdout.write(`starting the cluster on port ${port}...\n`);
  const cluster = await startCluster({ port, persistTo, vars: { LETHE_ADMIN_TOKEN: admin } });
  const root = cluster.child.pid ?? 0;
  let hiveProfiler: IsolateProfiler | null = null;
  let relayProfiler: IsolateProfiler | null = null;
  if (profile) {
    const direct = await workerdInspector(root, port);
    hiveProfiler = await hiveIsolate([
      cluster.inspectorPort === undefined ? null : await wranglerIsolateUrl(cluster.inspectorPort),
      direct === null ? null : await isolateUrl(direct, "lethe-gateway"),
    ]);
    const relay = direct === null ? null : await isolateUrl(direct, "lethe-relay");
    relayProfiler = relay === null ? null : await IsolateProfiler.open(relay);
  }
  return {
    cluster,
    port,
    root,
    admin,
    hiveProfiler,
    relayProfiler,
    adminCall: (method, route, body) =>
      fetch(`${cluster.url}/v1/admin${route}`, {
        method,
        headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    async stop() {
      hiveProfiler?.close();
      relayProfiler?.close();
      await cluster.stop();
      rmSync(persistTo, { recursive: true, force: true });
    },
  };
}
