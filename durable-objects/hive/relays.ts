// The Hive's side of its relays: which relay objects hold its subscribers, the
// feed that sends each fan-out batch once per relay (fire-and-forget: the commit
// path never waits on a relay), placement of a new socket, and the RPC surface a
// relay calls back on (RelayLink: attach, catch-up reads, commits, snapshots).
// Placement counts the sockets it sent to a relay that the relay has not reported
// yet (reservations): a burst of connections spreads instead of piling onto the
// relay the hash names, and a full relay's newcomer goes to the least-loaded one.
import { RpcTarget } from "cloudflare:workers";
import type { CommitOutcome } from "../../shared/hive/messages.ts";
import type { Snapshot } from "../../shared/hive/reads.ts";
import { CommitRequestSchema } from "../../shared/hive/writes.ts";
import {
  RELAY_AUTO_AFTER,
  RELAY_FEED_INTERVAL_MS,
  RelayModeSchema,
  SUBSCRIBERS_PER_RELAY,
  relayCount,
  relayName,
  placeSubscriber,
  type RelayMode,
} from "../../shared/hive/relays.ts";
import { createLogger, describeError } from "../../shared/base/log.ts";
import { err, ok, type Result } from "../../shared/base/result.ts";
import type { EncodedEvent, HiveStore } from "./artifacts/store.ts";
import type { CommitQueue } from "./commit-queue.ts";
import { packFeed, type FedBatch } from "./relay-feed.ts";

const log = createLogger("hive");

const MODE_KEY = "relays.mode";
const SET_KEY = "relays.set";

/** Events per catch-up read a relay makes. */
export const RELAY_READ_EVENTS = 512;

/** A placement the relay has not reported is counted this long at most (its socket failed). */
export const RESERVATION_MS = 10_000;

/** A socket placed this long before a feed has reached its relay: the feed's answer counts it. */
const RESERVATION_IN_FLIGHT_MS = 1_000;

/** A page of the log as a relay reads it (the stored JSON texts). */
export interface RelayEvents {
  events: EncodedEvent[];
  head: number;
  /** `after` is older than the retention window: the relay sends a snapshot instead. */
  beyondRetention: boolean;
}

/** What the Hive needs of a relay object (workers/relay implements it). */
export interface RelayFeed {
  feed(hive: string, batch: FedBatch): Promise<number>;
  closeKey(keyId: string): Promise<number>;
}

/** What the Hive tells its relays' side about itself. */
export interface HiveFacts {
  hive: () => string;
  directSubscribers: () => number;
  /** A sharded hive's sockets stay on the Hive: relays follow one log, not the merged stream. */
  sharded: () => boolean;
}

export interface RelayDeps extends HiveFacts {
  kv: SyncKvStorage;
  store: HiveStore;
  commits: CommitQueue;
  /** The relay object of a name (the gateway binds the Relay class of lethe-relay). */
  relay: (name: string) => RelayFeed;
}

export class Relays {
  readonly #deps: RelayDeps;
  /** Relay name → subscribers it reported holding. */
  readonly #held: Map<string, number>;
  /** Relay name → times of placements made since its last report (sockets on their way). */
  readonly #reserved = new Map<string, number[]>();
  /** Attaches per relay: a feed's "holding none" answer loses to an attach made after it was sent. */
  readonly #attaches = new Map<string, number>();
  /**
   * Relay name → its stub, made once and reused by every feed; dropped when a
   * call on it fails (a relay that was reset breaks the stubs made before).
   */
  readonly #stubs = new Map<string, RelayFeed>();
  /** Events waiting for the next feed, when they came sooner than RELAY_FEED_INTERVAL_MS. */
  #waiting: EncodedEvent[] = [];
  #feedTimer: ReturnType<typeof setTimeout> | null = null;
  #fedAt = 0;
  /** The RPC target the Hive's relays() hands out. */
  readonly link: RelayLink;

  constructor(
    kv: SyncKvStorage,
    store: HiveStore,
    commits: CommitQueue,
    relay: (name: string) => RelayFeed,
    facts: HiveFacts,
  ) {
    const deps = { kv, store, commits, relay, ...facts };
    this.#deps = deps;
    this.#held = new Map(deps.kv.get<Array<[string, number]>>(SET_KEY) ?? []);
    this.link = new RelayLink(this, deps);
  }

  get mode(): RelayMode {
    return RelayModeSchema.catch("auto").parse(this.#deps.kv.get(MODE_KEY));
  }

  setMode(mode: RelayMode): void {
    this.#deps.kv.put(MODE_KEY, mode);
  }

  /** Subscribers held by relays (as each last reported). */
  get relayed(): number {
    let sum = 0;
    for (const n of this.#held.values()) {
      sum += n;
    }
    return sum;
  }

  get names(): string[] {
    return [...this.#held.keys()];
  }

  /**
   * The relay a new socket goes to, or null for the Hive itself. The hash of the
   * subscriber names a relay; when that one holds (or has been sent) a full share,
   * the least-loaded relay takes the socket. Either way the socket is reserved.
   */
  placement(subscriberId: string): string | null {
    const mode = this.mode;
    const direct = this.#deps.directSubscribers();
    if (
      mode === "never" ||
      this.#deps.sharded() ||
      (mode === "auto" && this.#held.size === 0 && direct < RELAY_AUTO_AFTER)
    ) {
      return null;
    }
    const now = Date.now();
    const hive = this.#deps.hive();
    const count = relayCount(direct + this.relayed + this.#pending(now) + 1);
    const load = (index: number) => {
      const name = relayName(hive, index);
      return (this.#held.get(name) ?? 0) + (this.#reserved.get(name)?.length ?? 0);
    };
    let index = placeSubscriber(subscriberId, count);
    if (load(index) >= SUBSCRIBERS_PER_RELAY) {
      for (let i = 0; i < count; i++) {
        if (load(i) < load(index)) {
          index = i;
        }
      }
    }
    const name = relayName(hive, index);
    this.#reserved.set(name, [...(this.#reserved.get(name) ?? []), now]);
    return name;
  }

  /** Reservations still counted (expired ones are dropped). */
  #pending(now: number): number {
    let sum = 0;
    for (const [name, times] of this.#reserved) {
      const live = times.filter((t) => now - t < RESERVATION_MS);
      if (live.length === 0) {
        this.#reserved.delete(name);
      } else {
        this.#reserved.set(name, live);
      }
      sum += live.length;
    }
    return sum;
  }

  /**
   * A relay answered a feed with its holding: the reservations made before `since`
   * are in it. (An attach's holding is not: sockets are still arriving then, and
   * counting one twice only spreads a burst further.)
   */
  #reported(name: string, since: number): void {
    const times = this.#reserved.get(name)?.filter((t) => t > since) ?? [];
    if (times.length === 0) {
      this.#reserved.delete(name);
    } else {
      this.#reserved.set(name, times);
    }
  }

  /** A relay holds subscribers and wants the feed; returns the head it starts from. */
  attach(name: string, holding: number): number {
    this.#attaches.set(name, (this.#attaches.get(name) ?? 0) + 1);
    this.#set(name, holding);
    return this.#deps.store.head;
  }

  detach(name: string): void {
    this.#stubs.delete(name);
    if (this.#held.delete(name)) {
      this.#deps.kv.put(SET_KEY, [...this.#held]);
    }
  }

  #set(name: string, holding: number): void {
    const known = this.#held.has(name);
    this.#held.set(name, holding);
    if (!known) {
      this.#deps.kv.put(SET_KEY, [...this.#held]);
    }
  }

  /**
   * One fan-out batch for the relays: it goes at once after a quiet spell, else
   * with the batches of the next RELAY_FEED_INTERVAL_MS as one feed.
   */
  feed(events: readonly EncodedEvent[]): void {
    if (this.#held.size === 0) {
      return;
    }
    this.#waiting.push(...events);
    const wait = this.#fedAt + RELAY_FEED_INTERVAL_MS - Date.now();
    if (wait <= 0) {
      // After a quiet spell, or when the timer is overdue behind queued work.
      if (this.#feedTimer !== null) {
        clearTimeout(this.#feedTimer);
        this.#feedTimer = null;
      }
      this.#send();
    } else {
      this.#feedTimer ??= setTimeout(() => {
        this.#feedTimer = null;
        this.#send();
      }, wait);
    }
  }

  /**
   * The waiting events, joined once and sent to each relay, never awaited: a
   * relay that is slow or gone costs the Hive one RPC send. A relay answers how
   * many subscribers it still holds; one that holds none leaves the set until a
   * socket brings it back.
   */
  #send(): void {
    this.#fedAt = Date.now();
    const events = this.#waiting;
    this.#waiting = [];
    if (events.length === 0 || this.#held.size === 0) {
      return;
    }
    const hive = this.#deps.hive();
    // Serialised once: each relay's RPC carries the same string.
    const batch = packFeed(events);
    const sent = Date.now();
    for (const name of this.#held.keys()) {
      const attaches = this.#attaches.get(name);
      this.#stub(name)
        .feed(hive, batch)
        .then(
          (holding) => {
            if (holding > 0) {
              this.#held.set(name, holding);
              this.#reported(name, sent - RESERVATION_IN_FLIGHT_MS);
            } else if (this.#attaches.get(name) === attaches) {
              this.detach(name);
            }
          },
          (error: unknown) => {
            this.#stubs.delete(name);
            log.warn("relay.feed.failed", { name, ...describeError(error) });
          },
        );
    }
  }

  /** The cached stub of relay `name`. */
  #stub(name: string): RelayFeed {
    let stub = this.#stubs.get(name);
    if (stub === undefined) {
      stub = this.#deps.relay(name);
      this.#stubs.set(name, stub);
    }
    return stub;
  }

  /** Closes the relayed sockets opened with a revoked key; returns how many. */
  async closeKey(keyId: string): Promise<number> {
    const counts = await Promise.all(
      this.names.map((name) =>
        this.#stub(name)
          .closeKey(keyId)
          .catch((error: unknown) => {
            this.#stubs.delete(name);
            log.warn("relay.close_key.failed", { name, ...describeError(error) });
            return 0;
          }),
      ),
    );
    return counts.reduce((a, b) => a + b, 0);
  }
}

/**
 * The Hive's RPC surface for its relays and the gateway's placement
 * (`stub.relays().placement(id)`: one round trip, pipelined).
 */
export class RelayLink extends RpcTarget {
  readonly #relays: Relays;
  readonly #deps: RelayDeps;

  constructor(relays: Relays, deps: RelayDeps) {
    super();
    this.#relays = relays;
    this.#deps = deps;
  }

  /** Where a new socket of `subscriberId` goes: a relay's name, or null for the Hive. */
  placement(subscriberId: string): string | null {
    return this.#relays.placement(String(subscriberId));
  }

  setMode(mode: RelayMode): Result<RelayMode, "INVALID_REQUEST"> {
    const parsed = RelayModeSchema.safeParse(mode);
    if (!parsed.success) {
      return err(
        "INVALID_REQUEST",
        `relay mode ${String(mode)} is unknown`,
        "use auto, always or never",
      );
    }
    this.#relays.setMode(parsed.data);
    return ok(parsed.data);
  }

  /** The relays in use and the subscribers each reported. */
  status(): { mode: RelayMode; relays: string[]; relayed: number } {
    return { mode: this.#relays.mode, relays: this.#relays.names, relayed: this.#relays.relayed };
  }

  attach(name: string, holding: number): { head: number } {
    return { head: this.#relays.attach(String(name), Number(holding) || 0) };
  }

  detach(name: string): void {
    this.#relays.detach(String(name));
  }

  /** Up to RELAY_READ_EVENTS events after `after` (a relay's catch-up or gap fill). */
  events(after: number, through?: number): RelayEvents {
    const store = this.#deps.store;
    const head = store.head;
    if (!store.canReplayFrom(after)) {
      return { events: [], head, beyondRetention: true };
    }
    const last = Math.min(head, through ?? head);
    return {
      events: store.eventBodies(after, last, RELAY_READ_EVENTS),
      head,
      beyondRetention: false,
    };
  }

  snapshot(): Snapshot {
    return this.#deps.store.snapshot();
  }

  /** A relayed socket's commit frame: one group, each commit's outcome in order. */
  async commit(commits: unknown[]): Promise<CommitOutcome[]> {
    const parsed = commits.map((c) => CommitRequestSchema.parse(c));
    return new Promise((resolve, reject) => {
      this.#deps.commits
        .enqueue(parsed, { results: [], answer: resolve })
        .catch((error: unknown) =>
          reject(error instanceof Error ? error : new Error(String(error))),
        );
    });
  }
}
