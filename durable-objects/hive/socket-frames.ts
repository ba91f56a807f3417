// One client frame on a Hive socket, handled: pings, subscriptions and acks, and
// commits (one, or a group answered in one frame) queued for the group commit.
// receive() has validated the frame; hive.ts's onMessage hands it here.
import type { Connection } from "partyserver";
import type { CommitOutcome } from "../../shared/hive/messages.ts";
import { send, type MessageFor } from "../sockets/socket.ts";
import { internalOutcome, type CommitQueue, type SocketCall } from "./commit-queue.ts";
import type { CommitRequest } from "../../shared/hive/writes.ts";
import type { SocketState, Subscribers } from "./subscribers.ts";

/** What a frame reaches: the socket subscriptions and the commit queue. */
export interface FrameDeps {
  subscribers: Subscribers;
  commits: CommitQueue;
  /** A sharded hive's commits, each sent to its key's shard instead of the local queue. */
  sharded?: (commits: readonly CommitRequest[], call: SocketCall) => Promise<void>;
}

/** Commits go to the local queue, or on a sharded hive to their shards. */
async function enqueue(
  deps: FrameDeps,
  commits: readonly CommitRequest[],
  call: SocketCall,
): Promise<void> {
  await (deps.sharded === undefined
    ? deps.commits.enqueue(commits, call)
    : deps.sharded(commits, call));
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
      deps.subscribers.subscribe(connection, message.since);
      return;
    case "hive.ack":
      deps.subscribers.ack(connection, message.seq);
      return;
    case "hive.unsubscribe":
      deps.subscribers.unsubscribe(connection);
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
