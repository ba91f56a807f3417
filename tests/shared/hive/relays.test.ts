// Relay placement: one relay per 100 subscribers, and hash(subscriber) % R spreads
// ids evenly and places one id on the same relay every time.
import { describe, it } from "vitest";
import {
  SUBSCRIBERS_PER_RELAY,
  placeSubscriber,
  relayCount,
  relayName,
} from "../../../shared/hive/relays.ts";

describe("relay placement", () => {
  it("counts a relay per SUBSCRIBERS_PER_RELAY subscribers, at least one", ({ expect }) => {
    expect(relayCount(0)).toBe(1);
    expect(relayCount(SUBSCRIBERS_PER_RELAY)).toBe(1);
    expect(relayCount(SUBSCRIBERS_PER_RELAY + 1)).toBe(2);
    expect(relayCount(1_000)).toBe(10);
  });

  it("places an id on the same relay every time and spreads 1,000 ids over 10 relays", ({
    expect,
  }) => {
    expect(placeSubscriber("agent-7", 10)).toBe(placeSubscriber("agent-7", 10));
    const counts = Array.from({ length: 10 }, () => 0);
    for (let i = 0; i < 1_000; i++) {
      const index = placeSubscriber(`agent-${i}`, 10);
      counts[index] = (counts[index] ?? 0) + 1;
    }
    expect(Math.min(...counts)).toBeGreaterThan(50);
    expect(Math.max(...counts)).toBeLessThan(150);
    expect(relayName("h", 3)).toBe("h#relay-3");
  });
});
