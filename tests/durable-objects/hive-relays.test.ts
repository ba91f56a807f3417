// Hive subscribers served through relay objects, over real WebSockets through the
// gateway: fan-out in order to every relay's sockets, commits over a relayed
// socket, a relay aborted mid-stream (its subscribers resume gap-free with since),
// a revoked key closing relayed sockets, batches fed within one frame interval
// reaching a socket as one frame, and placement of a burst of sockets that
// no relay has reported yet.
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { packFeed } from "../../durable-objects/hive/relay-feed.ts";
import { CLOSE_KEY_REVOKED } from "../../shared/hive/messages.ts";
import {
  RELAY_HIVE_HEADER,
  RELAY_NAME_HEADER,
  RELAY_SUBSCRIBER_HEADER,
  SUBSCRIBERS_PER_RELAY,
  relayCount,
  relayName,
  placeSubscriber,
} from "../../shared/hive/relays.ts";
import type { ServerMessage } from "../../shared/protocol.ts";
import { createHiveKey } from "../../workers/gateway/request/auth.ts";
import { makeArtifact, makeCommit, makePut } from "../shared/hive/fixtures.ts";
import { openSocket, type TestSocket } from "./helpers.ts";

async function relayedHive() {
  const name = `r-${crypto.randomUUID()}`;
  const { key, id: keyId } = await createHiveKey(env.DB, name, "test");
  const stub = env.Hive.getByName(name);
  const mode = await stub.relays().setMode("always");
  if (!mode.ok) {
    throw new Error(mode.message);
  }
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
  const open = async (pk: string, query = "") => {
    const socket = await openSocket(`/parties/hive/${name}?key=${key}&_pk=${pk}${query}`);
    const welcome = await socket.next();
    if (welcome.type !== "sys.welcome") {
      throw new Error(`expected welcome, got ${welcome.type}`);
    }
    return socket;
  };
  return { name, key, keyId, stub, putOne, open };
}

async function collect(socket: TestSocket, until: (m: ServerMessage, seqs: number[]) => boolean) {
  const seqs: number[] = [];
  for (;;) {
    const message = await socket.next();
    if (message.type === "hive.events") {
      seqs.push(...message.events.map((e) => e.seq));
    }
    if (until(message, seqs)) {
      return seqs;
    }
  }
}

function closed(socket: TestSocket): Promise<number> {
  return new Promise((resolve) =>
    socket.socket.addEventListener("close", (event) => resolve(event.code)),
  );
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("Hive relays", () => {
  it("fans events out through relays in order, the Hive holding none of the sockets", async ({
    expect,
  }) => {
    const h = await relayedHive();
    await h.putOne();
    const sockets = await Promise.all(["s1", "s2", "s3", "s4"].map((pk) => h.open(pk, "&since=0")));
    for (const s of sockets) {
      expect(await collect(s, (m) => m.type === "hive.synced")).toEqual([1]);
    }
    for (let i = 0; i < 20; i++) {
      await h.putOne();
    }
    for (const s of sockets) {
      expect(await collect(s, (_m, seqs) => seqs.length >= 20)).toEqual(range(2, 21));
      s.close();
    }
    const health = await h.stub.health();
    expect(health.detail).toMatchObject({ sockets: 0, head: 21 });
    const status = await h.stub.relays().status();
    expect(status.relays).toEqual([relayName(h.name, placeSubscriber("s1", relayCount(1)))]);
  });

  it("commits over a relayed socket and answers a conflict with the current version", async ({
    expect,
  }) => {
    const h = await relayedHive();
    const socket = await h.open("c1");
    socket.send(JSON.stringify({ type: "hive.commit", id: "c1", commit: makeCommit([makePut()]) }));
    expect(await socket.next()).toMatchObject({ type: "hive.committed", id: "c1" });
    socket.send(JSON.stringify({ type: "hive.commit", id: "c2", commit: makeCommit([makePut()]) }));
    expect(await socket.next()).toMatchObject({ type: "hive.rejected", id: "c2" });
    socket.send(
      JSON.stringify({
        type: "hive.commits",
        id: "g",
        commits: [makeCommit([makePut({ identifier: "g.1" })])],
      }),
    );
    expect(await socket.next()).toMatchObject({ type: "hive.results", id: "g" });
    socket.close();
  });

  it("resumes gap-free after its relay is aborted mid-stream", async ({ expect }) => {
    const h = await relayedHive();
    const total = 40;
    const received: number[] = [];
    let socket = await h.open("k1", "&since=0");
    await collect(socket, (m) => m.type === "hive.synced");
    let aborted = false;
    for (let i = 1; i <= total; i++) {
      await h.putOne();
      if (i === 15) {
        received.push(...(await collect(socket, (_m, seqs) => seqs.length >= 15)));
        const gone = closed(socket);
        const status = await h.stub.relays().status();
        const abort = await env.Relay.getByName(status.relays[0] ?? "")
          .abort()
          .then(
            () => "not aborted",
            (error: unknown) => String(error),
          );
        expect(abort).toContain("relay aborted");
        aborted = true;
        await gone;
        socket = await h.open("k1", `&since=${received.at(-1) ?? 0}`);
      }
    }
    received.push(
      ...(await collect(socket, (_m, seqs) => received.length + seqs.length >= total)).filter(
        Boolean,
      ),
    );
    expect(aborted).toBe(true);
    expect(received).toEqual(range(1, total));
    socket.close();
  });

  it("keeps the other relays' sockets open when one relay is aborted", async ({ expect }) => {
    const h = await relayedHive();
    const kept = await h.open("a", "&since=0");
    await collect(kept, (m) => m.type === "hive.synced");
    // A second relay of the same hive, reached as the gateway would place a socket on it.
    const second = relayName(h.name, 1);
    const response = await env.Relay.getByName(second).fetch(
      new Request(`http://relay/parties/hive/${h.name}?since=0`, {
        headers: {
          Upgrade: "websocket",
          [RELAY_HIVE_HEADER]: h.name,
          [RELAY_NAME_HEADER]: second,
          [RELAY_SUBSCRIBER_HEADER]: "b",
        },
      }),
    );
    const other = response.webSocket;
    if (other === null) {
      throw new Error(`no upgrade: ${response.status}`);
    }
    other.accept();
    const otherClosed = new Promise<number>((resolve) =>
      other.addEventListener("close", (event) => resolve(event.code)),
    );
    let keptClosed = false;
    kept.socket.addEventListener("close", () => (keptClosed = true));
    await env.Relay.getByName(second)
      .abort()
      .catch(() => undefined);
    await otherClosed;
    await h.putOne();
    expect(await collect(kept, (_m, seqs) => seqs.length >= 1)).toEqual([1]);
    expect(keptClosed).toBe(false);
    kept.close();
  });

  it("closes relayed sockets when their key is revoked", async ({ expect }) => {
    const h = await relayedHive();
    const sockets = await Promise.all(["v1", "v2", "v3"].map((pk) => h.open(pk, "&since=0")));
    for (const s of sockets) {
      await collect(s, (m) => m.type === "hive.synced");
    }
    const codes = Promise.all(sockets.map(closed));
    expect(await h.stub.closeKeySockets(h.keyId)).toBe(3);
    expect(await codes).toEqual([CLOSE_KEY_REVOKED, CLOSE_KEY_REVOKED, CLOSE_KEY_REVOKED]);
  });

  it("sends the batches fed within one frame interval as one frame", async ({ expect }) => {
    const h = await relayedHive();
    const socket = await h.open("f1", "&since=0");
    await collect(socket, (m) => m.type === "hive.synced");
    const [relay = ""] = (await h.stub.relays().status()).relays;
    // Real event texts, from another hive's log: this hive's own Hive stays quiet.
    const other = await relayedHive();
    for (let i = 0; i < 3; i++) {
      await other.putOne();
    }
    const { events } = await other.stub.relays().events(0);
    const stub = env.Relay.getByName(relay);
    for (const event of events) {
      await stub.feed(h.name, packFeed([event]));
    }
    const frames: number[][] = [];
    while (frames.flat().length < 3) {
      const message = await socket.next();
      if (message.type === "hive.events") {
        frames.push(message.events.map((e) => e.seq));
      }
    }
    // The first after a quiet spell at once; the next two together, a frame later.
    expect(frames).toEqual([[1], [2, 3]]);
    socket.close();
  });

  it("spreads a burst of placements over the relays, none above its share", async ({ expect }) => {
    const h = await relayedHive();
    const link = h.stub.relays();
    const placed = new Map<string, number>();
    for (let i = 0; i < 250; i++) {
      const name = await link.placement(`burst-${i}`);
      placed.set(String(name), (placed.get(String(name)) ?? 0) + 1);
    }
    expect([...placed.keys()].sort()).toEqual([0, 1, 2].map((i) => relayName(h.name, i)));
    expect(Math.max(...placed.values())).toBeLessThanOrEqual(SUBSCRIBERS_PER_RELAY);
    expect([...placed.values()].reduce((a, b) => a + b, 0)).toBe(250);
  });
});
