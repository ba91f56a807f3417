// One write of a commit applied to the Hive's artifact versions (put, retract,
// supersede): the version rows it inserts and retires, and the events it yields.
// A refusal throws Abort, which rolls the commit's transaction back; store.ts catches it.
import { artifactRef, type Artifact, type ArtifactInput } from "../../../shared/hive/artifact.ts";
import { hiveErr, type HiveEvent, type Write } from "../../../shared/hive/writes.ts";
import { ARTIFACT_COLUMNS } from "./rows.ts";
import { artifactRow, newVersion, versionConflict, type VersionHead } from "./put-group.ts";
import { latestVersion } from "./queries.ts";

/** Thrown inside a transaction to roll it back; never escapes the store. */
export class Abort {
  readonly refusal: ReturnType<typeof hiveErr>;
  constructor(refusal: ReturnType<typeof hiveErr>) {
    this.refusal = refusal;
  }
}

export function applyWrite(
  sql: SqlStorage,
  write: Write,
  index: number,
  now: number,
  nextSeq: () => number,
): HiveEvent[] {
  switch (write.op) {
    case "put": {
      const { identifier } = write.artifact;
      const current = latestHead(sql, identifier);
      if ((current?.version ?? 0) !== write.expectedVersion) {
        // A conflict answers with the whole version in force.
        expectVersion(index, identifier, write.expectedVersion, latest(sql, identifier));
      }
      const seq = nextSeq();
      const created = insertVersion(sql, write.artifact, current, seq, now, "put");
      const retired = retire(sql, current, "superseded", created, now);
      return [{ seq, at: now, op: "put", artifact: created, retired }];
    }
    case "retract": {
      const current = latestActive(sql, index, write.identifier, write.expectedVersion);
      const seq = nextSeq();
      const tombstone = writeTombstone(sql, current, "retracted", null, write.reason, seq, now, {
        ...write.provenance,
        contentHash: write.provenance.contentHash ?? current.provenance.contentHash,
      });
      const retired = retire(sql, current, "retracted", null, now);
      return [{ seq, at: now, op: "retract", artifact: tombstone, retired }];
    }
    case "supersede": {
      if (write.replacement.identifier === write.target) {
        throw new Abort(
          hiveErr(
            "INVALID_REQUEST",
            `write ${index}: a supersede needs a replacement with another identifier`,
            "to replace the value of the same identifier, put with expectedVersion",
          ),
        );
      }
      const target = latestActive(sql, index, write.target, write.expectedVersion);
      const existing = latest(sql, write.replacement.identifier);
      expectVersion(
        index,
        write.replacement.identifier,
        write.replacementExpectedVersion,
        existing,
      );
      const putSeq = nextSeq();
      const created = insertVersion(sql, write.replacement, existing, putSeq, now, "put", target);
      const retiredExisting = retire(sql, existing, "superseded", created, now);
      const tombSeq = nextSeq();
      const createdRef = artifactRef(created.identifier, created.version);
      const tombstone = writeTombstone(
        sql,
        target,
        "superseded",
        createdRef,
        write.reason,
        tombSeq,
        now,
        created.provenance,
      );
      const retiredTarget = retire(sql, target, "superseded", created, now);
      return [
        { seq: putSeq, at: now, op: "put", artifact: created, retired: retiredExisting },
        { seq: tombSeq, at: now, op: "supersede", artifact: tombstone, retired: retiredTarget },
      ];
    }
    default: {
      const unreachable: never = write;
      return unreachable;
    }
  }
}

function expectVersion(
  index: number,
  identifier: string,
  expected: number,
  current: Artifact | null,
): void {
  if ((current?.version ?? 0) !== expected) {
    throw new Abort(versionConflict(index, identifier, expected, current));
  }
}

function latestActive(
  sql: SqlStorage,
  index: number,
  identifier: string,
  expected: number,
): Artifact {
  const current = latest(sql, identifier);
  if (current === null) {
    throw new Abort(
      hiveErr(
        "NOT_FOUND",
        `write ${index}: no artifact ${identifier}`,
        "list the hive's artifacts to find its identifiers",
      ),
    );
  }
  expectVersion(index, identifier, expected, current);
  if (current.status !== "active") {
    throw new Abort(
      hiveErr(
        "NOT_ACTIVE",
        `write ${index}: ${identifier}@${current.version} is ${current.status}`,
        "only an active artifact can be retracted or superseded; put a new version first",
      ),
    );
  }
  return current;
}

function insertVersion(
  sql: SqlStorage,
  input: ArtifactInput,
  previous: VersionHead | null,
  seq: number,
  now: number,
  op: "put",
  supersedes?: VersionHead,
): Artifact {
  const artifact = newVersion(input, previous, seq, now, supersedes);
  writeVersion(sql, artifact, op);
  return artifact;
}

function writeTombstone(
  sql: SqlStorage,
  current: Artifact,
  status: "retracted" | "superseded",
  supersededBy: string | null,
  reason: string,
  seq: number,
  now: number,
  provenance: Artifact["provenance"],
): Artifact {
  const tombstone: Artifact = {
    ...current,
    version: current.version + 1,
    provenance,
    status,
    supersedes: artifactRef(current.identifier, current.version),
    supersededBy,
    reason,
    validFrom: now,
    validTo: now,
    seq,
  };
  writeVersion(sql, tombstone, status === "retracted" ? "retract" : "supersede");
  return tombstone;
}

function writeVersion(sql: SqlStorage, a: Artifact, op: string): void {
  sql.exec(
    `INSERT INTO artifacts (${ARTIFACT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
    ...artifactRow(a, op),
  );
}

/** Closes the previous version; an active one takes the new status, a tombstone keeps its own. */
function retire(
  sql: SqlStorage,
  previous: VersionHead | null,
  status: "superseded" | "retracted",
  by: Artifact | null,
  now: number,
): HiveEvent["retired"] {
  if (previous === null) {
    return null;
  }
  const byRef = by ? artifactRef(by.identifier, by.version) : null;
  if (previous.status !== "active") {
    sql.exec(
      "UPDATE artifacts SET current = 0 WHERE identifier = ? AND version = ?",
      previous.identifier,
      previous.version,
    );
    return null;
  }
  sql.exec(
    "UPDATE artifacts SET status = ?, superseded_by = ?, valid_to = ?, current = 0 WHERE identifier = ? AND version = ?",
    status,
    byRef,
    now,
    previous.identifier,
    previous.version,
  );
  return {
    identifier: previous.identifier,
    version: previous.version,
    status,
    supersededBy: byRef,
    validTo: now,
  };
}

function latest(sql: SqlStorage, identifier: string): Artifact | null {
  return latestVersion(sql, identifier);
}

function latestHead(sql: SqlStorage, identifier: string): VersionHead | null {
  return (
    sql
      .exec<{ version: number; status: string }>(
        "SELECT version, status FROM artifacts WHERE identifier = ? ORDER BY version DESC LIMIT 1",
        identifier,
      )
      .toArray()
      .map((r) => ({
        identifier,
        version: r.version,
        status: r.status as Artifact["status"],
      }))[0] ?? null
  );
}
