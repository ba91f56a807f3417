// The MCP server on a booted cluster: artifacts as subscribable resources, a client
// notified when another commits the artifact it subscribed to (on a sharded hive too).
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, describe, it } from "vitest";
import { Lethe } from "../../packages/client/lethe.ts";
import { shardOf } from "../../shared/hive/shards.ts";
import { makeArtifact } from "../shared/hive/fixtures.ts";
import { E2E_ADMIN_TOKEN } from "./helpers.ts";
import { mcpSuite } from "./mcp-suite.ts";

let keyA = "";

const suite = mcpSuite();
const { connect } = suite;
beforeAll(() => {
  ({ keyA } = suite.state());
});

describe("MCP server at /mcp", () => {
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

  it("notifies of either shard's commits on a sharded hive (the feed follows its merged socket)", async ({
    expect,
  }) => {
    const hive = `mcp-shards-${Math.random().toString(36).slice(2, 8)}`;
    const admin = new Lethe({ url: suite.state().cluster.url, adminToken: E2E_ADMIN_TOKEN });
    const { key } = await admin.createHiveKey(hive, "e2e", 2);
    const names = Array.from({ length: 40 }, (_, n) => `doc.${n}`);
    const onShard = [0, 1].map((shard) => names.find((n) => shardOf(n, 2) === shard) ?? "");
    const watcher = await connect(key);
    const writer = await connect(key);
    const put = async (identifier: string, version: number) =>
      writer.callTool({
        name: "artifacts_put",
        arguments: {
          idempotencyKey: `${identifier}-${version}`,
          expectedVersion: version,
          artifact: makeArtifact({ identifier, value: { version } }),
        },
      });
    for (const identifier of onShard) {
      await put(identifier, 0);
    }
    const uris = onShard.map((identifier) => `lethe://artifacts/${identifier}`);
    const seen = new Set<string>();
    const both = new Promise<void>((resolve) => {
      watcher.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
        seen.add(n.params.uri);
        if (uris.every((u) => seen.has(u))) {
          resolve();
        }
      });
    });
    for (const uri of uris) {
      await watcher.subscribeResource({ uri });
    }
    for (const identifier of onShard) {
      await put(identifier, 1);
    }
    await Promise.race([
      both,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`only ${[...seen]}`)), 10_000)),
    ]);
    expect([...seen].sort()).toEqual([...uris].sort());
  });
});
