// The MCP server on a booted cluster, driven by the MCP SDK's own client over
// Streamable HTTP and by the MCP Inspector's CLI: every tool family, artifacts
// as subscribable resources, and the hostile cases (keys, sizes, batches, storms).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  ResourceUpdatedNotificationSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, it } from "vitest";
import { createHiveKey } from "../../cli/commands/hive.ts";
import { makeArtifact } from "../shared/hive/fixtures.ts";
import { E2E_ADMIN_TOKEN, sharedCluster, type SharedCluster } from "./helpers.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

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

function payload(result: unknown): Record<string, unknown> {
  const content = (result as CallToolResult).content[0];
  return JSON.parse(content?.type === "text" ? content.text : "null") as Record<string, unknown>;
}

async function http(key: string, method: string, route: string, body?: unknown) {
  const response = await fetch(`${cluster.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("MCP server at /mcp", () => {
  it("lists the tools of every family and answers each of them", async ({ expect }) => {
    const client = await connect(keyA);
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name).sort();
    expect(names).toEqual(
      [
        "artifacts_as_of",
        "artifacts_get",
        "artifacts_history",
        "artifacts_list",
        "artifacts_put",
        "memory_as_of",
        "memory_changelog",
        "memory_history",
        "memory_search",
        "sessions_answer",
        "sessions_checkpoints",
        "sessions_fork",
        "sessions_rollback",
        "sessions_status",
        "workspace_callers",
        "workspace_definitions",
        "workspace_imports",
        "workspace_missing",
        "workspace_search",
        "workspace_stale",
      ].sort(),
    );
    const put = tools.find((t) => t.name === "artifacts_put");
    expect(put?.inputSchema.required).toEqual(
      expect.arrayContaining(["idempotencyKey", "artifact"]),
    );

    // Artifacts: create, compare-and-swap, read, list, history, as-of.
    const created = await client.callTool({
      name: "artifacts_put",
      arguments: { idempotencyKey: "mcp-1", expectedVersion: 0, artifact: makeArtifact() },
    });
    expect(created.isError).toBeFalsy();
    const v2 = await client.callTool({
      name: "artifacts_put",
      arguments: {
        idempotencyKey: "mcp-2",
        expectedVersion: 1,
        artifact: makeArtifact({ value: { ms: 5_000 } }),
      },
    });
    expect(v2.isError).toBeFalsy();
    const stale = await client.callTool({
      name: "artifacts_put",
      arguments: {
        idempotencyKey: "mcp-3",
        expectedVersion: 1,
        artifact: makeArtifact({ value: { ms: 1 } }),
      },
    });
    expect(stale.isError).toBe(true);
    expect(payload(stale)).toMatchObject({ error: { code: "VERSION_CONFLICT" } });
    expect(
      payload(
        await client.callTool({
          name: "artifacts_get",
          arguments: { identifier: "config.TIMEOUT" },
        }),
      ),
    ).toMatchObject({ version: 2, value: { ms: 5_000 } });
    expect(
      payload(await client.callTool({ name: "artifacts_list", arguments: { kind: "fact" } })),
    ).toMatchObject({ artifacts: [expect.objectContaining({ identifier: "config.TIMEOUT" })] });
    const history = payload(
      await client.callTool({
        name: "artifacts_history",
        arguments: { identifier: "config.TIMEOUT" },
      }),
    );
    expect((history.versions as Array<{ version: number }>).map((v) => v.version)).toEqual([2, 1]);
    const asOf = await client.callTool({ name: "artifacts_as_of", arguments: { seq: 1 } });
    expect(asOf.isError).toBeFalsy();
    expect(JSON.stringify(payload(asOf))).toContain("30000");

    // Workspace: a file in, then every structural query and search answers.
    const wrote = await http(keyA, "POST", "/v1/hives/mcp-a/workspace/files", {
      files: [
        {
          path: "src/app.ts",
          content:
            'import { helper } from "./util.ts";\nimport { gone } from "./missing.ts";\nexport function main() { return helper() + gone; }\n',
        },
        { path: "src/util.ts", content: "export function helper() { return 1; }\n" },
      ],
      message: "seed",
    });
    expect(wrote.status).toBe(201);
    for (const [name, args] of [
      ["workspace_search", { query: "helper" }],
      ["workspace_definitions", { name: "helper" }],
      ["workspace_callers", { name: "helper" }],
      ["workspace_imports", { path: "src/app.ts" }],
      ["workspace_missing", {}],
      ["workspace_stale", {}],
      ["memory_search", { q: "timeout" }],
      ["memory_as_of", { at: "2026-01-01" }],
      ["memory_history", { subject: "timeout" }],
      ["memory_changelog", {}],
    ] as const) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
    }

    // Sessions: status, checkpoints, answer (refused: not paused), fork and rollback.
    const session = await http(keyA, "POST", "/v1/sessions", { hive: "mcp-a", mission: "mcp e2e" });
    expect(session.status).toBe(201);
    const id = String(session.body.id);
    await http(keyA, "POST", `/v1/sessions/${id}/steps`, {
      turns: [{ role: "user", content: "hello" }],
      ops: [],
    });
    expect(
      payload(await client.callTool({ name: "sessions_status", arguments: { session: id } })),
    ).toMatchObject({ config: { hive: "mcp-a" } });
    const checkpoints = payload(
      await client.callTool({ name: "sessions_checkpoints", arguments: { session: id } }),
    ).checkpoints as Array<{ id: string }>;
    expect(checkpoints.length).toBeGreaterThan(0);
    const first = checkpoints.at(-1)?.id ?? "";
    const answer = await client.callTool({
      name: "sessions_answer",
      arguments: { session: id, decision: "approve" },
    });
    expect(answer.isError).toBe(true);
    expect(payload(answer)).toMatchObject({
      error: { code: "NOT_PAUSED", hint: expect.any(String) },
    });
    const fork = await client.callTool({
      name: "sessions_fork",
      arguments: { session: id, checkpoint: first },
    });
    expect(fork.isError, JSON.stringify(fork.content)).toBeFalsy();
    const rollback = await client.callTool({
      name: "sessions_rollback",
      arguments: { session: id, checkpoint: first },
    });
    expect(rollback.isError, JSON.stringify(rollback.content)).toBeFalsy();

    // Another hive's key sees none of it.
    const other = await connect(keyB);
    expect(
      payload(
        await other.callTool({
          name: "artifacts_get",
          arguments: { identifier: "config.TIMEOUT" },
        }),
      ),
    ).toMatchObject({ error: { code: "NOT_FOUND" } });
    expect(
      payload(await other.callTool({ name: "sessions_status", arguments: { session: id } })),
    ).toMatchObject({ error: { code: "NOT_FOUND" } });
  });

  it("notifies a subscribed client when another client commits the artifact", async ({
    expect,
  }) => {
    const watcher = await connect(keyA);
    const writer = await connect(keyA);
    await writer.callTool({
      name: "artifacts_put",
      arguments: {
        idempotencyKey: "w-0",
        expectedVersion: 0,
        artifact: makeArtifact({ identifier: "plan.step" }),
      },
    });
    const { resources } = await watcher.listResources();
    const uri = resources.find((r) => r.name === "plan.step")?.uri ?? "";
    expect(uri).toBe("lethe://artifacts/plan.step");
    const read = await watcher.readResource({ uri });
    expect(JSON.parse(String(Reflect.get(read.contents[0] ?? {}, "text")))).toMatchObject({
      identifier: "plan.step",
      version: 1,
    });
    const updated = new Promise<string>((resolve) => {
      watcher.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) =>
        resolve(n.params.uri),
      );
    });
    await watcher.subscribeResource({ uri });
    await writer.callTool({
      name: "artifacts_put",
      arguments: {
        idempotencyKey: "w-1",
        expectedVersion: 1,
        artifact: makeArtifact({ identifier: "plan.step", value: { n: 2 } }),
      },
    });
    await expect(
      Promise.race([
        updated,
        new Promise((_, reject) => setTimeout(() => reject(new Error("no notification")), 10_000)),
      ]),
    ).resolves.toBe(uri);

    // A storm of subscriptions is bounded; the session keeps working.
    const storm = await Promise.allSettled(
      Array.from({ length: 1_010 }, (_, i) =>
        watcher.subscribeResource({ uri: `lethe://artifacts/storm.${i}` }),
      ),
    );
    const refused = storm.filter((s) => s.status === "rejected");
    expect(refused.length).toBe(11);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toContain("1000 artifacts");
    expect((await watcher.readResource({ uri })).contents.length).toBe(1);
    const bad = await watcher
      .subscribeResource({ uri: "file:///etc/passwd" })
      .catch((e: unknown) => String(e));
    expect(bad).toContain("not an artifact URI");
  });

  it("answers hostile requests with typed errors", async ({ expect }) => {
    const init = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "raw", version: "1" },
      },
    };
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${cluster.url}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
        body,
      });
    const none = await post({}, JSON.stringify(init));
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({
      error: { data: { code: "UNAUTHENTICATED", hint: expect.any(String) } },
    });
    const forged = await post({ authorization: "Bearer lethe_mcp-a_0000" }, JSON.stringify(init));
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ error: { data: { code: "INVALID_KEY" } } });

    // A session of hive A is unknown to a key of hive B.
    const opened = await post({ authorization: `Bearer ${keyA}` }, JSON.stringify(init));
    const sessionId = opened.headers.get("mcp-session-id") ?? "";
    expect(sessionId.startsWith("mcp-a.")).toBe(true);
    const list = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    const crossed = await post(
      {
        authorization: `Bearer ${keyB}`,
        "mcp-session-id": sessionId,
        "mcp-protocol-version": "2025-06-18",
      },
      list,
    );
    expect(crossed.status).toBe(404);

    const client = await connect(keyA);
    const unknown = await client.callTool({ name: "rm_rf", arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(JSON.stringify(unknown.content)).toContain("Tool rm_rf not found");
    const invalid = await client.callTool({ name: "artifacts_get", arguments: { identifier: 42 } });
    expect(invalid.isError).toBe(true);
    expect(JSON.stringify(invalid.content)).toContain("identifier");
    const huge = await client
      .callTool({
        name: "artifacts_put",
        arguments: {
          idempotencyKey: "big",
          artifact: makeArtifact({ value: "x".repeat(5 * 1024 * 1024) }),
        },
      })
      .catch((e: unknown) => String(e));
    expect(String(huge)).toContain("PAYLOAD_TOO_LARGE");

    const headers = {
      authorization: `Bearer ${keyA}`,
      "mcp-session-id": sessionId,
      "mcp-protocol-version": "2025-06-18",
    };
    await post(headers, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    const call = (i: number) => ({
      jsonrpc: "2.0",
      id: 100 + i,
      method: "tools/call",
      params: { name: "artifacts_get", arguments: { identifier: "config.TIMEOUT" } },
    });
    const thousand = await post(
      headers,
      JSON.stringify(Array.from({ length: 1_000 }, (_, i) => call(i))),
    );
    expect(thousand.status).toBe(400);
    expect(await thousand.json()).toMatchObject({
      error: { code: -32600, message: expect.stringContaining("Batch must not exceed 100") },
    });
    const hundred = await post(
      headers,
      JSON.stringify(Array.from({ length: 100 }, (_, i) => call(i))),
    );
    expect(hundred.status).toBe(200);
    const answers = (await hundred.json()) as Array<{ id: number; result: CallToolResult }>;
    expect(answers.length).toBe(100);
    expect(new Set(answers.map((a) => a.id)).size).toBe(100);
  });

  it("drives the MCP Inspector CLI: tools/list and tools/call", ({ expect }) => {
    const catalog = path.join(tempDir("inspector"), "mcp.json");
    const inspector = (args: string[]) =>
      spawnSync(
        process.execPath,
        [
          path.resolve(
            "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js",
          ),
          "--cli",
          `${cluster.url}/mcp`,
          "--transport",
          "http",
          "--header",
          `Authorization: Bearer ${keyA}`,
          ...args,
        ],
        { encoding: "utf8", timeout: 60_000, env: { ...process.env, MCP_CATALOG_PATH: catalog } },
      );
    const listed = inspector(["--method", "tools/list"]);
    expect(listed.status, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).tools.map((t: { name: string }) => t.name)).toContain(
      "artifacts_get",
    );
    const called = inspector([
      "--method",
      "tools/call",
      "--tool-name",
      "artifacts_get",
      "--tool-arg",
      "identifier=config.TIMEOUT",
    ]);
    expect(called.status, called.stderr).toBe(0);
    expect(JSON.parse(called.stdout).structuredContent).toMatchObject({
      identifier: "config.TIMEOUT",
      version: 2,
    });
  });
});
