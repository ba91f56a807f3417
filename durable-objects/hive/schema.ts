// The Hive's SQLite schema (append-only migrations). Called by the Hive's constructor;
// the row <-> Artifact mapping is artifacts/rows.ts.
import type { SqlMigration } from "../storage/migrate.ts";
import { KNOWLEDGE_SCHEMA } from "./knowledge-schema.ts";
import { SYMBOL_SCHEMA } from "./workspace/symbol-store.ts";
import { VECTOR_SCHEMA } from "./workspace/vector-store.ts";
import { WORKSPACE_SCHEMA } from "./workspace/store.ts";

export const HIVE_MIGRATIONS: readonly SqlMigration[] = [
  {
    version: 1,
    name: "meta",
    sql: `CREATE TABLE hive_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  },
  {
    version: 2,
    name: "artifacts-events-idempotency",
    // Every version of every artifact is kept (as-of reads need them); `current`
    // marks each identifier's latest version. `events` is the replayable log,
    // pruned past its retention window once mirrored to D1.
    sql: `
      CREATE TABLE artifacts (
        identifier TEXT NOT NULL,
        version INTEGER NOT NULL,
        kind TEXT NOT NULL,
        value TEXT NOT NULL,
        summary TEXT NOT NULL,
        provenance TEXT NOT NULL,
        status TEXT NOT NULL,
        supersedes TEXT,
        superseded_by TEXT,
        reason TEXT,
        tags TEXT NOT NULL,
        valid_from INTEGER NOT NULL,
        valid_to INTEGER,
        seq INTEGER NOT NULL UNIQUE,
        op TEXT NOT NULL,
        current INTEGER NOT NULL,
        PRIMARY KEY (identifier, version)
      );
      CREATE INDEX artifacts_current ON artifacts (current, identifier);
      CREATE INDEX artifacts_status ON artifacts (status, identifier);
      CREATE INDEX artifacts_valid_from ON artifacts (valid_from);
      CREATE TABLE events (seq INTEGER PRIMARY KEY, at INTEGER NOT NULL, body TEXT NOT NULL);
      CREATE TABLE idempotency (
        key TEXT PRIMARY KEY,
        body_hash TEXT NOT NULL,
        result TEXT NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE INDEX idempotency_at ON idempotency (at);
    `,
  },
  {
    version: 3,
    name: "workspace-symbols-l3",
    // The workspace (issue 6): blobs, manifests, the index queue, file maps and
    // the local L3 documents and vectors; schemas live beside their stores.
    sql: `${WORKSPACE_SCHEMA}\n${SYMBOL_SCHEMA}\n${VECTOR_SCHEMA}`,
  },
  {
    version: 4,
    name: "knowledge",
    // Long-term memory (issue 21): triplets, steward versions, rejected candidates, counters.
    sql: KNOWLEDGE_SCHEMA,
  },
];
