// The live events waiting to go out to a hive's subscribers: each event travels
// as the JSON text the commit wrote to the log (serialised once), and the
// `hive.events` frames for a given starting point are built once and shared by
// every subscriber at that point. Used by subscribers.ts.
import { packByBytes } from "../../shared/hive/pack.ts";
import type { EncodedEvent } from "./artifacts/store.ts";

/**
 * Under a steady stream of commits, live frames leave at most this often: the
 * events committed in between travel together, one frame per subscriber instead
 * of one per commit group. A commit after a quiet spell goes out at once, so the
 * added delivery latency is zero at low rates and at most this under load.
 */
export const FANOUT_INTERVAL_MS = 10;

/** The events taken out of a Fanout in one go, with their frames built on demand. */
export class FanoutBatch {
  readonly #events: readonly EncodedEvent[];
  readonly #maxFrameBytes: number;
  /** Frames by the index of their first event: subscribers at the same seq share them. */
  readonly #frames = new Map<number, string[]>();

  constructor(events: readonly EncodedEvent[], maxFrameBytes: number) {
    this.#events = events;
    this.#maxFrameBytes = maxFrameBytes;
  }

  /** The events of this batch, in seq order (the relays are fed them as they are). */
  get events(): readonly EncodedEvent[] {
    return this.#events;
  }

  /** The seq of the last event (0 when empty). */
  get head(): number {
    return this.#events.at(-1)?.seq ?? 0;
  }

  /** The frames carrying every event after `after`, in order (none when it has them all). */
  framesAfter(after: number): readonly string[] {
    const start = this.#indexAfter(after);
    if (start >= this.#events.length) {
      return [];
    }
    let frames = this.#frames.get(start);
    if (frames === undefined) {
      frames = packByBytes(
        this.#events.slice(start),
        this.#maxFrameBytes,
        (e) => e.body.length,
      ).map((group) => `{"type":"hive.events","events":[${group.map((e) => e.body).join(",")}]}`);
      this.#frames.set(start, frames);
    }
    return frames;
  }

  /** Index of the first event with seq > after (events are in seq order). */
  #indexAfter(after: number): number {
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
    return lo;
  }
}

/** Events committed but not yet sent to the live subscribers. */
export class Fanout {
  #pending: EncodedEvent[] = [];
  readonly #maxFrameBytes: number;

  constructor(maxFrameBytes: number) {
    this.#maxFrameBytes = maxFrameBytes;
  }

  /** The seq just before the first event still waiting (null when none waits). */
  get waitingAfter(): number | null {
    const first = this.#pending[0];
    return first === undefined ? null : first.seq - 1;
  }

  /** Events as the commit encoded them (their log texts), in seq order. */
  push(events: readonly EncodedEvent[]): void {
    for (const event of events) {
      this.#pending.push(event);
    }
  }

  /** Everything waiting, as one batch; the Fanout is empty afterwards. */
  take(): FanoutBatch {
    const batch = new FanoutBatch(this.#pending, this.#maxFrameBytes);
    this.#pending = [];
    return batch;
  }
}
