// A hive made with N artifact shards, over HTTP through the gateway: the count
// declared with the first key (1..16, fixed once read), keys placed by a stable
// hash, compare-and-swap per shard under concurrent writers, a batch across shards
// refused, reads by key and listings over every shard, the merged log resumed per
// shard without a gap, and an unsharded hive's answers unchanged.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { shardName, shardOf, MAX_SHARDS } from "../../shared/hive/shards.ts";
import { packFeed } from "../../durable-objects/hive/relay-feed.ts";
import type { ServerMessage } from "../../shared/protocol.ts";
import { makeArtifact, makeCommit, makePut } from "../shared/hive/fixtures.ts";
import { openSocket, type TestSocket } from "./helpers.ts";
import { ADMIN, call, keyOn, keysOn, makeHive } from "./hive/shard-keys.ts";

async function shardedHive(shards: number) {
  const { hive, response, created } = await makeHive({ shards });
  expect(response.status).toBe(201);
  expect(created.shards).toBe(shards);
  const key = created.key;
  const post = async (path: string, body: object) =>
    call(`/v1/hives/${hive}${path}`, key, { method: "POST", body: JSON.stringify(body) });
  const get = async (path: string) => call(`/v1/hives/${hive}${path}`, key);
  return { hive, key, post, get };
}

describe("Hive shards", () => {
  it("places a key by a stable hash that spreads keys over every shard", () => {
    expect(shardOf("config.TIMEOUT", 4)).toBe(shardOf("config.TIMEOUT", 4));
    expect(shardOf("config.TIMEOUT", 1)).toBe(0);
    // Fixed values: placement must never change, or stored keys would be looked up on the wrong shard.
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((i) => shardOf(`k.${i}`, 4))).toEqual([
      0, 3, 2, 1, 0, 3, 2, 1,
    ]);
    expect(shardOf("config.TIMEOUT", 16)).toBe(6);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4_000; i++) {
      const shard = shardOf(`artifact.${i}`, 4);
      counts[shard] = (counts[shard] ?? 0) + 1;
    }
    for (const n of counts) {
      expect(n).toBeGreaterThan(800);
    }
    expect(shardName("h", 0)).toBe("h");
    expect(shardName("h", 3)).toBe("h~shard3");
  });

  it("refuses a shard count out of 1..16 and a second count, with hints", async () => {
    for (const shards of [0, MAX_SHARDS + 1, 2.5]) {
      const { response, created } = await makeHive({ shards });
      expect(response.status).toBe(400);
      expect((created as unknown as { error: object }).error).toMatchObject({
        code: "INVALID_SHARDS",
        hint: expect.stringContaining("1 to 16"),
      });
    }
    const { hive } = await shardedHive(2);
    const again = await call(`/v1/admin/hives/${hive}/keys`, ADMIN, {
      method: "POST",
      body: JSON.stringify({ shards: 4 }),
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("SHARDS_FIXED");
    const same = await call(`/v1/admin/hives/${hive}/keys`, ADMIN, {
      method: "POST",
      body: JSON.stringify({ shards: 2 }),
    });
    expect(same.status).toBe(201);
  });

  it("writes each key on its shard's own log, reads it back by key and lists every shard", async () => {
    const { hive, post, get } = await shardedHive(4);
    const keys = [0, 1, 2, 3].flatMap((s) => keysOn(s, 4, 2));
    for (const identifier of keys) {
      const response = await post("/artifacts", {
        idempotencyKey: identifier,
        artifact: makeArtifact({ identifier, value: identifier }),
      });
      expect(response.status).toBe(200);
      // Each shard numbers its own log: the second key of a shard is its seq 2.
      const result = (await response.json()) as { seq: number };
      expect(result.seq).toBe(keys.indexOf(identifier) % 2 === 0 ? 1 : 2);
    }
    for (const identifier of keys) {
      const read = (await (await get(`/artifacts/${identifier}`)).json()) as { value: string };
      expect(read.value).toBe(identifier);
      // The artifact is stored on the shard its key hashes to, and only there.
      const own = await env.Hive.getByName(shardName(hive, shardOf(identifier, 4))).get(identifier);
      expect(own.ok).toBe(true);
    }
    const merged = await env.Hive.getByName(hive).snapshot();
    expect(merged.ok && merged.value.artifacts.length).toBe(8);
    const page1 = (await (await get("/artifacts?limit=5")).json()) as {
      artifacts: Array<{ identifier: string }>;
      next: string | null;
      seqs: number[];
    };
    expect(page1.artifacts).toHaveLength(5);
    expect(page1.seqs).toEqual([2, 2, 2, 2]);
    const page2 = (await (await get(`/artifacts?limit=5&after=${page1.next}`)).json()) as {
      artifacts: Array<{ identifier: string }>;
      next: string | null;
    };
    expect(page2.next).toBeNull();
    expect([...page1.artifacts, ...page2.artifacts].map((a) => a.identifier)).toEqual(
      [...keys].sort(),
    );
  });

  it("loses no compare-and-swap update under 20 concurrent writers per shard", async () => {
    const { post, get } = await shardedHive(4);
    const counters = [0, 1, 2, 3].map((s) => keyOn(s, 4, "counter"));
    for (const identifier of counters) {
      await post("/artifacts", {
        idempotencyKey: `c-${identifier}`,
        artifact: makeArtifact({ identifier, value: 0 }),
      });
    }
    const increments = 1;
    const refusals = new Set<number>();
    const writer = async (identifier: string, w: number) => {
      let done = 0;
      let attempt = 0;
      while (done < increments) {
        attempt++;
        const current = (await (await get(`/artifacts/${identifier}`)).json()) as {
          version: number;
          value: number;
        };
        const response = await post("/artifacts", {
          idempotencyKey: `${identifier}-${w}-${attempt}`,
          expectedVersion: current.version,
          artifact: makeArtifact({ identifier, value: current.value + 1 }),
        });
        if (response.status === 200) {
          done++;
        } else {
          refusals.add(response.status);
        }
      }
    };
    await Promise.all(
      counters.flatMap((identifier) =>
        Array.from({ length: 20 }, async (_, w) => writer(identifier, w)),
      ),
    );
    // Every refusal was a lost compare-and-swap race (409), answered with the winner.
    expect([...refusals].filter((status) => status !== 409)).toEqual([]);
    for (const identifier of counters) {
      const final = (await (await get(`/artifacts/${identifier}`)).json()) as { value: number };
      expect(final.value).toBe(20 * increments);
    }
  }, 60_000);

  it("refuses a batch whose keys hash to two shards, and commits one whose keys share a shard", async () => {
    const { post, get } = await shardedHive(2);
    const a = keyOn(0, 2);
    const b = keyOn(1, 2);
    const c = keyOn(1, 2, "k", 1);
    const spans = await post(
      "/commit",
      makeCommit([makePut({ identifier: a }), makePut({ identifier: b })]),
    );
    expect(spans.status).toBe(400);
    const body = (await spans.json()) as { error: { code: string; hint: string } };
    expect(body.error).toMatchObject({
      code: "BATCH_SPANS_SHARDS",
      hint: expect.stringContaining("hash to one shard"),
    });
    expect((await get(`/artifacts/${a}`)).status).toBe(404);
    expect((await get(`/artifacts/${b}`)).status).toBe(404);
    const same = await post(
      "/commit",
      makeCommit([makePut({ identifier: b }), makePut({ identifier: c })]),
    );
    expect(same.status).toBe(200);
    expect(((await same.json()) as { seq: number }).seq).toBe(2);
    // Over RPC too (sessions and the memory steward commit through the home Hive).
    const rpc = await env.Hive.getByName((await shardedHive(2)).hive).commit(
      makeCommit([makePut({ identifier: a }), makePut({ identifier: b })]),
    );
    expect(rpc).toMatchObject({ ok: false, code: "BATCH_SPANS_SHARDS" });
  });

  it("resumes each shard of the merged log from its own seq, gap-free", async () => {
    const { post, get } = await shardedHive(3);
    const keys = [0, 1, 2].flatMap((s) => keysOn(s, 3, 4, "log"));
    for (const identifier of keys) {
      await post("/artifacts", {
        idempotencyKey: identifier,
        artifact: makeArtifact({ identifier }),
      });
    }
    type Page = {
      events: Array<{ shard: number; seq: number; artifact: { identifier: string } }>;
      next: string;
      more: boolean;
      heads: number[];
    };
    const seen: Array<[number, number]> = [];
    let since = "";
    let heads: number[] = [];
    for (let pages = 0; pages < 20; pages++) {
      const page = (await (await get(`/events?since=${since}&limit=5`)).json()) as Page;
      seen.push(...page.events.map((e): [number, number] => [e.shard, e.seq]));
      since = page.next;
      heads = page.heads;
      if (!page.more) {
        break;
      }
    }
    expect(heads).toEqual([4, 4, 4]);
    for (const shard of [0, 1, 2]) {
      expect(seen.filter(([s]) => s === shard).map(([, seq]) => seq)).toEqual([1, 2, 3, 4]);
    }
    expect(since).toBe("0:4,1:4,2:4");
    // A client that stopped mid-way resumes each shard from where it stopped.
    const resumed = (await (await get("/events?since=0:4,1:2")).json()) as Page;
    expect(resumed.events.map((e) => `${e.shard}:${e.seq}`).sort()).toEqual(
      ["1:3", "1:4", "2:1", "2:2", "2:3", "2:4"].sort(),
    );
    const bad = await get("/events?since=7:1");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("INVALID_QUERY");
  });

  it("streams every shard's events live with (shard, seq), and resumes each shard gap-free", async () => {
    const { hive, key, post } = await shardedHive(3);
    const keys = [0, 1, 2].flatMap((s) => keysOn(s, 3, 6, "live"));
    const putAll = async (list: string[]) => {
      for (const identifier of list) {
        const response = await post("/artifacts", {
          idempotencyKey: identifier,
          artifact: makeArtifact({ identifier }),
        });
        expect(response.status).toBe(200);
      }
    };
    const seen = new Map<number, number[]>([
      [0, []],
      [1, []],
      [2, []],
    ]);
    /** Reads frames until every shard reached `perShard` events. */
    const readUntil = async (socket: TestSocket, perShard: number) => {
      while ([...seen.values()].some((seqs) => seqs.length < perShard)) {
        const message: ServerMessage = await socket.next();
        if (message.type === "hive.events") {
          for (const event of message.events) {
            seen.get(event.shard ?? -1)?.push(event.seq);
          }
        }
      }
    };
    // Two keys per shard before the socket opens: the logs replay them.
    await putAll(keys.filter((_, i) => i % 6 < 2));
    const first = await openSocket(`/parties/hive/${hive}?key=${key}&since=0`);
    expect((await first.next()).type).toBe("sys.welcome");
    await readUntil(first, 2);
    // Two more per shard while it is open: they arrive live.
    await putAll(keys.filter((_, i) => i % 6 >= 2 && i % 6 < 4));
    await readUntil(first, 4);
    first.close();
    const since = [0, 1, 2].map((s) => `${s}:${seen.get(s)?.at(-1)}`).join(",");
    expect(since).toBe("0:4,1:4,2:4");
    // Two more per shard while nobody listens, then a resume from where it stopped.
    await putAll(keys.filter((_, i) => i % 6 >= 4));
    const second = await openSocket(`/parties/hive/${hive}?key=${key}&since=${since}`);
    expect((await second.next()).type).toBe("sys.welcome");
    await readUntil(second, 6);
    second.close();
    for (const seqs of seen.values()) {
      expect(seqs).toEqual([1, 2, 3, 4, 5, 6]);
    }
    const bad = await openSocket(`/parties/hive/${hive}?key=${key}&since=12`);
    expect((await bad.next()).type).toBe("sys.welcome");
    expect(await bad.next()).toMatchObject({ type: "sys.error", code: "INVALID_SINCE" });
    bad.close();
  }, 30_000);

  it("never trusts a feed past a gap: the shard's log decides what a socket gets", async () => {
    const { hive, key } = await shardedHive(2);
    const home = env.Hive.getByName(hive);
    const socket = await openSocket(`/parties/hive/${hive}?key=${key}&since=0`);
    expect((await socket.next()).type).toBe("sys.welcome");
    expect(await socket.next()).toMatchObject({ type: "hive.synced", since: "0:0,1:0" });
    // A feed that skips seqs 1..4 (lost or reordered feeds look like this): the home
    // reads shard 1's log instead, which holds nothing yet, so nothing is sent.
    await home.shardEvents(1, packFeed([{ seq: 5, body: '{"seq":5}' }]));
    const shard1 = env.Hive.getByName(shardName(hive, 1));
    const identifier = keyOn(1, 2, "gap");
    const put = await shard1.put({ idempotencyKey: "g", artifact: makeArtifact({ identifier }) });
    expect(put).toMatchObject({ ok: true, value: { seq: 1 } });
    expect(await socket.next()).toMatchObject({
      type: "hive.events",
      events: [{ shard: 1, seq: 1, artifact: { identifier } }],
    });
    socket.close();
    // A sharded hive's sockets stay on the Hive: relays follow one log only.
    expect(await home.relays().setMode("always")).toMatchObject({ ok: true });
    expect(await home.relays().placement("subscriber-1")).toBeNull();
  });

  it("sends a home socket's commit frames to their keys' shards", async () => {
    const { hive, key, get } = await shardedHive(2);
    const socket = await openSocket(`/parties/hive/${hive}?key=${key}`);
    expect((await socket.next()).type).toBe("sys.welcome");
    const onShard1 = keyOn(1, 2, "sock");
    socket.send(
      JSON.stringify({
        type: "hive.commit",
        id: "c1",
        commit: makeCommit([makePut({ identifier: onShard1 })]),
      }),
    );
    expect(await socket.next()).toMatchObject({
      type: "hive.committed",
      id: "c1",
      result: { seq: 1 },
    });
    const stored = await env.Hive.getByName(shardName(hive, 1)).get(onShard1);
    expect(stored.ok).toBe(true);
    expect((await get(`/artifacts/${onShard1}`)).status).toBe(200);
    socket.send(
      JSON.stringify({
        type: "hive.commits",
        id: "g1",
        commits: [
          makeCommit([
            makePut({ identifier: keyOn(0, 2, "sock") }),
            makePut({ identifier: keyOn(1, 2, "sock", 1) }),
          ]),
        ],
      }),
    );
    expect(await socket.next()).toMatchObject({
      type: "hive.results",
      id: "g1",
      results: [{ ok: false, code: "BATCH_SPANS_SHARDS" }],
    });
    socket.close();
  });

  it("leaves an unsharded hive's answers as they were", async () => {
    const { response, created, hive } = await makeHive({});
    expect(response.status).toBe(201);
    expect(created.shards).toBeUndefined();
    const key = created.key;
    const put = await call(`/v1/hives/${hive}/artifacts`, key, {
      method: "POST",
      body: JSON.stringify({
        idempotencyKey: "one",
        artifact: makeArtifact({ identifier: "b.2" }),
      }),
    });
    expect(Object.keys((await put.json()) as object).sort()).toEqual([
      "artifacts",
      "replayed",
      "seq",
    ]);
    const events = (await (await call(`/v1/hives/${hive}/events?since=0`, key)).json()) as object;
    expect(Object.keys(events).sort()).toEqual(["events", "head", "more"]);
    const list = (await (await call(`/v1/hives/${hive}/artifacts`, key)).json()) as object;
    expect(Object.keys(list).sort()).toEqual(["artifacts", "next", "seq"]);
    expect(await env.Hive.getByName(hive).shards()).toBe(1);
    const late = await call(`/v1/admin/hives/${hive}/keys`, ADMIN, {
      method: "POST",
      body: JSON.stringify({ shards: 2 }),
    });
    expect(late.status).toBe(409);
  });
});
