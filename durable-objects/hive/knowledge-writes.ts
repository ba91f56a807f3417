// The write statements of the Hive's knowledge tables: a fact inserted or closed, a
// steward version's changelog entry, a rejected candidate kept, a counter bumped.
// KnowledgeStore calls them inside its run and rollback transactions.
import { sha256Hex } from "../../shared/base/hash.ts";
import { nameKey, skeleton } from "../../shared/memory/lookalike.ts";
import {
  MAX_KEPT_REJECTED_CHARS,
  type Candidate,
  type ChangelogEntry,
  type MemoryCounters,
} from "../../shared/memory/schema.ts";

export function insertFact(
  sql: SqlStorage,
  fact: Candidate & { validFrom: number; validTo: number | null },
  version: number,
): void {
  sql.exec(
    `INSERT INTO knowledge_facts (subject, subject_key, subject_skeleton, predicate, predicate_key, object, kind, cardinality, provenance, valid_from, valid_to, version)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    fact.subject,
    nameKey(fact.subject),
    skeleton(fact.subject),
    fact.predicate,
    nameKey(fact.predicate),
    fact.object,
    fact.kind,
    fact.cardinality,
    JSON.stringify(fact.provenance),
    fact.validFrom,
    fact.validTo,
    version,
  );
}

export function closeFact(
  sql: SqlStorage,
  id: number,
  validTo: number,
  version: number,
  reason: string,
): void {
  sql.exec(
    "UPDATE knowledge_facts SET valid_to = ?, closed_by = ?, closed_reason = ? WHERE id = ? AND valid_to IS NULL",
    validTo,
    version,
    reason,
    id,
  );
}

export function insertVersion(sql: SqlStorage, entry: ChangelogEntry): void {
  sql.exec(
    `INSERT INTO knowledge_versions (version, at, writer, reason, trigger, job_id, session, status, added, closed, rejected, drift, rollback_of)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    entry.version,
    entry.at,
    entry.writer,
    entry.reason,
    entry.trigger,
    entry.jobId,
    entry.session,
    entry.status,
    entry.added,
    entry.closed,
    entry.rejected,
    JSON.stringify(entry.drift),
    entry.rollbackOf,
  );
}

export function bumpCounter(sql: SqlStorage, name: keyof MemoryCounters, by: number): void {
  if (by === 0) {
    return;
  }
  sql.exec(
    "INSERT INTO knowledge_counters (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = value + excluded.value",
    name,
    by,
  );
}

/** A rejected candidate as kept: its JSON, or past the cap a digest and a prefix of it. */
export function keptCandidate(raw: unknown): string {
  const text = JSON.stringify(raw) ?? "null";
  if (text.length <= MAX_KEPT_REJECTED_CHARS) {
    return text;
  }
  return JSON.stringify({
    truncated: true,
    chars: text.length,
    sha256: sha256Hex(text),
    prefix: text.slice(0, MAX_KEPT_REJECTED_CHARS),
  });
}
