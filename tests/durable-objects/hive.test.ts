// The Hive Durable Object (durable-objects/hive.ts): SQLite-backed with its schema
// migrated, a subscriber kept across hibernation, and changesSince's pages.
import { evictAllDurableObjects } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { makeArtifact } from "../shared/hive/fixtures.ts";
import { createHiveKey } from "../../workers/gateway/request/auth.ts";
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
