// The MCP session's view of its hive's event log: a WebSocket to the Hive Durable
// Object as one more subscriber (the same protocol and ordering guarantees as the
// CLI's `follow`), opened while the session has resource subscriptions. A sharded
// hive is followed on its home's merged socket: from each shard's head, acking and
// resuming with a seq per shard (`0:12,1:7`), its events carrying `shard`.
import type { HiveEvent } from "../../shared/hive/writes.ts";
import { createLogger, describeError } from "../../shared/base/log.ts";
import { formatShardSince } from "../../shared/hive/shards.ts";
import { ServerMessageSchema } from "../../shared/protocol.ts";
import { mcpHive } from "./tool-context.ts";

const log = createLogger("mcp");

export class HiveFeed {
  readonly #env: Env;
  readonly #hive: string;
  readonly #onEvents: (events: HiveEvent[]) => void;
  #socket: WebSocket | null = null;
  #opening: Promise<void> | null = null;
  /** Open was asked for and close was not: a dropped socket reconnects after `#seen`. */
  #wanted = false;
  /** The last seq seen: one, or a sharded hive's one per shard; null before the first open. */
  #seen: number | number[] | null = null;

  constructor(env: Env, hive: string, onEvents: (events: HiveEvent[]) => void) {
    this.#env = env;
    this.#hive = hive;
    this.#onEvents = onEvents;
  }

  /** Follows the log from its current head; a no-op while already open. */
  open(): Promise<void> {
    this.#wanted = true;
    if (this.#socket !== null) {
      return Promise.resolve();
    }
    this.#opening ??= this.#connect().finally(() => {
      this.#opening = null;
    });
    return this.#opening;
  }

  async #connect(): Promise<void> {
    const stub = mcpHive({ env: this.#env, hive: this.#hive });
    this.#seen ??= await this.#heads(stub);
    const seen = this.#seen;
    const since = typeof seen === "number" ? seen : formatShardSince(seen);
    const response = await stub.fetch(
      new Request(`https://hive/parties/hive/${this.#hive}?since=${since}`, {
        headers: {
          upgrade: "websocket",
          "x-partykit-namespace": "hive",
          "x-partykit-room": this.#hive,
        },
      }),
    );
    const socket = response.webSocket;
    if (socket === null) {
      throw new Error(`the hive refused the feed socket (${response.status})`);
    }
    socket.accept();
    socket.addEventListener("message", (event) => {
      const parsed = ServerMessageSchema.safeParse(JSON.parse(String(event.data)));
      if (!parsed.success || parsed.data.type !== "hive.events") {
        return;
      }
      const events = parsed.data.events;
      const last = events.at(-1);
      if (last !== undefined) {
        socket.send(JSON.stringify({ type: "hive.ack", seq: this.#see(events, last.seq) }));
        this.#onEvents(events);
      }
    });
    socket.addEventListener("close", () => {
      if (this.#socket !== socket) {
        return;
      }
      this.#socket = null;
      if (this.#wanted) {
        // The hive restarted or dropped us: resume after the last event seen, so none is missed.
        this.open().catch((error: unknown) =>
          log.warn("mcp.feed.reconnect", { hive: this.#hive, ...describeError(error) }),
        );
      }
    });
    socket.addEventListener("error", (event) => {
      log.warn("mcp.feed.error", { hive: this.#hive, ...describeError(event) });
    });
    this.#socket = socket;
  }

  /** Where following starts: the log's head, or a sharded hive's head of each shard. */
  async #heads(stub: ReturnType<typeof mcpHive>): Promise<number | number[]> {
    const shards = await stub.shards();
    if (shards === 1) {
      const page = await stub.changesSince(0, 1);
      return page.ok ? page.value.head : 0;
    }
    const zeros = Array.from({ length: shards }, () => 0);
    const page = await stub.changesSinceShards(zeros, 1);
    return page.ok ? page.value.heads : zeros;
  }

  /** Notes a frame's events as seen; the ack's seq: the last one, or a seq per shard. */
  #see(events: readonly HiveEvent[], last: number): number | string {
    const seen = this.#seen;
    if (!Array.isArray(seen)) {
      this.#seen = last;
      return last;
    }
    for (const e of events) {
      const shard = e.shard ?? 0;
      seen[shard] = Math.max(seen[shard] ?? 0, e.seq);
    }
    return formatShardSince(seen);
  }

  close(): void {
    this.#wanted = false;
    this.#seen = null;
    const socket = this.#socket;
    this.#socket = null;
    try {
      socket?.close(1000, "no subscriptions");
    } catch {
      // Already closing or closed: nothing more to release.
    }
  }
}
