// D1 schema (drizzle). `npm run db:generate` writes the SQL migrations in
// migrations/ from this file; wrangler applies them. Never DDL at runtime.
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** One row per queue job the compressor has consumed; idempotent by id. */
export const queueReceipts = sqliteTable("queue_receipts", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  sentAt: integer("sent_at").notNull(),
  receivedAt: integer("received_at").notNull(),
});

export type QueueReceipt = typeof queueReceipts.$inferSelect;
