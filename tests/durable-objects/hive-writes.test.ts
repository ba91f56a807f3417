// The Hive's artifact writes over RPC: create, compare-and-swap, idempotent retries,
// batches, supersede and retract, as-of and filtered reads, and the documented limits.
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { MAX_IDENTIFIER_CHARS, MAX_TAGS, MAX_VALUE_BYTES } from "../../shared/hive/artifact.ts";
import { makeArtifact, makeCommit, makeProvenance, makePut } from "../shared/hive/fixtures.ts";

const hive = () => env.Hive.getByName(`h-${crypto.randomUUID()}`);

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
