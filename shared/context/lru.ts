// A bounded least-recently-used map. The tokenizer's piece cache and the
// content-hash count cache use it so no cache grows with the input.

export class LruCache<K, V> {
  readonly #capacity: number;
  readonly #entries = new Map<K, V>();
  readonly #weigh: ((key: K) => number) | undefined;
  readonly #maxWeight: number;
  #weight = 0;

  /** At most `capacity` entries and, with `weigh`, at most `maxWeight` in total weight. */
  constructor(capacity: number, options: { weigh?: (key: K) => number; maxWeight?: number } = {}) {
    this.#capacity = Math.max(1, Math.floor(capacity));
    this.#weigh = options.weigh;
    this.#maxWeight = options.maxWeight ?? Number.POSITIVE_INFINITY;
  }

  get weight(): number {
    return this.#weight;
  }

  get size(): number {
    return this.#entries.size;
  }

  get capacity(): number {
    return this.#capacity;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      // Map iteration order is insertion order: re-inserting marks it most recent.
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    const weight = this.#weigh?.(key) ?? 0;
    if (weight > this.#maxWeight) {
      return;
    }
    if (this.#entries.delete(key)) {
      this.#weight -= weight;
    }
    while (
      this.#entries.size > 0 &&
      (this.#entries.size >= this.#capacity || this.#weight + weight > this.#maxWeight)
    ) {
      const oldest = this.#entries.keys().next();
      if (oldest.done === true) {
        break;
      }
      this.#entries.delete(oldest.value);
      this.#weight -= this.#weigh?.(oldest.value) ?? 0;
    }
    this.#entries.set(key, value);
    this.#weight += weight;
  }

  clear(): void {
    this.#entries.clear();
    this.#weight = 0;
  }
}
