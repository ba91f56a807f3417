// The cluster the proxy tests drive: the local OpenAI-compatible test upstream as
// the model endpoint, and a key for each of two hives. Stops everything it started.
// Given a command of the docs (`npm run dev` with LETHE_MODEL_BASE_URL,
// docs/proxy.md), the cluster is that command's, run as written with the base URL
// pointed at this upstream (command-cluster.ts).
// workerd itself can crash under wrangler dev (a V8 fatal error in
// OptimizedJSFrame::Summarize, twice in about thirty runs of this suite, both at the
// 10,000-message request); afterCrash reruns a test once on a restarted cluster,
// and only then.
import { startTestUpstream, type TestUpstream } from "../../harness/proxy-upstream.ts";
import { createHiveKey } from "../../cli/commands/hive.ts";
import { startCluster, type Cluster, type ClusterOptions } from "../../harness/dev-server.ts";
import { startCommandCluster } from "./command-cluster.ts";
import { E2E_ADMIN_TOKEN } from "./helpers.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

export interface ProxyCluster {
  /** The running cluster; a new one after `restart`. */
  cluster: Cluster;
  upstream: TestUpstream;
  /** Keys of two different hives (`hives`). */
  keyA: string;
  keyB: string;
  /** A new cluster on the same state (keys and conversations kept), same upstream. */
  restart(): Promise<Cluster>;
  stop(): Promise<void>;
}

export async function startProxyCluster(
  label: string,
  vars: Record<string, string> = {},
  hives: readonly [string, string] = [`${label}-a`, `${label}-b`],
  command?: string,
): Promise<ProxyCluster> {
  const upstream = await startTestUpstream();
  const persistTo = tempDir(label);
  const options: ClusterOptions = {
    persistTo,
    readyTimeoutMs: 300_000,
    vars: {
      LETHE_ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      LETHE_MODEL_BASE_URL: upstream.url,
      LETHE_MODEL_API_KEY: upstream.secret,
      ...vars,
    },
  };
  const boot = (): Promise<Cluster> => {
    if (command === undefined) {
      return startCluster(options);
    }
    const env = { ...options.vars };
    delete env.LETHE_MODEL_BASE_URL; // the command's own, pointed at this upstream
    const asWritten = command.replace(
      /LETHE_MODEL_BASE_URL=\S+/,
      `LETHE_MODEL_BASE_URL=${upstream.url}`,
    );
    return startCommandCluster(asWritten, persistTo, env);
  };
  const first = await boot();
  const key = async (hive: string) =>
    (await createHiveKey(first.url, E2E_ADMIN_TOKEN, hive, "e2e")).key;
  const proxy: ProxyCluster = {
    cluster: first,
    upstream,
    keyA: await key(hives[0]),
    keyB: await key(hives[1]),
    async restart() {
      await proxy.cluster.stop();
      proxy.cluster = await boot();
      return proxy.cluster;
    },
    async stop() {
      await proxy.cluster.stop();
      await upstream.close();
    },
  };
  return proxy;
}

/**
 * Runs `test`; when it fails and workerd crashed meanwhile (wrangler said so),
 * restarts the cluster and runs it once more. Any other failure is the test's.
 */
export async function afterCrash(proxy: ProxyCluster, test: () => Promise<void>): Promise<void> {
  const before = proxy.cluster.crashes();
  try {
    await test();
  } catch (error) {
    // wrangler's line may reach this process just after the failed response.
    for (let i = 0; i < 20 && proxy.cluster.crashes() === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (proxy.cluster.crashes() === before) {
      throw error;
    }
    process.stderr.write(
      `workerd crashed during this test (${error instanceof Error ? error.message.split("\n")[0] : String(error)}); rerunning it once on a restarted cluster\n`,
    );
    await proxy.restart();
    await test();
  }
}
