// The MCP server on a booted cluster under hostile requests: keys, sizes, batches
// and storms get typed errors.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, describe, it } from "vitest";
import { makeArtifact } from "../shared/hive/fixtures.ts";
import type { SharedCluster } from "./helpers.ts";
import { mcpSuite } from "./mcp-suite.ts";

let cluster: SharedCluster;
let keyA = "";
let keyB = "";

const suite = mcpSuite();
const { connect } = suite;
beforeAll(() => {
  ({ cluster, keyA, keyB } = suite.state());
});

describe("MCP server at /mcp", () => {
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
});
