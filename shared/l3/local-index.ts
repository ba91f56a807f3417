// The local L3 index: Vectorize's methods over a row store (the Hive's SQLite in
// workerd, a Map in Node), exact brute-force cosine search over an in-memory copy.
// Used when the Vectorize binding is absent or unusable (see docs/workspace.md).
import {
  DEFAULT_TOP_K,
  matchesFilter,
  MAX_TOP_K,
  MAX_TOP_K_WITH_DATA,
  MAX_VECTOR_ID_BYTES,
  type AsyncMutation,
  type IndexInfo,
  type IndexVector,
  type QueryOptions,
  type VectorIndex,
  type VectorMatch,
  type VectorMatches,
  type VectorMetadata,
} from "./vector-index.ts";

export interface StoredVector {
  id: string;
  namespace: string | null;
  values: Float32Array;
  metadata: VectorMetadata | null;
}

/** Where the local index keeps its vectors. */
export interface VectorRows {
  all(): StoredVector[];
  put(vectors: readonly StoredVector[]): void;
  delete(ids: readonly string[]): void;
}

const encoder = new TextEncoder();

function norm(values: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] ?? 0;
    n += v * v;
  }
  return Math.sqrt(n);
}

/** The hot loop of every query: typed arrays of equal length (checked on the way in). */
function dotProduct(a: Float32Array, b: Float64Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) {
    dot += (a[i] as number) * (b[i] as number);
  }
  return dot;
}

export class LocalVectorIndex implements VectorIndex {
  readonly #rows: VectorRows;
  readonly #dimensions: number;
  #cache: Map<string, StoredVector & { norm: number }> | null = null;
  #mutation = 0;
  #processedAt = 0;

  constructor(rows: VectorRows, dimensions: number) {
    this.#rows = rows;
    this.#dimensions = dimensions;
  }

  #all(): Map<string, StoredVector & { norm: number }> {
    this.#cache ??= new Map(this.#rows.all().map((v) => [v.id, { ...v, norm: norm(v.values) }]));
    return this.#cache;
  }

  #mutated(): AsyncMutation {
    this.#mutation++;
    this.#processedAt = Date.now();
    return { mutationId: `local-${this.#mutation}` };
  }

  async describe(): Promise<IndexInfo> {
    return {
      vectorCount: this.#all().size,
      dimensions: this.#dimensions,
      processedUpToDatetime: this.#processedAt,
      processedUpToMutation: this.#mutation,
    };
  }

  #validate(vectors: readonly IndexVector[]): StoredVector[] {
    return vectors.map((v) => {
      if (encoder.encode(v.id).byteLength > MAX_VECTOR_ID_BYTES || v.id.length === 0) {
        throw new RangeError(
          `vector id must be 1..${MAX_VECTOR_ID_BYTES} bytes: ${v.id.slice(0, 80)}`,
        );
      }
      if (v.values.length !== this.#dimensions) {
        throw new RangeError(
          `vector ${v.id} has ${v.values.length} dimensions; the index has ${this.#dimensions}`,
        );
      }
      return {
        id: v.id,
        namespace: v.namespace ?? null,
        values: Float32Array.from(v.values),
        metadata: v.metadata ?? null,
      };
    });
  }

  async insert(vectors: IndexVector[]): Promise<AsyncMutation> {
    const all = this.#all();
    // Vectorize's insert keeps an existing vector; only new ids are added.
    return this.upsert(vectors.filter((v) => !all.has(v.id)));
  }

  async upsert(vectors: IndexVector[]): Promise<AsyncMutation> {
    const stored = this.#validate(vectors);
    this.#rows.put(stored);
    const all = this.#all();
    for (const v of stored) {
      all.set(v.id, { ...v, norm: norm(v.values) });
    }
    return this.#mutated();
  }

  async deleteByIds(ids: string[]): Promise<AsyncMutation> {
    this.#rows.delete(ids);
    const all = this.#all();
    for (const id of ids) {
      all.delete(id);
    }
    return this.#mutated();
  }

  async getByIds(ids: string[]): Promise<IndexVector[]> {
    const all = this.#all();
    return ids.flatMap((id) => {
      const v = all.get(id);
      return v ? [toVector(v)] : [];
    });
  }

  async query(
    vector: number[] | Float32Array | Float64Array,
    options: QueryOptions = {},
  ): Promise<VectorMatches> {
    const topK = options.topK ?? DEFAULT_TOP_K;
    const withData =
      options.returnValues === true ||
      options.returnMetadata === true ||
      options.returnMetadata === "all";
    const cap = withData ? MAX_TOP_K_WITH_DATA : MAX_TOP_K;
    if (!Number.isInteger(topK) || topK < 1 || topK > cap) {
      throw new RangeError(
        `topK must be 1..${cap}${withData ? " when values or all metadata are returned" : ""}`,
      );
    }
    if (vector.length !== this.#dimensions) {
      throw new RangeError(
        `query has ${vector.length} dimensions; the index has ${this.#dimensions}`,
      );
    }
    const query = Float64Array.from(vector);
    const qNorm = norm(query);
    // Keep only the best topK while scanning (topK <= 100): no sort of every vector.
    const scored: { v: StoredVector; score: number }[] = [];
    const better = (a: { v: StoredVector; score: number }, b: { v: StoredVector; score: number }) =>
      a.score > b.score || (a.score === b.score && a.v.id < b.v.id);
    for (const v of this.#all().values()) {
      if (options.namespace !== undefined && v.namespace !== options.namespace) {
        continue;
      }
      if (!matchesFilter(v.metadata ?? undefined, options.filter)) {
        continue;
      }
      const dot = dotProduct(v.values, query);
      const denominator = qNorm * v.norm;
      const entry = { v, score: denominator === 0 ? 0 : dot / denominator };
      const last = scored[scored.length - 1];
      if (scored.length === topK && last !== undefined && !better(entry, last)) {
        continue;
      }
      let at = scored.length;
      while (at > 0 && better(entry, scored[at - 1] as { v: StoredVector; score: number })) {
        at--;
      }
      scored.splice(at, 0, entry);
      if (scored.length > topK) {
        scored.pop();
      }
    }
    const matches: VectorMatch[] = scored.map(({ v, score }) => ({
      id: v.id,
      score,
      ...(v.namespace === null ? {} : { namespace: v.namespace }),
      ...(options.returnValues ? { values: Array.from(v.values) } : {}),
      ...(options.returnMetadata && options.returnMetadata !== "none" && v.metadata !== null
        ? { metadata: v.metadata }
        : {}),
    }));
    return { matches, count: matches.length };
  }
}

function toVector(v: StoredVector): IndexVector {
  return {
    id: v.id,
    values: Array.from(v.values),
    ...(v.namespace === null ? {} : { namespace: v.namespace }),
    ...(v.metadata === null ? {} : { metadata: v.metadata }),
  };
}
