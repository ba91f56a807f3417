// Reads over every shard of a sharded hive, where users meet them: `GET /as-of`
// merged (at a time, or at a seq per shard), `POST /mirror/reconcile` repairing
// each shard's D1 mirror with per-shard figures, the sync marker a session's step
// compares, and the memory steward reading the artifacts of every shard.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { shardName, shardOf } from "../../../shared/hive/shards.ts";
import { STEWARD_ARTIFACT } from "../../../durable-objects/hive/memory-service.ts";
import { makeArtifact, makeProvenance } from "../../shared/hive/fixtures.ts";
import { ADMIN, call, declaredHive, keysOn } from "./shard-keys.ts";

/** A hive made over HTTP with `shards` shards, and its key's calls. */
async function shardedHive(shards: number) {
  const hive = `r-${crypto.randomUUID()}`;
  const made = await call(`/v1/admin/hives/${hive}/keys`, ADMIN, {
    method: "POST",
    body: JSON.stringify({ shards }),
  });
  const { key } = (await made.json()) as { key: string };
  const get = async (path: string) => call(`/v1/hives/${hive}${path}`, key);
  const post = async (path: string, body: object = {}) =>
    call(`/v1/hives/${hive}${path}`, key, { method: "POST", body: JSON.stringify(body) });
  const put = async (identifier: string, value: string, expectedVersion = 0) => {
    const response = await post("/artifacts", {
      idempotencyKey: `${identifier}@${value}`,
      expectedVersion,
      artifact: makeArtifact({ identifier, value }),
    });
    if (response.status !== 200) {
      throw new Error(`put ${identifier}: ${response.status} ${await response.text()}`);
    }
  };
  return { hive, get, post, put };
}

type AsOf = {
  seq: number;
  seqs: number[];
  artifacts: Array<{ identifier: string; value: unknown }>;
};

const tick = async () => new Promise((resolve) => setTimeout(resolve, 5));

async function count(sql: string, ...bindings: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...bindings)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Polls D1 until the hive object's events number `expected` (the consumer runs asynchronously). */
async function mirrored(object: string, expected: number): Promise<number> {
  let n = -1;
  for (let i = 0; i < 400 && n < expected; i++) {
    n = await count("SELECT count(*) AS n FROM hive_events WHERE hive = ?", object);
    if (n < expected) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  return n;
}

describe("Hive shard reads", () => {
  it("answers GET /as-of over every shard, at a time or at a seq per shard", async ({ expect }) => {
    const { get, put } = await shardedHive(4);
    const keys = [0, 1, 2, 3].map((s) => keysOn(s, 4, 1, "asof")[0] ?? "");
    for (const identifier of keys) {
      await put(identifier, "v1");
    }
    await tick();
    const between = Date.now();
    await tick();
    for (const identifier of keys) {
      await put(identifier, "v2", 1);
    }
    const then = (await (await get(`/as-of?at=${between}`)).json()) as AsOf;
    expect(then.seqs).toEqual([1, 1, 1, 1]);
    expect(then.artifacts.map((a) => [a.identifier, a.value]).sort()).toEqual(
      keys.map((k) => [k, "v1"]).sort(),
    );
    // A seq per shard, as /events takes `since`: shard 3, left out, is read at 0.
    const mixed = (await (await get("/as-of?seq=0:2,1:1,2:2")).json()) as AsOf;
    expect(mixed.seqs).toEqual([2, 1, 2, 0]);
    expect(Object.fromEntries(mixed.artifacts.map((a) => [a.identifier, a.value]))).toEqual({
      [keys[0] ?? ""]: "v2",
      [keys[1] ?? ""]: "v1",
      [keys[2] ?? ""]: "v2",
    });
    const one = (await (await get(`/as-of?at=${between}&identifier=${keys[2]}`)).json()) as AsOf;
    expect(one.artifacts).toMatchObject([{ identifier: keys[2], value: "v1" }]);
    for (const bad of ["seq=3", "seq=0:1,7:1", `seq=0:1&at=${between}`, ""]) {
      const refused = await get(`/as-of?${bad}`);
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { error: { code: string; hint: string } };
      expect(body.error.code).toBe("INVALID_QUERY");
    }
    const plain = (await (await get("/as-of?seq=3")).json()) as { error: { hint: string } };
    expect(plain.error.hint).toContain("seq=<shard>:<seq>");
  });

  it("refuses one seq over RPC on a sharded hive, with the form to send", async ({ expect }) => {
    const { home } = await declaredHive(2);
    expect(await home.asOf({ seq: 1 })).toMatchObject({
      ok: false,
      code: "INVALID_REQUEST",
      hint: expect.stringContaining("seq=<shard>:<seq>"),
    });
    expect(await home.asOf({ seqs: [0] })).toMatchObject({ ok: false, code: "INVALID_REQUEST" });
    expect(await home.asOf({ seqs: [0, 0] })).toMatchObject({
      ok: true,
      value: { seqs: [0, 0], artifacts: [] },
    });
  });

  it("reconciles every shard's D1 mirror and answers each shard's figures", async ({ expect }) => {
    const { hive, post, put } = await shardedHive(2);
    for (const identifier of keysOn(0, 2, 2, "mir")) {
      await put(identifier, "a");
    }
    for (const identifier of keysOn(1, 2, 3, "mir")) {
      await put(identifier, "a");
    }
    const first = (await (await post("/mirror/reconcile")).json()) as {
      sent: number;
      shards: Array<{ sent: number; confirmed: number; resent: number }>;
    };
    expect(first.sent).toBe(2);
    expect(first.shards.map((s) => s.sent)).toEqual([2, 3]);
    const shard1 = shardName(hive, 1);
    expect(await mirrored(hive, 2)).toBe(2);
    expect(await mirrored(shard1, 3)).toBe(3);
    // A crash lost what the queue held for shard 1: D1 lacks its events 2 and 3.
    await env.DB.prepare("DELETE FROM hive_events WHERE hive = ? AND seq >= 2").bind(shard1).run();
    await runInDurableObject(env.Hive.getByName(shard1), (_instance, state) => {
      state.storage.sql.exec(
        "UPDATE hive_meta SET value = '0' WHERE key IN ('confirmed_seq', 'sent_at')",
      );
    });
    const repaired = (await (await post("/mirror/reconcile")).json()) as typeof first;
    expect(repaired.shards[1]).toEqual({ sent: 3, confirmed: 1, resent: 2 });
    expect(repaired.shards[0]?.resent).toBe(0);
    expect(await mirrored(shard1, 3)).toBe(3);
  });

  it("moves the sync marker on a commit to any shard (the sum of the heads)", async ({
    expect,
  }) => {
    const { home } = await declaredHive(4);
    expect(await home.syncMarker(0)).toEqual({ ok: true, value: { changed: false, marker: 0 } });
    const [onThree] = keysOn(3, 4, 1, "mark");
    await home.put({ idempotencyKey: "m1", artifact: makeArtifact({ identifier: onThree }) });
    expect(await home.syncMarker(0)).toEqual({ ok: true, value: { changed: true, marker: 1 } });
    const [onOne] = keysOn(1, 4, 1, "mark");
    await home.put({ idempotencyKey: "m2", artifact: makeArtifact({ identifier: onOne }) });
    expect(await home.syncMarker(1)).toEqual({ ok: true, value: { changed: true, marker: 2 } });
    expect(await home.syncMarker(2)).toEqual({ ok: true, value: { changed: false, marker: 2 } });
  });

  it("keeps an unsharded hive's sync marker its head", async ({ expect }) => {
    const home = env.Hive.getByName(`u-${crypto.randomUUID().slice(0, 8)}`);
    await home.put({ idempotencyKey: "u1", artifact: makeArtifact({ identifier: "u.1" }) });
    expect(await home.syncMarker(0)).toEqual({ ok: true, value: { changed: true, marker: 1 } });
    expect(await home.syncMarker(1)).toEqual({ ok: true, value: { changed: false, marker: 1 } });
  });

  it("runs the memory steward over the artifacts of every shard", async ({ expect }) => {
    // At 7 shards the steward's announcement lives on shard 5, not on the home.
    expect(shardOf(STEWARD_ARTIFACT, 7)).toBe(5);
    const { home } = await declaredHive(7);
    // Two of the session's facts, each on a shard other than 0.
    for (const [i, identifier] of [keysOn(1, 7, 1, "db")[0], keysOn(2, 7, 1, "db")[0]].entries()) {
      const put = await home.put({
        idempotencyKey: `f${i}`,
        artifact: makeArtifact({
          identifier,
          value: `postgres-${i}`,
          provenance: makeProvenance({ session: "s-shards", source: "note" }),
        }),
      });
      expect(put.ok).toBe(true);
    }
    const run = async (jobId: string) =>
      home.memory().run({
        jobId,
        writer: "meta-steward",
        reason: "session s-shards finished",
        trigger: "session",
        session: "s-shards",
      });
    expect(await run("steward:1")).toMatchObject({ ok: true, value: { applied: true, added: 2 } });
    // The next run finds the announcement on its shard and replaces it (compare-and-swap).
    await home.put({
      idempotencyKey: "f9",
      artifact: makeArtifact({
        identifier: keysOn(3, 7, 1, "db")[0],
        value: "postgres-9",
        provenance: makeProvenance({ session: "s-shards", source: "note" }),
      }),
    });
    expect(await run("steward:2")).toMatchObject({ ok: true, value: { applied: true } });
    const announced = await home.get(STEWARD_ARTIFACT);
    expect(announced).toMatchObject({ ok: true, value: { version: 2 } });
  });
});
