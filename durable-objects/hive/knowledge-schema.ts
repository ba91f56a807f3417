// The Hive's knowledge tables (facts, steward versions, runs, rejected candidates,
// counters) and their rows read back as facts and changelog entries. The rows are
// written only by knowledge-writes.ts, from validated candidates.
import type { ChangelogEntry, Fact } from "../../shared/memory/schema.ts";

export const KNOWLEDGE_SCHEMA = `
  CREATE TABLE knowledge_facts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    subject TEXT NOT NULL,
    subject_key TEXT NOT NULL,
    subject_skeleton TEXT NOT NULL,
    predicate TEXT NOT NULL,
    predicate_key TEXT NOT NULL,
    object TEXT NOT NULL,
    kind TEXT NOT NULL,
    cardinality TEXT NOT NULL,
    provenance TEXT NOT NULL,
    valid_from INTEGER NOT NULL,
    valid_to INTEGER,
    version INTEGER NOT NULL,
    closed_by INTEGER,
    closed_reason TEXT
  );
  CREATE INDEX knowledge_facts_open ON knowledge_facts (valid_to, subject_key);
  CREATE INDEX knowledge_facts_subject ON knowledge_facts (subject_key, predicate_key);
  CREATE TABLE knowledge_versions (
    version INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    writer TEXT NOT NULL,
    reason TEXT NOT NULL,
    trigger TEXT NOT NULL,
    job_id TEXT NOT NULL,
    session TEXT,
    status TEXT NOT NULL,
    added INTEGER NOT NULL,
    closed INTEGER NOT NULL,
    rejected INTEGER NOT NULL,
    drift TEXT NOT NULL,
    rollback_of INTEGER
  );
  CREATE TABLE knowledge_runs (job_id TEXT PRIMARY KEY, at INTEGER NOT NULL, outcome TEXT NOT NULL);
  CREATE TABLE knowledge_rejected (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    job_id TEXT NOT NULL,
    idx INTEGER NOT NULL,
    code TEXT NOT NULL,
    reason TEXT NOT NULL,
    candidate TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX knowledge_rejected_job ON knowledge_rejected (job_id);
  CREATE TABLE knowledge_counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
`;

export interface FactRow extends Record<string, SqlStorageValue> {
  id: number;
  subject: string;
  predicate: string;
  object: string;
  kind: string;
  cardinality: string;
  provenance: string;
  valid_from: number;
  valid_to: number | null;
  version: number;
  closed_by: number | null;
  closed_reason: string | null;
}

export interface VersionRow extends Record<string, SqlStorageValue> {
  version: number;
  at: number;
  writer: string;
  reason: string;
  trigger: string;
  job_id: string;
  session: string | null;
  status: string;
  added: number;
  closed: number;
  rejected: number;
  drift: string;
  rollback_of: number | null;
}

export const FACT_COLUMNS =
  "id, subject, predicate, object, kind, cardinality, provenance, valid_from, valid_to, version, closed_by, closed_reason";

// Rows are written only by this store from validated candidates.
export function toFact(row: FactRow): Fact {
  return {
    id: row.id,
    subject: row.subject,
    predicate: row.predicate,
    object: row.object,
    kind: row.kind as Fact["kind"],
    cardinality: row.cardinality as Fact["cardinality"],
    provenance: JSON.parse(row.provenance) as Fact["provenance"],
    validFrom: row.valid_from,
    validTo: row.valid_to,
    version: row.version,
    closedBy: row.closed_by,
    closedReason: row.closed_reason,
  };
}

export function toEntry(row: VersionRow): ChangelogEntry {
  return {
    version: row.version,
    at: row.at,
    writer: row.writer,
    reason: row.reason,
    trigger: row.trigger as ChangelogEntry["trigger"],
    jobId: row.job_id,
    session: row.session,
    status: row.status as ChangelogEntry["status"],
    added: row.added,
    closed: row.closed,
    rejected: row.rejected,
    drift: JSON.parse(row.drift) as ChangelogEntry["drift"],
    rollbackOf: row.rollback_of,
  };
}
