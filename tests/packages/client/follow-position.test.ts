// A follower's position: one seq on an unsharded hive (acks and resumes as before),
// a seq per shard once the hive shows it is sharded (an event's shard, synced's since).
import { describe, it } from "vitest";
import {
  FollowPosition,
  FollowSinceError,
  parseShardSeqs,
} from "../../../packages/client/follow-position.ts";
import { ACK_EVERY_EVENTS } from "../../../shared/hive/messages.ts";
import type { HiveEvent } from "../../../shared/hive/writes.ts";

function event(seq: number, shard?: number): HiveEvent {
  return {
    ...(shard === undefined ? {} : { shard }),
    seq,
    at: 0,
    op: "put",
    artifact: {} as HiveEvent["artifact"],
    retired: null,
  };
}

describe("FollowPosition", () => {
  it("keeps one seq on an unsharded hive: plain since, plain acks", ({ expect }) => {
    const p = new FollowPosition(3);
    expect(p.since).toBe("3");
    expect(p.take(event(3))).toBe(false);
    expect(p.take(event(4))).toBe(true);
    expect(p.take(event(6))).toBe(true);
    expect([p.last, p.gaps, p.duplicates, p.shards]).toEqual([6, 1, 1, null]);
    expect(p.ackDue(false)).toBeNull();
    expect(p.ackDue(true)).toBe(6);
    expect(p.ackDue(true)).toBeNull();
    p.synced(undefined);
    expect(p.since).toBe("6");
    expect(p.reached(6) && p.reached("6") && !p.reached(7)).toBe(true);
  });

  it("learns a sharded hive from its events: a seq per shard, acked and resumed per shard", ({
    expect,
  }) => {
    const p = new FollowPosition(0);
    expect(p.since).toBe("0");
    expect(p.take(event(1, 1))).toBe(true);
    expect(p.take(event(1, 0))).toBe(true);
    expect(p.take(event(2, 1))).toBe(true);
    expect(p.take(event(2, 1))).toBe(false);
    expect([p.shards, p.last, p.gaps, p.duplicates]).toEqual([[1, 2], 3, 0, 1]);
    expect(p.since).toBe("0:1,1:2");
    expect(p.ackDue(true)).toBe("0:1,1:2");
    expect(p.ackDue(true)).toBeNull();
    expect(p.reached("0:1,1:2") && !p.reached("1:3") && p.reached(3)).toBe(true);
    expect(p.take(event(4, 0))).toBe(true);
    expect(p.gaps).toBe(1);
  });

  it("learns a sharded hive from hive.synced's since, with no event yet", ({ expect }) => {
    const p = new FollowPosition(0);
    p.synced("0:0,1:0,2:0");
    expect(p.shards).toEqual([0, 0, 0]);
    expect(p.since).toBe("0:0,1:0,2:0");
    expect(p.ackDue(true)).toBeNull();
  });

  it("acks a sharded hive every ACK_EVERY_EVENTS events over all shards", ({ expect }) => {
    const p = new FollowPosition("0:0,1:0");
    for (let seq = 1; seq < ACK_EVERY_EVENTS / 2; seq++) {
      p.take(event(seq, 0));
      p.take(event(seq, 1));
      expect(p.ackDue(false)).toBeNull();
    }
    p.take(event(ACK_EVERY_EVENTS / 2, 0));
    p.take(event(ACK_EVERY_EVENTS / 2, 1));
    expect(p.ackDue(false)).toBe(`0:${ACK_EVERY_EVENTS / 2},1:${ACK_EVERY_EVENTS / 2}`);
    p.take(event(ACK_EVERY_EVENTS / 2 + 1, 1));
    p.opened();
    expect(p.ackDue(true)).toBeNull();
  });

  it("resumes from a seq per shard, and refuses a since that is neither", ({ expect }) => {
    const p = new FollowPosition("1:7");
    expect(p.shards).toEqual([0, 7]);
    expect(p.since).toBe("0:0,1:7");
    expect(p.take(event(7, 1))).toBe(false);
    expect(parseShardSeqs("2:5")).toEqual([0, 0, 5]);
    expect(parseShardSeqs("x")).toBeNull();
    expect(() => new FollowPosition("0:1;1:2")).toThrow(FollowSinceError);
    expect(() => new FollowPosition(-1)).toThrow(/neither a seq nor a seq per shard/);
  });
});
