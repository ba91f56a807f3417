// The local vector index's rows in a Map, for benches and tests under Node; in
// workerd the Hive keeps them in SQLite (durable-objects/hive/workspace/vector-store.ts).
import type { StoredVector, VectorRows } from "../shared/l3/local-index.ts";

export class MemoryVectorRows implements VectorRows {
  readonly #rows = new Map<string, StoredVector>();
  all(): StoredVector[] {
    return [...this.#rows.values()];
  }
  put(vectors: readonly StoredVector[]): void {
    for (const v of vectors) {
      this.#rows.set(v.id, v);
    }
  }
  delete(ids: readonly string[]): void {
    for (const id of ids) {
      this.#rows.delete(id);
    }
  }
}
