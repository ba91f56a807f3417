import { evictAllDurableObjects } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { openSocket } from "./helpers.ts";

describe("Hive", () => {
  it("is SQLite-backed with its schema migrated", async ({ expect }) => {
    const health = await env.Hive.getByName(`h-${crypto.randomUUID()}`).health();
    expect(health).toMatchObject({ component: "Hive", ok: true, detail: { schemaVersion: 1 } });
  });

  it("keeps a hibernated subscriber across evictAllDurableObjects()", async ({ expect }) => {
    const name = `h-${crypto.randomUUID()}`;
    const client = await openSocket(`/parties/hive/${name}`);
    expect(await client.next()).toMatchObject({ type: "sys.welcome", server: "Hive", name });
    await evictAllDurableObjects();
    client.send(JSON.stringify({ type: "sys.ping", nonce: "n" }));
    expect(await client.next()).toMatchObject({ type: "sys.pong", nonce: "n" });
    client.close();
  });
});
