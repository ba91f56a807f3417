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

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const BLOB_MARK = "$blob";

/**
 * Replaces every `content` string of EXTERNALIZE_MIN_CHARS or more by `{ $blob: hash }`,
 * keeping key order, so JSON.stringify(internalize(externalize(x))) === JSON.stringify(x).
 */
export function externalize(
  value: Json,
  put: (content: string) => string,
  refs: string[] = [],
): Json {
  if (Array.isArray(value)) {
    return value.map((v) => externalize(v, put, refs));
  }
  if (value === null || typeof value !== "object") {
    return value;
  }
  const out: { [key: string]: Json } = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === "content" && typeof v === "string" && v.length >= EXTERNALIZE_MIN_CHARS) {
      const hash = put(v);
      refs.push(hash);
      out[key] = { [BLOB_MARK]: hash };
    } else {
      out[key] = externalize(v, put, refs);
    }
  }
  return out;
}

export function internalize(value: Json, get: (hash: string) => string): Json {
  if (Array.isArray(value)) {
    return value.map((v) => internalize(v, get));
  }
  if (value === null || typeof value !== "object") {
    return value;
  }
  const out: { [key: string]: Json } = {};
  for (const [key, v] of Object.entries(value)) {
    const mark =
      v !== null && typeof v === "object" && !Array.isArray(v) ? v[BLOB_MARK] : undefined;
    out[key] = typeof mark === "string" ? get(mark) : internalize(v, get);
  }
  return out;
}

/** Every blob hash an externalised value refers to. */
export function blobRefs(value: Json, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    for (const v of value) {
      blobRefs(v, into);
    }
  } else if (value !== null && typeof value === "object") {
    const mark = value[BLOB_MARK];
    if (typeof mark === "string") {
      into.add(mark);
    }
    for (const v of Object.values(value)) {
      blobRefs(v, into);
    }
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
