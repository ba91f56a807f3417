// Read queries over the Hive's artifact versions: listings by kind, tag or
// prefix, as-of views ("what did the hive know then") and snapshots. Used by
// durable-objects/hive/artifacts/store.ts.
import { artifactRef, type Artifact } from "../../../shared/hive/artifact.ts";
import type { AsOfQuery, ArtifactPage, ListQuery, Snapshot } from "../../../shared/hive/reads.ts";
import { hiveErr, type HiveResult } from "../../../shared/hive/writes.ts";
import { ok } from "../../../shared/base/result.ts";
import { ARTIFACT_COLUMNS, asOfArtifact, toArtifact, type ArtifactRow } from "./rows.ts";

/** An identifier's newest version, whatever its status. */
export function latestVersion(sql: SqlStorage, identifier: string): Artifact | null {
  const row = sql
    .exec<ArtifactRow>(
      `SELECT ${ARTIFACT_COLUMNS} FROM artifacts WHERE identifier = ? ORDER BY version DESC LIMIT 1`,
      identifier,
    )
    .toArray()[0];
  return row ? toArtifact(row) : null;
}

export function getArtifact(
  sql: SqlStorage,
  identifier: string,
  version?: number,
): HiveResult<Artifact> {
  const row =
    version === undefined
      ? latestVersion(sql, identifier)
      : (sql
          .exec<ArtifactRow>(
            `SELECT ${ARTIFACT_COLUMNS} FROM artifacts WHERE identifier = ? AND version = ?`,
            identifier,
            version,
          )
          .toArray()
          .map(toArtifact)[0] ?? null);
  if (row === null) {
    const what = version === undefined ? identifier : artifactRef(identifier, version);
    return hiveErr(
      "NOT_FOUND",
      `no artifact ${what}`,
      "list the hive's artifacts to find its identifiers",
    );
  }
  return ok(row);
}

export function listArtifacts(sql: SqlStorage, head: number, query: ListQuery): ArtifactPage {
  const where = [query.status === "active" ? "status = 'active'" : "current = 1"];
  const bindings: SqlStorageValue[] = [];
  filters(where, bindings, query);
  if (query.after !== undefined) {
    where.push("identifier > ?");
    bindings.push(query.after);
  }
  const rows = sql
    .exec<ArtifactRow>(
      `SELECT ${ARTIFACT_COLUMNS} FROM artifacts WHERE ${where.join(" AND ")} ORDER BY identifier LIMIT ?`,
      ...bindings,
      query.limit + 1,
    )
    .toArray();
  const page = rows.slice(0, query.limit).map(toArtifact);
  const last = page.at(-1);
  return {
    artifacts: page,
    seq: head,
    next: rows.length > query.limit && last ? last.identifier : null,
  };
}

/**
 * The active artifacts as they stood after event `seq` (or at time `at`): for
 * each identifier its newest version created by then, if that version was a put
 * (tombstones mean retracted or superseded at that point).
 */
export function asOfArtifacts(sql: SqlStorage, head: number, query: AsOfQuery): Snapshot {
  const seq =
    query.seq !== undefined
      ? Math.min(query.seq, head)
      : (sql
          .exec<{ s: number | null }>(
            "SELECT max(seq) AS s FROM artifacts WHERE valid_from <= ?",
            query.at ?? 0,
          )
          .one().s ?? 0);
  const where = ["a.op = 'put'"];
  const bindings: SqlStorageValue[] = [seq];
  filters(where, bindings, query, "a.");
  if (query.identifier !== undefined) {
    where.push("a.identifier = ?");
    bindings.push(query.identifier);
  }
  const columns = ARTIFACT_COLUMNS.split(", ")
    .map((c) => `a.${c}`)
    .join(", ");
  const rows = sql
    .exec<ArtifactRow>(
      `SELECT ${columns}
         FROM artifacts a
         JOIN (SELECT identifier, max(version) AS v FROM artifacts WHERE seq <= ? GROUP BY identifier) m
           ON a.identifier = m.identifier AND a.version = m.v
        WHERE ${where.join(" AND ")}
        ORDER BY a.identifier`,
      ...bindings,
    )
    .toArray();
  return { seq, artifacts: rows.map(asOfArtifact) };
}

export function activeSnapshot(sql: SqlStorage, head: number): Snapshot {
  const rows = sql
    .exec<ArtifactRow>(
      `SELECT ${ARTIFACT_COLUMNS} FROM artifacts WHERE status = 'active' ORDER BY identifier`,
    )
    .toArray();
  return { seq: head, artifacts: rows.map(toArtifact) };
}

function filters(
  where: string[],
  bindings: SqlStorageValue[],
  query: { kind?: string | undefined; tag?: string | undefined; prefix?: string | undefined },
  alias = "",
): void {
  if (query.kind !== undefined) {
    where.push(`${alias}kind = ?`);
    bindings.push(query.kind);
  }
  if (query.tag !== undefined) {
    where.push(`EXISTS (SELECT 1 FROM json_each(${alias}tags) WHERE value = ?)`);
    bindings.push(query.tag);
  }
  if (query.prefix !== undefined) {
    where.push(`substr(${alias}identifier, 1, ?) = ?`);
    bindings.push(query.prefix.length, query.prefix);
  }
}
