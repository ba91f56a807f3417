// A fan-out batch as the Hive feeds it to its relays: the events' JSON texts
// joined once into one string, with each event's seq and end offset. The Hive
// serialises a batch once however many relays it feeds (one string crosses each
// RPC, not an object per event); a relay slices the texts back out.
import type { EncodedEvent } from "./artifacts/store.ts";

export interface FedBatch {
  /** The events' texts joined with ",": the inside of a `hive.events` frame's array. */
  text: string;
  seqs: number[];
  /** Where each event's text ends in `text` (exclusive). */
  ends: number[];
}

/** Joins a batch's texts once. */
export function packFeed(events: readonly EncodedEvent[]): FedBatch {
  const seqs: number[] = [];
  const ends: number[] = [];
  let at = 0;
  for (const event of events) {
    at += (seqs.length === 0 ? 0 : 1) + event.body.length;
    seqs.push(event.seq);
    ends.push(at);
  }
  return { text: events.map((e) => e.body).join(","), seqs, ends };
}

/** The events of a fed batch (their texts are slices of the one string). */
export function unpackFeed(batch: FedBatch): EncodedEvent[] {
  const events: EncodedEvent[] = [];
  let start = 0;
  batch.seqs.forEach((seq, i) => {
    const end = batch.ends[i] ?? batch.text.length;
    events.push({ seq, body: batch.text.slice(start, end) });
    start = end + 1;
  });
  return events;
}
