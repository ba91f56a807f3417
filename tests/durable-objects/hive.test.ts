import { evictAllDurableObjects } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { MAX_IDENTIFIER_CHARS, MAX_TAGS, MAX_VALUE_BYTES } from "../../shared/hive/artifact.ts";
import { makeArtifact, makeCommit, makeProvenance, makePut } from "../shared/hive/fixtures.ts";
import { createHiveKey } from "../../workers/gateway/auth.ts";
import { openSocket } from "./helpers.ts";

const hive = () => env.Hive.getByName(`h-${crypto.randomUUID()}`);

describe("Hive", () => {
  it("is SQLite-backed with its schema migrated", async ({ expect }) => {
    const health = await hive().health();
    expect(health).toMatchObject({
      component: "Hive",
      ok: true,
      detail: { schemaVersion: 4, head: 0 },
    });
  });

  it("keeps a hibernated subscriber across evictAllDurableObjects()", async ({ expect }) => {
    const name = `h-${crypto.randomUUID()}`;
    const { key } = await createHiveKey(env.DB, name, "test");
    const client = await openSocket(`/parties/hive/${name}?key=${key}`);
    expect(await client.next()).toMatchObject({ type: "sys.welcome", server: "Hive", name });
    await evictAllDurableObjects();
    client.send(JSON.stringify({ type: "sys.ping", nonce: "n" }));
    expect(await client.next()).toMatchObject({ type: "sys.pong", nonce: "n" });
    client.close();
  });
});

describe("Hive writes", () => {
  it("creates version 1 and refuses a second create with the current version", async ({
    expect,
  }) => {
    const h = hive();
    const first = await h.put({ idempotencyKey: "k1", artifact: makeArtifact() });
    expect(first).toMatchObject({ ok: true, value: { seq: 1, replayed: false } });
    expect(first.ok && first.value.artifacts[0]).toMatchObject({
      identifier: "config.TIMEOUT",
      version: 1,
      status: "active",
      supersedes: null,
      provenance: { session: "s-test", contentHash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    const again = await h.put({ idempotencyKey: "k2", artifact: makeArtifact({ value: 1 }) });
    expect(again).toMatchObject({
      ok: false,
      code: "VERSION_CONFLICT",
      conflict: {
        identifier: "config.TIMEOUT",
        expectedVersion: 0,
        currentVersion: 1,
        current: { version: 1 },
      },
    });
  });

  it("refuses a write with a stale version and keeps the newer value", async ({ expect }) => {
    const h = hive();
    await h.put({ idempotencyKey: "a", artifact: makeArtifact({ value: 1 }) });
    await h.put({ idempotencyKey: "b", expectedVersion: 1, artifact: makeArtifact({ value: 2 }) });
    const stale = await h.put({
      idempotencyKey: "c",
      expectedVersion: 1,
      artifact: makeArtifact({ value: 3 }),
    });
    expect(stale).toMatchObject({
      ok: false,
      code: "VERSION_CONFLICT",
      conflict: { currentVersion: 2, current: { value: 2 } },
    });
    expect(await h.get("config.TIMEOUT")).toMatchObject({
      ok: true,
      value: { version: 2, value: 2 },
    });
    expect(await h.get("config.TIMEOUT", 1)).toMatchObject({
      ok: true,
      value: { version: 1, status: "superseded", supersededBy: "config.TIMEOUT@2" },
    });
  });

  it("replays a retried write with the same key and refuses the key with another body", async ({
    expect,
  }) => {
    const h = hive();
    const request = { idempotencyKey: "same", artifact: makeArtifact() };
    const first = await h.put(request);
    const retry = await h.put(request);
    expect(retry).toEqual(
      first.ok ? { ok: true, value: { ...first.value, replayed: true } } : first,
    );
    const changes = await h.changesSince(0);
    expect(changes.ok && changes.value.events.map((e) => e.seq)).toEqual([1]);
    const other = await h.put({
      idempotencyKey: "same",
      artifact: makeArtifact({ value: "other" }),
    });
    expect(other).toMatchObject({ ok: false, code: "IDEMPOTENCY_MISMATCH" });
    expect(await h.get("config.TIMEOUT")).toMatchObject({ ok: true, value: { version: 1 } });
  });

  it("applies a batch atomically: one stale write refuses them all", async ({ expect }) => {
    const h = hive();
    await h.put({ idempotencyKey: "seed", artifact: makeArtifact({ identifier: "b" }) });
    const refused = await h.batch(
      makeCommit([makePut({ identifier: "a" }), makePut({ identifier: "b" }, 0)]),
    );
    expect(refused).toMatchObject({
      ok: false,
      code: "VERSION_CONFLICT",
      conflict: { index: 1, identifier: "b" },
    });
    expect(await h.get("a")).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect((await h.health()).detail).toMatchObject({ head: 1 });
    const accepted = await h.batch(
      makeCommit([makePut({ identifier: "a" }), makePut({ identifier: "b" }, 1)]),
    );
    expect(accepted).toMatchObject({ ok: true, value: { seq: 3 } });
    expect(
      accepted.ok && accepted.value.artifacts.map((a) => `${a.identifier}@${a.version}`),
    ).toEqual(["a@1", "b@2"]);
  });

  it("supersedes atomically: the target retires and points at its replacement", async ({
    expect,
  }) => {
    const h = hive();
    await h.put({ idempotencyKey: "1", artifact: makeArtifact({ identifier: "config.TIMEOUT" }) });
    const result = await h.supersede({
      idempotencyKey: "2",
      target: "config.TIMEOUT",
      expectedVersion: 1,
      replacement: makeArtifact({ identifier: "config.REQUEST_TIMEOUT_MS", value: 60_000 }),
      reason: "renamed and corrected",
    });
    expect(result).toMatchObject({ ok: true, value: { seq: 3 } });
    expect(await h.get("config.REQUEST_TIMEOUT_MS")).toMatchObject({
      ok: true,
      value: { version: 1, status: "active", supersedes: "config.TIMEOUT@1" },
    });
    expect(await h.get("config.TIMEOUT")).toMatchObject({
      ok: true,
      value: {
        version: 2,
        status: "superseded",
        supersededBy: "config.REQUEST_TIMEOUT_MS@1",
        reason: "renamed and corrected",
      },
    });
    expect(await h.get("config.TIMEOUT", 1)).toMatchObject({
      ok: true,
      value: { status: "superseded" },
    });
    const list = await h.list();
    expect(list.ok && list.value.artifacts.map((a) => a.identifier)).toEqual([
      "config.REQUEST_TIMEOUT_MS",
    ]);
  });

  it("retracts while keeping history, and a stale writer cannot revive the fact", async ({
    expect,
  }) => {
    const h = hive();
    await h.put({ idempotencyKey: "1", artifact: makeArtifact() });
    const retracted = await h.retract({
      idempotencyKey: "2",
      identifier: "config.TIMEOUT",
      expectedVersion: 1,
      reason: "the file was misread",
      provenance: makeProvenance({ agent: "agent-b" }),
    });
    expect(retracted).toMatchObject({
      ok: true,
      value: { artifacts: [{ version: 2, status: "retracted" }] },
    });
    expect(await h.get("config.TIMEOUT", 1)).toMatchObject({
      ok: true,
      value: { status: "retracted", value: { ms: 30_000 } },
    });
    const stale = await h.put({
      idempotencyKey: "3",
      expectedVersion: 1,
      artifact: makeArtifact({ value: 5 }),
    });
    expect(stale).toMatchObject({
      ok: false,
      code: "VERSION_CONFLICT",
      conflict: { currentVersion: 2 },
    });
    const again = await h.retract({
      idempotencyKey: "4",
      identifier: "config.TIMEOUT",
      expectedVersion: 2,
      reason: "twice",
      provenance: makeProvenance(),
    });
    expect(again).toMatchObject({ ok: false, code: "NOT_ACTIVE" });
    const active = await h.list();
    expect(active.ok && active.value.artifacts).toEqual([]);
    const all = await h.list({ status: "all" });
    expect(all.ok && all.value.artifacts.map((a) => a.status)).toEqual(["retracted"]);
  });

  it("answers as-of reads after supersede and retract, by seq and by time", async ({ expect }) => {
    const h = hive();
    const t1 = await h.put({
      idempotencyKey: "1",
      artifact: makeArtifact({ identifier: "x", value: 1 }),
    });
    await h.put({ idempotencyKey: "2", artifact: makeArtifact({ identifier: "y", value: "y" }) });
    await h.put({
      idempotencyKey: "3",
      expectedVersion: 1,
      artifact: makeArtifact({ identifier: "x", value: 2 }),
    });
    await h.supersede({
      idempotencyKey: "4",
      target: "x",
      expectedVersion: 2,
      replacement: makeArtifact({ identifier: "z", value: 3 }),
      reason: "moved",
    });
    await h.retract({
      idempotencyKey: "5",
      identifier: "y",
      expectedVersion: 1,
      reason: "wrong",
      provenance: makeProvenance(),
    });
    const view = async (seq: number) => {
      const r = await h.asOf({ seq });
      return r.ok
        ? r.value.artifacts.map((a) => `${a.identifier}=${JSON.stringify(a.value)}@${a.version}`)
        : r;
    };
    expect(await view(0)).toEqual([]);
    expect(await view(1)).toEqual(["x=1@1"]);
    expect(await view(2)).toEqual(["x=1@1", 'y="y"@1']);
    expect(await view(3)).toEqual(["x=2@2", 'y="y"@1']);
    expect(await view(5)).toEqual(['y="y"@1', "z=3@1"]);
    expect(await view(6)).toEqual(["z=3@1"]);
    const byTime = await h.asOf({
      at: t1.ok ? (t1.value.artifacts[0]?.validFrom ?? 0) : 0,
      identifier: "x",
    });
    expect(byTime).toMatchObject({
      ok: true,
      value: { artifacts: [{ identifier: "x", status: "active" }] },
    });
    expect(await h.asOf({ at: 0 })).toMatchObject({ ok: true, value: { seq: 0, artifacts: [] } });
    expect(await h.asOf({})).toMatchObject({ ok: false, code: "INVALID_REQUEST" });
  });

  it("reads by kind, tag and prefix, a page at a time", async ({ expect }) => {
    const h = hive();
    await h.batch(
      makeCommit([
        makePut({ identifier: "config.A", kind: "fact", tags: ["config"] }),
        makePut({ identifier: "config.B", kind: "decision", tags: ["config", "api"] }),
        makePut({ identifier: "api.C", kind: "contract", tags: ["api"] }),
      ]),
    );
    const ids = async (q: Parameters<typeof h.list>[0]) => {
      const r = await h.list(q);
      return r.ok ? r.value.artifacts.map((a) => a.identifier) : r;
    };
    expect(await ids({ kind: "decision" })).toEqual(["config.B"]);
    expect(await ids({ tag: "api" })).toEqual(["api.C", "config.B"]);
    expect(await ids({ prefix: "config." })).toEqual(["config.A", "config.B"]);
    const page = await h.list({ limit: 2 });
    expect(page).toMatchObject({ ok: true, value: { next: "config.A", seq: 3 } });
    expect(await ids({ limit: 2, after: "config.A" })).toEqual(["config.B"]);
  });

  it("refuses identifiers, values, summaries and tags over their documented limits", async ({
    expect,
  }) => {
    const h = hive();
    const refused = async (overrides: Parameters<typeof makeArtifact>[0]) =>
      h.put({ idempotencyKey: crypto.randomUUID(), artifact: makeArtifact(overrides) });
    for (const overrides of [
      { identifier: "x".repeat(MAX_IDENTIFIER_CHARS + 1) },
      { identifier: "has space" },
      { identifier: ".leading-dot" },
      { value: "v".repeat(MAX_VALUE_BYTES) },
      { summary: "s".repeat(1_001) },
      { tags: Array.from({ length: MAX_TAGS + 1 }, (_, i) => `t${i}`) },
      { tags: ["Upper Case"] },
    ]) {
      const result = await refused(overrides);
      expect(result, JSON.stringify(overrides).slice(0, 60)).toMatchObject({
        ok: false,
        code: "INVALID_REQUEST",
      });
    }
    const hostile = [null, 42, "put", { idempotencyKey: "k" }, { artifact: makeArtifact() }];
    for (const request of hostile) {
      const result = await h.put(request as unknown as Parameters<typeof h.put>[0]);
      expect(result, JSON.stringify(request)).toMatchObject({ ok: false, code: "INVALID_REQUEST" });
    }
    expect(await h.put({ idempotencyKey: "", artifact: makeArtifact() })).toMatchObject({
      ok: false,
      code: "INVALID_REQUEST",
    });
    expect((await h.health()).detail).toMatchObject({ head: 0 });
    const atLimit = await refused({ value: "v".repeat(MAX_VALUE_BYTES - 2) });
    expect(atLimit.ok).toBe(true);
  });
});

describe("Hive concurrency", () => {
  it("loses no update when N writers race read-CAS-retry loops on one identifier", async ({
    expect,
  }) => {
    const h = hive();
    const writers = 16;
    await h.put({
      idempotencyKey: "init",
      artifact: makeArtifact({ identifier: "counter", value: { count: 0, by: [] } }),
    });
    let conflicts = 0;
    const writer = async (me: number) => {
      for (let attempt = 0; ; attempt++) {
        const read = await h.get("counter");
        if (!read.ok) {
          throw new Error(read.message);
        }
        const current = read.value.value as { count: number; by: number[] };
        const result = await h.put({
          idempotencyKey: `w${me}-${attempt}`,
          expectedVersion: read.value.version,
          artifact: makeArtifact({
            identifier: "counter",
            value: { count: current.count + 1, by: [...current.by, me] },
          }),
        });
        if (result.ok) {
          return;
        }
        expect(result.code).toBe("VERSION_CONFLICT");
        conflicts++;
      }
    };
    await Promise.all(Array.from({ length: writers }, (_, i) => writer(i)));
    const final = await h.get("counter");
    expect(final).toMatchObject({ ok: true, value: { version: writers + 1 } });
    const value = final.ok
      ? (final.value.value as { count: number; by: number[] })
      : { count: -1, by: [] };
    expect(value.count).toBe(writers);
    expect([...value.by].sort((a, b) => a - b)).toEqual(
      Array.from({ length: writers }, (_, i) => i),
    );
    for (let v = 1; v <= writers + 1; v++) {
      const version = await h.get("counter", v);
      expect(version.ok && (version.value.value as { count: number }).count).toBe(v - 1);
    }
    expect(conflicts).toBeGreaterThan(0);
  });
});

describe("Hive group commit", () => {
  it("gives each concurrent commit its own result and rolls back only the refused ones", async ({
    expect,
  }) => {
    const h = hive();
    const results = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        h.put({ idempotencyKey: `ok${i}`, artifact: makeArtifact({ identifier: `g.${i}` }) }),
      ),
      h.put({ idempotencyKey: "dup-a", artifact: makeArtifact({ identifier: "g.same" }) }),
      h.put({ idempotencyKey: "dup-b", artifact: makeArtifact({ identifier: "g.same" }) }),
      h.put({ idempotencyKey: "ok0", artifact: makeArtifact({ identifier: "g.0" }) }),
    ]);
    const codes = results.map((r) => (r.ok ? (r.value.replayed ? "replayed" : "ok") : r.code));
    expect(codes.slice(0, 20)).toEqual(Array(20).fill("ok"));
    expect(codes.slice(20, 22).sort()).toEqual(["VERSION_CONFLICT", "ok"]);
    expect(codes[22]).toBe("replayed");
    const seqs = results.flatMap((r) => (r.ok && !r.value.replayed ? [r.value.seq] : []));
    expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    const changes = await h.changesSince(0);
    expect(changes.ok && changes.value.events.map((e) => e.seq)).toEqual(
      Array.from({ length: 21 }, (_, i) => i + 1),
    );
  });
});

/** Replaces commit times (which differ between two runs) so two hives' answers compare. */
function timeless(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (k, v: unknown) =>
      (k === "validFrom" || k === "validTo" || k === "at") && typeof v === "number" ? "T" : v,
    ),
  ) as unknown;
}

describe("Hive put groups", () => {
  it("decides a group of put commits exactly as one commit after another", async ({ expect }) => {
    const hash = "b".repeat(64);
    const commits = [
      makeCommit([makePut({ identifier: "p.a", value: 1 })], "k1"),
      makeCommit([makePut({ identifier: "p.a", value: 2 }, 1)], "k2"),
      makeCommit([makePut({ identifier: "p.a", value: 9 }, 1)], "k-stale"),
      makeCommit([makePut({ identifier: "p.b" }), makePut({ identifier: "p.a" }, 5)], "k-atomic"),
      makeCommit(
        [makePut({ identifier: "p.b", tags: ["z", "a", "z"] }), makePut({ identifier: "p.b" }, 1)],
        "k-twice",
      ),
      makeCommit([makePut({ identifier: "p.a", value: 1 })], "k1"),
      makeCommit([makePut({ identifier: "p.other" })], "k1"),
      makeCommit([makePut({ identifier: "t.x", value: "back" }, 2)], "k-over-tombstone"),
      makeCommit([makePut({ identifier: "old.1", value: 3 }, 1)], "k-old"),
      makeCommit([makePut({ identifier: "old.1" }, 1)], "k-old-stale"),
      makeCommit(
        [makePut({ identifier: "p.c", provenance: makeProvenance({ contentHash: hash }) })],
        "k-hash",
      ),
    ];
    const setup = async (h: ReturnType<typeof hive>) => {
      await h.put({ idempotencyKey: "s1", artifact: makeArtifact({ identifier: "t.x" }) });
      await h.retract({
        idempotencyKey: "s2",
        identifier: "t.x",
        expectedVersion: 1,
        reason: "gone",
        provenance: makeProvenance(),
      });
      await h.put({ idempotencyKey: "s3", artifact: makeArtifact({ identifier: "old.1" }) });
    };
    const one = hive();
    await setup(one);
    const sequential: unknown[] = [];
    for (const c of commits) {
      const r = await one.commit(c);
      sequential.push(r.ok ? { ok: true, result: r.value } : { ...r, ok: false });
    }
    const name = `h-${crypto.randomUUID()}`;
    const grouped = env.Hive.getByName(name);
    await setup(grouped);
    const { key } = await createHiveKey(env.DB, name, "test");
    const socket = await openSocket(`/parties/hive/${name}?key=${key}`);
    socket.send(JSON.stringify({ type: "hive.commits", id: "g", commits }));
    let answer = await socket.next();
    while (answer.type !== "hive.results") {
      answer = await socket.next();
    }
    expect(timeless(answer.results)).toEqual(timeless(sequential));
    const events = async (h: ReturnType<typeof hive>) => {
      const r = await h.changesSince(0);
      return r.ok ? r.value.events : [];
    };
    expect(timeless(await events(grouped))).toEqual(timeless(await events(one)));
    const versions = async (h: ReturnType<typeof hive>) => {
      const out: unknown[] = [];
      for (const id of ["p.a", "p.b", "p.c", "p.other", "t.x", "old.1"]) {
        for (let v = 1; v <= 4; v++) {
          out.push(await h.get(id, v));
        }
      }
      out.push(await h.list({ status: "all" }), await h.snapshot());
      return out;
    };
    expect(timeless(await versions(grouped))).toEqual(timeless(await versions(one)));
    socket.close();
  });

  it("writes a group of large puts in several statements, all of it", async ({ expect }) => {
    const h = hive();
    const big = "v".repeat(60_000);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        h.put({
          idempotencyKey: `big${i}`,
          artifact: makeArtifact({ identifier: `big.${i}`, value: `${i}:${big}` }),
        }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const last = await h.get("big.39");
    expect(last.ok && last.value.value).toBe(`39:${big}`);
    const changes = await h.changesSince(0);
    expect(changes.ok && changes.value.events.length).toBe(40);
  });
});

describe("Hive changesSince", () => {
  it("returns exactly the events after a seq, in pages, then refuses past retention", async ({
    expect,
  }) => {
    const { runInDurableObject } = await import("cloudflare:test");
    const h = hive();
    for (let i = 0; i < 5; i++) {
      await h.put({ idempotencyKey: `${i}`, artifact: makeArtifact({ identifier: `a${i}` }) });
    }
    const page = await h.changesSince(1, 2);
    expect(page).toMatchObject({ ok: true, value: { head: 5, more: true } });
    expect(page.ok && page.value.events.map((e) => e.seq)).toEqual([2, 3]);
    const rest = await h.changesSince(3);
    expect(rest.ok && rest.value.events.map((e) => e.seq)).toEqual([4, 5]);
    expect(await h.changesSince(5)).toMatchObject({ ok: true, value: { events: [], more: false } });
    await runInDurableObject(h, (_instance, state) => {
      state.storage.sql.exec("DELETE FROM events WHERE seq < 4");
    });
    expect(await h.changesSince(1)).toMatchObject({ ok: false, code: "BEYOND_RETENTION" });
    expect(await h.changesSince(3)).toMatchObject({ ok: true });
    const snapshot = await h.snapshot();
    expect(snapshot).toMatchObject({ ok: true, value: { seq: 5 } });
    expect(snapshot.ok && snapshot.value.artifacts).toHaveLength(5);
  });
});
