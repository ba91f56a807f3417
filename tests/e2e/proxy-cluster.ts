// The cluster the proxy tests drive: the local OpenAI-compatible test upstream as
// the model endpoint, and a key for each of two hives. Stops everything it started.
import { rmSync } from "node:fs";
import { startTestUpstream, type TestUpstream } from "../../corpora/proxy/upstream.ts";
import { createHiveKey } from "../../cli/commands/hive.ts";
import { startCluster, type Cluster } from "../../harness/dev-server.ts";
import { E2E_ADMIN_TOKEN, freshStateDir } from "./helpers.ts";

export interface ProxyCluster {
  cluster: Cluster;
  upstream: TestUpstream;
  /** Keys of two different hives (`hives`). */
  keyA: string;
  keyB: string;
  stop(): Promise<void>;
}

export async function startProxyCluster(
  label: string,
  vars: Record<string, string> = {},
  hives: readonly [string, string] = [`${label}-a`, `${label}-b`],
): Promise<ProxyCluster> {
  const upstream = await startTestUpstream();
  const persistTo = freshStateDir(label);
  const cluster = await startCluster({
    persistTo,
    readyTimeoutMs: 300_000,
    vars: {
      LETHE_ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      LETHE_MODEL_BASE_URL: upstream.url,
      LETHE_MODEL_API_KEY: upstream.secret,
      ...vars,
    },
  });
  const key = async (hive: string) =>
    (await createHiveKey(cluster.url, E2E_ADMIN_TOKEN, hive, "e2e")).key;
  return {
    cluster,
    upstream,
    keyA: await key(hives[0]),
    keyB: await key(hives[1]),
    async stop() {
      await cluster.stop();
      await upstream.close();
      rmSync(persistTo, { recursive: true, force: true });
    },
  };
}
