// The subscriptions a relay serves: catch-up from its ring or the Hive's log,
// live fan-out of the batches the Hive feeds, and the same per-socket window of
// unacknowledged events as the Hive's own subscribers (a slow reader pauses, then
// is closed with SLOW_CONSUMER). State lives in each socket's attachment, so it
// survives hibernation. Owned by relay.ts, which serialises every call.
import {
  CLOSE_KEY_REVOKED,
  CLOSE_REPLACED,
  CLOSE_SLOW_CONSUMER,
  STALL_LIMIT_EVENTS,
  SUBSCRIBER_WINDOW_EVENTS,
} from "../../shared/hive/messages.ts";
import type { Snapshot } from "../../shared/hive/reads.ts";
import { packByBytes, utf8Bytes } from "../../shared/hive/pack.ts";
import type { EncodedEvent } from "../../durable-objects/hive/artifacts/store.ts";
import { FanoutBatch } from "../../durable-objects/hive/fanout.ts";
import type { RelayEvents } from "../../durable-objects/hive/relays.ts";
import type { Subscription } from "../../durable-objects/hive/subscribers.ts";
import { send } from "../../durable-objects/sockets/socket.ts";
import type { EventRing } from "./ring.ts";

/** Bytes per frame, as the Hive's own subscribers get them. */
const MAX_OUT_FRAME_BYTES = 512 * 1024;
/** Events per catch-up step. */
const CATCHUP_PAGE_EVENTS = 512;
/** An ack is written to the attachment once it moved this far (as the Hive does). */
const ACK_PERSIST_EVENTS = SUBSCRIBER_WINDOW_EVENTS / 2;

/** A relayed socket's attachment. */
export interface RelayedSocket {
  /** The subscriber's connection id: a newer socket with the same id replaces this one. */
  id: string;
  keyId?: string;
  opened: number;
  sub: Subscription | null;
}

/** Where a relay's events come from: its ring, its head, and the Hive behind it. */
export interface EventSource {
  readonly head: number;
  readonly ring: EventRing;
  readLog(after: number, through: number): Promise<RelayEvents>;
  snapshot(): Promise<Snapshot>;
}

interface Entry {
  ws: WebSocket;
  state: RelayedSocket;
  persistedAcked: number;
}

export class RelayedSubscribers {
  readonly #entries = new Map<WebSocket, Entry>();
  readonly #source: EventSource;

  constructor(source: EventSource) {
    this.#source = source;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * Rebuilds the index from the sockets' attachments (after hibernation): a live
   * subscriber had been sent every event up to the relay's head.
   */
  restore(sockets: readonly WebSocket[], head: number): void {
    for (const ws of sockets) {
      const state = ws.deserializeAttachment() as RelayedSocket | null;
      if (state === null) {
        continue;
      }
      const sub =
        state.sub === null ? null : { ...state.sub, sent: state.sub.live ? head : state.sub.sent };
      this.add(ws, { ...state, sub });
    }
  }

  /** A socket joins; an older socket of the same subscriber id is closed. */
  add(ws: WebSocket, state: RelayedSocket): void {
    for (const [other, entry] of this.#entries) {
      if (entry.state.id === state.id && other !== ws) {
        this.#entries.delete(other);
        closeQuietly(other, CLOSE_REPLACED, "REPLACED: a newer socket uses this connection id");
      }
    }
    this.#entries.set(ws, { ws, state, persistedAcked: state.sub?.acked ?? 0 });
  }

  /** Some subscriber is live: it was sent every event up to the relay's head. */
  get anyLive(): boolean {
    for (const entry of this.#entries.values()) {
      if (entry.state.sub?.live === true) {
        return true;
      }
    }
    return false;
  }

  remove(ws: WebSocket): void {
    this.#entries.delete(ws);
  }

  has(ws: WebSocket): boolean {
    return this.#entries.has(ws);
  }

  closeKey(keyId: string): number {
    let closed = 0;
    for (const [ws, entry] of this.#entries) {
      if (entry.state.keyId === keyId) {
        this.#entries.delete(ws);
        closeQuietly(ws, CLOSE_KEY_REVOKED, "KEY_REVOKED: this socket's hive key was revoked");
        closed++;
      }
    }
    return closed;
  }

  /** Starts (or restarts) a subscription: every event after `since`, then live. */
  async subscribe(ws: WebSocket, since: number): Promise<void> {
    const entry = this.#entries.get(ws);
    if (entry === undefined) {
      return;
    }
    const head = this.#source.head;
    if (since > head) {
      send(ws, {
        type: "sys.error",
        code: "SINCE_AHEAD",
        message: `since=${since} is past this hive's head (${head})`,
        hint: "subscribe with the last seq you received from this hive, or 0 for everything",
      });
      return;
    }
    send(ws, { type: "hive.subscribed", since, head });
    entry.state.sub = { sent: since, acked: since, live: false, stalledAt: null };
    entry.persistedAcked = since;
    await this.#pump(entry);
  }

  unsubscribe(ws: WebSocket): void {
    const entry = this.#entries.get(ws);
    if (entry !== undefined) {
      entry.state.sub = null;
      this.#persist(entry);
    }
  }

  /** The client processed everything through `seq`: reopen its window. */
  async ack(ws: WebSocket, seq: number): Promise<void> {
    const entry = this.#entries.get(ws);
    const sub = entry?.state.sub;
    if (entry === undefined || sub === null || sub === undefined) {
      send(ws, {
        type: "sys.error",
        code: "NOT_SUBSCRIBED",
        message: "hive.ack without a subscription",
        hint: "send hive.subscribe {since} first (or connect with ?since=)",
      });
      return;
    }
    if (seq > sub.sent) {
      send(ws, {
        type: "sys.error",
        code: "ACK_AHEAD",
        message: `ack ${seq} is past the last event sent (${sub.sent})`,
        hint: "ack the seq of the last event you received",
      });
      return;
    }
    sub.acked = Math.max(sub.acked, seq);
    sub.stalledAt = null;
    if (!sub.live) {
      await this.#pump(entry);
    } else if (sub.acked - entry.persistedAcked >= ACK_PERSIST_EVENTS) {
      this.#persist(entry);
    }
  }

  /** Catch-up pages while the window has room, from the ring or the Hive's log; live at the head. */
  async #pump(entry: Entry): Promise<void> {
    const sub = entry.state.sub;
    if (sub === null || sub === undefined) {
      return;
    }
    for (;;) {
      const head = this.#source.head;
      if (sub.sent >= head || sub.sent - sub.acked >= SUBSCRIBER_WINDOW_EVENTS) {
        break;
      }
      const room = Math.min(sub.acked + SUBSCRIBER_WINDOW_EVENTS - sub.sent, CATCHUP_PAGE_EVENTS);
      let rows = this.#source.ring.slice(sub.sent, head, room);
      if (rows === null) {
        const page = await this.#source.readLog(sub.sent, head);
        if (page.beyondRetention) {
          await this.#sendSnapshot(entry);
          continue;
        }
        rows = page.events.slice(0, room);
      }
      const last = rows.at(-1);
      if (last === undefined || !this.#entries.has(entry.ws)) {
        break;
      }
      for (const frame of packByBytes(rows, MAX_OUT_FRAME_BYTES, (r) => r.body.length)) {
        entry.ws.send(`{"type":"hive.events","events":[${frame.map((r) => r.body).join(",")}]}`);
      }
      sub.sent = last.seq;
    }
    const head = this.#source.head;
    if (sub.sent >= head) {
      sub.live = true;
      sub.stalledAt = null;
      send(entry.ws, { type: "hive.synced", seq: Math.max(head, sub.sent) });
    } else {
      sub.live = false;
      sub.stalledAt ??= head;
    }
    this.#persist(entry);
  }

  async #sendSnapshot(entry: Entry): Promise<void> {
    const snapshot = await this.#source.snapshot();
    const pages = packByBytes(snapshot.artifacts, MAX_OUT_FRAME_BYTES, (a) =>
      utf8Bytes(JSON.stringify(a)),
    );
    if (pages.length === 0) {
      pages.push([]);
    }
    pages.forEach((artifacts, i) =>
      send(entry.ws, {
        type: "hive.snapshot",
        seq: snapshot.seq,
        artifacts,
        done: i === pages.length - 1,
      }),
    );
    if (entry.state.sub) {
      entry.state.sub.sent = snapshot.seq;
      entry.state.sub.acked = snapshot.seq;
    }
  }

  /** New events (after the relay's previous head) to every live subscriber. */
  fanOut(events: readonly EncodedEvent[]): void {
    const batch = new FanoutBatch(events, MAX_OUT_FRAME_BYTES);
    const head = batch.head;
    if (head === 0) {
      return;
    }
    for (const [ws, entry] of this.#entries) {
      const sub = entry.state.sub;
      if (sub === null || sub === undefined) {
        continue;
      }
      try {
        if (sub.live) {
          if (head - sub.acked <= SUBSCRIBER_WINDOW_EVENTS) {
            for (const frame of batch.framesAfter(sub.sent)) {
              ws.send(frame);
            }
            sub.sent = Math.max(sub.sent, head);
            continue;
          }
          sub.live = false;
          sub.stalledAt = Math.min(head, sub.acked + SUBSCRIBER_WINDOW_EVENTS);
          this.#persist(entry);
        }
        if (sub.stalledAt !== null && head - sub.stalledAt > STALL_LIMIT_EVENTS) {
          this.#entries.delete(ws);
          ws.close(
            CLOSE_SLOW_CONSUMER,
            `SLOW_CONSUMER: no ack for ${STALL_LIMIT_EVENTS} events; reconnect with since=${sub.acked}`,
          );
        }
      } catch {
        // The socket is closing or gone: its client resumes with since.
        this.#entries.delete(ws);
      }
    }
  }

  #persist(entry: Entry): void {
    entry.persistedAcked = entry.state.sub?.acked ?? 0;
    try {
      entry.ws.serializeAttachment({
        ...entry.state,
        sub: entry.state.sub && { ...entry.state.sub },
      });
    } catch {
      // The socket closed: nothing to keep.
    }
  }
}

function closeQuietly(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // Already closing.
  }
}
