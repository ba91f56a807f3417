import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, it } from "vitest";
import { queueReceipts } from "../../../shared/db/schema.ts";

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

describe("the lethe-jobs queue", () => {
  it("delivers a job from the gateway's producer to the compressor's consumer", async ({
    expect,
  }) => {
    const id = crypto.randomUUID();
    await env.JOBS.send({ type: "health.ping", id, sentAt: Date.now() });
    const row = await receipt(id);
    expect(row).toMatchObject({ id, type: "health.ping" });
  });

  it("keeps one row when the same job is delivered twice", async ({ expect }) => {
    const id = crypto.randomUUID();
    const job = { type: "health.ping", id, sentAt: Date.now() };
    await env.JOBS.sendBatch([{ body: job }, { body: job }]);
    await receipt(id);
    const second = crypto.randomUUID();
    await env.JOBS.send({ ...job, id: second });
    await receipt(second); // the batch after both duplicates has been consumed
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM queue_receipts WHERE id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it("drops a body that is not a job without blocking the next one", async ({ expect }) => {
    await env.JOBS.send({ type: "no.such.job", junk: true });
    const id = crypto.randomUUID();
    await env.JOBS.send({ type: "health.ping", id, sentAt: Date.now() });
    expect(await receipt(id)).toBeDefined();
  });
});
