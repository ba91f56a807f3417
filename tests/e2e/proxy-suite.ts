// The proxy tests' cluster and helpers (proxy-clients.test.ts, proxy-hostile.test.ts):
// each file boots its own proxy cluster with docs/proxy.md's command as written
// (`LETHE_MODEL_BASE_URL=… npm run dev`, the base URL this file's test upstream;
// proxy-cluster.ts) and two hives' keys, and reruns a test once if workerd crashes
// under it (afterCrash).
import type { ChatCompletionTool } from "openai/resources/chat/completions";
import { afterAll, beforeAll, it as vitestIt, type TestContext } from "vitest";
import type { UpstreamRequest } from "../../harness/proxy-upstream.ts";
import { documented } from "../docs/doc-commands.ts";
import { DEPLOY_PORT, TASK_TOOLS } from "../fixtures/proxy-task.ts";
import { afterCrash, startProxyCluster, type ProxyCluster } from "./proxy-cluster.ts";

export interface ProxySuite {
  /** The booted cluster (from the file's beforeAll on). */
  cluster(): ProxyCluster;
  /** The running cluster's URL (a new one if a workerd crash restarted it). */
  clusterUrl(): string;
  /** A test that is rerun once on a restarted cluster if workerd crashes under it (afterCrash). */
  it(name: string, test: (context: TestContext) => Promise<void>, timeout?: number): void;
  /** Reads of a ref since request `from`, and whether the prompt that led to the first showed the fact. */
  refReads(from: number): { reads: number; factShownBeforeRead: boolean | undefined };
  proxyFetch(
    path: string,
    init?: RequestInit & { key?: string | null; session?: string },
  ): Promise<{ status: number; headers: Headers; text: string; json: () => ProxyJson }>;
}

/** Boots the file's proxy cluster before its tests and stops it after them. */
export function proxySuite(): ProxySuite {
  let proxy: ProxyCluster | undefined;

  beforeAll(async () => {
    proxy = await startProxyCluster(
      "proxy",
      {
        LETHE_MODEL_TIMEOUT_MS: "1500",
        LETHE_MODEL_MAX_ATTEMPTS: "2",
        LETHE_MODEL_RETRY_BASE_MS: "10",
        LETHE_MODEL_RETRY_MAX_MS: "20",
      },
      ["alpha", "beta"],
      documented("docs/proxy.md", /^LETHE_MODEL_BASE_URL=\S+ npm run dev$/),
    );
  }, 360_000);

  afterAll(async () => {
    await proxy?.stop();
  });

  const cluster = () => proxy as ProxyCluster;
  const clusterUrl = () => cluster().cluster.url;

  function it(name: string, test: (context: TestContext) => Promise<void>, timeout?: number) {
    // oxlint-disable-next-line vitest/expect-expect, vitest/valid-title -- a wrapper: `test` asserts
    vitestIt(name, (context) => afterCrash(cluster(), () => test(context)), timeout);
  }

  function refReads(from: number) {
    const requests = cluster().upstream.requests.slice(from);
    const reads = (r: UpstreamRequest) =>
      r.messages.some((m) => m.tool_calls?.some((c) => c.function.name === "lethe_read_ref"));
    const first = requests.findIndex(
      (r, i) =>
        !reads(r) && requests[i + 1] !== undefined && reads(requests[i + 1] as UpstreamRequest),
    );
    return {
      reads: requests.filter(reads).length,
      factShownBeforeRead:
        first < 0
          ? undefined
          : promptText(requests[first] as UpstreamRequest).includes(`deploy_port=${DEPLOY_PORT}`),
    };
  }

  async function proxyFetch(
    path: string,
    init: RequestInit & { key?: string | null; session?: string } = {},
  ) {
    const headers = new Headers(init.headers);
    headers.set("content-type", "application/json");
    if (init.key !== null) {
      headers.set("authorization", `Bearer ${init.key ?? cluster().keyA}`);
    }
    if (init.session !== undefined) {
      headers.set("x-lethe-session", init.session);
    }
    const response = await fetch(`${clusterUrl()}${path}`, { ...init, headers });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      json: () => JSON.parse(text) as ProxyJson,
    };
  }

  return { cluster, clusterUrl, it, refReads, proxyFetch };
}

/** The fields these tests read from the proxy's answers (each test reads the ones its route has). */
export interface ProxyJson {
  error: { type: string; code: string; message: string };
  session: string;
  links: number;
  refs: number;
  calls: number;
  content: string;
}

export const tools: ChatCompletionTool[] = TASK_TOOLS.map((t) => ({
  type: "function",
  function: { name: t.name, description: t.description, parameters: t.parameters },
}));

export function runTool(name: string, args: string): string {
  const found = TASK_TOOLS.find((t) => t.name === name);
  return found ? found.run(JSON.parse(args) as Record<string, unknown>) : `no tool ${name}`;
}

function promptText(request: UpstreamRequest): string {
  return request.messages
    .map((m) => [m.content ?? "", ...(m.tool_calls ?? []).map((c) => c.function.name)].join(" "))
    .join("\n");
}
