// The whole cluster under wrangler dev: hive keys from the admin route, writes
// over HTTP, partysocket subscribers (Node `ws`) receiving live events in order,
// resuming exactly after forced reconnects; a hive of 4 artifact shards through
// the client (per-shard compare-and-swap, merged listing, log and socket).
import { afterAll, beforeAll, describe, it } from "vitest";
import { main } from "../../cli/lethe.ts";
import { followHive, type HiveFollower } from "../../packages/client/follow.ts";
import { createHiveKey } from "../../harness/admin.ts";
import type { ServerMessage } from "../../shared/protocol.ts";
import { Lethe } from "../../packages/client/lethe.ts";
import type { CommitRequestIn } from "../../shared/hive/writes.ts";
import { makeArtifact, makeCommit, makePut } from "../shared/hive/fixtures.ts";
import { shardOf } from "../../shared/hive/shards.ts";
import { LetheError } from "../../shared/http-client/request.ts";
import {
  E2E_ADMIN_TOKEN,
  sharedCluster,
  subscribe,
  type SharedCluster,
  type Subscriber,
} from "./helpers.ts";

const admin = E2E_ADMIN_TOKEN;
let cluster: SharedCluster;
const followers: HiveFollower[] = [];

beforeAll(async () => {
  cluster = await sharedCluster();
});

afterAll(async () => {
  for (const f of followers) {
    f.close();
  }
});

async function newHive(prefix: string) {
  const hive = `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
  const { key } = await createHiveKey(cluster.url, admin, hive, "e2e");
  let n = 0;
  const put = async () => {
    n++;
    const response = await fetch(`${cluster.url}/v1/hives/${hive}/artifacts`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({
        idempotencyKey: `p${n}`,
        artifact: makeArtifact({ identifier: `e.${n}`, value: n }),
      }),
    });
    if (response.status !== 200) {
      throw new Error(`put failed: ${response.status} ${await response.text()}`);
    }
    return ((await response.json()) as { seq: number }).seq;
  };
  return { hive, key, put };
}

function follow(hive: string, key: string) {
  const seqs: number[] = [];
  let synced!: () => void;
  const ready = new Promise<void>((resolve) => {
    synced = resolve;
  });
  const follower = followHive({
    url: cluster.url,
    key,
    hive,
    onEvent: (e) => seqs.push(e.seq),
    onMessage: (m: ServerMessage) => {
      if (m.type === "hive.synced") {
        synced();
      }
    },
  });
  followers.push(follower);
  return { follower, seqs, ready };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe("hive on the running cluster", () => {
  it("delivers live events in order to every partysocket subscriber", async ({ expect }) => {
    const { hive, key, put } = await newHive("live");
    const subs = Array.from({ length: 5 }, () => follow(hive, key));
    await Promise.all(subs.map((s) => s.ready));
    const total = 40;
    for (let i = 0; i < total; i++) {
      await put();
    }
    await Promise.all(subs.map((s) => s.follower.reached(total)));
    for (const s of subs) {
      expect(s.seqs).toEqual(range(total));
      expect(s.follower.gaps).toBe(0);
      expect(s.follower.duplicates).toBe(0);
    }
  });

  it("commits through the typed writer, grouped per turn or one frame per commit", async ({
    expect,
  }) => {
    const { hive, key } = await newHive("writer");
    const sub = follow(hive, key);
    await sub.ready;
    const lethe = new Lethe({ url: cluster.url, key });
    const grouped = lethe.writer(hive);
    await grouped.ready();
    const puts = range(30).map((i) => makeCommit([makePut({ identifier: `w.${i}`, value: i })]));
    const stale = makeCommit([makePut({ identifier: "w.1" }, 5)]);
    const outcomes = await Promise.all([...puts, stale].map((c) => grouped.commit(c)));
    expect(grouped.framesSent).toBe(1);
    expect(outcomes.slice(0, 30).map((o) => o.ok && o.result.seq)).toEqual(range(30));
    expect(outcomes[30]).toMatchObject({
      ok: false,
      code: "VERSION_CONFLICT",
      conflict: { currentVersion: 1 },
    });
    // One invalid commit refuses its whole frame: nothing of it is written.
    const hostile = await Promise.all([
      grouped.commit(makeCommit([makePut({ identifier: "w.ok" })])),
      grouped.commit(makeCommit([makePut({ identifier: "a/../b" })])),
    ]);
    expect(hostile.map((o) => !o.ok && o.code)).toEqual(["INVALID_MESSAGE", "INVALID_MESSAGE"]);
    // One frame per commit: a CAS chain on one identifier, then a forced reconnect
    // right after a send; the writer sends it again and the key makes it once.
    const single = lethe.writer(hive, { group: false });
    await single.ready();
    const chain: CommitRequestIn[] = [1, 2, 3].map((v) =>
      makeCommit([makePut({ identifier: "w.1", value: v + 1 }, v)]),
    );
    for (const c of chain) {
      expect(await single.commit(c)).toMatchObject({ ok: true });
    }
    expect(single.framesSent).toBe(3);
    const pending = single.commit(makeCommit([makePut({ identifier: "w.1", value: 5 }, 4)]));
    single.socket.reconnect(4000, "forced by the test");
    expect(await pending).toMatchObject({ ok: true, result: { seq: 34 } });
    await sub.follower.reached(34);
    expect(sub.seqs).toEqual(range(34));
    grouped.close();
    single.close();
    expect(await single.commit(makeCommit([makePut({ identifier: "w.x" })]))).toMatchObject({
      ok: false,
      code: "CLOSED",
    });
  });

  it("resumes exactly after forced reconnects, with no gap and no duplicate", async ({
    expect,
  }) => {
    const { hive, key, put } = await newHive("resume");
    const sub = follow(hive, key);
    await sub.ready;
    let reopened = 0;
    sub.follower.socket.addEventListener("open", () => reopened++);
    const total = 60;
    for (let i = 1; i <= total; i++) {
      await put();
      if (i % 15 === 0 && i < total) {
        sub.follower.socket.reconnect(4000, "forced by the test");
      }
    }
    await sub.follower.reached(total);
    expect(sub.seqs).toEqual(range(total));
    expect(sub.follower.duplicates).toBe(0);
    expect(sub.follower.gaps).toBe(0);
    expect(reopened).toBe(3);
  });

  it("lists active artifacts with the CLI and keeps other hives out", async ({ expect }) => {
    const a = await newHive("cli");
    await a.put();
    await a.put();
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(["artifacts", a.hive, "--url", cluster.url], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env: { LETHE_KEY: a.key },
    });
    expect({ code, err }).toEqual({ code: 0, err: [] });
    expect(out).toEqual([
      expect.stringMatching(/^e\.1@1 \[fact\] 1/),
      expect.stringMatching(/^e\.2@1 \[fact\] 2/),
    ]);
    const b = await newHive("other");
    const cross = await fetch(`${cluster.url}/v1/hives/${b.hive}/artifacts`, {
      headers: { authorization: `Bearer ${a.key}` },
    });
    expect(cross.status).toBe(403);
    expect(((await cross.json()) as { error: { code: string } }).error.code).toBe("FORBIDDEN_HIVE");
  });

  it("answers every commit of a pipelined burst, the last in flight included", async ({
    expect,
  }) => {
    // 8 writers x 32 compare-and-swap loops, one commit per frame, for 3 s: every
    // commit, the last one of each loop included, gets its answer.
    const { hive, key } = await newHive("burst");
    const lethe = new Lethe({ url: cluster.url, key });
    const writers = Array.from({ length: 8 }, () => lethe.writer(hive, { validate: false }));
    await Promise.all(writers.map((w) => w.ready()));
    const deadline = Date.now() + 3_000;
    let unanswered = 0;
    let committed = 0;
    await Promise.all(
      writers.flatMap((writer, s) =>
        Array.from({ length: 32 }, async (_, i) => {
          const identifier = `burst.${s}.${i}`;
          let version = 0;
          while (Date.now() < deadline) {
            const answer = await Promise.race([
              writer.commit(makeCommit([makePut({ identifier, value: version }, version)])),
              new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
            ]);
            if (answer === null) {
              unanswered++;
              return;
            }
            expect(answer.ok).toBe(true);
            version++;
            committed++;
          }
        }),
      ),
    );
    writers.forEach((w) => w.close());
    expect(unanswered).toBe(0);
    expect(committed).toBeGreaterThan(256);
  }, 60_000);

  it("shards a hive over 4 shards: per-shard CAS, merged listing, log and socket, resumed per shard", async ({
    expect,
  }) => {
    const hive = `shards-${Math.random().toString(36).slice(2, 8)}`;
    const created = await new Lethe({ url: cluster.url, adminToken: admin }).createHiveKey(
      hive,
      "e2e",
      4,
    );
    expect(created.shards).toBe(4);
    const lethe = new Lethe({ url: cluster.url, key: created.key });
    const [k0, k1, k2, k3] = [0, 1, 2, 3].map((shard) => keyOnShard(shard, 4)) as [
      string,
      string,
      string,
      string,
    ];
    const put = async (identifier: string, value: number, expectedVersion = 0) =>
      lethe.putArtifact(hive, {
        idempotencyKey: `${identifier}@${value}`,
        expectedVersion,
        artifact: makeArtifact({ identifier, value }),
      });
    const socket = subscribe(cluster, "hive", hive, { key: created.key, since: "0" });
    expect(await frameOf(socket, "hive.synced")).toMatchObject({ since: "0:0,1:0,2:0,3:0" });
    // Each shard numbers its own log: every first write is its shard's seq 1.
    for (const identifier of [k0, k1, k2, k3]) {
      expect(await put(identifier, 1)).toMatchObject({ seq: 1 });
    }
    const conflict = await put(k2, 2).catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(LetheError);
    expect(conflict).toMatchObject({ code: "VERSION_CONFLICT", status: 409 });
    expect(await put(k2, 2, 1)).toMatchObject({ seq: 2, artifacts: [{ version: 2 }] });
    const spanning = await lethe
      .commit(hive, makeCommit([makePut({ identifier: k0 }, 1), makePut({ identifier: k1 }, 1)]))
      .catch((error: unknown) => error);
    expect(spanning).toMatchObject({ code: "BATCH_SPANS_SHARDS", status: 400 });
    expect(await lethe.artifact(hive, k0)).toMatchObject({ version: 1 });
    const listed = (await lethe.listArtifacts(hive)) as {
      artifacts: Array<{ identifier: string }>;
    };
    expect(listed.artifacts.map((a) => a.identifier)).toEqual([k0, k1, k2, k3].sort());
    expect(listed).toMatchObject({ seqs: [1, 1, 2, 1] });
    const log = (await lethe.events(hive, "0:0,1:0,2:0,3:0")) as {
      events: Array<{ shard: number; seq: number }>;
      next: string;
    };
    expect(log.events.map((e) => `${e.shard}:${e.seq}`).sort()).toEqual(
      ["0:1", "1:1", "2:1", "2:2", "3:1"].sort(),
    );
    expect(log.next).toBe("0:1,1:1,2:2,3:1");
    // The socket received every shard's events live, each with its shard.
    const live = await eventsOf(socket, 5);
    expect(live.map((e) => `${e.shard}:${e.seq}`).sort()).toEqual(
      log.events.map((e) => `${e.shard}:${e.seq}`).sort(),
    );
    socket.close();
    // Written while no socket is open, on shards 1 and 3; the resume sends each shard's last seq.
    await put(k1, 2, 1);
    await put(k3, 2, 1);
    const last = [0, 1, 2, 3].map((shard) =>
      Math.max(0, ...live.filter((e) => e.shard === shard).map((e) => e.seq)),
    );
    const since = last.map((seq, shard) => `${shard}:${seq}`).join(",");
    const resumed = subscribe(cluster, "hive", hive, { key: created.key, since });
    const replayed = await eventsOf(resumed, 2);
    expect(replayed.map((e) => `${e.shard}:${e.seq}`)).toEqual(["1:2", "3:2"]);
    await put(k0, 2, 1);
    expect((await eventsOf(resumed, 1)).map((e) => `${e.shard}:${e.seq}`)).toEqual(["0:2"]);
    resumed.close();
  });
});

/** The first identifier that hashes to `shard` of `shards`. */
function keyOnShard(shard: number, shards: number): string {
  for (let i = 0; ; i++) {
    if (shardOf(`s.${i}`, shards) === shard) {
      return `s.${i}`;
    }
  }
}

/** The next frame of `type` on the socket (earlier frames of other types are skipped). */
async function frameOf<T extends ServerMessage["type"]>(
  socket: Subscriber,
  type: T,
): Promise<Extract<ServerMessage, { type: T }>> {
  for (;;) {
    const message = await socket.next();
    if (message.type === type) {
      return message as Extract<ServerMessage, { type: T }>;
    }
  }
}

/** The next `count` events of `hive.events` frames, with their shard. */
async function eventsOf(socket: Subscriber, count: number) {
  const events: Array<{ shard?: number | undefined; seq: number }> = [];
  while (events.length < count) {
    events.push(...(await frameOf(socket, "hive.events")).events);
  }
  return events;
}
