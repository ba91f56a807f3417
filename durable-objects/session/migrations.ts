// AgentSession's SQLite schema, as append-only versioned migrations (applied in
// the constructor by durable-objects/storage/migrate.ts). Never edit a shipped one.
import type { SqlMigration } from "../storage/migrate.ts";
import { BLOB_SCHEMA_V4 } from "../storage/blob-store.ts";
import { PROXY_STORE_SCHEMA } from "./proxy-store.ts";
import { STEP_ATTEMPTS_SCHEMA } from "./quarantine.ts";
import { SESSION_STORE_SCHEMA } from "./session-store.ts";

export const SESSION_MIGRATIONS: readonly SqlMigration[] = [
  {
    version: 1,
    name: "meta",
    sql: `CREATE TABLE session_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  },
  { version: 2, name: "store", sql: SESSION_STORE_SCHEMA },
  { version: 3, name: "turn-tool-calls", sql: "ALTER TABLE turns ADD COLUMN extra TEXT" },
  { version: 4, name: "clustered-inline-blobs", sql: BLOB_SCHEMA_V4 },
  { version: 5, name: "step-attempts", sql: STEP_ATTEMPTS_SCHEMA },
  { version: 6, name: "proxy-store", sql: PROXY_STORE_SCHEMA },
];
