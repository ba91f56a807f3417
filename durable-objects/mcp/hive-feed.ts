// The MCP session's view of its hive's event log: a WebSocket to the Hive Durable
// Object as one more subscriber (the same protocol and ordering guarantees as the
// CLI's `follow`), opened while the session has resource subscriptions.
import type { HiveEvent } from "../../shared/hive/writes.ts";
import { createLogger, describeError } from "../../shared/base/log.ts";
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
  #seen: number | null = null;

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
    let since = this.#seen;
    if (since === null) {
      const page = await stub.changesSince(0, 1);
      since = page.ok ? page.value.head : 0;
      this.#seen = since;
    }
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
        this.#seen = last.seq;
        socket.send(JSON.stringify({ type: "hive.ack", seq: last.seq }));
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
