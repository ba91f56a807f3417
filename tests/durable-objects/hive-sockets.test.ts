// Hive subscriptions over real WebSockets through the gateway: catch-up, live
// events, forced disconnects, snapshots past retention, hostile subscribers.
import { evictAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import {
  CLOSE_SLOW_CONSUMER,
  STALL_LIMIT_EVENTS,
  SUBSCRIBER_WINDOW_EVENTS,
} from "../../shared/hive/messages.ts";
import { MAX_BATCH_WRITES } from "../../shared/hive/writes.ts";
import type { ServerMessage } from "../../shared/protocol.ts";
import { createHiveKey } from "../../workers/gateway/request/auth.ts";
import { makeArtifact, makeCommit, makePut } from "../shared/hive/fixtures.ts";
import { openSocket, type TestSocket } from "./helpers.ts";

async function newHive() {
  const name = `h-${crypto.randomUUID()}`;
  const { key } = await createHiveKey(env.DB, name, "test");
  const stub = env.Hive.getByName(name);
  let n = 0;
  const putOne = async () => {
    n++;
    const r = await stub.put({
      idempotencyKey: `p${n}`,
      artifact: makeArtifact({ identifier: `a.${n}`, value: n }),
    });
    if (!r.ok) {
      throw new Error(r.message);
    }
    return r.value.seq;
  };
  const open = async (query = "") => {
    const socket = await openSocket(`/parties/hive/${name}?key=${key}${query}`);
    const welcome = await socket.next();
    if (welcome.type !== "sys.welcome") {
      throw new Error(`expected welcome, got ${welcome.type}`);
    }
    return socket;
  };
  return { name, key, stub, putOne, open };
}

/** Reads frames until `until` returns true; returns the event seqs seen and the frames. */
async function collect(socket: TestSocket, until: (m: ServerMessage, seqs: number[]) => boolean) {
  const seqs: number[] = [];
  const frames: ServerMessage[] = [];
  for (;;) {
    const message = await socket.next();
    frames.push(message);
    if (message.type === "hive.events") {
      seqs.push(...message.events.map((e) => e.seq));
    }
    if (until(message, seqs)) {
      return { seqs, frames };
    }
  }
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("Hive subscriptions", () => {
  it("catches up from ?since= then streams live events in order", async ({ expect }) => {
    const h = await newHive();
    for (let i = 0; i < 5; i++) {
      await h.putOne();
    }
    const socket = await h.open("&since=2");
    const catchUp = await collect(socket, (m) => m.type === "hive.synced");
    expect(catchUp.seqs).toEqual([3, 4, 5]);
    expect(catchUp.frames.at(-1)).toEqual({ type: "hive.synced", seq: 5 });
    await h.putOne();
    await h.putOne();
    const live = await collect(socket, (_m, seqs) => seqs.length >= 2);
    expect(live.seqs).toEqual([6, 7]);
    socket.close();
  });

  it("subscribes by message as well, and answers garbage without dropping the stream", async ({
    expect,
  }) => {
    const h = await newHive();
    await h.putOne();
    const socket = await h.open();
    socket.send("{not json");
    expect(await socket.next()).toMatchObject({ type: "sys.error", code: "BAD_FRAME" });
    socket.send(JSON.stringify({ type: "hive.subscribe", since: -1 }));
    expect(await socket.next()).toMatchObject({ type: "sys.error", code: "INVALID_MESSAGE" });
    socket.send(JSON.stringify({ type: "hive.ack", seq: 1 }));
    expect(await socket.next()).toMatchObject({ type: "sys.error", code: "NOT_SUBSCRIBED" });
    socket.send(JSON.stringify({ type: "session.ping" }));
    expect(await socket.next()).toMatchObject({ type: "sys.error", code: "UNKNOWN_TYPE" });
    socket.send(JSON.stringify({ type: "hive.subscribe", since: 99 }));
    expect(await socket.next()).toMatchObject({ type: "sys.error", code: "SINCE_AHEAD" });
    socket.send(JSON.stringify({ type: "hive.subscribe", since: 0 }));
    const { seqs } = await collect(socket, (m) => m.type === "hive.synced");
    expect(seqs).toEqual([1]);
    socket.send(JSON.stringify({ type: "hive.ack", seq: 5 }));
    expect(await socket.next()).toMatchObject({ type: "sys.error", code: "ACK_AHEAD" });
    await h.putOne();
    expect((await collect(socket, (_m, s) => s.length > 0)).seqs).toEqual([2]);
    socket.close();
  });

  it("delivers every event exactly once across forced disconnects", async ({ expect }) => {
    const h = await newHive();
    const total = 60;
    const writer = (async () => {
      for (let i = 0; i < total; i++) {
        await h.putOne();
      }
    })();
    const received: number[] = [];
    let last = 0;
    let reconnects = 0;
    while (last < total) {
      const socket = await h.open(`&since=${last}`);
      // Read a few events, then drop the connection mid-stream.
      const { seqs } = await collect(
        socket,
        (m, s) => s.length >= 7 || (m.type === "hive.synced" && m.seq >= total),
      );
      received.push(...seqs);
      last = received.at(-1) ?? last;
      socket.close();
      reconnects++;
      if (reconnects % 3 === 0) {
        await evictAllDurableObjects();
      }
    }
    await writer;
    expect(received).toEqual(range(1, total));
    expect(reconnects).toBeGreaterThan(3);
  });

  it("keeps delivering live events in order to a subscriber across hibernation", async ({
    expect,
  }) => {
    const h = await newHive();
    await h.putOne();
    const socket = await h.open("&since=0");
    await collect(socket, (m) => m.type === "hive.synced");
    await evictAllDurableObjects();
    await h.putOne();
    await h.putOne();
    expect((await collect(socket, (_m, s) => s.length >= 2)).seqs).toEqual([2, 3]);
    socket.close();
  });

  it("sends a snapshot then the log to a joiner behind the retention window", async ({
    expect,
  }) => {
    const h = await newHive();
    for (let i = 0; i < 6; i++) {
      await h.putOne();
    }
    await h.stub.retract({
      idempotencyKey: "r",
      identifier: "a.1",
      expectedVersion: 1,
      reason: "wrong",
      provenance: makeArtifact().provenance,
    });
    await runInDurableObject(h.stub, (_instance, state) => {
      state.storage.sql.exec("DELETE FROM events WHERE seq < 5");
    });
    const socket = await h.open("&since=1");
    expect(await socket.next()).toEqual({ type: "hive.subscribed", since: 1, head: 7 });
    const snapshot = await socket.next();
    expect(snapshot).toMatchObject({ type: "hive.snapshot", seq: 7, done: true });
    const ids =
      snapshot.type === "hive.snapshot" ? snapshot.artifacts.map((a) => a.identifier) : [];
    expect(ids).toEqual(["a.2", "a.3", "a.4", "a.5", "a.6"]);
    expect(await socket.next()).toEqual({ type: "hive.synced", seq: 7 });
    await h.putOne();
    expect((await collect(socket, (_m, s) => s.length > 0)).seqs).toEqual([8]);
    socket.close();
  });

  it("commits over the socket and reports a conflict with the current version", async ({
    expect,
  }) => {
    const h = await newHive();
    const socket = await h.open("&since=0");
    await collect(socket, (m) => m.type === "hive.synced");
    socket.send(JSON.stringify({ type: "hive.commit", id: "c1", commit: makeCommit([makePut()]) }));
    const committed = await collect(socket, (m) => m.type === "hive.committed");
    expect(committed.frames.at(-1)).toMatchObject({
      type: "hive.committed",
      id: "c1",
      result: { seq: 1 },
    });
    socket.send(JSON.stringify({ type: "hive.commit", id: "c2", commit: makeCommit([makePut()]) }));
    const rejected = await collect(socket, (m) => m.type === "hive.rejected");
    expect(rejected.frames.at(-1)).toMatchObject({
      type: "hive.rejected",
      id: "c2",
      code: "VERSION_CONFLICT",
      conflict: { currentVersion: 1 },
    });
    socket.close();
  });

  it("commits a hive.commits group: one answer, each commit atomic with its own outcome", async ({
    expect,
  }) => {
    const h = await newHive();
    const socket = await h.open("&since=0");
    await collect(socket, (m) => m.type === "hive.synced");
    const commits = [
      makeCommit([makePut({ identifier: "g.a" })], "g1"),
      // CAS on the identifier the previous commit of the same group created.
      makeCommit([makePut({ identifier: "g.a", value: 2 }, 1)], "g2"),
      // Stale: refused alone, the others still apply.
      makeCommit([makePut({ identifier: "g.a", value: 3 }, 1)], "g3"),
      makeCommit([makePut({ identifier: "g.b" }), makePut({ identifier: "g.c" })], "g4"),
      // The same key and body as g1: its stored result, replayed.
      makeCommit([makePut({ identifier: "g.a" })], "g1"),
    ];
    socket.send(JSON.stringify({ type: "hive.commits", id: "grp-1", commits }));
    let answered = false;
    const { frames, seqs } = await collect(socket, (m, s) => {
      answered ||= m.type === "hive.results";
      return answered && s.length >= 4;
    });
    const results = frames.find((f) => f.type === "hive.results");
    expect(results).toMatchObject({
      type: "hive.results",
      id: "grp-1",
      results: [
        { ok: true, result: { seq: 1, replayed: false } },
        { ok: true, result: { seq: 2, artifacts: [{ identifier: "g.a", version: 2 }] } },
        { ok: false, code: "VERSION_CONFLICT", conflict: { currentVersion: 2 } },
        { ok: true, result: { seq: 4, replayed: false } },
        { ok: true, result: { seq: 1, replayed: true } },
      ],
    });
    expect(seqs).toEqual([1, 2, 3, 4]);
    expect(await h.stub.get("g.a")).toMatchObject({ ok: true, value: { version: 2, value: 2 } });
    socket.close();
  });

  it("refuses a hostile hive.commits frame by its id and commits none of it", async ({
    expect,
  }) => {
    const h = await newHive();
    const socket = await h.open();
    const good = makeCommit([makePut({ identifier: "ok.1" })]);
    const frames = [
      { type: "hive.commits", id: "x1", commits: [] },
      { type: "hive.commits", id: "x2", commits: Array(65).fill(good) },
      {
        type: "hive.commits",
        id: "x3",
        commits: [good, makeCommit([makePut({ identifier: "a/../b" })])],
      },
      { type: "hive.commits", id: "x4", commits: [good, { idempotencyKey: "k", writes: "no" }] },
      { type: "hive.commits", id: "x5", commits: "no" },
    ];
    for (const frame of frames) {
      socket.send(JSON.stringify(frame));
      expect(await socket.next()).toMatchObject({
        type: "hive.rejected",
        id: frame.id,
        code: "INVALID_MESSAGE",
      });
    }
    socket.send(
      `{"type":"hive.commits","id":"x6","commits":[${"[".repeat(100)}${"]".repeat(100)}]}`,
    );
    expect(await socket.next()).toMatchObject({
      type: "hive.rejected",
      id: "x6",
      code: "FRAME_TOO_DEEP",
    });
    expect((await h.stub.health()).detail).toMatchObject({ head: 0 });
    socket.close();
  });

  it("pauses a subscriber that never acks at its window and closes it once it stalls", async ({
    expect,
  }) => {
    const h = await newHive();
    const socket = await h.open("&since=0");
    await collect(socket, (m) => m.type === "hive.synced");
    const closed = new Promise<CloseEvent>((resolve) =>
      socket.socket.addEventListener("close", resolve),
    );
    const perCommit = MAX_BATCH_WRITES;
    const commits = Math.ceil((SUBSCRIBER_WINDOW_EVENTS + STALL_LIMIT_EVENTS) / perCommit) + 2;
    for (let c = 0; c < commits; c++) {
      const writes = range(1, perCommit).map((i) => makePut({ identifier: `bulk.${c}.${i}` }));
      const r = await h.stub.batch(makeCommit(writes));
      expect(r.ok).toBe(true);
    }
    const event = await closed;
    expect(event.code).toBe(CLOSE_SLOW_CONSUMER);
    expect(event.reason).toMatch(/^SLOW_CONSUMER: .*since=0/);
    // The writer never waited, and the subscriber can resume exactly where it acked.
    const head = commits * perCommit;
    expect((await h.stub.health()).detail).toMatchObject({ head });
    const again = await h.open(`&since=${head - 3}`);
    expect((await collect(again, (m) => m.type === "hive.synced")).seqs).toEqual(
      range(head - 2, head),
    );
    again.close();
  });

  it("sends a snapshot to a paused subscriber whose next events were pruned", async ({
    expect,
  }) => {
    const h = await newHive();
    const batches = Math.ceil((SUBSCRIBER_WINDOW_EVENTS + 300) / MAX_BATCH_WRITES);
    for (let b = 0; b < batches; b++) {
      const writes = range(1, MAX_BATCH_WRITES).map((i) => makePut({ identifier: `p.${b}.${i}` }));
      await h.stub.batch(makeCommit(writes));
    }
    const head = batches * MAX_BATCH_WRITES;
    const socket = await h.open("&since=0");
    await collect(socket, (_m, s) => s.length >= SUBSCRIBER_WINDOW_EVENTS);
    await runInDurableObject(h.stub, (_instance, state) => {
      state.storage.sql.exec("DELETE FROM events WHERE seq <= ?", SUBSCRIBER_WINDOW_EVENTS + 100);
    });
    socket.send(JSON.stringify({ type: "hive.ack", seq: SUBSCRIBER_WINDOW_EVENTS }));
    const { frames } = await collect(socket, (m) => m.type === "hive.synced");
    const pages = frames.flatMap((m) => (m.type === "hive.snapshot" ? [m] : []));
    expect(pages.length).toBeGreaterThan(1); // paged under the frame cap
    expect(pages.every((p) => p.seq === head)).toBe(true);
    expect(pages.map((p) => p.done)).toEqual([...Array(pages.length - 1).fill(false), true]);
    expect(pages.flatMap((p) => p.artifacts).length).toBe(head);
    expect(frames.filter((m) => m.type === "hive.events")).toEqual([]);
    expect(frames.at(-1)).toEqual({ type: "hive.synced", seq: head });
    socket.close();
  });

  it("resumes a paused subscriber from the log when it acks", async ({ expect }) => {
    const h = await newHive();
    const writes = range(1, MAX_BATCH_WRITES).map((i) => makePut({ identifier: `x.${i}` }));
    const batches = Math.ceil((SUBSCRIBER_WINDOW_EVENTS * 1.5) / MAX_BATCH_WRITES);
    for (let b = 0; b < batches; b++) {
      await h.stub.batch(
        makeCommit(
          writes.map((w, i) => ({ ...w, artifact: { ...w.artifact, identifier: `x.${b}.${i}` } })),
        ),
      );
    }
    const head = batches * MAX_BATCH_WRITES;
    const socket = await h.open("&since=0");
    const first = await collect(socket, (_m, s) => s.length >= SUBSCRIBER_WINDOW_EVENTS);
    expect(first.seqs).toEqual(range(1, SUBSCRIBER_WINDOW_EVENTS));
    socket.send(JSON.stringify({ type: "hive.ack", seq: SUBSCRIBER_WINDOW_EVENTS }));
    const rest = await collect(socket, (m) => m.type === "hive.synced");
    expect(rest.seqs).toEqual(range(SUBSCRIBER_WINDOW_EVENTS + 1, head));
    socket.close();
  });
});
