// The Hive's D1 mirror through the lethe-jobs queue: rows land once, even when
// a job is delivered again.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import type { HiveMirrorJob } from "../../shared/queues.ts";
import { makeArtifact, makeProvenance } from "../shared/hive/fixtures.ts";

async function count(sql: string, ...bindings: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...bindings)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Polls D1 until `sql` counts `expected` rows (the consumer runs asynchronously). */
async function eventually(sql: string, bindings: unknown[], expected: number): Promise<number> {
  let n = -1;
  for (let i = 0; i < 400; i++) {
    n = await count(sql, ...bindings);
    if (n >= expected) {
      return n;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return n;
}

describe("Hive D1 mirror", () => {
  it("mirrors every event and artifact version into D1", async ({ expect }) => {
    const name = `m-${crypto.randomUUID().slice(0, 8)}`;
    const hive = env.Hive.getByName(name);
    await hive.put({ idempotencyKey: "1", artifact: makeArtifact() });
    await hive.put({
      idempotencyKey: "2",
      expectedVersion: 1,
      artifact: makeArtifact({ value: 2 }),
    });
    await hive.retract({
      idempotencyKey: "3",
      identifier: "config.TIMEOUT",
      expectedVersion: 2,
      reason: "wrong",
      provenance: makeProvenance(),
    });
    const flushed = await hive.flushMirror();
    expect(flushed).toMatchObject({ ok: true, value: { mirroredSeq: 3 } });
    expect(
      await eventually("SELECT count(*) AS n FROM hive_events WHERE hive = ?", [name], 3),
    ).toBe(3);
    expect(
      await eventually("SELECT count(*) AS n FROM hive_artifacts WHERE hive = ?", [name], 3),
    ).toBe(3);
    const latest = await env.DB.prepare(
      "SELECT status, version FROM hive_artifacts WHERE hive = ? AND identifier = ? ORDER BY version DESC LIMIT 1",
    )
      .bind(name, "config.TIMEOUT")
      .first();
    expect(latest).toEqual({ status: "retracted", version: 3 });
    expect((await hive.health()).detail).toMatchObject({ mirroredSeq: 3 });
  });

  it("leaves one row per event when a mirror job is delivered twice", async ({ expect }) => {
    const name = `d-${crypto.randomUUID().slice(0, 8)}`;
    const hive = env.Hive.getByName(name);
    await hive.put({ idempotencyKey: "1", artifact: makeArtifact() });
    const changes = await hive.changesSince(0);
    const events = changes.ok ? changes.value.events : [];
    const job: HiveMirrorJob = { type: "hive.mirror", hive: name, events };
    await env.JOBS.sendBatch([{ body: job }, { body: job }]);
    await env.JOBS.send(job);
    await eventually("SELECT count(*) AS n FROM hive_events WHERE hive = ?", [name], 1);
    // A later job proves the duplicates before it were consumed.
    const marker = crypto.randomUUID();
    await env.JOBS.send({ type: "health.ping", id: marker, sentAt: Date.now() });
    await eventually("SELECT count(*) AS n FROM queue_receipts WHERE id = ?", [marker], 1);
    expect(await count("SELECT count(*) AS n FROM hive_events WHERE hive = ?", name)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM hive_artifacts WHERE hive = ?", name)).toBe(1);
  });

  it("repairs events lost between the queue and D1 on reconciliation, and confirms only what D1 holds", async ({
    expect,
  }) => {
    const name = `g-${crypto.randomUUID().slice(0, 8)}`;
    const hive = env.Hive.getByName(name);
    for (let i = 1; i <= 3; i++) {
      await hive.put({ idempotencyKey: `${i}`, artifact: makeArtifact({ identifier: `x.${i}` }) });
    }
    await hive.flushMirror();
    await eventually("SELECT count(*) AS n FROM hive_events WHERE hive = ?", [name], 3);
    // A crash lost what the queue held: D1 lacks events 2 and 3 the Hive had sent.
    await env.DB.prepare("DELETE FROM hive_events WHERE hive = ? AND seq >= 2").bind(name).run();
    await runInDurableObject(hive, (_instance, state) => {
      state.storage.sql.exec(
        "UPDATE hive_meta SET value = '0' WHERE key IN ('confirmed_seq', 'sent_at')",
      );
    });
    const first = await hive.reconcileMirror();
    expect(first).toMatchObject({ ok: true, value: { sent: 3, confirmed: 1, resent: 2 } });
    expect(
      await eventually("SELECT count(*) AS n FROM hive_events WHERE hive = ?", [name], 3),
    ).toBe(3);
    const second = await hive.reconcileMirror();
    expect(second).toMatchObject({ ok: true, value: { sent: 3, confirmed: 3, resent: 0 } });
    expect((await hive.health()).detail).toMatchObject({ mirroredSeq: 3, confirmedSeq: 3 });
  });
});
