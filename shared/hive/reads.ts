// Hive read queries: by identifier, kind or tag; as of a sequence number or a
// time; and the shapes of listings and snapshots. Shared by RPC, HTTP and CLI.
import { z } from "zod";
import { ArtifactKindSchema, ArtifactSchema, IdentifierSchema, TagSchema } from "./artifact.ts";
import type { HiveEvent } from "./writes.ts";

/** Rows per listing page: a page stays far below the RPC and frame limits. */
export const MAX_LIST_LIMIT = 500;
export const DEFAULT_LIST_LIMIT = 100;
/** Events per changesSince page (events carry at most one value each). */
export const MAX_CHANGES_LIMIT = 1_000;

export const ListQuerySchema = z.strictObject({
  kind: ArtifactKindSchema.optional(),
  tag: TagSchema.optional(),
  /** Identifiers starting with this text, e.g. "config.". */
  prefix: z.string().max(128).optional(),
  /** `active` (default): what is in force now; `all`: every current version, tombstones included. */
  status: z.enum(["active", "all"]).default("active"),
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(DEFAULT_LIST_LIMIT),
  /** Cursor: the last identifier of the previous page. */
  after: IdentifierSchema.optional(),
});
export type ListQuery = z.output<typeof ListQuerySchema>;
export type ListQueryIn = z.input<typeof ListQuerySchema>;

/** "What did the hive know then": exactly one of `seq` or `at` (epoch ms). */
export const AsOfQuerySchema = z
  .strictObject({
    seq: z.coerce.number().int().min(0).optional(),
    at: z.coerce.number().min(0).optional(),
    identifier: IdentifierSchema.optional(),
    kind: ArtifactKindSchema.optional(),
    tag: TagSchema.optional(),
  })
  .refine((q) => (q.seq === undefined) !== (q.at === undefined), {
    message: "give exactly one of seq or at",
  });
export type AsOfQuery = z.output<typeof AsOfQuerySchema>;

/**
 * "What did a sharded hive know then": `seqs`, one seq per shard (the gateway
 * parses `seq=0:12,1:7` into it), or `at` (epoch ms, applied to every shard).
 */
export const ShardedAsOfQuerySchema = z
  .strictObject({
    seqs: z.array(z.number().int().min(0)).optional(),
    at: z.coerce.number().min(0).optional(),
    identifier: IdentifierSchema.optional(),
    kind: ArtifactKindSchema.optional(),
    tag: TagSchema.optional(),
  })
  .refine((q) => (q.seqs === undefined) !== (q.at === undefined), {
    message: "give exactly one of seq (a seq per shard) or at",
  });
export type ShardedAsOfQuery = z.output<typeof ShardedAsOfQuerySchema>;

export const ArtifactPageSchema = z.object({
  artifacts: z.array(ArtifactSchema),
  /** The sequence number this page reflects. */
  seq: z.number().int(),
  /** Cursor for the next page, or null at the end. */
  next: z.string().nullable(),
});
export type ArtifactPage = z.infer<typeof ArtifactPageSchema>;

/** The active artifacts at one sequence number: a late joiner's starting point. */
export const SnapshotSchema = z.object({
  seq: z.number().int(),
  artifacts: z.array(ArtifactSchema),
});
export type Snapshot = z.infer<typeof SnapshotSchema>;

/**
 * A session's view of whether its hive changed (Hive.syncMarker): `marker` is the
 * hive's head, or over N shards the sum of every shard's head, which grows with
 * every commit on any shard; `changed` when it moved past the marker the session saw.
 */
export interface SyncMarker {
  changed: boolean;
  marker: number;
}

/** A page of the log (Hive.changesSince). */
export interface ChangesPage {
  events: HiveEvent[];
  /** The hive's latest seq when this page was read. */
  head: number;
  /** More events follow: call again with the last event's seq. */
  more: boolean;
}
