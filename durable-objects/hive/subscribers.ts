// Delivers the Hive's event log to subscribed sockets: catch-up from `since`
// (or a snapshot beyond retention), then live events, under a per-socket window
// of unacknowledged events so a slow reader never slows the writer. Live events
// are coalesced into one frame per subscriber per FANOUT_INTERVAL_MS (fanout.ts).
// The state of each subscription lives in the socket's attachment, so it survives hibernation.
import type { Connection } from "partyserver";
import {
  CLOSE_KEY_REVOKED,
  CLOSE_REPLACED,
  CLOSE_SLOW_CONSUMER,
  STALL_LIMIT_EVENTS,
  SUBSCRIBER_WINDOW_EVENTS,
} from "../../shared/hive/messages.ts";
import { packByBytes, utf8Bytes } from "../../shared/hive/pack.ts";
import { createLogger } from "../../shared/base/log.ts";
import { send } from "../sockets/socket.ts";
import type { EncodedEvent, HiveStore } from "./artifacts/store.ts";
import { FANOUT_INTERVAL_MS, Fanout } from "./fanout.ts";
import type { MergedSubscription } from "./merged-stream.ts";

const log = createLogger("hive");

/** Events read from the log per catch-up step. */
const CATCHUP_PAGE_EVENTS = 512;
/**
 * Bytes per catch-up or snapshot frame: far below workerd's 32 MiB message cap,
 * small enough that one frame never monopolises the socket.
 */
const MAX_OUT_FRAME_BYTES = 512 * 1024;
/**
 * A live subscriber's ack is written to its attachment (a structured clone per
 * write) once it moved this far since the last write: every second ack of a
 * client that acks every ACK_EVERY_EVENTS. After hibernation the restored
 * `acked` is then less than this far behind, which leaves the window room for
 * more than ACK_EVERY_EVENTS events until the client's next ack.
 */
const ACK_PERSIST_EVENTS = SUBSCRIBER_WINDOW_EVENTS / 2;

export interface Subscription {
  /** Highest seq sent to this socket (while `live`, the head: see reload()). */
  sent: number;
  /** Highest seq the client acknowledged. */
  acked: number;
  /** Caught up: every commit is sent to it as it happens. */
  live: boolean;
  /** The seq at which its window filled; null while it has room. */
  stalledAt: number | null;
}

export interface SocketState {
  hive: string;
  sub: Subscription | null;
  /** The id of the hive key that opened the socket: revoking it closes the socket. */
  keyId?: string;
  /** When the socket opened (ms, fractional for order): the newest of a reused id wins. */
  opened?: number;
  /** A sharded hive's merged stream: seqs sent and acked per shard, its window (merged-stream.ts). */
  merged?: MergedSubscription;
}

type Entry = {
  connection: Connection<SocketState>;
  sub: Subscription;
  /** The `acked` last written to the attachment. */
  persistedAcked: number;
};

export class Subscribers {
  readonly #store: HiveStore;
  readonly #connections: () => Iterable<Connection<SocketState>>;
  readonly #entries = new Map<string, Entry>();
  readonly #fanout = new Fanout(MAX_OUT_FRAME_BYTES);
  #fanoutTimer: ReturnType<typeof setTimeout> | null = null;
  /** When live frames last left (Date.now(); advances between events in workerd). */
  #fannedOutAt = 0;
  #loaded = false;

  /** Called with each fan-out's events, once per batch: the relays' feed (relays.ts). */
  readonly #onFanOut: (events: readonly EncodedEvent[]) => void;

  constructor(
    store: HiveStore,
    connections: () => Iterable<Connection<SocketState>>,
    onFanOut: (events: readonly EncodedEvent[]) => void = () => {},
  ) {
    this.#store = store;
    this.#connections = connections;
    this.#onFanOut = onFanOut;
  }

  get count(): number {
    this.#reload();
    return this.#entries.size;
  }

  /**
   * After hibernation the in-memory index is empty: rebuild it from attachments.
   * A live socket was sent every event up to the head, except those still
   * waiting in the fan-out (they wait at most FANOUT_INTERVAL_MS, far shorter
   * than the idle time before hibernation, and an evicted object's sockets are
   * closed), so its `sent` is that point.
   */
  #reload(): void {
    if (this.#loaded) {
      return;
    }
    this.#loaded = true;
    // partysocket reconnects under its old id: of two sockets sharing one, the
    // newest is the client's; the stale one is closed, never left to take its events.
    const newest = new Map<string, Connection<SocketState>>();
    for (const connection of this.#connections()) {
      const held = newest.get(connection.id);
      if (held === undefined || openedAt(connection) > openedAt(held)) {
        if (held !== undefined) {
          closeQuietly(held, CLOSE_REPLACED, "REPLACED: a newer socket uses this connection id");
        }
        newest.set(connection.id, connection);
      } else {
        closeQuietly(
          connection,
          CLOSE_REPLACED,
          "REPLACED: a newer socket uses this connection id",
        );
      }
    }
    const liveAt = this.#fanout.waitingAfter ?? this.#store.head;
    for (const connection of newest.values()) {
      const sub = connection.state?.sub;
      if (sub) {
        const restored = { ...sub, sent: sub.live ? liveAt : sub.sent };
        this.#entries.set(connection.id, { connection, sub: restored, persistedAcked: sub.acked });
      }
    }
  }

  /**
   * A socket just opened: any older socket with the same connection id (a
   * partysocket reconnect) is closed and loses its subscription to this one.
   */
  claim(connection: Connection<SocketState>): void {
    this.#reload();
    for (const other of this.#connections()) {
      if (other.id === connection.id && openedAt(other) < openedAt(connection)) {
        if (this.#entries.get(other.id)?.connection === other) {
          this.#entries.delete(other.id);
        }
        closeQuietly(other, CLOSE_REPLACED, "REPLACED: a newer socket uses this connection id");
      }
    }
  }

  /** Closes every socket opened with the key `keyId` (revoked); returns how many. */
  closeKey(keyId: string): number {
    this.#reload();
    let closed = 0;
    for (const connection of this.#connections()) {
      if (connection.state?.keyId === keyId) {
        if (this.#entries.get(connection.id)?.connection === connection) {
          this.#entries.delete(connection.id);
        }
        closeQuietly(
          connection,
          CLOSE_KEY_REVOKED,
          "KEY_REVOKED: this socket's hive key was revoked",
        );
        closed++;
      }
    }
    return closed;
  }

  #persist(entry: Entry): void {
    entry.persistedAcked = entry.sub.acked;
    entry.connection.setState((prev) => ({
      ...prev,
      hive: prev?.hive ?? "",
      sub: { ...entry.sub },
    }));
  }

  /** Starts (or restarts) a subscription: every event after `since`, then live. */
  subscribe(connection: Connection<SocketState>, since: number): void {
    this.#reload();
    const head = this.#store.head;
    if (since > head) {
      send(connection, {
        type: "sys.error",
        code: "SINCE_AHEAD",
        message: `since=${since} is past this hive's head (${head})`,
        hint: "subscribe with the last seq you received from this hive, or 0 for everything",
      });
      return;
    }
    const entry: Entry = {
      connection,
      sub: { sent: since, acked: since, live: false, stalledAt: null },
      persistedAcked: since,
    };
    // The boundary: everything after it belongs to this subscription only.
    send(connection, { type: "hive.subscribed", since, head });
    this.#entries.set(connection.id, entry);
    this.#pump(entry);
  }

  /** The active artifacts in pages; the log continues after the snapshot's seq. */
  #sendSnapshot(entry: Entry): void {
    const snapshot = this.#store.snapshot();
    const pages = packByBytes(snapshot.artifacts, MAX_OUT_FRAME_BYTES, (a) =>
      utf8Bytes(JSON.stringify(a)),
    );
    if (pages.length === 0) {
      pages.push([]);
    }
    pages.forEach((artifacts, i) =>
      send(entry.connection, {
        type: "hive.snapshot",
        seq: snapshot.seq,
        artifacts,
        done: i === pages.length - 1,
      }),
    );
    entry.sub.sent = snapshot.seq;
    entry.sub.acked = snapshot.seq;
  }

  unsubscribe(connection: Connection<SocketState>): void {
    this.#reload();
    this.#entries.delete(connection.id);
    connection.setState((prev) => ({ ...prev, hive: prev?.hive ?? "", sub: null }));
  }

  /** The client processed everything through `seq`: reopen its window. */
  ack(connection: Connection<SocketState>, seq: number): void {
    this.#reload();
    const entry = this.#entries.get(connection.id);
    if (!entry) {
      send(connection, {
        type: "sys.error",
        code: "NOT_SUBSCRIBED",
        message: "hive.ack without a subscription",
        hint: "send hive.subscribe {since} first (or connect with ?since=)",
      });
      return;
    }
    if (seq > entry.sub.sent) {
      send(connection, {
        type: "sys.error",
        code: "ACK_AHEAD",
        message: `ack ${seq} is past the last event sent (${entry.sub.sent})`,
        hint: "ack the seq of the last event you received",
      });
      return;
    }
    entry.sub.acked = Math.max(entry.sub.acked, seq);
    entry.sub.stalledAt = null;
    if (entry.sub.live) {
      if (entry.sub.acked - entry.persistedAcked >= ACK_PERSIST_EVENTS) {
        this.#persist(entry);
      }
    } else {
      this.#pump(entry);
    }
  }

  /** Sends catch-up pages while the window has room; goes live at the head. */
  #pump(entry: Entry): void {
    const { sub } = entry;
    if (!this.#store.canReplayFrom(sub.sent)) {
      // Behind the retention window (at subscribe, or pruned while it caught up).
      this.#sendSnapshot(entry);
    }
    const head = this.#store.head;
    while (sub.sent < head && sub.sent - sub.acked < SUBSCRIBER_WINDOW_EVENTS) {
      const room = sub.acked + SUBSCRIBER_WINDOW_EVENTS - sub.sent;
      const rows = this.#store.eventBodies(sub.sent, head, Math.min(room, CATCHUP_PAGE_EVENTS));
      const last = rows.at(-1);
      if (!last) {
        break;
      }
      for (const frame of packByBytes(rows, MAX_OUT_FRAME_BYTES, (r) => r.body.length)) {
        // The bodies are HiveEvents this store encoded; re-parsing them only to
        // re-encode would double the cost of catch-up.
        entry.connection.send(
          `{"type":"hive.events","events":[${frame.map((r) => r.body).join(",")}]}`,
        );
      }
      sub.sent = last.seq;
    }
    if (sub.sent >= head) {
      sub.live = true;
      sub.stalledAt = null;
      send(entry.connection, { type: "hive.synced", seq: head });
    } else {
      sub.live = false;
      sub.stalledAt ??= head;
    }
    this.#persist(entry);
  }

  /**
   * Called right after a commit, in the same turn: never awaits a socket. The
   * events go out at once after a quiet spell, else with the next fan-out.
   */
  publish(events: readonly EncodedEvent[]): void {
    if (events.length === 0) {
      return;
    }
    this.#fanout.push(events);
    this.#reload();
    const wait = this.#fannedOutAt + FANOUT_INTERVAL_MS - Date.now();
    if (wait <= 0) {
      // After a quiet spell, or when the timer is overdue: a busy object runs the
      // queued socket messages before a due timer, which would hold the events.
      if (this.#fanoutTimer !== null) {
        clearTimeout(this.#fanoutTimer);
        this.#fanoutTimer = null;
      }
      this.#fanOut();
      return;
    }
    if (this.#fanoutTimer !== null) {
      return;
    }
    this.#fanoutTimer = setTimeout(() => {
      this.#fanoutTimer = null;
      this.#fanOut();
    }, wait);
  }

  /** Sends the waiting events to every live subscriber, one shared frame per starting seq. */
  #fanOut(): void {
    this.#fannedOutAt = Date.now();
    const batch = this.#fanout.take();
    const head = batch.head;
    if (head === 0) {
      return;
    }
    this.#onFanOut(batch.events);
    for (const [id, entry] of this.#entries) {
      const { sub } = entry;
      try {
        if (sub.live) {
          if (head - sub.acked <= SUBSCRIBER_WINDOW_EVENTS) {
            // A subscriber that went live during the wait already has the events
            // up to its `sent` from the log: it gets only the ones after.
            for (const frame of batch.framesAfter(sub.sent)) {
              entry.connection.send(frame);
            }
            sub.sent = Math.max(sub.sent, head);
            continue;
          }
          sub.live = false;
          // Where its window filled, however many commits this fan-out groups:
          // the stall limit counts events, not fan-outs.
          sub.stalledAt = Math.min(head, sub.acked + SUBSCRIBER_WINDOW_EVENTS);
          this.#persist(entry);
        }
        if (sub.stalledAt !== null && head - sub.stalledAt > STALL_LIMIT_EVENTS) {
          this.#entries.delete(id);
          entry.connection.close(
            CLOSE_SLOW_CONSUMER,
            `SLOW_CONSUMER: no ack for ${STALL_LIMIT_EVENTS} events; reconnect with since=${sub.acked}`,
          );
        }
      } catch (error) {
        // The socket is closing or gone: drop it; its client resumes with since.
        this.#entries.delete(id);
        log.debug("subscriber.dropped", { id, error: String(error) });
      }
    }
  }

  /**
   * A closed socket leaves the index. partysocket reconnects under the same id,
   * so the old socket's close may arrive after the new one subscribed: only the
   * entry of this very socket is removed.
   */
  forget(connection: Connection<SocketState>): void {
    const entry = this.#entries.get(connection.id);
    if (entry?.connection === connection) {
      this.#entries.delete(connection.id);
    }
  }
}

function openedAt(connection: Connection<SocketState>): number {
  return connection.state?.opened ?? 0;
}

function closeQuietly(connection: Connection<SocketState>, code: number, reason: string): void {
  try {
    connection.close(code, reason);
  } catch {
    // Already closing: nothing more to do.
  }
}
