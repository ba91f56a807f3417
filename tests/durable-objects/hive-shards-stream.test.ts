// A sharded hive's merged live stream under flow control, over real WebSockets
// through the gateway: the window of unacknowledged events over all shards, acks
// naming a seq per shard, a consumer that stops acking closed as SLOW_CONSUMER and
// resumed gap-free per shard, hive.subscribe frames with a per-shard since, and an
// unsharded hive refusing a seq per shard.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../workers/gateway/app.ts";
import {
  ACK_EVERY_EVENTS,
  CLOSE_SLOW_CONSUMER,
  STALL_LIMIT_EVENTS,
  SUBSCRIBER_WINDOW_EVENTS,
} from "../../shared/hive/messages.ts";
import { shardName, shardOf } from "../../shared/hive/shards.ts";
import { MAX_BATCH_WRITES } from "../../shared/hive/writes.ts";
import type { ServerMessage } from "../../shared/protocol.ts";
import { createHiveKey } from "../../workers/gateway/request/auth.ts";
import { makeCommit, makePut } from "../shared/hive/fixtures.ts";
import { openSocket, type TestSocket } from "./helpers.ts";

const ADMIN = "test-admin-token-0123456789";
const SHARDS = 2;

/** A hive made with two shards, and a writer of whole batches on either shard. */
async function shardedHive() {
  const hive = `m-${crypto.randomUUID()}`;
  const response = await app.request(
    `http://lethe.test/v1/admin/hives/${hive}/keys`,
    {
      method: "POST",
      body: JSON.stringify({ shards: SHARDS }),
      headers: { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" },
    },
    { ...env, LETHE_ADMIN_TOKEN: ADMIN } as Env,
  );
  expect(response.status).toBe(201);
  const { key } = (await response.json()) as { key: string };
  const heads = [0, 0];
  let n = 0;
  /** One batch of MAX_BATCH_WRITES puts whose keys all hash to `shard`, committed on it. */
  const batch = async (shard: number) => {
    const writes = [];
    while (writes.length < MAX_BATCH_WRITES) {
      const identifier = `w.${n++}`;
      if (shardOf(identifier, SHARDS) === shard) {
        writes.push(makePut({ identifier }));
      }
    }
    const result = await env.Hive.getByName(shardName(hive, shard)).batch(makeCommit(writes));
    expect(result.ok).toBe(true);
    heads[shard] = (heads[shard] ?? 0) + MAX_BATCH_WRITES;
  };
  const open = async (query = "") => {
    const socket = await openSocket(`/parties/hive/${hive}?key=${key}${query}`);
    expect((await socket.next()).type).toBe("sys.welcome");
    return socket;
  };
  return { hive, heads, batch, open };
}

/** What a client of the merged stream has: each shard's seqs in the order received. */
class Received {
  readonly seqs: number[][] = Array.from({ length: SHARDS }, () => []);
  acked = 0;

  get count(): number {
    return this.seqs.reduce((n, s) => n + s.length, 0);
  }

  /** The last seq received of each shard, as since and ack take it: `0:12,1:7`. */
  get since(): string {
    return this.seqs.map((s, shard) => `${shard}:${s.at(-1) ?? 0}`).join(",");
  }

  take(message: ServerMessage): void {
    if (message.type === "hive.events") {
      for (const event of message.events) {
        this.seqs[event.shard ?? -1]?.push(event.seq);
      }
    }
  }
}

/** Reads frames into `received` until `until`; acks every ACK_EVERY_EVENTS when `ack`. */
async function follow(
  socket: TestSocket,
  received: Received,
  until: (m: ServerMessage) => boolean,
  ack = true,
): Promise<ServerMessage[]> {
  const frames: ServerMessage[] = [];
  for (;;) {
    const message = await socket.next();
    frames.push(message);
    received.take(message);
    if (ack && received.count - received.acked >= ACK_EVERY_EVENTS) {
      received.acked = received.count;
      socket.send(JSON.stringify({ type: "hive.ack", seq: received.since }));
    }
    if (until(message)) {
      return frames;
    }
  }
}

/** Sends a ping and returns the frames up to its pong: what the socket sent meanwhile. */
async function framesBeforePong(socket: TestSocket, received: Received): Promise<ServerMessage[]> {
  socket.send(JSON.stringify({ type: "hive.ping", nonce: "window" }));
  const frames = await follow(socket, received, (m) => m.type === "hive.pong", false);
  return frames.slice(0, -1);
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("Hive shards: the merged stream's window", () => {
  it("stops at the window without acks and resumes from every shard's log on an ack", async () => {
    const h = await shardedHive();
    const perShard = Math.ceil((SUBSCRIBER_WINDOW_EVENTS * 0.75) / MAX_BATCH_WRITES);
    for (let b = 0; b < perShard; b++) {
      await h.batch(0);
      await h.batch(1);
    }
    const socket = await h.open("&since=0");
    const received = new Received();
    await follow(socket, received, () => received.count >= SUBSCRIBER_WINDOW_EVENTS, false);
    // The logs hold 1.5 windows: nothing more leaves until an ack.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await framesBeforePong(socket, received)).toEqual([]);
    expect(received.count).toBe(SUBSCRIBER_WINDOW_EVENTS);
    // Live commits while paused are held back too.
    await h.batch(1);
    expect(await framesBeforePong(socket, received)).toEqual([]);
    // An ack of part of one shard (the other keeps its ack of 0) reopens that much room.
    const partial = ACK_EVERY_EVENTS;
    expect(received.seqs[0]?.length).toBeGreaterThan(partial);
    socket.send(JSON.stringify({ type: "hive.ack", seq: `0:${partial}` }));
    await follow(
      socket,
      received,
      () => received.count >= SUBSCRIBER_WINDOW_EVENTS + partial,
      false,
    );
    expect(await framesBeforePong(socket, received)).toEqual([]);
    expect(received.count).toBe(SUBSCRIBER_WINDOW_EVENTS + partial);
    // Acking everything received lets it reach every shard's head, then hive.synced.
    received.acked = received.count;
    socket.send(JSON.stringify({ type: "hive.ack", seq: received.since }));
    const frames = await follow(socket, received, (m) => m.type === "hive.synced");
    expect(frames.at(-1)).toEqual({
      type: "hive.synced",
      seq: h.heads[0],
      since: `0:${h.heads[0]},1:${h.heads[1]}`,
    });
    expect(received.seqs).toEqual(h.heads.map((head) => range(1, head)));
    socket.close();
  }, 60_000);

  it("closes a consumer that stops acking as SLOW_CONSUMER, which resumes gap-free per shard", async () => {
    const h = await shardedHive();
    const socket = await h.open("&since=0");
    const received = new Received();
    expect(await socket.next()).toEqual({ type: "hive.synced", seq: 0, since: "0:0,1:0" });
    const closed = new Promise<CloseEvent>((resolve) =>
      socket.socket.addEventListener("close", resolve),
    );
    const rounds = Math.ceil(
      (SUBSCRIBER_WINDOW_EVENTS + STALL_LIMIT_EVENTS) / MAX_BATCH_WRITES / 2,
    );
    for (let r = 0; r < rounds + 2; r++) {
      await h.batch(0);
      await h.batch(1);
    }
    const event = await closed;
    expect(event.code).toBe(CLOSE_SLOW_CONSUMER);
    // It never acked: its resume point is every shard's 0.
    expect(event.reason).toBe(
      `SLOW_CONSUMER: no ack for ${STALL_LIMIT_EVENTS} events; reconnect with since=0:0,1:0`,
    );
    // What it was sent before closing: never more than the window, in each shard's order.
    for (;;) {
      const message = await Promise.race([
        socket.next(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 100)),
      ]);
      if (message === null) {
        break;
      }
      received.take(message);
    }
    expect(received.count).toBeLessThanOrEqual(SUBSCRIBER_WINDOW_EVENTS);
    expect(received.count).toBeGreaterThan(0);
    for (const seqs of received.seqs) {
      expect(seqs).toEqual(range(1, seqs.length));
    }
    // The writers never waited; the client resumes after the last seq it got of each shard.
    const again = await h.open(`&since=${received.since}`);
    await follow(again, received, (m) => m.type === "hive.synced");
    expect(received.seqs).toEqual(h.heads.map((head) => range(1, head)));
    again.close();
  }, 120_000);
});

describe("Hive shards: hive.subscribe and hive.ack frames", () => {
  it("re-subscribes a merged socket with a per-shard since, each start marked by hive.subscribed", async () => {
    const h = await shardedHive();
    await h.batch(0);
    await h.batch(1);
    const socket = await h.open();
    const received = new Received();
    // Acks before any subscription are refused, as on an unsharded socket.
    socket.send(JSON.stringify({ type: "hive.ack", seq: "0:1" }));
    expect(await socket.next()).toMatchObject({ type: "sys.error", code: "NOT_SUBSCRIBED" });
    socket.send(JSON.stringify({ type: "hive.subscribe", since: "0:60,1:62" }));
    expect(await socket.next()).toEqual({
      type: "hive.subscribed",
      since: 60,
      head: 64,
      shards: "0:60,1:62",
    });
    await follow(socket, received, (m) => m.type === "hive.synced");
    expect(received.seqs).toEqual([range(61, 64), range(63, 64)]);
    // Again from the start of every log, on the same socket.
    received.seqs.forEach((s) => s.splice(0));
    socket.send(JSON.stringify({ type: "hive.subscribe", since: 0 }));
    expect(await socket.next()).toMatchObject({ type: "hive.subscribed", shards: "0:0,1:0" });
    const frames = await follow(socket, received, (m) => m.type === "hive.synced");
    expect(frames.at(-1)).toEqual({ type: "hive.synced", seq: 64, since: "0:64,1:64" });
    expect(received.seqs).toEqual([range(1, 64), range(1, 64)]);
    // Then live, from both shards.
    await h.batch(1);
    await follow(socket, received, () => received.count === 64 * 3);
    expect(received.seqs[1]).toEqual(range(1, 128));
    // A plain seq, a shard past N and an ack past what was sent are refused; the stream goes on.
    socket.send(JSON.stringify({ type: "hive.subscribe", since: 5 }));
    expect(await socket.next()).toMatchObject({ type: "sys.error", code: "INVALID_SINCE" });
    socket.send(JSON.stringify({ type: "hive.ack", seq: 5 }));
    expect(await socket.next()).toMatchObject({ type: "sys.error", code: "INVALID_ACK" });
    socket.send(JSON.stringify({ type: "hive.ack", seq: "0:64,2:1" }));
    expect(await socket.next()).toMatchObject({ type: "sys.error", code: "INVALID_ACK" });
    socket.send(JSON.stringify({ type: "hive.ack", seq: "0:64,1:129" }));
    expect(await socket.next()).toMatchObject({ type: "sys.error", code: "ACK_AHEAD" });
    await h.batch(0);
    await follow(socket, received, () => received.count === 64 * 4);
    expect(received.seqs[0]).toEqual(range(1, 128));
    // hive.unsubscribe stops the stream; the socket stays open.
    socket.send(JSON.stringify({ type: "hive.unsubscribe" }));
    await h.batch(0);
    expect(await framesBeforePong(socket, received)).toEqual([]);
    socket.close();
  }, 60_000);

  it("refuses a seq per shard on an unsharded hive's socket", async () => {
    const hive = `u-${crypto.randomUUID()}`;
    const { key } = await createHiveKey(env.DB, hive, "test");
    const socket = await openSocket(`/parties/hive/${hive}?key=${key}&since=0`);
    expect((await socket.next()).type).toBe("sys.welcome");
    expect(await socket.next()).toEqual({ type: "hive.subscribed", since: 0, head: 0 });
    expect(await socket.next()).toEqual({ type: "hive.synced", seq: 0 });
    socket.send(JSON.stringify({ type: "hive.subscribe", since: "0:1" }));
    expect(await socket.next()).toMatchObject({ type: "sys.error", code: "INVALID_SINCE" });
    socket.send(JSON.stringify({ type: "hive.ack", seq: "0:1" }));
    expect(await socket.next()).toMatchObject({ type: "sys.error", code: "INVALID_ACK" });
    socket.close();
  });
});
