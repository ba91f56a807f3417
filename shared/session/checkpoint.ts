// Checkpoints are manifests of content hashes, not snapshots: a step that changes
// little stores little. Pure helpers used by AgentSession: the manifest schema,
// externalising large strings into blobs, diffs and the retention policy.
import { z } from "zod";

export const CheckpointManifestSchema = z.object({
  id: z.string(),
  parent: z.string().nullable(),
  step: z.number().int().min(0),
  label: z.string().nullable(),
  /** Content hashes of the pages in L1, in pager order. */
  pageRefs: z.array(z.string()),
  /** Hash of the session state with its large strings externalised. */
  stateHash: z.string(),
  /** Sequence number of the last transcript turn in this lineage (0: none). */
  transcriptPosition: z.number().int().min(0),
  /** Number of turns in this lineage. */
  transcriptLength: z.number().int().min(0),
  hiveSeqSeen: z.number().int().min(0),
  workspaceManifest: z.string().nullable(),
  sectionHashes: z.record(z.string(), z.string()),
});
export type CheckpointManifest = z.infer<typeof CheckpointManifestSchema>;

export const LABEL_PATTERN = /^[\w.:@-]{1,64}$/;

/** Strings at least this long are stored once as blobs and referenced by hash. */
export const EXTERNALIZE_MIN_CHARS = 128;
/**
 * Arrays longer than this are stored as content-defined chunks, so a list that
 * grows or drops its oldest items (the pager's evicted stubs) re-stores only the
 * chunks that changed instead of the whole list at every step.
 */
export const CHUNK_ARRAYS_OVER = 16;
/** A chunk ends after an item whose hash is 0 modulo this (average chunk size)... */
export const CHUNK_AVERAGE_ITEMS = 4;
/** ...or when it reaches this many items. */
export const CHUNK_MAX_ITEMS = 12;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const BLOB_MARK = "$blob";
const CHUNKS_MARK = "$chunks";

type Put = (content: string) => string;
type Get = (hash: string) => string;

function chunkBoundaries(items: readonly Json[], hashOf: (text: string) => string): Json[][] {
  const chunks: Json[][] = [];
  let current: Json[] = [];
  for (const item of items) {
    current.push(item);
    const h = parseInt(hashOf(JSON.stringify(item)).slice(0, 6), 16);
    if (h % CHUNK_AVERAGE_ITEMS === 0 || current.length >= CHUNK_MAX_ITEMS) {
      chunks.push(current);
      current = [];
    }
  }
  if (current.length > 0) {
    chunks.push(current);
  }
  return chunks;
}

/**
 * Replaces every `content` string of EXTERNALIZE_MIN_CHARS or more by `{ $blob: hash }`
 * and every long array by `{ $chunks: [...] }` (recursively, a Merkle list), keeping
 * order, so JSON.stringify(internalize(externalize(x))) === JSON.stringify(x).
 * `hashOf` must be the hash `put` addresses blobs by.
 */
export function externalize(value: Json, put: Put, hashOf: (text: string) => string): Json {
  if (Array.isArray(value)) {
    const items = value.map((v) => externalize(v, put, hashOf));
    if (items.length <= CHUNK_ARRAYS_OVER) {
      return items;
    }
    const hashes = chunkBoundaries(items, hashOf).map((chunk) => put(JSON.stringify(chunk)));
    return { [CHUNKS_MARK]: externalize(hashes, put, hashOf) };
  }
  if (value === null || typeof value !== "object") {
    return value;
  }
  const out: { [key: string]: Json } = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === "content" && typeof v === "string" && v.length >= EXTERNALIZE_MIN_CHARS) {
      out[key] = { [BLOB_MARK]: put(v) };
    } else {
      out[key] = externalize(v, put, hashOf);
    }
  }
  return out;
}

function markOf(value: Json, mark: string): Json | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? value[mark]
    : undefined;
}

export function internalize(value: Json, get: Get): Json {
  if (Array.isArray(value)) {
    return value.map((v) => internalize(v, get));
  }
  if (value === null || typeof value !== "object") {
    return value;
  }
  const chunks = markOf(value, CHUNKS_MARK);
  if (chunks !== undefined) {
    const hashes = internalize(chunks, get) as string[];
    return hashes.flatMap((hash) =>
      (JSON.parse(get(hash)) as Json[]).map((v) => internalize(v, get)),
    );
  }
  const out: { [key: string]: Json } = {};
  for (const [key, v] of Object.entries(value)) {
    const blob = markOf(v, BLOB_MARK);
    out[key] = typeof blob === "string" ? get(blob) : internalize(v, get);
  }
  return out;
}

/** Every blob hash an externalised value refers to, chunks included (mark phase). */
export function blobRefs(value: Json, get: Get, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    for (const v of value) {
      blobRefs(v, get, into);
    }
    return into;
  }
  if (value === null || typeof value !== "object") {
    return into;
  }
  const blob = markOf(value, BLOB_MARK);
  if (typeof blob === "string") {
    into.add(blob);
    return into;
  }
  const chunks = markOf(value, CHUNKS_MARK);
  if (chunks !== undefined) {
    blobRefs(chunks, get, into);
    for (const hash of internalize(chunks, get) as string[]) {
      if (!into.has(hash)) {
        into.add(hash);
        blobRefs(JSON.parse(get(hash)) as Json, get, into);
      }
    }
    return into;
  }
  for (const v of Object.values(value)) {
    blobRefs(v, get, into);
  }
  return into;
}

export interface CheckpointDiff {
  from: string;
  to: string;
  steps: number;
  pagesAdded: string[];
  pagesRemoved: string[];
  sectionsChanged: string[];
  transcript: { fromLength: number; toLength: number };
  hiveSeq: { from: number; to: number };
  workspaceChanged: boolean;
  stateChanged: boolean;
}

export function diffCheckpoints(a: CheckpointManifest, b: CheckpointManifest): CheckpointDiff {
  const aPages = new Set(a.pageRefs);
  const bPages = new Set(b.pageRefs);
  const sections = new Set([...Object.keys(a.sectionHashes), ...Object.keys(b.sectionHashes)]);
  return {
    from: a.id,
    to: b.id,
    steps: b.step - a.step,
    pagesAdded: b.pageRefs.filter((p) => !aPages.has(p)),
    pagesRemoved: a.pageRefs.filter((p) => !bPages.has(p)),
    sectionsChanged: [...sections].filter((s) => a.sectionHashes[s] !== b.sectionHashes[s]).sort(),
    transcript: { fromLength: a.transcriptLength, toLength: b.transcriptLength },
    hiveSeq: { from: a.hiveSeqSeen, to: b.hiveSeqSeen },
    workspaceChanged: a.workspaceManifest !== b.workspaceManifest,
    stateChanged: a.stateHash !== b.stateHash,
  };
}

export const RetentionPolicySchema = z.strictObject({
  /** Always keep the most recent K checkpoints. */
  keepLast: z.number().int().min(1).max(10_000).default(50),
  /** Keep every checkpoint whose step is a multiple of N (0: none). */
  everyNth: z.number().int().min(0).max(10_000).default(10),
});
export type RetentionPolicy = z.output<typeof RetentionPolicySchema>;

export type CheckpointRow = {
  id: string;
  step: number;
  label: string | null;
  /** Insertion order. */
  ord: number;
};

/**
 * The checkpoints a retention policy keeps: labelled ones, the last K, every Nth
 * step, and every id in `inUse` (the head, fork origins, what a watcher reads).
 */
export function retainedCheckpoints(
  rows: readonly CheckpointRow[],
  policy: RetentionPolicy,
  inUse: ReadonlySet<string>,
): Set<string> {
  const keep = new Set<string>();
  const byOrder = [...rows].sort((x, y) => y.ord - x.ord);
  byOrder.slice(0, policy.keepLast).forEach((r) => keep.add(r.id));
  for (const r of rows) {
    if (
      r.label !== null ||
      inUse.has(r.id) ||
      (policy.everyNth > 0 && r.step % policy.everyNth === 0)
    ) {
      keep.add(r.id);
    }
  }
  return keep;
}
