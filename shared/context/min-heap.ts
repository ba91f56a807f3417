// A binary min-heap of numbers over a Float64Array, for the BPE counter's
// long-piece merge (bpe.ts), which packs (rank, position) into one number.

/** A binary min-heap of numbers, grown by doubling. */
export class MinHeap {
  #items: Float64Array;
  size = 0;

  constructor(initialCapacity: number) {
    this.#items = new Float64Array(Math.max(16, initialCapacity));
  }

  /** Adds without ordering; call heapify() before the first pop. */
  append(value: number): void {
    this.#grow();
    this.#items[this.size++] = value;
  }

  /** Floyd's bottom-up build: O(n). */
  heapify(): void {
    for (let i = (this.size >> 1) - 1; i >= 0; i--) {
      this.#siftDown(i, this.#items[i] ?? 0);
    }
  }

  #grow(): void {
    if (this.size === this.#items.length) {
      const grown = new Float64Array(this.#items.length * 2);
      grown.set(this.#items);
      this.#items = grown;
    }
  }

  push(value: number): void {
    this.#grow();
    const items = this.#items;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const above = items[parent] ?? 0;
      if (above <= value) {
        break;
      }
      items[i] = above;
      i = parent;
    }
    items[i] = value;
  }

  pop(): number {
    const top = this.#items[0] ?? 0;
    const last = this.#items[--this.size] ?? 0;
    if (this.size > 0) {
      this.#siftDown(0, last);
    }
    return top;
  }

  #siftDown(start: number, value: number): void {
    const items = this.#items;
    const size = this.size;
    let i = start;
    while (true) {
      let child = 2 * i + 1;
      if (child >= size) {
        break;
      }
      const right = child + 1;
      if (right < size && (items[right] ?? 0) < (items[child] ?? 0)) {
        child = right;
      }
      const below = items[child] ?? 0;
      if (below >= value) {
        break;
      }
      items[i] = below;
      i = child;
    }
    items[i] = value;
  }
}
