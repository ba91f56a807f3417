// The docs' shell commands that need a cluster, run as the docs write them on the
// shared e2e cluster: README's quick-start `lethe run` and docs/mcp.md's MCP
// Inspector call. Only the address, the token, the hive and the directory are
// replaced (tests/docs/doc-commands.ts reads the blocks and says where the rest run).
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, it } from "vitest";
import { documented, ROOT } from "../docs/doc-commands.ts";
import { tempDir } from "../fixtures/temp-dirs.ts";
import { E2E_ADMIN_TOKEN, hiveClient, sharedCluster, type SharedCluster } from "./helpers.ts";

function sh(command: string, env: Record<string, string>) {
  const run = spawnSync("sh", ["-c", command], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, ...env },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

let cluster: SharedCluster;
beforeAll(async () => {
  cluster = await sharedCluster();
});

describe("the docs' cluster commands, as written", () => {
  it("README's quick start: lethe run finds PORT and saves it", ({ expect }) => {
    const project = tempDir("doc-quick-start");
    mkdirSync(path.join(project, "src"));
    writeFileSync(path.join(project, "src/server.ts"), "export const PORT = 8080;\n");
    const hive = `doc-${Math.random().toString(36).slice(2, 8)}`;
    const command = documented("README.md", /\blethe run\b/)
      .replace("<printed token>", E2E_ADMIN_TOKEN)
      .replace("--hive mine", `--hive ${hive}`)
      .replace("./my-project", project);
    const run = sh(command, { LETHE_URL: cluster.url });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/^outcome: achieved: /m);
    expect(run.stdout).toContain(`uploaded 1 files`);
  });

  it("docs/mcp.md: the MCP Inspector lists the server's tools", async ({ expect }) => {
    const { key } = await hiveClient(cluster, `doc-mcp-${Math.random().toString(36).slice(2, 8)}`);
    const command = documented("docs/mcp.md", /@modelcontextprotocol\/inspector/).replace(
      "http://127.0.0.1:8787",
      cluster.url,
    );
    const run = sh(command, {
      LETHE_KEY: key,
      // The Inspector keeps a catalog of servers; not in the developer's home.
      MCP_CATALOG_PATH: path.join(tempDir("doc-inspector"), "mcp.json"),
    });
    expect(run.status, run.stderr).toBe(0);
    const names = (JSON.parse(run.stdout) as { tools: { name: string }[] }).tools.map(
      (t) => t.name,
    );
    expect(names).toContain("artifacts_put");
    expect(names.length).toBeGreaterThanOrEqual(20);
  });
});
