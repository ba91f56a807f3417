// What the Hive, the gateway and the relay objects agree on: how many subscribers a
// relay serves, where a subscriber is placed, and the headers an upgrade carries
// from the gateway to its relay. docs/scale.md explains the design.
import { z } from "zod";

/** A relay per this many subscribers: R = ceil(subscribers / SUBSCRIBERS_PER_RELAY). */
export const SUBSCRIBERS_PER_RELAY = 100;

/**
 * The Hive feeds its relays at most this often: the fan-out batches in between go
 * to each relay as one RPC. A batch after a quiet spell goes at once. Relays send
 * their frames on the same interval (workers/relay/relay.ts), so the two waits do
 * not add up: a relay fed at this pace sends each feed at once.
 */
export const RELAY_FEED_INTERVAL_MS = 40;

/** In mode "auto", sockets go straight to the Hive until it holds this many subscribers. */
export const RELAY_AUTO_AFTER = 100;

/** "auto": relays once the audience is large; "always": every socket; "never": none. */
export const RelayModeSchema = z.enum(["auto", "always", "never"]);
export type RelayMode = z.infer<typeof RelayModeSchema>;

/** The hive a relayed socket belongs to. */
export const RELAY_HIVE_HEADER = "x-lethe-relay-hive";
/** The relay object's own name (it learns it from its first socket). */
export const RELAY_NAME_HEADER = "x-lethe-relay-name";
/** The subscriber's connection id (partysocket's `_pk`, or one the gateway made). */
export const RELAY_SUBSCRIBER_HEADER = "x-lethe-relay-subscriber";

/** The name of relay `index` of `hive` (a Durable Object name of the Relay class). */
export function relayName(hive: string, index: number): string {
  return `${hive}#relay-${index}`;
}

/** Relay count for an audience of `subscribers` (at least one). */
export function relayCount(subscribers: number): number {
  return Math.max(1, Math.ceil(subscribers / SUBSCRIBERS_PER_RELAY));
}

/** hash(subscriberId) % relays: FNV-1a over the id's UTF-16 code units. */
export function placeSubscriber(subscriberId: string, relays: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < subscriberId.length; i++) {
    hash ^= subscriberId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % Math.max(1, relays);
}
