// A group of put-only commits decided in memory and written with one multi-row
// statement per table, instead of six statements per commit (in workerd each
// statement costs far more than the rows it writes). Each commit keeps its own
// compare-and-swap check, idempotency and outcome, decided in order exactly as
// one commit after another would be. Used by durable-objects/hive/artifacts/store.ts.
import { artifactRef, type Artifact, type ArtifactInput } from "../../../shared/hive/artifact.ts";
import { stableStringify } from "../../../shared/hive/canonical.ts";
import {
  commitBodyHash,
  hiveErr,
  type CommitRequest,
  type CommitResult,
  type HiveErr,
  type HiveEvent,
  type HiveResult,
} from "../../../shared/hive/writes.ts";
import { sha256Hex } from "../../../shared/base/hash.ts";
import { packByBytes, utf8Bytes } from "../../../shared/hive/pack.ts";
import { ok } from "../../../shared/base/result.ts";
import { ARTIFACT_COLUMNS } from "./rows.ts";
import { latestVersion } from "./queries.ts";

/** An identifier's newest version as a put needs it: enough to check, link and retire it. */
export type VersionHead = Pick<Artifact, "identifier" | "version" | "status">;

/** An event as the log stores it: its seq and its JSON text, encoded once at commit. */
export interface EncodedEvent {
  seq: number;
  body: string;
}

export interface Committed {
  result: CommitResult;
  /** The commit's events as written to the log; the fan-out sends these texts as they are. */
  events: EncodedEvent[];
}

/** The refusal of a stale compare-and-swap, carrying the version in force. */
export function versionConflict(
  index: number,
  identifier: string,
  expected: number,
  current: Artifact | null,
): HiveErr {
  const currentVersion = current?.version ?? 0;
  return hiveErr(
    "VERSION_CONFLICT",
    `write ${index}: ${identifier} is at version ${currentVersion}, not ${expected}`,
    "read the current version (returned in `conflict`), reapply your change and retry with expectedVersion set to it",
    { index, identifier, expectedVersion: expected, currentVersion, current },
  );
}

export function idempotencyMismatch(key: string): HiveErr {
  return hiveErr(
    "IDEMPOTENCY_MISMATCH",
    `idempotency key ${key} was already used for a different commit`,
    "use a fresh idempotency key for a new commit; reuse a key only to retry the identical body",
  );
}

/** The version a put creates over `previous` (or over the superseded `supersedes`). */
export function newVersion(
  input: ArtifactInput,
  previous: VersionHead | null,
  seq: number,
  now: number,
  supersedes?: VersionHead,
): Artifact {
  const replaced = supersedes ?? previous;
  return {
    identifier: input.identifier,
    version: (previous?.version ?? 0) + 1,
    kind: input.kind,
    value: input.value,
    summary: input.summary,
    provenance: {
      ...input.provenance,
      contentHash: input.provenance.contentHash ?? sha256Hex(stableStringify(input.value)),
    },
    status: "active",
    supersedes: replaced ? artifactRef(replaced.identifier, replaced.version) : null,
    supersededBy: null,
    reason: null,
    tags: input.tags,
    validFrom: now,
    validTo: null,
    seq,
  };
}

/** An artifact version as the artifacts table's columns, `current` aside (in ARTIFACT_COLUMNS order). */
export function artifactRow(a: Artifact, op: string): SqlStorageValue[] {
  return [
    a.identifier,
    a.version,
    a.kind,
    JSON.stringify(a.value),
    a.summary,
    JSON.stringify(a.provenance),
    a.status,
    a.supersedes,
    a.supersededBy,
    a.reason,
    JSON.stringify(a.tags),
    a.validFrom,
    a.validTo,
    a.seq,
    op,
  ];
}

/** True when every write of every commit is a put (the only shape planned in memory). */
export function putsOnly(requests: readonly CommitRequest[]): boolean {
  return requests.every((r) => r.writes.every((w) => w.op === "put"));
}

type Head = VersionHead & { artifact?: Artifact };

/** Bytes of JSON rows per statement: well under the storage's cap on one string (2 MB). */
const ROWS_PARAM_BYTES = 1024 * 1024;

const column = (i: number) => `j.value->>${i}`;
const ARTIFACT_INSERT = `INSERT INTO artifacts (${ARTIFACT_COLUMNS}) SELECT ${Array.from(
  { length: 15 },
  (_, i) => column(i),
).join(", ")}, 1 FROM json_each(?) AS j`;
// Every SET expression reads the row as it was: only an active version takes the
// new status; a tombstone keeps its own and only stops being current.
const RETIRE_UPDATE = `UPDATE artifacts SET
    status = CASE WHEN status = 'active' THEN 'superseded' ELSE status END,
    superseded_by = CASE WHEN status = 'active' THEN j.value->>2 ELSE superseded_by END,
    valid_to = CASE WHEN status = 'active' THEN ? ELSE valid_to END,
    current = 0
  FROM json_each(?) AS j
  WHERE artifacts.identifier = j.value->>0 AND artifacts.version = j.value->>1`;
const EVENT_INSERT = `INSERT INTO events (seq, at, body) SELECT j.value->>0, j.value->>1, j.value->>2 FROM json_each(?) AS j`;
const IDEMPOTENCY_INSERT = `INSERT INTO idempotency (key, body_hash, result, at) SELECT j.value->>0, j.value->>1, j.value->>2, j.value->>3 FROM json_each(?) AS j`;

/**
 * Commits `requests` (puts only) in order after event `head`, inside the
 * caller's transaction: two reads for the whole group, the decisions in memory,
 * then one insert per table and one update of the retired versions. Returns each
 * commit's outcome and the new head.
 */
export function commitPutGroup(
  sql: SqlStorage,
  head: number,
  requests: readonly CommitRequest[],
  now: number,
): { results: Array<HiveResult<Committed>>; head: number } {
  const keys = [...new Set(requests.map((r) => r.idempotencyKey))];
  const seen = new Map<string, { hash: string; result: string }>();
  for (const row of sql
    .exec<{ key: string; body_hash: string; result: string }>(
      "SELECT key, body_hash, result FROM idempotency WHERE key IN (SELECT value FROM json_each(?))",
      JSON.stringify(keys),
    )
    .toArray()) {
    seen.set(row.key, { hash: row.body_hash, result: row.result });
  }
  const identifiers = [
    ...new Set(
      requests.flatMap((r) => r.writes.map((w) => (w.op === "put" ? w.artifact.identifier : ""))),
    ),
  ];
  const heads = new Map<string, Head>();
  for (const row of sql
    .exec<{ identifier: string; version: number; status: string }>(
      // Each identifier's newest version by the primary key's max (one index probe
      // each), however long its history.
      `SELECT a.identifier, a.version, a.status FROM json_each(?) AS j JOIN artifacts a
         ON a.identifier = j.value
        AND a.version = (SELECT max(version) FROM artifacts WHERE identifier = j.value)`,
      JSON.stringify(identifiers),
    )
    .toArray()) {
    heads.set(row.identifier, {
      identifier: row.identifier,
      version: row.version,
      status: row.status as Artifact["status"],
    });
  }

  const artifactRows: SqlStorageValue[][] = [];
  const retireRows: Array<[string, number, string]> = [];
  const eventRows: Array<[number, number, string]> = [];
  const keyRows: Array<[string, string, string, number]> = [];
  let seq = head;
  const results = requests.map((request): HiveResult<Committed> => {
    const bodyHash = commitBodyHash(request);
    const prior = seen.get(request.idempotencyKey);
    if (prior !== undefined) {
      if (prior.hash !== bodyHash) {
        return idempotencyMismatch(request.idempotencyKey);
      }
      const stored = JSON.parse(prior.result) as CommitResult;
      return ok({ result: { ...stored, replayed: true }, events: [] });
    }
    // The commit's own view: its earlier writes, over the group's, over storage.
    const mine = new Map<string, Head>();
    const events: HiveEvent[] = [];
    const retires: Array<[string, number, string]> = [];
    let next = seq;
    for (const [index, write] of request.writes.entries()) {
      if (write.op !== "put") {
        throw new Error("commitPutGroup takes commits of puts only");
      }
      const { identifier } = write.artifact;
      const current = mine.get(identifier) ?? heads.get(identifier) ?? null;
      if ((current?.version ?? 0) !== write.expectedVersion) {
        const inForce = current?.artifact ?? latestVersion(sql, identifier);
        return versionConflict(index, identifier, write.expectedVersion, inForce);
      }
      next++;
      const created = newVersion(write.artifact, current, next, now);
      const byRef = artifactRef(created.identifier, created.version);
      let retired: HiveEvent["retired"] = null;
      if (current !== null) {
        retires.push([current.identifier, current.version, byRef]);
        if (current.status === "active") {
          retired = {
            identifier: current.identifier,
            version: current.version,
            status: "superseded",
            supersededBy: byRef,
            validTo: now,
          };
        }
      }
      events.push({ seq: next, at: now, op: "put", artifact: created, retired });
      mine.set(identifier, {
        identifier,
        version: created.version,
        status: "active",
        artifact: created,
      });
    }
    // Every write holds: the commit applies.
    seq = next;
    for (const [identifier, h] of mine) {
      heads.set(identifier, h);
    }
    retireRows.push(...retires);
    const encoded = events.map((event) => {
      artifactRows.push(artifactRow(event.artifact, "put"));
      const body = JSON.stringify(event);
      eventRows.push([event.seq, event.at, body]);
      return { seq: event.seq, body };
    });
    const result: CommitResult = { seq, artifacts: events.map((e) => e.artifact), replayed: false };
    const resultText = JSON.stringify(result);
    keyRows.push([request.idempotencyKey, bodyHash, resultText, now]);
    seen.set(request.idempotencyKey, { hash: bodyHash, result: resultText });
    return ok({ result, events: encoded });
  });

  execRows(sql, ARTIFACT_INSERT, artifactRows);
  execRows(sql, RETIRE_UPDATE, retireRows, now);
  execRows(sql, EVENT_INSERT, eventRows);
  execRows(sql, IDEMPOTENCY_INSERT, keyRows);
  return { results, head: seq };
}

/**
 * Runs `statement` over `rows` passed as JSON arrays, in order, each array under
 * ROWS_PARAM_BYTES (storage caps one string value; a row over it goes alone).
 */
function execRows(
  sql: SqlStorage,
  statement: string,
  rows: readonly unknown[],
  ...leading: SqlStorageValue[]
): void {
  const texts = rows.map((row) => JSON.stringify(row));
  for (const part of packByBytes(texts, ROWS_PARAM_BYTES, utf8Bytes)) {
    sql.exec(statement, ...leading, `[${part.join(",")}]`);
  }
}
