// The wire format between the LangGraph saver (lethe/langgraph, in the user's
// process) and the gateway's /v1/hives/:hive/langgraph routes. Values travel as
// externalised skeletons plus the content-addressed chunks the server lacks.
import { z } from "zod";

/** Ids LangGraph generates (uuid6) or users choose: printable, bounded. */
export const GRAPH_ID_PATTERN = /^[\w.:@|+=-]{1,200}$/;
/** Namespaces are "" (root) or `node:task|node:task` paths. */
export const GRAPH_NS_PATTERN = /^[\w.:@|/+=-]{0,500}$/;
/** Chunk keys are contentKey(): 32 hex characters. */
export const CHUNK_KEY_PATTERN = /^[0-9a-f]{32}$/;
/** Tuples per list page; the saver follows `next` for more. */
export const LIST_PAGE_SIZE = 100;

/** Any JSON value (zod's own recursive JSON type). */
export const JsonSchema = z.json();

const ThreadId = z.string().regex(GRAPH_ID_PATTERN);
const CheckpointId = z.string().regex(GRAPH_ID_PATTERN);
const Namespace = z.string().regex(GRAPH_NS_PATTERN);

/** A serde value: `json` values arrive externalised; other types as base64 text. */
export const StoredValueSchema = z.strictObject({
  type: z.string().min(1).max(32),
  value: JsonSchema,
});
export type StoredValue = z.infer<typeof StoredValueSchema>;

/** Content-addressed chunks the request refers to (hash -> text). */
export const ChunksSchema = z.record(z.string().regex(CHUNK_KEY_PATTERN), z.string());

export const PutCheckpointSchema = z.strictObject({
  ns: Namespace.default(""),
  id: CheckpointId,
  parentId: CheckpointId.nullable().default(null),
  /** The checkpoint without its channel values. */
  checkpoint: StoredValueSchema,
  metadata: StoredValueSchema,
  /** Values of the channels in newVersions only. */
  channels: z
    .array(
      z.strictObject({
        channel: z.string().min(1).max(200),
        version: z.union([z.string().max(200), z.number()]),
        value: StoredValueSchema,
      }),
    )
    .max(1_000)
    .default([]),
  chunks: ChunksSchema.default({}),
});
export type PutCheckpoint = z.output<typeof PutCheckpointSchema>;
export type PutCheckpointIn = z.input<typeof PutCheckpointSchema>;

export const PutWritesSchema = z.strictObject({
  ns: Namespace.default(""),
  checkpointId: CheckpointId,
  taskId: z.string().min(1).max(200),
  taskPath: z.string().max(500).default(""),
  writes: z
    .array(
      z.strictObject({
        channel: z.string().min(1).max(200),
        idx: z.number().int(),
        value: StoredValueSchema,
      }),
    )
    .max(1_000),
  chunks: ChunksSchema.default({}),
});
export type PutWrites = z.output<typeof PutWritesSchema>;
export type PutWritesIn = z.input<typeof PutWritesSchema>;

export const PutChunksSchema = z.strictObject({ chunks: ChunksSchema });

export const GetTupleSchema = z.strictObject({
  ns: Namespace.default(""),
  id: CheckpointId.optional(),
});
export type GetTuple = z.output<typeof GetTupleSchema>;

export const ListSchema = z.strictObject({
  thread: ThreadId.optional(),
  ns: Namespace.optional(),
  id: CheckpointId.optional(),
  before: CheckpointId.optional(),
  limit: z.number().int().min(1).max(10_000).optional(),
  filter: z.record(z.string(), JsonSchema).optional(),
  /** Resume after this row (the `next` of the previous page). */
  after: z.strictObject({ thread: ThreadId, ns: Namespace, id: CheckpointId }).optional(),
});
export type ListRequest = z.output<typeof ListSchema>;
export type ListRequestIn = z.input<typeof ListSchema>;

export const ThreadParamSchema = ThreadId;

/** A stored value as the server returns it (JSON, typed loosely so RPC types stay shallow). */
export interface WireValue {
  type: string;
  value: unknown;
}

/** One checkpoint as the server returns it: values internalised (plain JSON). */
export interface WireTuple {
  thread: string;
  ns: string;
  id: string;
  parentId: string | null;
  checkpoint: WireValue;
  metadata: WireValue;
  channels: Array<{ channel: string; value: WireValue }>;
  writes: Array<{ taskId: string; channel: string; value: WireValue }>;
}

export interface ListPage {
  tuples: WireTuple[];
  next: { thread: string; ns: string; id: string } | null;
}

export type GraphErrorCode =
  | "PARENT_NOT_FOUND"
  | "CHECKPOINT_NOT_FOUND"
  | "MISSING_CHUNKS"
  | "BAD_CHUNK"
  | "CHECKPOINT_CONFLICT"
  | "TOO_LARGE";
