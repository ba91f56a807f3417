// A fast path for the common `hive.commit` and `hive.commits` frames (puts only): plain checks of
// exactly the rules CommitRequestSchema applies, so a well-formed frame skips
// zod (which runs without code generation in workerd). Anything else returns
// undefined and the caller parses with the schema, so errors stay zod's. Used by
// shared/protocol.ts's frame parser.
import {
  ARTIFACT_KINDS,
  CONTENT_HASH_PATTERN,
  IDENTIFIER_PATTERN,
  MAX_IDENTIFIER_CHARS,
  MAX_SOURCE_CHARS,
  MAX_SUMMARY_CHARS,
  MAX_TAG_CHARS,
  MAX_TAGS,
  MAX_VALUE_BYTES,
  TAG_PATTERN,
  identifierSegmentsOk,
  type ArtifactInput,
  type Provenance,
} from "./artifact.ts";
import { utf8Bytes } from "./pack.ts";
import {
  IDEMPOTENCY_KEY_PATTERN,
  MAX_BATCH_WRITES,
  MAX_IDEMPOTENCY_KEY_CHARS,
  type CommitRequest,
  type Write,
} from "./writes.ts";
import { MAX_GROUP_COMMITS } from "./messages.ts";

type Obj = Record<string, unknown>;

const KINDS: ReadonlySet<string> = new Set(ARTIFACT_KINDS);
const FRAME_KEYS = new Set(["type", "id", "commit"]);
const GROUP_FRAME_KEYS = new Set(["type", "id", "commits"]);
const COMMIT_KEYS = new Set(["idempotencyKey", "writes"]);
const PUT_KEYS = new Set(["op", "expectedVersion", "artifact"]);
const ARTIFACT_KEYS = new Set(["identifier", "kind", "value", "summary", "provenance", "tags"]);
const PROVENANCE_KEYS = new Set(["session", "agent", "step", "source", "contentHash"]);
/** Below this many UTF-16 units a value's JSON cannot exceed MAX_VALUE_BYTES (3 bytes a unit at most). */
const VALUE_UNITS_ALWAYS_FIT = Math.floor(MAX_VALUE_BYTES / 3);

function isObj(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Every own key of `o` is one of `allowed` (a strict object's rule). */
function onlyKeys(o: Obj, allowed: ReadonlySet<string>): boolean {
  for (const key of Object.keys(o)) {
    if (!allowed.has(key)) {
      return false;
    }
  }
  return true;
}

function str(v: unknown, min: number, max: number): v is string {
  return typeof v === "string" && v.length >= min && v.length <= max;
}

function provenance(v: unknown): Provenance | undefined {
  if (!isObj(v) || !onlyKeys(v, PROVENANCE_KEYS)) {
    return undefined;
  }
  const { session, agent, step, source, contentHash } = v;
  if (
    !str(session, 1, 128) ||
    !str(agent, 1, 128) ||
    typeof step !== "number" ||
    !Number.isSafeInteger(step) ||
    step < 0 ||
    !str(source, 1, MAX_SOURCE_CHARS)
  ) {
    return undefined;
  }
  if (contentHash === undefined) {
    return { session, agent, step, source };
  }
  if (typeof contentHash !== "string" || !CONTENT_HASH_PATTERN.test(contentHash)) {
    return undefined;
  }
  return { session, agent, step, source, contentHash };
}

function tags(v: unknown): string[] | undefined {
  if (v === undefined) {
    return [];
  }
  if (!Array.isArray(v) || v.length > MAX_TAGS) {
    return undefined;
  }
  for (const tag of v) {
    if (!str(tag, 1, MAX_TAG_CHARS) || !TAG_PATTERN.test(tag)) {
      return undefined;
    }
  }
  return [...new Set(v as string[])].sort();
}

/** A JSON.parse result is always valid JSON; only its encoded size is checked. */
function valueFits(value: unknown): boolean {
  if (value === undefined) {
    return false;
  }
  const text = JSON.stringify(value);
  return text.length <= VALUE_UNITS_ALWAYS_FIT || utf8Bytes(text) <= MAX_VALUE_BYTES;
}

function artifact(v: unknown): ArtifactInput | undefined {
  if (!isObj(v) || !onlyKeys(v, ARTIFACT_KEYS)) {
    return undefined;
  }
  const { identifier, kind, value, summary } = v;
  if (
    !str(identifier, 1, MAX_IDENTIFIER_CHARS) ||
    !IDENTIFIER_PATTERN.test(identifier) ||
    !identifierSegmentsOk(identifier) ||
    typeof kind !== "string" ||
    !KINDS.has(kind) ||
    !valueFits(value) ||
    (summary !== undefined && !str(summary, 0, MAX_SUMMARY_CHARS))
  ) {
    return undefined;
  }
  const prov = provenance(v.provenance);
  const tagList = tags(v.tags);
  if (prov === undefined || tagList === undefined) {
    return undefined;
  }
  return {
    identifier,
    kind: kind as ArtifactInput["kind"],
    value: value as ArtifactInput["value"],
    summary: summary ?? "",
    provenance: prov,
    tags: tagList,
  };
}

function put(v: unknown): Write | undefined {
  if (!isObj(v) || v.op !== "put" || !onlyKeys(v, PUT_KEYS)) {
    return undefined;
  }
  // The default applies to an absent key only: null is refused, as the schema does.
  const expected = v.expectedVersion === undefined ? 0 : v.expectedVersion;
  if (typeof expected !== "number" || !Number.isSafeInteger(expected) || expected < 0) {
    return undefined;
  }
  const input = artifact(v.artifact);
  return input === undefined
    ? undefined
    : { op: "put", expectedVersion: expected, artifact: input };
}

/**
 * `data` (the output of JSON.parse) as a CommitRequest when it is a commit of
 * puts that CommitRequestSchema accepts, built as the schema would build it
 * (defaults, sorted tags, key order); undefined means "parse it with the schema".
 */
export function fastCommitRequest(data: unknown): CommitRequest | undefined {
  if (!isObj(data) || !onlyKeys(data, COMMIT_KEYS)) {
    return undefined;
  }
  const { idempotencyKey, writes } = data;
  if (
    !str(idempotencyKey, 1, MAX_IDEMPOTENCY_KEY_CHARS) ||
    !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey) ||
    !Array.isArray(writes) ||
    writes.length < 1 ||
    writes.length > MAX_BATCH_WRITES
  ) {
    return undefined;
  }
  const parsed: Write[] = [];
  for (const w of writes) {
    const write = put(w);
    if (write === undefined) {
      return undefined;
    }
    parsed.push(write);
  }
  return { idempotencyKey, writes: parsed };
}

/** A `hive.commit` frame (parsed JSON) on the fast path, or undefined (use the schema). */
export function fastCommitFrame(
  data: Obj,
): { type: "hive.commit"; id: string; commit: CommitRequest } | undefined {
  const { type, id } = data;
  if (type !== "hive.commit" || !str(id, 1, 128) || !onlyKeys(data, FRAME_KEYS)) {
    return undefined;
  }
  const commit = fastCommitRequest(data.commit);
  return commit === undefined ? undefined : { type, id, commit };
}

/** A `hive.commits` frame (parsed JSON) on the fast path, or undefined (use the schema). */
export function fastCommitsFrame(
  data: Obj,
): { type: "hive.commits"; id: string; commits: CommitRequest[] } | undefined {
  const { type, id, commits } = data;
  if (
    type !== "hive.commits" ||
    !str(id, 1, 128) ||
    !onlyKeys(data, GROUP_FRAME_KEYS) ||
    !Array.isArray(commits) ||
    commits.length < 1 ||
    commits.length > MAX_GROUP_COMMITS
  ) {
    return undefined;
  }
  const parsed: CommitRequest[] = [];
  for (const c of commits) {
    const commit = fastCommitRequest(c);
    if (commit === undefined) {
      return undefined;
    }
    parsed.push(commit);
  }
  return { type, id, commits: parsed };
}
