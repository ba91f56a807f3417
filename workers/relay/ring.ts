// The recent events a relay holds, contiguous up to its head: subscribers that
// reconnect a little behind catch up from here instead of from the Hive's log.
import type { EncodedEvent } from "../../durable-objects/hive/artifacts/store.ts";

/** Events a relay keeps (at 50 commits/s, well over a minute of a busy hive). */
export const RING_EVENTS = 4_096;
/** And at most this many bytes of event text: a relay's memory stays small beside its sockets. */
export const RING_BYTES = 8 * 1024 * 1024;

export class EventRing {
  #events: EncodedEvent[] = [];
  #bytes = 0;

  /** Appends events newer than the ring's last (older ones are dropped). */
  push(events: readonly EncodedEvent[]): void {
    const last = this.#events.at(-1)?.seq ?? 0;
    for (const event of events) {
      if (event.seq > last) {
        this.#events.push(event);
        this.#bytes += event.body.length;
      }
    }
    let drop = 0;
    while (
      drop < this.#events.length &&
      (this.#events.length - drop > RING_EVENTS || this.#bytes > RING_BYTES)
    ) {
      this.#bytes -= this.#events[drop]?.body.length ?? 0;
      drop++;
    }
    if (drop > 0) {
      this.#events = this.#events.slice(drop);
    }
  }

  /** Forgets everything (the relay's head was reset). */
  clear(): void {
    this.#events = [];
    this.#bytes = 0;
  }

  /**
   * Up to `limit` events with after < seq <= through, or null when the ring does
   * not reach back to `after` (the caller reads the Hive's log instead).
   */
  slice(after: number, through: number, limit: number): EncodedEvent[] | null {
    const first = this.#events[0];
    if (first === undefined || first.seq > after + 1) {
      return after >= through ? [] : null;
    }
    let lo = 0;
    let hi = this.#events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.#events[mid]?.seq ?? Number.POSITIVE_INFINITY) <= after) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    const out: EncodedEvent[] = [];
    for (let i = lo; i < this.#events.length && out.length < limit; i++) {
      const event = this.#events[i];
      if (event === undefined || event.seq > through) {
        break;
      }
      out.push(event);
    }
    return out;
  }
}
