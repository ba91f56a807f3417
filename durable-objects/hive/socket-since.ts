// A subscription's `since`, from the socket URL's `?since=` or a `hive.subscribe`
// frame: a plain hive's subscriber resumes after one seq; a sharded hive's
// (`0:12,1:7`, one seq per shard) joins the merged stream. A since that is neither
// is answered with a typed sys.error frame.
import type { Connection } from "partyserver";
import { send } from "../sockets/socket.ts";
import type { HiveSharding } from "./sharding.ts";
import type { SocketState, Subscribers } from "./subscribers.ts";

/** `frame`: a hive.subscribe frame, whose merged subscription starts with hive.subscribed. */
export function subscribeSince(
  connection: Connection<SocketState>,
  since: string,
  subscribers: Subscribers,
  sharding: HiveSharding,
  frame = false,
): void {
  if (sharding.count > 1) {
    sharding.subscribe(connection, since, frame);
    return;
  }
  const seq = Number(since);
  if (!Number.isSafeInteger(seq) || seq < 0) {
    send(connection, {
      type: "sys.error",
      code: "INVALID_SINCE",
      message: `since=${since.slice(0, 32)} is not a sequence number`,
      hint: "use ?since=<last seq received>, or 0 for the whole log",
    });
    return;
  }
  subscribers.subscribe(connection, seq);
}
