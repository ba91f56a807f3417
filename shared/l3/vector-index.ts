// L3's vector index interface: Vectorize's method shapes and result shapes, so
// the Hive runs the same code against the Vectorize binding (production) or the
// local SQLite index (local runs, tests). Pure types plus the metadata filter.

export type VectorMetadataValue = string | number | boolean | string[];
export type VectorMetadata = Record<string, VectorMetadataValue>;

export interface IndexVector {
  id: string;
  values: number[] | Float32Array | Float64Array;
  namespace?: string;
  metadata?: VectorMetadata;
}

type Scalar = string | number | boolean | null;
export type MetadataFilter = Record<
  string,
  | Scalar
  | { $eq?: Scalar; $ne?: Scalar; $lt?: Scalar; $lte?: Scalar; $gt?: Scalar; $gte?: Scalar }
  | { $in?: Exclude<Scalar, null>[]; $nin?: Exclude<Scalar, null>[] }
>;

export interface QueryOptions {
  topK?: number;
  namespace?: string;
  returnValues?: boolean;
  returnMetadata?: boolean | "all" | "indexed" | "none";
  filter?: MetadataFilter;
}

export interface VectorMatch {
  id: string;
  score: number;
  values?: number[] | Float32Array | Float64Array;
  namespace?: string;
  metadata?: VectorMetadata;
}

export interface VectorMatches {
  matches: VectorMatch[];
  count: number;
}

export interface AsyncMutation {
  mutationId: string;
}

export interface IndexInfo {
  vectorCount: number;
  dimensions: number;
  processedUpToDatetime: number;
  processedUpToMutation: number;
}

/** The subset of Vectorize's binding L3 uses; `Vectorize` satisfies it structurally. */
export interface VectorIndex {
  describe(): Promise<IndexInfo>;
  query(
    vector: number[] | Float32Array | Float64Array,
    options?: QueryOptions,
  ): Promise<VectorMatches>;
  insert(vectors: IndexVector[]): Promise<AsyncMutation>;
  upsert(vectors: IndexVector[]): Promise<AsyncMutation>;
  deleteByIds(ids: string[]): Promise<AsyncMutation>;
  getByIds(ids: string[]): Promise<IndexVector[]>;
}

/** Vectorize's caps: topK <= 100, or <= 20 when values or all metadata come back. */
export const MAX_TOP_K = 100;
export const MAX_TOP_K_WITH_DATA = 20;
export const DEFAULT_TOP_K = 5;
/** Vectorize ids are at most 64 bytes. */
export const MAX_VECTOR_ID_BYTES = 64;

function compare(a: Scalar, b: Scalar): number | null {
  if (typeof a === "number" && typeof b === "number") {
    return a - b;
  }
  if (typeof a === "string" && typeof b === "string") {
    return a < b ? -1 : a > b ? 1 : 0;
  }
  return null;
}

/** Vectorize's metadata filter semantics, on top-level metadata fields. */
export function matchesFilter(
  metadata: VectorMetadata | undefined,
  filter: MetadataFilter | undefined,
): boolean {
  if (filter === undefined) {
    return true;
  }
  for (const [field, condition] of Object.entries(filter)) {
    const raw = metadata?.[field];
    const value: Scalar = raw === undefined || Array.isArray(raw) ? null : raw;
    if (condition === null || typeof condition !== "object") {
      if (value !== condition) {
        return false;
      }
      continue;
    }
    for (const [op, operand] of Object.entries(condition)) {
      const c = compare(value, operand as Scalar);
      const ok =
        op === "$eq"
          ? value === operand
          : op === "$ne"
            ? value !== operand
            : op === "$in"
              ? Array.isArray(operand) && operand.includes(value as never)
              : op === "$nin"
                ? Array.isArray(operand) && !operand.includes(value as never)
                : c !== null &&
                  ((op === "$lt" && c < 0) ||
                    (op === "$lte" && c <= 0) ||
                    (op === "$gt" && c > 0) ||
                    (op === "$gte" && c >= 0));
      if (!ok) {
        return false;
      }
    }
  }
  return true;
}
