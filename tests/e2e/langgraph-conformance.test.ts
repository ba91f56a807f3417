// LangGraph's own conformance suite (@langchain/langgraph-checkpoint-validation,
// library mode) run against lethe/langgraph on one booted cluster, plus the
// hostile cases: unknown parents, other threads and hives, concurrent puts.
import * as vitest from "vitest";
import { uuid6, type Checkpoint } from "@langchain/langgraph-checkpoint";
import { createHiveKey } from "../../cli/commands/hive.ts";
import { main } from "../../cli/lethe.ts";
import { LetheSaver, LetheSaverError } from "../../shared/langgraph/saver.ts";
import { E2E_ADMIN_TOKEN, sharedCluster, type SharedCluster } from "./helpers.ts";

// The suite calls vitest's globals; hand it this vitest's functions.
Object.assign(globalThis, {
  describe: vitest.describe,
  it: vitest.it,
  test: vitest.test,
  expect: vitest.expect,
  beforeAll: vitest.beforeAll,
  afterAll: vitest.afterAll,
  beforeEach: vitest.beforeEach,
  afterEach: vitest.afterEach,
});
const { validate } = await import("@langchain/langgraph-checkpoint-validation");

let cluster: SharedCluster | undefined;
let key = "";
let hives = 0;
const started = performance.now();

async function ensureCluster(): Promise<SharedCluster> {
  if (cluster === undefined) {
    cluster = await sharedCluster();
    key = (await createHiveKey(cluster.url, E2E_ADMIN_TOKEN, "graphs", "conformance")).key;
  }
  return cluster;
}

vitest.afterAll(() => {
  process.stderr.write(
    `langgraph conformance file: ${((performance.now() - started) / 1000).toFixed(1)} s wall\n`,
  );
});

validate({
  checkpointerName: "lethe",
  beforeAllTimeout: 120_000,
  beforeAll: async () => {
    await ensureCluster();
  },
  // A fresh hive per checkpointer: the suite expects each one to start empty.
  createCheckpointer: async () => {
    const c = await ensureCluster();
    const hive = `conf-${++hives}`;
    const fresh = await createHiveKey(c.url, E2E_ADMIN_TOKEN, hive, "conformance");
    return new LetheSaver({ url: c.url, hive, key: fresh.key });
  },
});

function checkpoint(id: string, values: Record<string, unknown> = {}): Checkpoint {
  return {
    v: 4,
    id,
    ts: new Date().toISOString(),
    channel_values: values,
    channel_versions: Object.fromEntries(Object.keys(values).map((k) => [k, 1])),
    versions_seen: {},
  };
}

vitest.describe("lethe/langgraph against hostile input", () => {
  vitest.it(
    "refuses a parent id that does not exist, and a parent of another thread",
    async ({ expect }) => {
      const c = await ensureCluster();
      const saver = new LetheSaver({ url: c.url, hive: "graphs", key });
      const other = uuid6(1);
      const root = uuid6(1);
      await saver.put(
        { configurable: { thread_id: other } },
        checkpoint(root),
        { source: "input", step: -1, parents: {} },
        {},
      );
      const thread = uuid6(1);
      for (const parent of ["no-such-checkpoint", root]) {
        const refused = await saver
          .put(
            { configurable: { thread_id: thread, checkpoint_id: parent } },
            checkpoint(uuid6(1)),
            { source: "loop", step: 0, parents: {} },
            {},
          )
          .catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(LetheSaverError);
        expect((refused as LetheSaverError).code).toBe("PARENT_NOT_FOUND");
      }
      expect(await saver.getTuple({ configurable: { thread_id: thread } })).toBeUndefined();
    },
  );

  vitest.it("keeps every one of 50 concurrent puts on one thread", async ({ expect }) => {
    const c = await ensureCluster();
    const saver = new LetheSaver({ url: c.url, hive: "graphs", key });
    const thread = uuid6(2);
    const ids = Array.from({ length: 50 }, () => uuid6(2));
    await Promise.all(
      ids.map((id, i) =>
        saver.put(
          { configurable: { thread_id: thread } },
          checkpoint(id, { messages: Array.from({ length: i + 20 }, (_, m) => `m${m}`) }),
          { source: "loop", step: i, parents: {} },
          { messages: 1 },
        ),
      ),
    );
    const listed = [];
    for await (const tuple of saver.list({ configurable: { thread_id: thread } })) {
      listed.push(tuple.checkpoint.id);
    }
    expect(listed.sort()).toEqual([...ids].sort());
  });

  vitest.it(
    "keeps hives apart and answers typed errors to bad keys and bodies",
    async ({ expect }) => {
      const c = await ensureCluster();
      const mine = new LetheSaver({ url: c.url, hive: "graphs", key });
      const thread = uuid6(3);
      await mine.put(
        { configurable: { thread_id: thread } },
        checkpoint(uuid6(3), { secret: "s3cr3t" }),
        { source: "input", step: -1, parents: {} },
        { secret: 1 },
      );
      const otherKey = (await createHiveKey(c.url, E2E_ADMIN_TOKEN, "graphs-other", "e2e")).key;
      const theirs = new LetheSaver({ url: c.url, hive: "graphs-other", key: otherKey });
      expect(await theirs.getTuple({ configurable: { thread_id: thread } })).toBeUndefined();
      const listed = [];
      for await (const tuple of theirs.list({ configurable: {} })) {
        listed.push(tuple);
      }
      expect(listed).toEqual([]);
      const crossed = new LetheSaver({ url: c.url, hive: "graphs", key: otherKey });
      const refused = await crossed
        .getTuple({ configurable: { thread_id: thread } })
        .catch((e: unknown) => e);
      expect((refused as LetheSaverError).code).toBe("FORBIDDEN_HIVE");
      const bad = await fetch(`${c.url}/v1/hives/graphs/langgraph/threads/${thread}/checkpoints`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({
          id: "x",
          checkpoint: { type: "json", value: { $blob: "0".repeat(32) } },
          metadata: { type: "json", value: {} },
        }),
      });
      expect(bad.status).toBe(409);
      expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("MISSING_CHUNKS");
      const forged = await fetch(`${c.url}/v1/hives/graphs/langgraph/threads/${thread}/chunks`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ chunks: { ["0".repeat(32)]: "not that" } }),
      });
      expect(((await forged.json()) as { error: { code: string } }).error.code).toBe("BAD_CHUNK");
    },
  );

  vitest.it(
    "stores a growing message list by what changed, and deletes all of it with the thread",
    async ({ expect }) => {
      const c = await ensureCluster();
      const hive = "graphs-growth";
      const growthKey = (await createHiveKey(c.url, E2E_ADMIN_TOKEN, hive, "e2e")).key;
      const saver = new LetheSaver({ url: c.url, hive, key: growthKey });
      const thread = uuid6(4);
      const messages: Array<{ role: string; content: string }> = [];
      let config = { configurable: { thread_id: thread } } as {
        configurable: Record<string, string>;
      };
      for (let step = 0; step < 200; step++) {
        messages.push({
          role: step % 2 ? "assistant" : "user",
          content: `message ${step}: ${"lorem ipsum ".repeat(15)}`,
        });
        const cp = checkpoint(uuid6(4), { messages: [...messages] });
        cp.channel_versions = { messages: step + 1 };
        config = (await saver.put(
          config,
          cp,
          { source: "loop", step, parents: {} },
          { messages: step + 1 },
        )) as typeof config;
      }
      const latest = await saver.getTuple({ configurable: { thread_id: thread } });
      expect(latest?.checkpoint.channel_values.messages).toEqual(messages);
      const figures = async () => {
        const r = await fetch(`${c.url}/v1/hives/${hive}/langgraph/storage`, {
          headers: { authorization: `Bearer ${growthKey}` },
        });
        return (
          (await r.json()) as {
            value: { chunkBytes: number; rowBytes: number; checkpoints: number };
          }
        ).value;
      };
      const stored = await figures();
      const full = Array.from(
        { length: 200 },
        (_, i) => JSON.stringify(messages.slice(0, i + 1)).length,
      ).reduce((a, b) => a + b, 0);
      expect(stored.checkpoints).toBe(200);
      expect(stored.chunkBytes + stored.rowBytes).toBeLessThan(full / 10);
      // Listing pages through the 100-tuple pages, newest first, and stops at a limit.
      const steps = async (limit?: number) => {
        const seen: number[] = [];
        for await (const t of saver.list({ configurable: { thread_id: thread } }, { limit })) {
          seen.push(Number(t.metadata?.step));
        }
        return seen;
      };
      expect(await steps()).toEqual(Array.from({ length: 200 }, (_, i) => 199 - i));
      expect((await steps(150)).length).toBe(150);
      const lines: string[] = [];
      const io = {
        out: (line: string) => lines.push(line),
        err: (line: string) => lines.push(line),
      };
      const cli = ["--url", c.url, "--key", growthKey, "langgraph"];
      expect(await main([...cli, "list", hive, thread, "--limit", "3", "--json"], io)).toBe(0);
      expect((JSON.parse(lines.join("\n")) as Array<{ step: number }>).map((r) => r.step)).toEqual([
        199, 198, 197,
      ]);
      expect(await main([...cli, "delete", hive, thread], io)).toBe(0);
      expect(await figures()).toMatchObject({ checkpoints: 0, chunkBytes: 0, rowBytes: 0 });
      expect(await saver.getTuple({ configurable: { thread_id: thread } })).toBeUndefined();
    },
  );
});
