// Follows a hive's event log over partysocket: catch-up from `since`, then live
// events, acking as it goes and resuming after the last processed seq on every
// reconnect. A sharded hive's merged socket is followed with a seq per shard
// (follow-position.ts): its events carry `shard`, its acks and resumes name each
// shard's seq. The typed client's `Lethe.follow` (and so `lethe follow`) uses it.
import PartySocket from "partysocket";
import WebSocket from "ws";
import { CLOSE_KEY_REVOKED } from "../../shared/hive/messages.ts";
import type { HiveEvent } from "../../shared/hive/writes.ts";
import { ServerMessageSchema, type ServerMessage } from "../../shared/protocol.ts";
import { FollowPosition, FollowSinceError, type FollowSince } from "./follow-position.ts";

export { FollowSinceError, type FollowSince } from "./follow-position.ts";

export interface FollowOptions {
  url: string;
  key: string;
  hive: string;
  /**
   * Last seq already processed (0: from the start). A sharded hive resumes after a
   * seq per shard, `"0:12,1:7"` (a follower's `since`); a bad one throws FollowSinceError.
   */
  since?: FollowSince;
  /**
   * Each event once, in its log's order. On a sharded hive every event carries
   * `shard` and `seq` is that shard's seq: shards interleave, each in its own order.
   */
  onEvent?: (event: HiveEvent) => void;
  onMessage?: (message: ServerMessage) => void;
  /**
   * Validate every frame against the protocol schema (default). Benchmarks turn
   * it off so one process can drive 100 subscribers without measuring zod.
   */
  validate?: boolean;
  /** Called once when the follower stops for good: its key was revoked (4003), so it will not reconnect. */
  onRevoked?: (reason: string) => void;
}

export interface HiveFollower {
  socket: PartySocket;
  /**
   * The last seq processed; on a sharded hive the sum of `shards` (the events
   * processed over all shards, each log followed from its start).
   */
  readonly last: number;
  /** A sharded hive's last seq processed of each shard; null while the hive looks unsharded. */
  readonly shards: readonly number[] | null;
  /** Where a later follow resumes: `"12"`, or on a sharded hive `"0:12,1:7"` (pass it as `since`). */
  readonly since: string;
  /** Events that skipped ahead of last+1 or repeated one already seen, per shard when sharded (both must stay 0). */
  readonly gaps: number;
  readonly duplicates: number;
  /**
   * Resolves once the follower has caught up to at least `seq` (see `last`), or to each
   * shard's seq in `"0:12,1:7"`; rejects with FollowSinceError when the hive refused
   * this follower's since (a plain seq above 0 on a sharded hive), which stops it.
   */
  reached(seq: FollowSince): Promise<void>;
  close(): void;
}

/**
 * `ws` without permessage-deflate: ws runs at most 10 zlib jobs at a time per
 * process, so with many sockets compression queues frames behind each other
 * (hundreds of ms at 100 subscribers); hive frames are small JSON anyway.
 */
export class PlainWebSocket extends WebSocket {
  constructor(address: string | URL, protocols?: string | string[]) {
    super(address, protocols, { perMessageDeflate: false });
  }
}

function decode(data: unknown, validate: boolean): ServerMessage | null {
  const parsed: unknown = JSON.parse(String(data));
  if (!validate) {
    // Frames come from our own Hive; the unvalidated path is for benchmarks only.
    return parsed as ServerMessage;
  }
  const result = ServerMessageSchema.safeParse(parsed);
  return result.success ? result.data : null;
}

export function followHive(options: FollowOptions): HiveFollower {
  const validate = options.validate ?? true;
  const position = new FollowPosition(options.since ?? 0);
  const waiters: Array<{ seq: FollowSince; resolve: () => void; reject: (e: Error) => void }> = [];
  /** Set when the hive refused this follower's since: it stops, and reached() rejects. */
  let refused: FollowSinceError | null = null;
  const wake = () => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const w = waiters[i];
      if (w && position.reached(w.seq)) {
        waiters.splice(i, 1);
        w.resolve();
      }
    }
  };
  const url = new URL(options.url);
  const socket = new PartySocket({
    host: url.host,
    protocol: url.protocol === "https:" ? "wss" : "ws",
    party: "hive",
    room: options.hive,
    // Evaluated on every (re)connect: resume exactly after the last processed event (of each shard).
    query: () => ({ key: options.key, since: position.since }),
    WebSocket: PlainWebSocket,
    minReconnectionDelay: 50,
    maxReconnectionDelay: 1_000,
  });
  const ack = (force: boolean) => {
    const seq = position.ackDue(force);
    if (seq !== null) {
      socket.send(JSON.stringify({ type: "hive.ack", seq }));
    }
  };
  socket.addEventListener("open", () => {
    position.opened();
  });
  socket.addEventListener("close", (event) => {
    // A revoked key never comes back: stop instead of reconnecting forever.
    if (event.code === CLOSE_KEY_REVOKED) {
      socket.close();
      options.onRevoked?.(event.reason || "KEY_REVOKED: this socket's hive key was revoked");
    }
  });
  socket.addEventListener("message", (event) => {
    const message = decode(event.data, validate);
    if (message === null) {
      return;
    }
    options.onMessage?.(message);
    if (message.type === "sys.error" && message.code === "INVALID_SINCE") {
      // A since the hive cannot start from (a plain seq on a sharded hive): every
      // reconnect would send it again, so the follower stops.
      refused = new FollowSinceError(position.since, message.message);
      socket.close();
      for (const w of waiters.splice(0)) {
        w.reject(refused);
      }
      return;
    }
    if (message.type === "hive.events") {
      for (const e of message.events) {
        if (position.take(e)) {
          options.onEvent?.(e);
        }
      }
      ack(false);
      wake();
    } else if (message.type === "hive.snapshot" && message.done) {
      position.snapshotDone(message.seq);
      wake();
    } else if (message.type === "hive.synced") {
      position.synced(message.since);
      ack(true);
    }
  });
  return {
    socket,
    get last() {
      return position.last;
    },
    get shards() {
      return position.shards;
    },
    get since() {
      return position.since;
    },
    get gaps() {
      return position.gaps;
    },
    get duplicates() {
      return position.duplicates;
    },
    reached: (seq) =>
      position.reached(seq)
        ? Promise.resolve()
        : refused !== null
          ? Promise.reject(refused)
          : new Promise((resolve, reject) => waiters.push({ seq, resolve, reject })),
    close: () => socket.close(),
  };
}
