// The compressor's `hive.mirror` writer (workers/compressor/mirror-job.ts): a job of
// hundreds of events lands as multi-row inserts in several short D1 batches, every
// event and artifact version once, and a redelivered job changes nothing.
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import type { HiveEvent } from "../../../shared/hive/writes.ts";
import { MIRROR_EVENTS_PER_BATCH, writeMirrorJob } from "../../../workers/compressor/mirror-job.ts";
import { makeArtifact } from "../../shared/hive/fixtures.ts";

async function count(table: string, hive: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE hive = ?`)
    .bind(hive)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** `n` events shaped as a Hive writes them, each a first version of its own identifier. */
async function events(n: number): Promise<HiveEvent[]> {
  const hive = env.Hive.getByName(`mj-src-${crypto.randomUUID().slice(0, 8)}`);
  await hive.put({ idempotencyKey: "1", artifact: makeArtifact() });
  const changes = await hive.changesSince(0);
  const model = changes.ok ? changes.value.events[0] : undefined;
  if (model === undefined) {
    throw new Error("the source hive returned no event");
  }
  return Array.from({ length: n }, (_, i) => ({
    ...model,
    seq: i + 1,
    artifact: { ...model.artifact, identifier: `mirror.${i}`, seq: i + 1 },
  }));
}

describe("the hive.mirror job writer", () => {
  it("writes 300 events in short batches, once each, and a redelivery adds nothing", async ({
    expect,
  }) => {
    const hive = `mj-${crypto.randomUUID().slice(0, 8)}`;
    const job = { type: "hive.mirror" as const, hive, events: await events(300) };
    const batches = await writeMirrorJob(env.DB, job);
    expect(batches).toBe(Math.ceil(300 / MIRROR_EVENTS_PER_BATCH));
    expect(await count("hive_events", hive)).toBe(300);
    expect(await count("hive_artifacts", hive)).toBe(300);
    await writeMirrorJob(env.DB, job);
    expect(await count("hive_events", hive)).toBe(300);
    expect(await count("hive_artifacts", hive)).toBe(300);
    const row = await env.DB.prepare("SELECT body FROM hive_events WHERE hive = ? AND seq = 300")
      .bind(hive)
      .first<{ body: string }>();
    expect(JSON.parse(row?.body ?? "null")).toEqual(job.events[299]);
  });
});
