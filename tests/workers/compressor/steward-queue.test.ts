// The memory.steward job over the real lethe-jobs queue: the compressor's
// consumer runs the hive's steward; a job delivered twice applies one version.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, it } from "vitest";
import { queueReceipts } from "../../../shared/db/schema.ts";
import { sessionStewardJob } from "../../../shared/memory/steward-job.ts";
import { makeArtifact, makeProvenance } from "../../shared/hive/fixtures.ts";

async function receipt(id: string) {
  const db = drizzle(env.DB);
  for (let i = 0; i < 400; i++) {
    const [row] = await db.select().from(queueReceipts).where(eq(queueReceipts.id, id));
    if (row) {
      return row;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return undefined;
}

describe("the memory.steward job", () => {
  it("replays a finished session's artifacts once, however often it is delivered", async ({
    expect,
  }) => {
    const name = `h-${crypto.randomUUID()}`;
    const session = `s-${crypto.randomUUID()}`;
    const hive = env.Hive.getByName(name);
    await hive.put({
      idempotencyKey: "a1",
      artifact: makeArtifact({
        value: 30_000,
        provenance: makeProvenance({ session, source: "note" }),
      }),
    });
    const job = sessionStewardJob(name, session, Date.now());
    await env.JOBS.sendBatch([{ body: job }, { body: job }]);
    expect(await receipt(job.id)).toMatchObject({ type: "memory.steward:v1" });
    const ping = crypto.randomUUID();
    await env.JOBS.send({ type: "health.ping", id: ping, sentAt: Date.now() });
    await receipt(ping);
    const log = await hive.memory().changelog();
    expect(log.ok && log.value.map((e) => [e.version, e.writer, e.session])).toEqual([
      [1, "meta-steward", session],
    ]);
    // The redelivery is answered from the first run's record: not a second run.
    expect((await hive.memory().counters())["meta_steward.run.count"]).toBe(1);
  });
});
