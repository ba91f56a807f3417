// The artifacts table's row <-> Artifact mapping, read by the artifact writes, put
// groups and queries of this folder; the table itself is created by ../schema.ts.
import type { Artifact, ArtifactKind, ArtifactStatus } from "../../../shared/hive/artifact.ts";

export interface ArtifactRow extends Record<string, SqlStorageValue> {
  identifier: string;
  version: number;
  kind: string;
  value: string;
  summary: string;
  provenance: string;
  status: string;
  supersedes: string | null;
  superseded_by: string | null;
  reason: string | null;
  tags: string;
  valid_from: number;
  valid_to: number | null;
  seq: number;
  op: string;
  current: number;
}

export const ARTIFACT_COLUMNS =
  "identifier, version, kind, value, summary, provenance, status, supersedes, superseded_by, reason, tags, valid_from, valid_to, seq, op, current";

// Rows are written only by the artifact store from validated input, so the
// JSON columns and enums parse back to what was stored.
export function toArtifact(row: ArtifactRow): Artifact {
  return {
    identifier: row.identifier,
    version: row.version,
    kind: row.kind as ArtifactKind,
    value: JSON.parse(row.value) as Artifact["value"],
    summary: row.summary,
    provenance: JSON.parse(row.provenance) as Artifact["provenance"],
    status: row.status as ArtifactStatus,
    supersedes: row.supersedes,
    supersededBy: row.superseded_by,
    reason: row.reason,
    tags: JSON.parse(row.tags) as string[],
    validFrom: row.valid_from,
    validTo: row.valid_to,
    seq: row.seq,
  };
}

/** The artifact as it stood when it was the newest version (for as-of reads). */
export function asOfArtifact(row: ArtifactRow): Artifact {
  return { ...toArtifact(row), status: "active", supersededBy: null, validTo: null };
}
