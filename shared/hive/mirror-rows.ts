// Maps a hive event to its D1 rows (hive_events, hive_artifacts). Pure; the
// compressor's `hive.mirror` consumer inserts them with onConflictDoNothing.
import type { HiveArtifactRow, HiveEventRow } from "../db/schema.ts";
import type { HiveEvent } from "./writes.ts";

export function mirrorRows(
  hive: string,
  event: HiveEvent,
): { event: HiveEventRow; artifact: HiveArtifactRow } {
  const a = event.artifact;
  return {
    event: {
      hive,
      seq: event.seq,
      at: event.at,
      op: event.op,
      identifier: a.identifier,
      version: a.version,
      body: JSON.stringify(event),
    },
    artifact: {
      hive,
      identifier: a.identifier,
      version: a.version,
      kind: a.kind,
      status: a.status,
      value: JSON.stringify(a.value),
      summary: a.summary,
      provenance: JSON.stringify(a.provenance),
      supersedes: a.supersedes,
      supersededBy: a.supersededBy,
      reason: a.reason,
      tags: JSON.stringify(a.tags),
      validFrom: a.validFrom,
      seq: a.seq,
    },
  };
}
