// The typed client following a sharded hive on the shared cluster: the home's merged
// socket, events of both shards delivered once each in each shard's order, acks and
// resumes naming a seq per shard (packages/client/follow.ts, follow-position.ts).
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, it } from "vitest";
import { followHive, type HiveFollower } from "../../packages/client/follow.ts";
import { Lethe } from "../../packages/client/lethe.ts";
import { shardOf } from "../../shared/hive/shards.ts";
import type { ServerMessage } from "../../shared/protocol.ts";
import { makeArtifact } from "../shared/hive/fixtures.ts";
import { E2E_ADMIN_TOKEN, sharedCluster, type SharedCluster } from "./helpers.ts";

const SHARDS = 2;
let cluster: SharedCluster;
const followers: HiveFollower[] = [];

beforeAll(async () => {
  cluster = await sharedCluster();
});

afterAll(() => {
  for (const f of followers) {
    f.close();
  }
});

/** The first identifiers `prefix.<n>` that hash to `shard`. */
function keysOn(prefix: string, shard: number, count: number): string[] {
  const keys: string[] = [];
  for (let n = 0; keys.length < count; n++) {
    if (shardOf(`${prefix}.${n}`, SHARDS) === shard) {
      keys.push(`${prefix}.${n}`);
    }
  }
  return keys;
}

/** A new two-shard hive, and a put of one artifact to the shard its identifier hashes to. */
async function newShardedHive(prefix: string) {
  const hive = `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
  const admin = new Lethe({ url: cluster.url, adminToken: E2E_ADMIN_TOKEN });
  const { key } = await admin.createHiveKey(hive, "e2e", SHARDS);
  const lethe = new Lethe({ url: cluster.url, key });
  const byShard = [keysOn("s", 0, 200), keysOn("s", 1, 200)];
  const next = [0, 0];
  const put = async (shard: number) => {
    const n = next[shard] ?? 0;
    next[shard] = n + 1;
    const identifier = byShard[shard]?.[n] ?? "";
    await lethe.putArtifact(hive, {
      idempotencyKey: identifier,
      artifact: makeArtifact({ identifier, value: n }),
    });
  };
  return { hive, key, put };
}

/** A follower recording each event as `shard:seq`, its sent frames and its sys.errors. */
function follow(hive: string, key: string, since: number | string = 0) {
  const events: string[] = [];
  const errors: string[] = [];
  const acks: unknown[] = [];
  const opened: string[] = [];
  let synced!: () => void;
  const ready = new Promise<void>((resolve) => {
    synced = resolve;
  });
  const follower = followHive({
    url: cluster.url,
    key,
    hive,
    since,
    onEvent: (e) => events.push(`${e.shard}:${e.seq}`),
    onMessage: (m: ServerMessage) => {
      if (m.type === "hive.synced") {
        synced();
      } else if (m.type === "sys.error") {
        errors.push(`${m.code}: ${m.message}`);
      }
    },
  });
  const socket = follower.socket;
  const send = socket.send.bind(socket);
  socket.send = (data) => {
    const frame = JSON.parse(String(data)) as { type: string; seq?: unknown };
    if (frame.type === "hive.ack") {
      acks.push(frame.seq);
    }
    return send(data);
  };
  socket.addEventListener("open", () => {
    opened.push(new URL(socket.url).searchParams.get("since") ?? "");
  });
  followers.push(follower);
  return { follower, events, errors, acks, opened, ready };
}

/** The seqs of `shard` in the order they were delivered. */
function seqsOf(events: readonly string[], shard: number): number[] {
  return events.filter((e) => e.startsWith(`${shard}:`)).map((e) => Number(e.split(":")[1]));
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe("following a sharded hive with the typed client", () => {
  it("delivers both shards' events once each, in each shard's order, acking a seq per shard", async ({
    expect,
  }) => {
    const { hive, key, put } = await newShardedHive("follow-shards");
    for (let i = 0; i < 5; i++) {
      await put(0);
      await put(1);
    }
    const sub = follow(hive, key);
    await sub.ready;
    // Caught up from both logs, then acked at hive.synced with each shard's seq.
    expect(sub.follower.shards).toEqual([5, 5]);
    expect(sub.acks).toEqual(["0:5,1:5"]);
    for (let i = 0; i < 10; i++) {
      await put(i % 3 === 0 ? 0 : 1);
    }
    await sub.follower.reached("0:9,1:11");
    expect(seqsOf(sub.events, 0)).toEqual(range(9));
    expect(seqsOf(sub.events, 1)).toEqual(range(11));
    expect(sub.events.length).toBe(20);
    expect(sub.follower.last).toBe(20);
    expect(sub.follower.since).toBe("0:9,1:11");
    expect([sub.follower.gaps, sub.follower.duplicates]).toEqual([0, 0]);
    expect(sub.errors).toEqual([]);
  });

  it("resumes a dropped socket gap-free with since per shard; a later follow resumes from its since", async ({
    expect,
  }) => {
    const { hive, key, put } = await newShardedHive("follow-resume");
    const sub = follow(hive, key);
    await sub.ready;
    const total = 40;
    for (let i = 1; i <= total; i++) {
      await put(i % 2);
      if (i % 10 === 0 && i < total) {
        sub.follower.socket.reconnect(4000, "forced by the test");
      }
    }
    await sub.follower.reached(`0:${total / 2},1:${total / 2}`);
    expect(seqsOf(sub.events, 0)).toEqual(range(total / 2));
    expect(seqsOf(sub.events, 1)).toEqual(range(total / 2));
    expect([sub.follower.gaps, sub.follower.duplicates]).toEqual([0, 0]);
    // The first connect knew nothing of shards; every reconnect named each shard's seq.
    expect(sub.opened.length).toBe(4);
    expect(sub.opened[0]).toBe("0");
    for (const since of sub.opened.slice(1)) {
      expect(since).toMatch(/^0:\d+,1:\d+$/);
    }
    // Each reconnect's catch-up ends with hive.synced: an ack of each shard's seq, never refused.
    expect(sub.acks.every((seq) => typeof seq === "string" && /^0:\d+,1:\d+$/.test(seq))).toBe(
      true,
    );
    expect(sub.errors).toEqual([]);

    const later = follow(hive, key, sub.follower.since);
    await later.ready;
    await put(1);
    await later.follower.reached(`1:${total / 2 + 1}`);
    expect(later.events).toEqual([`1:${total / 2 + 1}`]);
    expect(later.opened).toEqual([`0:${total / 2},1:${total / 2}`]);
  });

  it("lethe follow --since <shard>:<seq>,… prints each shard's newer events as shard:seq", async ({
    expect,
  }) => {
    const { hive, key, put } = await newShardedHive("follow-cli");
    await put(0);
    await put(1);
    await put(1);
    const bin = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../cli/bin.ts");
    const child = spawn(process.execPath, [bin, "follow", hive, "--since", "0:1,1:1"], {
      env: { ...process.env, LETHE_URL: cluster.url, LETHE_KEY: key },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString("utf8");
    });
    const until = async (text: string) => {
      const deadline = Date.now() + 30_000;
      while (!stdout.includes(text) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    try {
      // Shard 1's second event from its log; then a commit on shard 0 arrives live.
      await until("1:2 ");
      await put(0);
      await until("0:2 ");
    } finally {
      child.kill("SIGINT");
    }
    const lines = stdout.split("\n").filter(Boolean);
    // Nothing at or before the since of either shard.
    expect(lines.map((l) => l.split(" ")[0]).sort()).toEqual(["0:2", "1:2"]);
  });

  it("a plain since above 0 on a sharded hive: the follower stops, reached() rejects, the CLI exits 1", async ({
    expect,
  }) => {
    const { hive, key, put } = await newShardedHive("follow-plain");
    await put(0);
    await put(1);
    const sub = follow(hive, key, 1);
    const refused = await sub.follower.reached(2).then(
      () => null,
      (error: unknown) => error as { code?: string; message?: string },
    );
    expect(refused?.code).toBe("INVALID_SINCE");
    expect(refused?.message).toContain("the hive refused since=1");
    expect(sub.follower.socket.readyState).toBe(WebSocket.CLOSED);
    // Asked again after it stopped: the same refusal, at once.
    await expect(sub.follower.reached(5)).rejects.toThrow("the hive refused");

    const bin = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../cli/bin.ts");
    const child = spawn(process.execPath, [bin, "follow", hive, "--since", "1"], {
      env: { ...process.env, LETHE_URL: cluster.url, LETHE_KEY: key },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString("utf8");
    });
    const code = await Promise.race([
      new Promise<number | null>((resolve) => child.once("exit", resolve)),
      new Promise<"running">((resolve) => setTimeout(() => resolve("running"), 30_000)),
    ]);
    if (code === "running") {
      child.kill("SIGKILL");
    }
    const lines = stderr.trim().split("\n").filter(Boolean);
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("INVALID_SINCE");
    expect(lines[0]).toContain("<shard>:<seq>");
  });
});
