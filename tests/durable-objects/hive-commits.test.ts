// The Hive under concurrent commits: racing read-CAS-retry writers, group commit
// with per-commit results, and put groups decided exactly as one commit after another.
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { makeArtifact, makeCommit, makeProvenance, makePut } from "../shared/hive/fixtures.ts";
import { createHiveKey } from "../../workers/gateway/request/auth.ts";
import { openSocket } from "./helpers.ts";

const hive = () => env.Hive.getByName(`h-${crypto.randomUUID()}`);

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
