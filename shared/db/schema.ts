// D1 schema (drizzle). `npm run db:generate` writes the SQL migrations in
// migrations/ from this file; wrangler applies them. Never DDL at runtime.
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

/** One row per queue job the compressor has consumed; idempotent by id. */
export const queueReceipts = sqliteTable("queue_receipts", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  sentAt: integer("sent_at").notNull(),
  receivedAt: integer("received_at").notNull(),
});

export type QueueReceipt = typeof queueReceipts.$inferSelect;

/** Hive API keys: only the SHA-256 of a key is stored; the key is shown once. */
export const hiveKeys = sqliteTable(
  "hive_keys",
  {
    id: text("id").primaryKey(),
    hive: text("hive").notNull(),
    hash: text("hash").notNull(),
    label: text("label").notNull(),
    createdAt: integer("created_at").notNull(),
    revokedAt: integer("revoked_at"),
  },
  (t) => [uniqueIndex("hive_keys_hash").on(t.hash), index("hive_keys_hive").on(t.hive)],
);

/** Every hive event, mirrored from the Hive's log by `hive.mirror` jobs; one row per (hive, seq). */
export const hiveEvents = sqliteTable(
  "hive_events",
  {
    hive: text("hive").notNull(),
    seq: integer("seq").notNull(),
    at: integer("at").notNull(),
    op: text("op").notNull(),
    identifier: text("identifier").notNull(),
    version: integer("version").notNull(),
    /** The event as JSON (shared/hive/writes.ts HiveEventSchema). */
    body: text("body").notNull(),
  },
  (t) => [primaryKey({ columns: [t.hive, t.seq] })],
);

/**
 * Every artifact version as it was created (rows are never updated, so a
 * redelivered or reordered job cannot regress them). An identifier's current
 * version is its highest; it is in force when that row's status is `active`.
 */
export const hiveArtifacts = sqliteTable(
  "hive_artifacts",
  {
    hive: text("hive").notNull(),
    identifier: text("identifier").notNull(),
    version: integer("version").notNull(),
    kind: text("kind").notNull(),
    status: text("status").notNull(),
    value: text("value").notNull(),
    summary: text("summary").notNull(),
    provenance: text("provenance").notNull(),
    supersedes: text("supersedes"),
    supersededBy: text("superseded_by"),
    reason: text("reason"),
    tags: text("tags").notNull(),
    validFrom: integer("valid_from").notNull(),
    seq: integer("seq").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.hive, t.identifier, t.version] }),
    index("hive_artifacts_kind").on(t.kind, t.hive),
  ],
);

/**
 * Every hive's knowledge triplets, mirrored from the Hive's knowledge store
 * (durable-objects/hive/knowledge-mirror.ts) for queries across hives. A row is
 * rewritten when a later steward version closes it; `closed_by` says which.
 */
export const knowledgeFacts = sqliteTable(
  "knowledge_facts",
  {
    hive: text("hive").notNull(),
    id: integer("id").notNull(),
    subject: text("subject").notNull(),
    predicate: text("predicate").notNull(),
    object: text("object").notNull(),
    kind: text("kind").notNull(),
    cardinality: text("cardinality").notNull(),
    /** JSON: session, step, source. */
    provenance: text("provenance").notNull(),
    validFrom: integer("valid_from").notNull(),
    validTo: integer("valid_to"),
    version: integer("version").notNull(),
    closedBy: integer("closed_by"),
    closedReason: text("closed_reason"),
  },
  (t) => [
    primaryKey({ columns: [t.hive, t.id] }),
    index("knowledge_facts_valid").on(t.validTo, t.validFrom),
  ],
);

export type HiveKeyRow = typeof hiveKeys.$inferSelect;
export type HiveEventRow = typeof hiveEvents.$inferInsert;
export type HiveArtifactRow = typeof hiveArtifacts.$inferInsert;
export type KnowledgeFactRow = typeof knowledgeFacts.$inferSelect;
