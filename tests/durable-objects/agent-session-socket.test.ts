import { evictAllDurableObjects } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { createHiveKey } from "../../workers/gateway/request/auth.ts";
import { openSocket } from "./helpers.ts";
import { filePage, longText, newSession, step } from "./session-fixtures.ts";

let key: string | undefined;
async function demoKey(): Promise<string> {
  key ??= (await createHiveKey(env.DB, "demo", "socket-test")).key;
  return key;
}

describe("AgentSession WebSocket", () => {
  it("keeps a hibernated WebSocket and the session's state across evictAllDurableObjects()", async ({
    expect,
  }) => {
    const { name, stub } = await newSession();
    const client = await openSocket(`/parties/agent-session/${name}?key=${await demoKey()}`);
    expect(await client.next()).toMatchObject({
      type: "sys.welcome",
      server: "AgentSession",
      name,
    });
    expect(await client.next()).toMatchObject({ type: "session.state", state: { step: 0 } });
    await step(stub, { ops: [{ type: "stage", page: filePage("a.ts", longText("a")) }] });
    expect(await client.next()).toMatchObject({
      type: "session.paged",
      event: "staged",
      page: "a.ts",
    });
    expect(await client.next()).toMatchObject({ type: "session.step", step: 1 });
    const before = JSON.stringify(await stub.state());

    await evictAllDurableObjects();

    expect(JSON.stringify(await stub.state())).toBe(before);
    client.send(JSON.stringify({ type: "session.ping", nonce: "after" }));
    expect(await client.next()).toMatchObject({ type: "session.pong", nonce: "after" });
    await step(stub, { turns: [{ role: "user", content: "still there" }] });
    expect(await client.next()).toMatchObject({ type: "session.step", step: 2 });
    client.close();
  });

  it("round-trips every session message", async ({ expect }) => {
    const { name, stub } = await newSession();
    await step(stub, { ops: [{ type: "stage", page: filePage("a.ts", longText("a")) }] });
    const client = await openSocket(`/parties/agent-session/${name}?key=${await demoKey()}`);
    await client.next(); // welcome
    await client.next(); // state
    client.send(JSON.stringify({ type: "sys.ping", nonce: "s" }));
    expect(await client.next()).toMatchObject({ type: "sys.pong", nonce: "s" });
    client.send(JSON.stringify({ type: "session.ping" }));
    expect(await client.next()).toMatchObject({ type: "session.pong" });
    client.send(JSON.stringify({ type: "session.get_state" }));
    expect(await client.next()).toMatchObject({
      type: "session.state",
      state: { step: 1, l1: { pages: [{ id: "a.ts", kind: "file" }] } },
    });
    client.send(JSON.stringify({ type: "session.checkpoint", label: "mark" }));
    const checkpointed = await client.next();
    expect(checkpointed).toMatchObject({ type: "session.checkpointed", step: 1, label: "mark" });
    await step(stub, { ops: [{ type: "unstage", id: "a.ts" }] });
    await client.next(); // paged
    await client.next(); // step
    client.send(JSON.stringify({ type: "session.rollback", checkpoint: "mark" }));
    expect(await client.next()).toMatchObject({ type: "session.rolled_back", step: 1 });
    client.send(JSON.stringify({ type: "session.rollback", checkpoint: "missing" }));
    expect(await client.next()).toMatchObject({ type: "sys.error", code: "CHECKPOINT_NOT_FOUND" });
    client.close();
  });

  it("answers frames that are not valid protocol with typed errors and changes nothing", async ({
    expect,
  }) => {
    const { name, stub } = await newSession();
    const client = await openSocket(`/parties/agent-session/${name}?key=${await demoKey()}`);
    await client.next(); // welcome
    await client.next(); // state
    const before = JSON.stringify(await stub.state());
    const hostile: Array<[string | ArrayBuffer, string]> = [
      ["not json at all", "BAD_FRAME"],
      ["[1,2,3]", "BAD_FRAME"],
      ['{"type":"session.nuke"}', "UNKNOWN_TYPE"],
      ['{"no":"type"}', "UNKNOWN_TYPE"],
      ['{"type":"hive.ping"}', "UNKNOWN_TYPE"],
      ['{"type":"sys.ping","nonce":42}', "INVALID_MESSAGE"],
      ['{"type":"session.checkpoint","label":"has spaces"}', "INVALID_MESSAGE"],
      [new Uint8Array([0xff, 0xfe, 0xfd]).buffer, "BAD_FRAME"],
      ["x".repeat(1024 * 1024 + 1), "FRAME_TOO_LARGE"],
    ];
    for (const [frame, code] of hostile) {
      client.send(frame);
      const reply = await client.next();
      expect(reply).toMatchObject({ type: "sys.error", code });
      expect(reply.type === "sys.error" && reply.hint).toBeTruthy();
    }
    expect(JSON.stringify(await stub.state())).toBe(before);
    client.send(JSON.stringify({ type: "sys.ping" }));
    expect(await client.next()).toMatchObject({ type: "sys.pong" });
    client.close();
  });
});
