// The merged live stream of a sharded hive, held by the home Hive (shard 0): a
// socket opened with `?since=0:12,1:7` gets every shard's events after its own
// seq, each event carrying its shard, in each shard's order. Shards feed the home
// their committed batches while it holds merged sockets (hive.ts); a socket that
// sees a seq past the one it expects reads the missing events from that shard's
// log first, so a lost or reordered feed costs a read, never a gap. All work runs
// on one chain, so every socket's per-shard seq only moves forward, one frame at a time.
import type { Connection } from "partyserver";
import { createLogger, describeError } from "../../shared/base/log.ts";
import { formatShardSince } from "../../shared/hive/shards.ts";
import type { EncodedEvent } from "./artifacts/store.ts";
import type { RelayEvents } from "./relays.ts";
import type { SocketState } from "./subscribers.ts";

const log = createLogger("hive");

/** A page of shard `shard`'s log after `after` (the same read a relay makes of its Hive). */
export type ShardLogRead = (shard: number, after: number) => Promise<RelayEvents>;

/** An event's stored JSON with its shard put first: `{"shard":1,"seq":…}`. */
function tagged(shard: number, body: string): string {
  return `{"shard":${shard},${body.slice(1)}`;
}

export class MergedStream {
  readonly #sockets: () => Iterable<Connection<SocketState>>;
  readonly #read: ShardLogRead;
  #chain: Promise<void> = Promise.resolve();

  constructor(sockets: () => Iterable<Connection<SocketState>>, read: ShardLogRead) {
    this.#sockets = sockets;
    this.#read = read;
  }

  /** Merged sockets open now (those catching up included). */
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

  /** Starts a socket after `since` (a seq per shard): the logs first, then live, then `hive.synced`. */
  subscribe(connection: Connection<SocketState>, since: number[]): Promise<void> {
    const state = connection.state;
    if (state === null) {
      return Promise.resolve();
    }
    connection.setState({ ...state, merged: [...since] });
    return this.#serial(async () => {
      try {
        for (let shard = 0; shard < since.length; shard++) {
          if (!(await this.#catchUp(connection, shard))) {
            return;
          }
        }
        const merged = connection.state?.merged ?? since;
        connection.send(
          JSON.stringify({
            type: "hive.synced",
            seq: merged[0] ?? 0,
            since: formatShardSince(merged),
          }),
        );
      } catch (error) {
        // The socket closed during its catch-up: its client resumes with since.
        log.debug("merged.send.dropped", describeError(error));
      }
    });
  }

  /** A shard's committed batch, to every merged socket (each skips what it already has). */
  publish(shard: number, events: readonly EncodedEvent[]): Promise<void> {
    return this.#serial(async () => {
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
    connection: Connection<SocketState>,
    shard: number,
    events: readonly EncodedEvent[],
  ): Promise<void> {
    const after = connection.state?.merged?.[shard];
    const first = after === undefined ? undefined : events.find((e) => e.seq > after);
    if (after === undefined || first === undefined) {
      return;
    }
    if (first.seq > after + 1) {
      // A feed came late or was lost: the log has what lies between.
      await this.#catchUp(connection, shard);
      return;
    }
    this.#send(
      connection,
      shard,
      events.filter((e) => e.seq > after),
    );
  }

  /** Sends shard `shard`'s log after the socket's seq up to the shard's head; false when it closed. */
  async #catchUp(connection: Connection<SocketState>, shard: number): Promise<boolean> {
    for (;;) {
      const after = connection.state?.merged?.[shard];
      if (after === undefined) {
        return false;
      }
      const page = await this.#read(shard, after);
      if (page.beyondRetention) {
        connection.send(
          JSON.stringify({
            type: "sys.error",
            code: "BEYOND_RETENTION",
            message: `shard ${shard}'s events after ${after} are no longer in its log`,
            hint: "read GET /v1/hives/:hive/snapshot and reconnect with since=<its seqs>",
          }),
        );
        connection.close(1008, "beyond retention");
        return false;
      }
      if (page.events.length === 0) {
        return true;
      }
      this.#send(connection, shard, page.events);
    }
  }

  #send(connection: Connection<SocketState>, shard: number, events: readonly EncodedEvent[]): void {
    const state = connection.state;
    const last = events.at(-1);
    if (state?.merged === undefined || last === undefined) {
      return;
    }
    connection.send(
      `{"type":"hive.events","events":[${events.map((e) => tagged(shard, e.body)).join(",")}]}`,
    );
    const merged = [...state.merged];
    merged[shard] = last.seq;
    connection.setState({ ...state, merged });
  }
}
