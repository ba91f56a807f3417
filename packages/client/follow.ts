// Follows a hive's event log over partysocket: catch-up from `since`, then live
// events, acking as it goes and resuming after the last processed seq on every
// reconnect. The typed client's `Lethe.follow` (and so `lethe follow`) uses it.
import PartySocket from "partysocket";
import WebSocket from "ws";
import { ACK_EVERY_EVENTS, CLOSE_KEY_REVOKED } from "../../shared/hive/messages.ts";
import type { HiveEvent } from "../../shared/hive/writes.ts";
import { ServerMessageSchema, type ServerMessage } from "../../shared/protocol.ts";

export interface FollowOptions {
  url: string;
  key: string;
  hive: string;
  /** Last seq already processed (0: from the start). */
  since?: number;
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
  /** The last seq processed. */
  readonly last: number;
  /** Events that skipped ahead of last+1 or repeated one already seen (both must stay 0). */
  readonly gaps: number;
  readonly duplicates: number;
  /** Resolves once the follower has caught up to at least `seq`. */
  reached(seq: number): Promise<void>;
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
  let last = options.since ?? 0;
  let acked = last;
  let gaps = 0;
  let duplicates = 0;
  const waiters: Array<{ seq: number; resolve: () => void }> = [];
  const wake = () => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const w = waiters[i];
      if (w && last >= w.seq) {
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
    // Evaluated on every (re)connect: resume exactly after the last processed event.
    query: () => ({ key: options.key, since: String(last) }),
    WebSocket: PlainWebSocket,
    minReconnectionDelay: 50,
    maxReconnectionDelay: 1_000,
  });
  const ack = (force: boolean) => {
    if (last > acked && (force || last - acked >= ACK_EVERY_EVENTS)) {
      acked = last;
      socket.send(JSON.stringify({ type: "hive.ack", seq: last }));
    }
  };
  socket.addEventListener("open", () => {
    acked = last;
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
    if (message.type === "hive.events") {
      for (const e of message.events) {
        if (e.seq <= last) {
          duplicates++;
          continue;
        }
        if (e.seq !== last + 1) {
          gaps++;
        }
        last = e.seq;
        options.onEvent?.(e);
      }
      ack(false);
      wake();
    } else if (message.type === "hive.snapshot" && message.done) {
      last = message.seq;
      acked = message.seq;
      wake();
    } else if (message.type === "hive.synced") {
      ack(true);
    }
  });
  return {
    socket,
    get last() {
      return last;
    },
    get gaps() {
      return gaps;
    },
    get duplicates() {
      return duplicates;
    },
    reached: (seq) =>
      last >= seq ? Promise.resolve() : new Promise((resolve) => waiters.push({ seq, resolve })),
    close: () => socket.close(),
  };
}
