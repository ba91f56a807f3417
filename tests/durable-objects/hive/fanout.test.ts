// The hive's live fan-out: frames shared per starting seq, and a burst of commits
// coalesced into fewer frames than commits, each event delivered once, in order,
// to a live subscriber and to one that joins during the burst.
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { Fanout } from "../../../durable-objects/hive/fanout.ts";
import type { HiveEvent } from "../../../shared/hive/writes.ts";
import type { ServerMessage } from "../../../shared/protocol.ts";
import { createHiveKey } from "../../../workers/gateway/request/auth.ts";
import { makeArtifact } from "../../shared/hive/fixtures.ts";
import { openSocket, type TestSocket } from "../helpers.ts";

function event(seq: number, value = "x"): HiveEvent {
  return {
    seq,
    at: 1,
    op: "put",
    retired: null,
    artifact: {
      identifier: `a.${seq}`,
      version: 1,
      kind: "fact",
      value,
      summary: "",
      provenance: { session: "s", agent: "a", step: 0, source: "t", contentHash: "h" },
      status: "active",
      supersedes: null,
      supersededBy: null,
      reason: null,
      tags: [],
      validFrom: 1,
      validTo: null,
      seq,
    },
  } as HiveEvent;
}

/** An event as the commit hands it to the fan-out: its log text. */
const encoded = (events: readonly HiveEvent[]) =>
  events.map((e) => ({ seq: e.seq, body: JSON.stringify(e) }));

const seqsOf = (frames: readonly string[]) =>
  frames.flatMap((f) => (JSON.parse(f) as { events: HiveEvent[] }).events.map((e) => e.seq));

describe("Fanout", () => {
  it("builds each starting point's frames once and sends only the events after it", ({
    expect,
  }) => {
    const fanout = new Fanout(512 * 1024);
    fanout.push(encoded([event(4), event(5)]));
    fanout.push(encoded([event(6)]));
    expect(fanout.waitingAfter).toBe(3);
    const batch = fanout.take();
    expect(fanout.waitingAfter).toBeNull();
    expect(batch.head).toBe(6);
    const all = batch.framesAfter(3);
    expect(batch.framesAfter(3)).toBe(all);
    expect(seqsOf(all)).toEqual([4, 5, 6]);
    expect(JSON.parse(all[0] ?? "")).toMatchObject({ type: "hive.events" });
    expect(seqsOf(batch.framesAfter(5))).toEqual([6]);
    expect(batch.framesAfter(6)).toEqual([]);
    expect(batch.framesAfter(9)).toEqual([]);
  });

  it("splits a batch into frames under the byte cap, in order", ({ expect }) => {
    const fanout = new Fanout(2_000);
    fanout.push(encoded(Array.from({ length: 10 }, (_, i) => event(i + 1, "v".repeat(500)))));
    const frames = fanout.take().framesAfter(0);
    expect(frames.length).toBeGreaterThan(1);
    expect(seqsOf(frames)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
  });
});

/** Reads frames until the subscriber has event `last`; returns its seqs and event frames. */
async function eventsThrough(socket: TestSocket, last: number) {
  const seqs: number[] = [];
  let frames = 0;
  while ((seqs.at(-1) ?? 0) < last) {
    const message: ServerMessage = await socket.next();
    if (message.type === "hive.events") {
      frames++;
      seqs.push(...message.events.map((e) => e.seq));
    }
  }
  return { seqs, frames };
}

describe("Hive live fan-out", () => {
  it("coalesces a burst of commits and delivers every event once, in order", async ({ expect }) => {
    const name = `h-${crypto.randomUUID()}`;
    const { key } = await createHiveKey(env.DB, name, "test");
    const stub = env.Hive.getByName(name);
    const open = (since: number) => openSocket(`/parties/hive/${name}?key=${key}&since=${since}`);
    const live = await open(0);
    const commits = 60;
    const put = (n: number) =>
      stub.put({
        idempotencyKey: `p${n}`,
        artifact: makeArtifact({ identifier: `a.${n}`, value: n }),
      });
    const first = Array.from({ length: commits / 2 }, (_, i) => put(i + 1));
    // A subscriber that joins while the first half may still wait in the fan-out.
    const joiner = await open(0);
    const second = Array.from({ length: commits / 2 }, (_, i) => put(commits / 2 + i + 1));
    const results = await Promise.all([...first, ...second]);
    expect(results.every((r) => r.ok)).toBe(true);
    const expected = Array.from({ length: commits }, (_, i) => i + 1);
    const seen = await eventsThrough(live, commits);
    expect(seen.seqs).toEqual(expected);
    expect(seen.frames).toBeLessThan(commits);
    expect((await eventsThrough(joiner, commits)).seqs).toEqual(expected);
    live.close();
    joiner.close();
  });
});
