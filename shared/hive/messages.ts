// Hive wire messages (client <-> Hive over the gateway's WebSocket). Composed into
// the one protocol in shared/protocol.ts; tags are namespaced "hive.*".
// The subscription contract (since, acks, window, snapshot) is in docs/hive.md.
import { z } from "zod";
import { ArtifactSchema } from "./artifact.ts";
import { MAX_SHARDS } from "./shards.ts";
import {
  CommitRequestSchema,
  CommitResultSchema,
  ConflictSchema,
  HiveEventSchema,
} from "./writes.ts";

/**
 * Unacknowledged events a subscriber may have in flight. Past it the Hive stops
 * sending (the writer never waits) and resumes from the log on the next ack.
 */
export const SUBSCRIBER_WINDOW_EVENTS = 2_048;
/**
 * Clients ack at least this often; a quarter window keeps the pipe full. Each
 * ack is a message the Hive handles, so 100 subscribers acking every 512 events
 * cost the Hive one message per 5 commits.
 */
export const ACK_EVERY_EVENTS = SUBSCRIBER_WINDOW_EVENTS / 4;
/**
 * A subscriber whose window stays full while this many more events commit is
 * closed with CLOSE_SLOW_CONSUMER (at 500 commits/s: about 8 s without an ack).
 */
export const STALL_LIMIT_EVENTS = 4_096;
/**
 * Commits per `hive.commits` frame. Each stays its own atomic commit; together
 * they share one storage transaction, one answer frame and one fan-out.
 */
export const MAX_GROUP_COMMITS = 64;

/** One commit's answer inside `hive.results`, in the order the commits were sent. */
export const CommitOutcomeSchema = z.union([
  z.object({ ok: z.literal(true), result: CommitResultSchema }),
  z.object({
    ok: z.literal(false),
    code: z.string(),
    message: z.string(),
    hint: z.string().optional(),
    conflict: ConflictSchema.optional(),
  }),
]);
export type CommitOutcome = z.infer<typeof CommitOutcomeSchema>;

/**
 * A seq per shard of a sharded hive, `0:12,1:7` (shard:seq; a shard left out is 0),
 * as its merged socket's URL takes `since`: a merged socket's `hive.subscribe`
 * since and `hive.ack` seq, and its `hive.synced` and `hive.subscribed` points.
 */
export const ShardSeqsSchema = z
  .string()
  .max(MAX_SHARDS * 19)
  .regex(/^\d{1,2}:\d{1,15}(,\d{1,2}:\d{1,15})*$/);

/** A seq, or on a sharded hive's merged socket a seq per shard. */
const SeqOrShardSeqsSchema = z.union([z.number().int().min(0), ShardSeqsSchema]);

/** WebSocket close code for a subscriber that stopped reading; reconnect with since. */
export const CLOSE_SLOW_CONSUMER = 4_008;
/** WebSocket close code for a socket replaced by a newer one with the same connection id. */
export const CLOSE_REPLACED = 4_009;
/** Header the gateway sets on a hive socket's upgrade: the id of the key that opened it. */
export const SOCKET_KEY_HEADER = "x-lethe-key-id";
/** WebSocket close code for a socket whose hive key was revoked (closed at the revoke). */
export const CLOSE_KEY_REVOKED = 4_003;

export const HiveClientMessages = [
  z.object({ type: z.literal("hive.ping"), nonce: z.string().max(128).optional() }),
  /**
   * Start (or restart) the stream after `since`: every event with seq > since, in
   * order. A sharded hive's merged socket takes a seq per shard, `"0:12,1:7"` (or 0).
   */
  z.object({ type: z.literal("hive.subscribe"), since: SeqOrShardSeqsSchema }),
  /**
   * Every event up to `seq` has been processed: frees the window. A sharded hive's
   * merged socket acks a seq per shard, `"0:12,1:7"` (a shard left out keeps its ack).
   */
  z.object({ type: z.literal("hive.ack"), seq: SeqOrShardSeqsSchema }),
  z.object({ type: z.literal("hive.unsubscribe") }),
  /** An atomic commit over the socket; answered by hive.committed or hive.rejected. */
  z.object({
    type: z.literal("hive.commit"),
    id: z.string().min(1).max(128),
    commit: CommitRequestSchema,
  }),
  /**
   * Several commits in one frame, each atomic on its own (its own compare-and-swap,
   * idempotency key and outcome): answered by one hive.results, or by hive.rejected
   * with the frame's id when the frame itself is invalid (then none ran).
   */
  z.object({
    type: z.literal("hive.commits"),
    id: z.string().min(1).max(128),
    commits: z.array(CommitRequestSchema).min(1).max(MAX_GROUP_COMMITS),
  }),
] as const;

export const HiveServerMessages = [
  z.object({ type: z.literal("hive.pong"), nonce: z.string().optional(), at: z.number() }),
  /** Events in sequence order, never a gap, never a repeat within a subscription. */
  z.object({ type: z.literal("hive.events"), events: z.array(HiveEventSchema) }),
  /** A page of the active artifacts at `seq`; after the page with done, the log resumes at seq+1. */
  z.object({
    type: z.literal("hive.snapshot"),
    seq: z.number().int(),
    artifacts: z.array(ArtifactSchema),
    done: z.boolean(),
  }),
  /**
   * A subscription starts (or restarts, on the same socket) after `since`: what
   * follows replaces anything the previous subscription was still sending.
   */
  z.object({
    type: z.literal("hive.subscribed"),
    since: z.number().int(),
    head: z.number().int(),
    /** A sharded hive's merged socket: the seq per shard it starts after (`since`, `head` are shard 0's). */
    shards: ShardSeqsSchema.optional(),
  }),
  /** Caught up: everything through `seq` was sent; later events arrive live. */
  z.object({
    type: z.literal("hive.synced"),
    seq: z.number().int(),
    /** A sharded hive's merged stream: the seq reached in each shard, `0:12,1:7`. */
    since: z.string().optional(),
  }),
  z.object({
    type: z.literal("hive.committed"),
    id: z.string(),
    result: CommitResultSchema,
  }),
  /** The outcomes of a hive.commits frame's commits, in the order sent. */
  z.object({
    type: z.literal("hive.results"),
    id: z.string(),
    results: z.array(CommitOutcomeSchema),
  }),
  z.object({
    type: z.literal("hive.rejected"),
    id: z.string(),
    code: z.string(),
    message: z.string(),
    hint: z.string().optional(),
    conflict: ConflictSchema.optional(),
  }),
] as const;
