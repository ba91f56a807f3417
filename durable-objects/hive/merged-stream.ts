// The merged live stream of a sharded hive, held by the home Hive (shard 0): a
// socket opened with `?since=0:12,1:7` (or sending `hive.subscribe`) gets every
// shard's events after its own seq, each event carrying its shard, in each shard's
// order. Shards feed the home their committed batches while it holds merged
// sockets (hive.ts); a socket that sees a seq past the one it expects reads the
// missing events from that shard's log first, so a lost or reordered feed costs a
// read, never a gap. Flow control is an unsharded socket's: at most
// SUBSCRIBER_WINDOW_EVENTS unacknowledged over all shards (acks name a seq per
// shard); a full window pauses the socket until an ack resumes it from the logs,
// and STALL_LIMIT_EVENTS more events over all shards close it as SLOW_CONSUMER.
// All work runs on one chain, so every socket's per-shard seq only moves forward,
// one frame at a time; a (re)subscribe bumps `gen`, which stops older work.
import type { Connection } from "partyserver";
import { createLogger, describeError } from "../../shared/base/log.ts";
import {
  CLOSE_SLOW_CONSUMER,
  STALL_LIMIT_EVENTS,
  SUBSCRIBER_WINDOW_EVENTS,
} from "../../shared/hive/messages.ts";
import { formatShardSince, parseShardSince } from "../../shared/hive/shards.ts";
import { send } from "../sockets/socket.ts";
import type { EncodedEvent } from "./artifacts/store.ts";
import type { RelayEvents } from "./relays.ts";
import type { SocketState } from "./subscribers.ts";

const log = createLogger("hive");

/** The longest close reason a WebSocket carries (123 bytes of UTF-8). */
const MAX_CLOSE_REASON_BYTES = 123;

/** A page of shard `shard`'s log after `after` (the same read a relay makes of its Hive). */
export type ShardLogRead = (shard: number, after: number) => Promise<RelayEvents>;

/** A merged socket's subscription, in its attachment; every array is indexed by shard. */
export interface MergedSubscription {
  /** Bumped by each (re)subscribe: work begun for an older subscription stops. */
  gen: number;
  /** The last seq sent of each shard. */
  sent: readonly number[];
  /** The last seq the client acknowledged of each shard. */
  acked: readonly number[];
  /** Each shard's head when the window filled; null while it has room. */
  stalledAt: readonly number[] | null;
  /** Until its catch-up step runs: fed batches skip it, the logs will have them. */
  starting: boolean;
}

type Socket = Connection<SocketState>;

/** How a socket's catch-up of one shard ended. */
type CatchUp = "done" | "stalled" | "gone";

/** An event's stored JSON with its shard put first: `{"shard":1,"seq":…}`. */
function tagged(shard: number, body: string): string {
  return `{"shard":${shard},${body.slice(1)}`;
}

/** Events sent and not yet acknowledged, over every shard. */
function unacked(sub: MergedSubscription): number {
  return sub.sent.reduce((n, seq, shard) => n + seq - (sub.acked[shard] ?? 0), 0);
}

export class MergedStream {
  readonly #sockets: () => Iterable<Socket>;
  readonly #read: ShardLogRead;
  #chain: Promise<void> = Promise.resolve();
  /** Each shard's highest seq seen here (fed batches, log reads); empty after a wake. */
  readonly #heads: number[] = [];
  #gens = 0;

  constructor(sockets: () => Iterable<Socket>, read: ShardLogRead) {
    this.#sockets = sockets;
    this.#read = read;
  }

  /** Merged sockets open now (those catching up or paused included). */
  get count(): number {
    let n = 0;
    for (const c of this.#sockets()) {
      if (c.state?.merged !== undefined) {
        n++;
      }
    }
    return n;
  }

  #serial(step: () => Promise<void>): Promise<void> {
    const run = this.#chain.then(step);
    this.#chain = run.catch((error: unknown) =>
      log.error("merged.step.failed", describeError(error)),
    );
    return run;
  }

  /**
   * Starts (or restarts) a socket after `since` (a seq per shard): the logs first,
   * then live, then `hive.synced`. With `boundary` (a `hive.subscribe` frame) it
   * first sends `hive.subscribed`: what follows belongs to this subscription only.
   * Comes after hold(): a socket unsubscribed since then stays unsubscribed.
   */
  subscribe(connection: Socket, since: number[], boundary = false): Promise<void> {
    const gen = connection.state?.merged === undefined ? null : this.hold(connection, since);
    if (gen === null) {
      return Promise.resolve();
    }
    return this.#serial(async () => {
      try {
        if (boundary) {
          const home = await this.#read(0, since[0] ?? 0);
          if (this.#current(connection, gen) === null) {
            return;
          }
          send(connection, {
            type: "hive.subscribed",
            since: since[0] ?? 0,
            head: home.head,
            shards: formatShardSince(since),
          });
        }
        this.#update(connection, gen, (sub) => ({ ...sub, starting: false }));
        await this.#resume(connection, gen);
      } catch (error) {
        // The socket closed during its catch-up: its client resumes with since.
        log.debug("merged.send.dropped", describeError(error));
      }
    });
  }

  /**
   * Counts the socket as merged before its shards are asked to feed (their first
   * feed is answered by how many this holds), sending it nothing until subscribe()
   * runs; replaces any earlier subscription of it. Null when the socket has no state.
   */
  hold(connection: Socket, since: readonly number[]): number | null {
    const state = connection.state;
    if (state === null) {
      return null;
    }
    this.#gens = Math.max(this.#gens, state.merged?.gen ?? 0) + 1;
    const gen = this.#gens;
    connection.setState({
      ...state,
      merged: { gen, sent: [...since], acked: [...since], stalledAt: null, starting: true },
    });
    return gen;
  }

  /** `hive.unsubscribe`: the socket stays open and gets no more events. */
  unsubscribe(connection: Socket): void {
    const state = connection.state;
    if (state?.merged !== undefined) {
      const { merged: _dropped, ...rest } = state;
      connection.setState(rest);
    }
  }

  /** The client processed each shard's events through `seq` (`0:12,1:7`): reopens its window. */
  ack(connection: Socket, seq: number | string): void {
    const sub = connection.state?.merged;
    if (sub === undefined) {
      send(connection, {
        type: "sys.error",
        code: "NOT_SUBSCRIBED",
        message: "hive.ack without a subscription",
        hint: "send hive.subscribe {since} first (or connect with ?since=)",
      });
      return;
    }
    const shards = sub.sent.length;
    const acks = parseShardSince(String(seq), shards);
    if (acks === null) {
      send(connection, {
        type: "sys.error",
        code: "INVALID_ACK",
        message: `ack ${String(seq).slice(0, 64)} is not a seq per shard`,
        hint: `this hive has ${shards} shards: ack "<shard>:<seq>,…" with the last seq received of each`,
      });
      return;
    }
    const ahead = acks.findIndex((a, shard) => a > (sub.sent[shard] ?? 0));
    if (ahead !== -1) {
      send(connection, {
        type: "sys.error",
        code: "ACK_AHEAD",
        message: `ack ${acks[ahead]} of shard ${ahead} is past the last event sent (${sub.sent[ahead]})`,
        hint: "ack the seq of the last event you received of each shard",
      });
      return;
    }
    const paused = sub.stalledAt !== null;
    this.#update(connection, sub.gen, (s) => ({
      ...s,
      acked: s.acked.map((a, shard) => Math.max(a, acks[shard] ?? 0)),
      stalledAt: null,
    }));
    if (paused) {
      void this.#serial(async () => {
        try {
          await this.#resume(connection, sub.gen);
        } catch (error) {
          log.debug("merged.send.dropped", describeError(error));
        }
      });
    }
  }

  /** A shard's committed batch, to every merged socket (each skips what it already has). */
  publish(shard: number, events: readonly EncodedEvent[]): Promise<void> {
    return this.#serial(async () => {
      this.#noteHead(shard, events.at(-1)?.seq ?? 0);
      for (const connection of this.#sockets()) {
        try {
          await this.#deliver(connection, shard, events);
        } catch (error) {
          // The socket closed under the send: its client resumes with since.
          log.debug("merged.send.dropped", describeError(error));
        }
      }
    });
  }

  async #deliver(
    connection: Socket,
    shard: number,
    events: readonly EncodedEvent[],
  ): Promise<void> {
    const sub = connection.state?.merged;
    if (sub === undefined || sub.starting) {
      return;
    }
    if (sub.stalledAt !== null) {
      this.#closeIfStalled(connection, sub, sub.stalledAt);
      return;
    }
    const after = sub.sent[shard];
    const first = after === undefined ? undefined : events.find((e) => e.seq > after);
    if (after === undefined || first === undefined) {
      return;
    }
    if (first.seq > after + 1) {
      // A feed came late or was lost: the log has what lies between.
      await this.#catchUp(connection, sub.gen, shard);
      return;
    }
    this.#send(
      connection,
      sub.gen,
      shard,
      events.filter((e) => e.seq > after),
    );
  }

  /** Every shard's log after the socket's seqs while its window has room; `hive.synced` at the heads. */
  async #resume(connection: Socket, gen: number): Promise<void> {
    const shards = this.#current(connection, gen)?.sent.length ?? 0;
    for (let shard = 0; shard < shards; shard++) {
      if ((await this.#catchUp(connection, gen, shard)) !== "done") {
        return;
      }
    }
    const sub = this.#current(connection, gen);
    if (sub !== null) {
      send(connection, {
        type: "hive.synced",
        seq: sub.sent[0] ?? 0,
        since: formatShardSince(sub.sent),
      });
    }
  }

  /** Sends shard `shard`'s log after the socket's seq up to the shard's head or a full window. */
  async #catchUp(connection: Socket, gen: number, shard: number): Promise<CatchUp> {
    for (;;) {
      const before = this.#current(connection, gen);
      if (before === null) {
        return "gone";
      }
      const after = before.sent[shard] ?? 0;
      if (unacked(before) >= SUBSCRIBER_WINDOW_EVENTS) {
        this.#stall(connection, gen);
        return "stalled";
      }
      const page = await this.#read(shard, after);
      this.#noteHead(shard, page.head);
      if (this.#current(connection, gen) === null) {
        return "gone";
      }
      if (page.beyondRetention) {
        send(connection, {
          type: "sys.error",
          code: "BEYOND_RETENTION",
          message: `shard ${shard}'s events after ${after} are no longer in its log`,
          hint: "read GET /v1/hives/:hive/snapshot and reconnect with since=<its seqs>",
        });
        connection.close(1008, "beyond retention");
        return "gone";
      }
      if (page.events.length === 0) {
        return "done";
      }
      if (!this.#send(connection, gen, shard, page.events)) {
        return "stalled";
      }
    }
  }

  /** Sends what the window has room for of `events` (all after the socket's seq); false when it filled. */
  #send(connection: Socket, gen: number, shard: number, events: readonly EncodedEvent[]): boolean {
    const sub = this.#current(connection, gen);
    if (sub === null) {
      return false;
    }
    const room = Math.max(0, SUBSCRIBER_WINDOW_EVENTS - unacked(sub));
    const out = events.slice(0, room);
    const last = out.at(-1);
    if (last !== undefined) {
      connection.send(
        `{"type":"hive.events","events":[${out.map((e) => tagged(shard, e.body)).join(",")}]}`,
      );
      this.#update(connection, gen, (s) => ({
        ...s,
        sent: s.sent.map((seq, i) => (i === shard ? last.seq : seq)),
      }));
    }
    if (out.length < events.length) {
      this.#stall(connection, gen);
      return false;
    }
    return true;
  }

  /** The window is full: the socket gets nothing more until an ack; the stall counts from the heads. */
  #stall(connection: Socket, gen: number): void {
    this.#update(connection, gen, (sub) => ({
      ...sub,
      stalledAt:
        sub.stalledAt ?? sub.sent.map((seq, shard) => Math.max(seq, this.#heads[shard] ?? 0)),
    }));
  }

  /** Closes a paused socket once STALL_LIMIT_EVENTS more events committed over all shards. */
  #closeIfStalled(connection: Socket, sub: MergedSubscription, stalledAt: readonly number[]): void {
    const behind = stalledAt.reduce(
      (n, seq, shard) => n + Math.max(0, (this.#heads[shard] ?? 0) - seq),
      0,
    );
    if (behind <= STALL_LIMIT_EVENTS) {
      return;
    }
    const reason = `SLOW_CONSUMER: no ack for ${STALL_LIMIT_EVENTS} events; reconnect with since=`;
    const since = formatShardSince(sub.acked);
    this.unsubscribe(connection);
    connection.close(
      CLOSE_SLOW_CONSUMER,
      new TextEncoder().encode(reason + since).length <= MAX_CLOSE_REASON_BYTES
        ? reason + since
        : `${reason}<the seq you acked of each shard>`,
    );
  }

  #noteHead(shard: number, seq: number): void {
    this.#heads[shard] = Math.max(this.#heads[shard] ?? 0, seq);
  }

  /** The socket's subscription while it is subscription `gen`; null once replaced, dropped or closed. */
  #current(connection: Socket, gen: number): MergedSubscription | null {
    const sub = connection.state?.merged;
    return sub?.gen === gen ? sub : null;
  }

  /** Writes a change to subscription `gen` into the socket's attachment. */
  #update(
    connection: Socket,
    gen: number,
    change: (sub: MergedSubscription) => MergedSubscription,
  ): void {
    const state = connection.state;
    const sub = state?.merged;
    if (state !== null && sub?.gen === gen) {
      connection.setState({ ...state, merged: change(sub) });
    }
  }
}
