// The MCP server on a booted cluster, driven by the MCP SDK's own client over
// Streamable HTTP and by the MCP Inspector's CLI: every tool family answers.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, it } from "vitest";
import { makeArtifact } from "../shared/hive/fixtures.ts";
import type { SharedCluster } from "./helpers.ts";
import { mcpSuite, payload } from "./mcp-suite.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";

let cluster: SharedCluster;
let keyA = "";
let keyB = "";

const suite = mcpSuite();
const { connect, http } = suite;
beforeAll(() => {
  ({ cluster, keyA, keyB } = suite.state());
});

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
