// The MCP tests' cluster and clients (mcp-tools, mcp-resources, mcp-hostile .test.ts):
// the e2e project's shared cluster, a key for each of two hives, MCP SDK clients over
// Streamable HTTP (closed when the file ends) and the REST routes beside them.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll } from "vitest";
import { createHiveKey } from "../../cli/commands/hive.ts";
import { E2E_ADMIN_TOKEN, sharedCluster, type SharedCluster } from "./helpers.ts";

export interface McpSuite {
  /** The cluster and the keys of hives mcp-a and mcp-b (from the file's beforeAll on). */
  state(): { cluster: SharedCluster; keyA: string; keyB: string };
  connect(key: string): Promise<Client>;
  http(
    key: string,
    method: string,
    route: string,
    body?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
}

/** Takes the shared cluster and the hives' keys before the file's tests; closes its clients after. */
export function mcpSuite(): McpSuite {
  let cluster: SharedCluster;
  let keyA = "";
  let keyB = "";
  const clients: Client[] = [];

  beforeAll(async () => {
    cluster = await sharedCluster();
    keyA = (await createHiveKey(cluster.url, E2E_ADMIN_TOKEN, "mcp-a", "e2e")).key;
    keyB = (await createHiveKey(cluster.url, E2E_ADMIN_TOKEN, "mcp-b", "e2e")).key;
  });

  afterAll(async () => {
    for (const c of clients) {
      await c.close();
    }
  });

  async function connect(key: string): Promise<Client> {
    const client = new Client({ name: "lethe-e2e", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${cluster.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    clients.push(client);
    return client;
  }

  async function http(key: string, method: string, route: string, body?: unknown) {
    const response = await fetch(`${cluster.url}${route}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  return { state: () => ({ cluster, keyA, keyB }), connect, http };
}

export function payload(result: unknown): Record<string, unknown> {
  const content = (result as CallToolResult).content[0];
  return JSON.parse(content?.type === "text" ? content.text : "null") as Record<string, unknown>;
}
