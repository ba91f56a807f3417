// The e2e project's global setup (vitest.config.ts): one cluster shared by every test
// file that asks for it with sharedCluster() (helpers.ts). It boots on the first ask,
// so a run of only the files that boot their own clusters never starts it; a cluster
// named in LETHE_E2E_CLUSTER (the mutation runner's, scripts/mutations.ts) is used instead.
import { createServer } from "node:http";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startCluster, type Cluster } from "../../harness/dev-server.ts";
import { removeTempDirs, tempDir } from "../fixtures/temp-dirs.ts";
import {
  CLUSTER_BOOT_TIMEOUT_MS,
  E2E_ADMIN_TOKEN,
  SharedClusterInfoSchema,
  type SharedClusterInfo,
} from "./helpers.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where a test file asks for the shared cluster (GET answers its SharedClusterInfo). */
    e2eClusterControl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Test files read the admin token from the environment they inherit (helpers.ts).
  const adminToken = process.env.LETHE_E2E_ADMIN_TOKEN || E2E_ADMIN_TOKEN;
  process.env.LETHE_E2E_ADMIN_TOKEN = adminToken;
  const given = process.env.LETHE_E2E_CLUSTER;
  let cluster: Cluster | undefined;
  let booting: Promise<SharedClusterInfo> | undefined;
  const boot = async (): Promise<SharedClusterInfo> => {
    if (given !== undefined && given !== "") {
      return SharedClusterInfoSchema.parse(JSON.parse(given));
    }
    const persistTo = tempDir("e2e-shared");
    const log = path.join(tempDir("e2e-shared-log"), "cluster.log");
    cluster = await startCluster({
      persistTo,
      logFile: log,
      vars: { LETHE_ADMIN_TOKEN: adminToken },
      readyTimeoutMs: CLUSTER_BOOT_TIMEOUT_MS,
    });
    return { url: cluster.url, port: cluster.port, log };
  };
  const control = createServer((_request, response) => {
    booting ??= boot();
    booting.then(
      (info) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify(info));
      },
      (error: unknown) => {
        response.writeHead(500, { "content-type": "text/plain" });
        response.end(error instanceof Error ? error.message : String(error));
      },
    );
  });
  await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));
  const address = control.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  project.provide("e2eClusterControl", `http://127.0.0.1:${port}/`);
  return async () => {
    control.close();
    await booting?.catch(() => undefined);
    await cluster?.stop();
    removeTempDirs();
  };
}
