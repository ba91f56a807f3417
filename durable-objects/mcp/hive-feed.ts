// The MCP session's view of its hive's event log: a WebSocket to the Hive Durable
// Object as one more subscriber (the same protocol and ordering guarantees as the
// CLI's `follow`), opened while the session has resource subscriptions.
import type { HiveEvent } from "../../shared/hive/writes.ts";
import { createLogger, describeError } from "../../shared/log.ts";
import { ServerMessageSchema } from "../../shared/protocol.ts";

const log = createLogger("mcp");

export class HiveFeed {
  readonly #env: Env;
  readonly #hive: string;
  readonly #onEvents: (events: HiveEvent[]) => void;
  #socket: WebSocket | null = null;
  #opening: Promise<void> | null = null;

  constructor(env: Env, hive: string, onEvents: (events: HiveEvent[]) => void) {
    this.#env = env;
    this.#hive = hive;
    this.#onEvents = onEvents;
  }

  /** Follows the log from its current head; a no-op while already open. */
  open(): Promise<void> {
    if (this.#socket !== null) {
      return Promise.resolve();
    }
    this.#opening ??= this.#connect().finally(() => {
      this.#opening = null;
    });
    return this.#opening;
  }

  async #connect(): Promise<void> {
    const stub = this.#env.Hive.getByName(this.#hive);
    const page = await stub.changesSince(0, 1);
    const head = page.ok ? page.value.head : 0;
    const response = await stub.fetch(
      new Request(`https://hive/parties/hive/${this.#hive}?since=${head}`, {
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
        socket.send(JSON.stringify({ type: "hive.ack", seq: last.seq }));
        this.#onEvents(events);
      }
    });
    socket.addEventListener("close", () => {
      if (this.#socket === socket) {
        this.#socket = null;
      }
    });
    socket.addEventListener("error", (event) => {
      log.warn("mcp.feed.error", { hive: this.#hive, ...describeError(event) });
    });
    this.#socket = socket;
  }

  close(): void {
    const socket = this.#socket;
    this.#socket = null;
    try {
      socket?.close(1000, "no subscriptions");
    } catch {
      // Already closing or closed: nothing more to release.
    }
  }
}
