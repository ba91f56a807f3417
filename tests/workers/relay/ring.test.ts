// The relay's ring of recent events: slices in seq order, refuses to answer
// before its first event (the relay reads the Hive's log then), and keeps within
// its event and byte bounds.
import { describe, it } from "vitest";
import { EventRing, RING_BYTES, RING_EVENTS } from "../../../workers/relay/ring.ts";

const event = (seq: number, size = 10) => ({ seq, body: "x".repeat(size) });

describe("EventRing", () => {
  it("slices the events after a seq, and answers null before its first", ({ expect }) => {
    const ring = new EventRing();
    ring.push([event(5), event(6), event(7), event(8)]);
    expect(ring.slice(5, 8, 10)?.map((e) => e.seq)).toEqual([6, 7, 8]);
    expect(ring.slice(4, 8, 2)?.map((e) => e.seq)).toEqual([5, 6]);
    expect(ring.slice(6, 7, 10)?.map((e) => e.seq)).toEqual([7]);
    expect(ring.slice(3, 8, 10)).toBeNull();
    expect(ring.slice(8, 8, 10)).toEqual([]);
    ring.push([event(7), event(9)]);
    expect(ring.slice(7, 9, 10)?.map((e) => e.seq)).toEqual([8, 9]);
  });

  it("keeps at most RING_EVENTS events and RING_BYTES bytes, dropping the oldest", ({ expect }) => {
    const ring = new EventRing();
    ring.push(Array.from({ length: RING_EVENTS + 10 }, (_, i) => event(i + 1)));
    expect(ring.slice(10, RING_EVENTS + 10, 1)?.map((e) => e.seq)).toEqual([11]);
    expect(ring.slice(9, RING_EVENTS + 10, 1)).toBeNull();
    const big = new EventRing();
    const size = RING_BYTES / 4;
    big.push([event(1, size), event(2, size), event(3, size), event(4, size), event(5, size)]);
    expect(big.slice(0, 5, 10)).toBeNull();
    expect(big.slice(1, 5, 10)?.map((e) => e.seq)).toEqual([2, 3, 4, 5]);
  });
});
