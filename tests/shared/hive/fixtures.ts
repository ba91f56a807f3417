// Factories for hive artifacts and writes (tests only); each call is a fresh object.
import type { ArtifactInputIn, Provenance } from "../../../shared/hive/artifact.ts";
import type { CommitRequestIn, WriteIn } from "../../../shared/hive/writes.ts";

export function makeProvenance(overrides: Partial<Provenance> = {}): Provenance {
  return {
    session: "s-test",
    agent: "agent-a",
    step: 1,
    source: "src/config.ts@abc:1-3",
    ...overrides,
  };
}

export function makeArtifact(overrides: Partial<ArtifactInputIn> = {}): ArtifactInputIn {
  return {
    identifier: "config.TIMEOUT",
    kind: "fact",
    value: { ms: 30_000 },
    summary: "the request timeout",
    provenance: makeProvenance(),
    tags: ["config"],
    ...overrides,
  };
}

export function makePut(
  overrides: Partial<ArtifactInputIn> = {},
  expectedVersion = 0,
): Extract<WriteIn, { op: "put" }> {
  return { op: "put", expectedVersion, artifact: makeArtifact(overrides) };
}

export function makeCommit(
  writes: WriteIn[],
  idempotencyKey = crypto.randomUUID(),
): CommitRequestIn {
  return { idempotencyKey, writes };
}
