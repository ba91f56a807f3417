// Relay: a Durable Object holding a share of one hive's subscriber sockets. The
// Hive feeds it each batch of events once (fire-and-forget); it keeps a ring of
// recent events, fans them out under each socket's window (the batches fed within
// one frame interval travel as one frame per socket), fills any gap from the Hive's log, forwards commit frames to the Hive, and hibernates like the Hive. A
// relay that dies loses nothing: its subscribers reconnect with `since`.
import { DurableObject } from "cloudflare:workers";
import { SOCKET_KEY_HEADER, type CommitOutcome } from "../../shared/hive/messages.ts";
import {
  RELAY_FEED_INTERVAL_MS,
  RELAY_HIVE_HEADER,
  RELAY_NAME_HEADER,
  RELAY_SUBSCRIBER_HEADER,
} from "../../shared/hive/relays.ts";
import { errorBody } from "../../shared/base/errors.ts";
import { createLogger, describeError } from "../../shared/base/log.ts";
import { PROTOCOL_VERSION } from "../../shared/protocol.ts";
import type { EncodedEvent } from "../../durable-objects/hive/artifacts/store.ts";
import { internalOutcome } from "../../durable-objects/hive/commit-queue.ts";
import type { RelayEvents } from "../../durable-objects/hive/relays.ts";
import { unpackFeed, type FedBatch } from "../../durable-objects/hive/relay-feed.ts";
import { receive, send } from "../../durable-objects/sockets/socket.ts";
import type { Hive } from "../../durable-objects/hive.ts";
import { EventRing } from "./ring.ts";
import { RelayedSubscribers, type EventSource } from "./relayed-subscribers.ts";
import { callTarget } from "../../shared/base/rpc-target.ts";

const log = createLogger("relay");

/** A hive.subscribe or hive.ack naming a seq per shard, which only a sharded hive's sockets take. */
function refuseShardSeqs(ws: WebSocket, code: "INVALID_SINCE" | "INVALID_ACK"): void {
  send(ws, {
    type: "sys.error",
    code,
    message: "a seq per shard (0:12,1:7) is for a sharded hive; this hive is not sharded",
    hint: "use the seq of the last event you received",
  });
}

/**
 * Live frames leave a relay at most this often: the batches the Hive feeds in
 * between go to each socket as one frame. A batch after a quiet spell goes out at
 * once, so the added delivery latency is zero at low rates and at most this under
 * load. The Hive feeds on the same interval (RELAY_FEED_INTERVAL_MS), so a relay
 * whose Hive is its only feeder sends each feed at once.
 */
export const RELAY_FRAME_INTERVAL_MS = RELAY_FEED_INTERVAL_MS;

export interface RelayBindings {
  Hive: DurableObjectNamespace<Hive>;
}

export class Relay extends DurableObject<RelayBindings> implements EventSource {
  readonly ring = new EventRing();
  readonly #subscribers = new RelayedSubscribers(this);
  /** The seq up to which the ring (and every live subscriber) is complete; persisted. */
  #head: number;
  /** The Hive feeds this relay (it attached since this instance started). */
  #attached = false;
  /** Every step that reads or moves the head runs in turn: frames leave in seq order. */
  #chain: Promise<void> = Promise.resolve();
  #opens = 0;
  /** Events in the ring not yet sent to the live subscribers (the next frame). */
  #frame: EncodedEvent[] = [];
  #frameTimer: ReturnType<typeof setTimeout> | null = null;
  #framedAt = 0;

  constructor(ctx: DurableObjectState, env: RelayBindings) {
    super(ctx, env);
    this.#head = ctx.storage.kv.get<number>("head") ?? 0;
    this.#subscribers.restore(ctx.getWebSockets(), this.#head);
  }

  get head(): number {
    return this.#head;
  }

  /** The hive this relay serves (stored; read once per instance). */
  #hiveName: string | null = null;

  #hive(): string {
    this.#hiveName ??= this.ctx.storage.kv.get<string>("hive") ?? "";
    return this.#hiveName;
  }

  /** The Hive's RelayLink, for one call (its stub is disposed after it). */
  #link() {
    return this.env.Hive.getByName(this.#hive()).relays();
  }

  async readLog(after: number, through: number): Promise<RelayEvents> {
    return callTarget(this.#link(), (link) => link.events(after, through));
  }

  async snapshot() {
    return callTarget(this.#link(), (link) => link.snapshot());
  }

  #serial(step: () => Promise<void>): Promise<void> {
    const run = this.#chain.then(step);
    this.#chain = run.catch((error: unknown) =>
      log.error("relay.step.failed", describeError(error)),
    );
    return run;
  }

  /** Registers with the Hive (idempotent) and catches the ring up to the Hive's head. */
  async #attach(): Promise<void> {
    const name = this.ctx.storage.kv.get<string>("name") ?? "";
    const holding = this.#subscribers.size;
    const { head } = await callTarget(this.#link(), (link) => link.attach(name, holding));
    this.#attached = true;
    if (!this.#subscribers.anyLive || head < this.#head) {
      // Nobody live depends on the old head (or the hive was reset): start at the Hive's.
      this.ring.clear();
      this.#frame = [];
      this.#head = head;
      this.ctx.storage.kv.put("head", head);
      return;
    }
    await this.#fill(head);
  }

  /** Reads the Hive's log from the head through `through` and fans it out. */
  async #fill(through: number): Promise<void> {
    while (this.#head < through) {
      const page = await this.readLog(this.#head, through);
      if (page.beyondRetention || page.events.length === 0) {
        // Live subscribers cannot be made whole from the log: they reconnect with since.
        this.ctx
          .getWebSockets()
          .forEach((ws) => ws.close(1012, "relay fell behind: reconnect with since"));
        this.ring.clear();
        this.#frame = [];
        this.#head = page.head;
        this.ctx.storage.kv.put("head", this.#head);
        return;
      }
      this.#advance(page.events);
    }
  }

  #advance(events: readonly EncodedEvent[]): void {
    const fresh = events.filter((e) => e.seq > this.#head);
    const last = fresh.at(-1);
    if (last === undefined) {
      return;
    }
    this.ring.push(fresh);
    this.#head = last.seq;
    this.ctx.storage.kv.put("head", this.#head);
    this.#frame.push(...fresh);
    const wait = this.#framedAt + RELAY_FRAME_INTERVAL_MS - Date.now();
    if (wait <= 0) {
      // After a quiet spell, or when the timer is overdue (a busy object runs its
      // queued calls before a due timer): the frame goes now.
      if (this.#frameTimer !== null) {
        clearTimeout(this.#frameTimer);
        this.#frameTimer = null;
      }
      this.#sendFrame();
    } else {
      this.#frameTimer ??= setTimeout(() => {
        this.#frameTimer = null;
        void this.#serial(async () => this.#sendFrame());
      }, wait);
    }
  }

  /** The waiting events to every live subscriber, one frame each. */
  #sendFrame(): void {
    this.#framedAt = Date.now();
    const events = this.#frame;
    this.#frame = [];
    this.#subscribers.fanOut(events);
  }

  /** One batch from the Hive; answers how many subscribers this relay still holds. */
  async feed(hive: string, batch: FedBatch): Promise<number> {
    if (this.#subscribers.size === 0 || hive !== this.#hive()) {
      return 0;
    }
    const events = unpackFeed(batch);
    await this.#serial(async () => {
      const first = events[0];
      if (!this.#attached) {
        await this.#attach();
      } else if (first !== undefined && first.seq > this.#head + 1) {
        await this.#fill(first.seq - 1);
      }
      this.#advance(events);
    });
    return this.#subscribers.size;
  }

  /** Closes the sockets opened with a revoked key; returns how many. */
  async closeKey(keyId: string): Promise<number> {
    return this.#subscribers.closeKey(keyId);
  }

  /** Ends this relay at once, as an eviction would: its sockets close and clients resume with since. */
  async abort(): Promise<void> {
    this.ctx.abort("relay aborted");
  }

  /** A WebSocket upgrade the gateway placed here (after checking the hive key). */
  override async fetch(request: Request): Promise<Response> {
    const hive = request.headers.get(RELAY_HIVE_HEADER);
    const name = request.headers.get(RELAY_NAME_HEADER);
    const id = request.headers.get(RELAY_SUBSCRIBER_HEADER);
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket" || !hive || !name || !id) {
      return Response.json(
        errorBody(
          "WEBSOCKET_ONLY",
          "a relay only accepts the gateway's WebSocket upgrades",
          "connect to /parties/hive/<hive>",
        ),
        { status: 400 },
      );
    }
    if (this.#hive() !== hive) {
      this.#hiveName = hive;
      this.ctx.storage.kv.put("hive", hive);
      this.ctx.storage.kv.put("name", name);
    }
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
    const keyId = request.headers.get(SOCKET_KEY_HEADER);
    const state = {
      id,
      opened: Date.now() + (this.#opens++ % 1_000) / 1_000,
      sub: null,
      ...(keyId === null ? {} : { keyId }),
    };
    server.serializeAttachment(state);
    this.#subscribers.add(server, state);
    send(server, { type: "sys.welcome", server: "Hive", name: hive, protocol: PROTOCOL_VERSION });
    const since = new URL(request.url).searchParams.get("since");
    if (since !== null) {
      const seq = Number(since);
      if (!Number.isSafeInteger(seq) || seq < 0) {
        send(server, {
          type: "sys.error",
          code: "INVALID_SINCE",
          message: `since=${since.slice(0, 32)} is not a sequence number`,
          hint: "use ?since=<last seq received>, or 0 for the whole log",
        });
      } else {
        void this.#subscribe(server, seq);
      }
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  #subscribe(ws: WebSocket, since: number): Promise<void> {
    return this.#serial(async () => {
      if (!this.#attached || since > this.#head) {
        await this.#attach();
      }
      await this.#subscribers.subscribe(ws, since);
    });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const message = receive(ws, raw, "hive");
    if (message === null) {
      return;
    }
    const nonce = "nonce" in message && message.nonce !== undefined ? { nonce: message.nonce } : {};
    switch (message.type) {
      case "sys.ping":
        send(ws, { type: "sys.pong", at: Date.now(), ...nonce });
        return;
      case "hive.ping":
        send(ws, { type: "hive.pong", at: Date.now(), ...nonce });
        return;
      // A seq per shard is a sharded hive's, whose sockets never reach a relay.
      case "hive.subscribe":
        return typeof message.since === "number"
          ? this.#subscribe(ws, message.since)
          : refuseShardSeqs(ws, "INVALID_SINCE");
      case "hive.ack": {
        const seq = message.seq;
        return typeof seq === "number"
          ? this.#serial(() => this.#subscribers.ack(ws, seq))
          : refuseShardSeqs(ws, "INVALID_ACK");
      }
      case "hive.unsubscribe":
        return this.#serial(async () => this.#subscribers.unsubscribe(ws));
      case "hive.commit": {
        const [result = internalOutcome()] = await this.#commit([message.commit]);
        if (result.ok) {
          send(ws, { type: "hive.committed", id: message.id, result: result.result });
        } else {
          const { code, message: text, hint, conflict } = result;
          send(ws, {
            type: "hive.rejected",
            id: message.id,
            code,
            message: text,
            ...(hint === undefined ? {} : { hint }),
            ...(conflict === undefined ? {} : { conflict }),
          });
        }
        return;
      }
      case "hive.commits":
        send(ws, {
          type: "hive.results",
          id: message.id,
          results: await this.#commit(message.commits),
        });
        return;
      default: {
        const unreachable: never = message;
        return unreachable;
      }
    }
  }

  /** A relayed socket's commits, committed by the Hive as one group. */
  async #commit(commits: readonly unknown[]): Promise<CommitOutcome[]> {
    try {
      return await callTarget(this.#link(), (link) => link.commit([...commits]));
    } catch (error) {
      log.error("relay.commit.failed", describeError(error));
      return commits.map(() => internalOutcome());
    }
  }

  override webSocketClose(ws: WebSocket): void {
    this.#subscribers.remove(ws);
  }

  override webSocketError(ws: WebSocket): void {
    this.#subscribers.remove(ws);
  }
}
