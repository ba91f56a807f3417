import { evictAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { openSocket } from "./helpers.ts";

describe("AgentSession", () => {
  it("migrates its SQLite schema before the first message", async ({ expect }) => {
    const stub = env.AgentSession.getByName(`s-${crypto.randomUUID()}`);
    const health = await stub.health();
    expect(health.detail).toMatchObject({ schemaVersion: 1 });
    await runInDurableObject(stub, (_instance, state) => {
      const tables = state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .toArray()
        .map((r) => r.name);
      expect(tables).toContain("session_meta");
      expect(tables).toContain("_lethe_migrations");
    });
  });

  it("stores a session's config once and refuses a second init", async ({ expect }) => {
    const stub = env.AgentSession.getByName(`s-${crypto.randomUUID()}`);
    const config = {
      hive: "demo",
      mission: "m",
      mode: "strict" as const,
      model: "lethe-local",
      persona: "code-agent",
      stepBudget: 15,
    };
    expect(await stub.init(config)).toMatchObject({ ok: true });
    expect(await stub.init({ ...config, mission: "other" })).toMatchObject({
      ok: false,
      code: "SESSION_EXISTS",
    });
    expect(await stub.describe()).toMatchObject({ ok: true, value: { config } });
  });

  it("keeps a hibernated WebSocket open across evictAllDurableObjects()", async ({ expect }) => {
    const name = `s-${crypto.randomUUID()}`;
    const client = await openSocket(`/parties/agent-session/${name}`);
    expect(await client.next()).toMatchObject({
      type: "sys.welcome",
      server: "AgentSession",
      name,
    });
    client.send(JSON.stringify({ type: "sys.ping", nonce: "before" }));
    expect(await client.next()).toMatchObject({ type: "sys.pong", nonce: "before" });

    await evictAllDurableObjects();

    client.send(JSON.stringify({ type: "sys.ping", nonce: "after" }));
    expect(await client.next()).toMatchObject({ type: "sys.pong", nonce: "after" });
    const stub = env.AgentSession.getByName(name);
    expect((await stub.health()).detail).toMatchObject({ sockets: 1 });
    client.close();
  });

  it("answers frames that are not valid protocol with typed errors and keeps serving", async ({
    expect,
  }) => {
    const client = await openSocket(`/parties/agent-session/s-${crypto.randomUUID()}`);
    await client.next(); // welcome
    const hostile: Array<[string | ArrayBuffer, string]> = [
      ["not json at all", "BAD_FRAME"],
      ["[1,2,3]", "BAD_FRAME"],
      ['{"type":"session.nuke"}', "UNKNOWN_TYPE"],
      ['{"no":"type"}', "UNKNOWN_TYPE"],
      ['{"type":"hive.ping"}', "UNKNOWN_TYPE"],
      ['{"type":"sys.ping","nonce":42}', "INVALID_MESSAGE"],
      [new Uint8Array([0xff, 0xfe, 0xfd]).buffer, "BAD_FRAME"],
      ["x".repeat(1024 * 1024 + 1), "FRAME_TOO_LARGE"],
    ];
    for (const [frame, code] of hostile) {
      client.send(frame);
      const reply = await client.next();
      expect(reply).toMatchObject({ type: "sys.error", code });
      expect(reply.type === "sys.error" && reply.hint).toBeTruthy();
    }
    client.send(JSON.stringify({ type: "sys.ping" }));
    expect(await client.next()).toMatchObject({ type: "sys.pong" });
    client.close();
  });
});
