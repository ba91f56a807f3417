// The batch the Hive feeds its relays: one joined string that a relay slices back
// into the same events, texts with commas and non-ASCII characters included.
import { describe, it } from "vitest";
import { packFeed, unpackFeed } from "../../../durable-objects/hive/relay-feed.ts";

describe("relay feed", () => {
  it("round-trips a batch through one string", ({ expect }) => {
    const events = [
      { seq: 7, body: '{"seq":7,"v":[1,2,3]}' },
      { seq: 8, body: '{"seq":8,"s":"a,b,\u00e9\u{1f600}"}' },
      { seq: 9, body: "{}" },
    ];
    const batch = packFeed(events);
    expect(batch.text).toBe(events.map((e) => e.body).join(","));
    expect(unpackFeed(batch)).toEqual(events);
    expect(unpackFeed(packFeed([]))).toEqual([]);
  });
});
