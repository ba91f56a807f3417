// One client frame on a Hive socket, handled: pings, subscriptions and acks (a
// sharded hive's on its merged stream), and commits (one, or a group answered in
// one frame) queued for the group commit or sent to their shards.
// receive() has validated the frame; hive.ts's onMessage hands it here.
import type { Connection } from "partyserver";
import type { CommitOutcome } from "../../shared/hive/messages.ts";
import { send, type MessageFor } from "../sockets/socket.ts";
import { internalOutcome, type CommitQueue, type SocketCall } from "./commit-queue.ts";
import type {
  CommitRequest,
  CommitRequestIn,
  CommitResult,
  HiveResult,
} from "../../shared/hive/writes.ts";
import type { HiveSharding } from "./sharding.ts";
import { subscribeSince } from "./socket-since.ts";
import type { SocketState, Subscribers } from "./subscribers.ts";

/** What a frame reaches: the socket subscriptions, the commit queue, the sharding. */
export interface FrameDeps {
  subscribers: Subscribers;
  commits: CommitQueue;
  /** A sharded hive's merged stream, and its commits sent to their keys' shards. */
  sharding: HiveSharding;
  /** One commit through the Hive (on a sharded hive, to its key's shard). */
  commit: (request: CommitRequestIn) => Promise<HiveResult<CommitResult>>;
}

/** Commits go to the local queue, or on a sharded hive to their shards. */
async function enqueue(
  deps: FrameDeps,
  commits: readonly CommitRequest[],
  call: SocketCall,
): Promise<void> {
  await (deps.sharding.count > 1
    ? deps.sharding.commitFrame(commits, call, deps.commit)
    : deps.commits.enqueue(commits, call));
}

/** An unsharded hive's ack: a plain seq (a seq per shard is a merged socket's). */
function ackPlain(connection: Connection<SocketState>, seq: number | string, deps: FrameDeps) {
  if (typeof seq === "number") {
    deps.subscribers.ack(connection, seq);
    return;
  }
  send(connection, {
    type: "sys.error",
    code: "INVALID_ACK",
    message: `ack ${seq.slice(0, 64)} is a seq per shard; this hive is not sharded`,
    hint: "ack the seq of the last event you received",
  });
}

export async function handleHiveFrame(
  connection: Connection<SocketState>,
  message: MessageFor<"hive">,
  deps: FrameDeps,
): Promise<void> {
  const nonce = "nonce" in message && message.nonce !== undefined ? { nonce: message.nonce } : {};
  switch (message.type) {
    case "sys.ping":
      send(connection, { type: "sys.pong", at: Date.now(), ...nonce });
      return;
    case "hive.ping":
      send(connection, { type: "hive.pong", at: Date.now(), ...nonce });
      return;
    case "hive.subscribe":
      if (typeof message.since === "number" && deps.sharding.count === 1) {
        deps.subscribers.subscribe(connection, message.since);
      } else {
        subscribeSince(connection, String(message.since), deps.subscribers, deps.sharding, true);
      }
      return;
    case "hive.ack":
      if (deps.sharding.count > 1) {
        deps.sharding.stream.ack(connection, message.seq);
      } else {
        ackPlain(connection, message.seq, deps);
      }
      return;
    case "hive.unsubscribe":
      deps.subscribers.unsubscribe(connection);
      deps.sharding.stream.unsubscribe(connection);
      return;
    case "hive.commit": {
      // receive() already validated the frame's commit against CommitRequestSchema.
      const id = message.id;
      await enqueue(deps, [message.commit], {
        results: [],
        answer: ([committed]) => {
          const result: CommitOutcome = committed ?? internalOutcome();
          if (result.ok) {
            send(connection, { type: "hive.committed", id, result: result.result });
          } else {
            const { code, message: text, hint, conflict } = result;
            send(connection, {
              type: "hive.rejected",
              id,
              code,
              message: text,
              ...(hint === undefined ? {} : { hint }),
              ...(conflict === undefined ? {} : { conflict }),
            });
          }
        },
      });
      return;
    }
    case "hive.commits": {
      // One group: one storage transaction, one answer frame, one fan-out.
      const id = message.id;
      await enqueue(deps, message.commits, {
        results: [],
        answer: (results) => send(connection, { type: "hive.results", id, results }),
      });
      return;
    }
    default: {
      const unreachable: never = message;
      return unreachable;
    }
  }
}
