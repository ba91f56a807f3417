// The reliability suite's sockets against the shared cluster: seeded fuzzing of
// hive socket frames (commits answered by id), revoked keys closing open hive and
// session sockets within the bound, and a reconnect storm without gaps.
import fc from "fast-check";
import PartySocket from "partysocket";
import WebSocket from "ws";
import { describe, it } from "vitest";
import { createHiveKey } from "../../cli/commands/hive.ts";
import { followHive } from "../../packages/client/follow.ts";
import { CLOSE_KEY_REVOKED } from "../../shared/hive/messages.ts";
import { makeArtifact } from "../shared/hive/fixtures.ts";
import { hiveSocket, rel } from "./client.ts";
import { FULL, SEED, report } from "./helpers.ts";

describe("reliability: socket messages", () => {
  it("answers every fuzzed frame (commits by id), never hangs the socket", async ({ expect }) => {
    const socket = await hiveSocket();
    let tried = 0;
    let commitsAnswered = 0;
    let commitsTried = 0;
    let hangs = 0;
    const commit = fc.record({
      type: fc.constant("hive.commit"),
      id: fc.string({ minLength: 1, maxLength: 20 }),
      commit: fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc.constant({
          idempotencyKey: "k",
          writes: [{ op: "put", expectedVersion: 0, artifact: makeArtifact() }],
        }),
        fc.constant({ idempotencyKey: "k", writes: [], __proto__x: 1 }),
      ),
    });
    const other = fc.record({
      type: fc.constantFrom(
        "hive.subscribe",
        "hive.ack",
        "hive.unsubscribe",
        "hive.ping",
        "sys.ping",
        "nope",
        "session.ping",
      ),
      since: fc.oneof(fc.integer({ min: -5, max: 10_000 }), fc.string({ maxLength: 5 })),
      seq: fc.oneof(fc.integer({ min: -5, max: 10_000 }), fc.constant(null)),
      nonce: fc.string({ maxLength: 10 }),
    });
    await fc
      .assert(
        fc.asyncProperty(fc.oneof(commit, other), fc.boolean(), async (frame, deep) => {
          tried++;
          let text = JSON.stringify(frame);
          if (deep) {
            text = text.replace(/\}$/, `,"pad":${"[".repeat(5_000)}${"]".repeat(5_000)}}`);
          }
          socket.ws.send(text);
          if (frame.type === "hive.commit" && "id" in frame) {
            commitsTried++;
            const id = frame.id;
            const answer = await socket.wait(
              (f) => (f.type === "hive.committed" || f.type === "hive.rejected") && f.id === id,
            );
            if (answer !== null) {
              commitsAnswered++;
            }
          }
          const nonce = `ping-${tried}`;
          socket.ws.send(JSON.stringify({ type: "sys.ping", nonce }));
          const pong = await socket.wait((f) => f.type === "sys.pong" && f.nonce === nonce);
          if (pong === null) {
            hangs++;
          }
          return pong !== null;
        }),
        { seed: SEED, numRuns: FULL ? 1_000 : 150, endOnFailure: false },
      )
      .catch((error: unknown) =>
        report("socket.fuzz.failure", { error: String(error).slice(0, 2_000) }),
      );
    socket.ws.close();
    report("socket.fuzz", { tried, commitsTried, commitsAnswered, hangs });
    expect(hangs).toBe(0);
    expect(commitsAnswered).toBe(commitsTried);
  });

  it("closes a revoked key's open sockets at the revoke (bound: the revoke call itself)", async ({
    expect,
  }) => {
    const hive = `rev-${Math.random().toString(36).slice(2, 8)}`;
    const created = await createHiveKey(rel.url, rel.adminToken, hive, "revoke");
    const sockets = await Promise.all(
      [0, 1, 2].map(async () => {
        const ws = new WebSocket(
          `ws://127.0.0.1:${rel.port}/parties/hive/${hive}?key=${created.key}&since=0`,
        );
        await new Promise<void>((resolve) => ws.once("open", () => resolve()));
        return ws;
      }),
    );
    const closes = sockets.map(
      (ws) => new Promise<number>((resolve) => ws.once("close", (code: number) => resolve(code))),
    );
    // The close frame arrives when ws leaves OPEN; its "close" event waits for the TCP close.
    const started = performance.now();
    const closing = Promise.all(
      sockets.map(async (ws) => {
        while (ws.readyState === WebSocket.OPEN && performance.now() - started < 30_000) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        return performance.now() - started;
      }),
    );
    const revoked = await fetch(`${rel.url}/v1/admin/hives/${hive}/keys/${created.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${rel.adminToken}` },
    });
    const revokeMs = performance.now() - started;
    const body = (await revoked.json()) as { closedSockets: number };
    const ms = Math.max(...(await closing));
    const codes = await Promise.all(closes);
    report("keys.revoke", {
      sockets: sockets.length,
      closed: body.closedSockets,
      revokeCallMs: Math.round(revokeMs),
      closeFrameMs: Math.round(ms),
      tcpClosedMs: Math.round(performance.now() - started),
    });
    expect(body.closedSockets).toBe(3);
    expect(codes).toEqual([CLOSE_KEY_REVOKED, CLOSE_KEY_REVOKED, CLOSE_KEY_REVOKED]);
    expect(ms).toBeLessThan(5_000);
    // And the revoked key no longer opens one.
    const again = new WebSocket(
      `ws://127.0.0.1:${rel.port}/parties/hive/${hive}?key=${created.key}`,
    );
    const refused = await new Promise<number>((resolve) => {
      again.once("unexpected-response", (_req: unknown, res: { statusCode: number }) =>
        resolve(res.statusCode),
      );
      again.once("open", () => resolve(101));
    });
    expect(refused).toBe(401);
  });

  it("closes a revoked key's open agent-session sockets at the revoke (real partysocket clients)", async ({
    expect,
  }) => {
    const hive = `srev-${Math.random().toString(36).slice(2, 8)}`;
    const created = await createHiveKey(rel.url, rel.adminToken, hive, "revoke");
    const other = await createHiveKey(rel.url, rel.adminToken, hive, "kept");
    const session = await fetch(`${rel.url}/v1/sessions`, {
      method: "POST",
      headers: { authorization: `Bearer ${created.key}`, "content-type": "application/json" },
      body: JSON.stringify({ hive, mission: "watched" }),
    });
    const id = ((await session.json()) as { id: string }).id;
    const open = (key: string) =>
      new Promise<PartySocket>((resolve, reject) => {
        const socket = new PartySocket({
          host: `127.0.0.1:${rel.port}`,
          party: "agent-session",
          room: id,
          query: { key },
          WebSocket,
          maxRetries: 0,
        });
        socket.addEventListener("open", () => resolve(socket), { once: true });
        socket.addEventListener("error", () => reject(new Error("session socket refused")), {
          once: true,
        });
      });
    const revokedSockets = [await open(created.key), await open(created.key)];
    const kept = await open(other.key);
    const closes = revokedSockets.map(
      (s) =>
        new Promise<number>((resolve) =>
          s.addEventListener("close", (e) => resolve(e.code), { once: true }),
        ),
    );
    // The close frame arrives when the socket leaves OPEN; its "close" event waits for the TCP close.
    const started = performance.now();
    const closing = Promise.all(
      revokedSockets.map(async (s) => {
        while (s.readyState === WebSocket.OPEN && performance.now() - started < 30_000) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        return performance.now() - started;
      }),
    );
    const revoked = await fetch(`${rel.url}/v1/admin/hives/${hive}/keys/${created.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${rel.adminToken}` },
    });
    const revokeMs = performance.now() - started;
    const body = (await revoked.json()) as { closedSessionSockets: number };
    const closeFrameMs = await closing;
    const codes = await Promise.all(closes);
    // The other key's socket stays open and keeps answering.
    const nonce = "still-here";
    const pong = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 5_000);
      kept.addEventListener("message", (e: MessageEvent) => {
        const frame = JSON.parse(String(e.data)) as { type?: string; nonce?: string };
        if (frame.type === "sys.pong" && frame.nonce === nonce) {
          clearTimeout(timer);
          resolve(true);
        }
      });
    });
    kept.send(JSON.stringify({ type: "sys.ping", nonce }));
    const keptAlive = await pong;
    kept.close();
    report("keys.revoke.session-sockets", {
      sockets: revokedSockets.length,
      closed: body.closedSessionSockets,
      revokeCallMs: Math.round(revokeMs),
      closeFrameMs: closeFrameMs.map((ms) => Math.round(ms)),
      otherKeyStillOpen: keptAlive,
    });
    expect(body.closedSessionSockets).toBe(2);
    expect(codes).toEqual([CLOSE_KEY_REVOKED, CLOSE_KEY_REVOKED]);
    expect(Math.max(...closeFrameMs)).toBeLessThan(5_000);
    expect(keptAlive).toBe(true);
  });

  it("loses no event across a reconnect storm", async ({ expect }) => {
    const hive = `storm-${Math.random().toString(36).slice(2, 8)}`;
    const created = await createHiveKey(rel.url, rel.adminToken, hive, "storm");
    const follower = followHive({ url: rel.url, key: created.key, hive, validate: true });
    const reconnects = FULL ? 100 : 20;
    let n = 0;
    for (let r = 0; r < reconnects; r++) {
      const writes = Array.from({ length: 3 }, () => {
        n++;
        return fetch(`${rel.url}/v1/hives/${hive}/artifacts`, {
          method: "POST",
          headers: { authorization: `Bearer ${created.key}`, "content-type": "application/json" },
          body: JSON.stringify({
            idempotencyKey: `s${n}`,
            artifact: makeArtifact({ identifier: `s.${n}`, value: n }),
          }),
        });
      });
      follower.socket.reconnect(4000, "storm");
      await Promise.all(writes);
    }
    await Promise.race([
      follower.reached(n),
      new Promise((resolve) => setTimeout(resolve, 30_000)),
    ]);
    report("sockets.reconnect-storm", {
      reconnects,
      events: n,
      received: follower.last,
      gaps: follower.gaps,
      duplicates: follower.duplicates,
    });
    follower.close();
    expect(follower.last).toBe(n);
    expect(follower.gaps).toBe(0);
    expect(follower.duplicates).toBe(0);
  });
});
