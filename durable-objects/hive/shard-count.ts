// The hive's declared shard count, kept in the home Hive's key-value storage. It
// is declared once, when the hive is made, and fixed by the first reader: the
// gateway caches it per isolate, so it never changes once anyone has seen it.
import { invalidShards, type ShardRefusal } from "../../shared/hive/shards.ts";

const SHARDS_KEY = "hive.shards";

export class ShardCount {
  readonly #kv: SyncKvStorage;
  #fixed: number | undefined;

  constructor(kv: SyncKvStorage) {
    this.#kv = kv;
  }

  /** The shard count, fixed at 1 when the hive was never declared sharded. */
  get count(): number {
    if (this.#fixed === undefined) {
      const stored = this.#kv.get<number>(SHARDS_KEY);
      this.#fixed = stored ?? 1;
      if (stored === undefined) {
        this.#kv.put(SHARDS_KEY, 1);
      }
    }
    return this.#fixed;
  }

  /**
   * Declares `shards` for a hive nothing has read or written yet; declaring the
   * count already fixed is a no-op. `empty` is whether the hive holds no events.
   */
  declare(shards: number, empty: boolean): { ok: true; value: number } | ShardRefusal {
    const invalid = invalidShards(shards);
    if (invalid !== null) {
      return invalid;
    }
    const stored = this.#kv.get<number>(SHARDS_KEY);
    if (stored === shards) {
      return { ok: true, value: shards };
    }
    if (stored !== undefined || !empty) {
      return {
        ok: false,
        code: "SHARDS_FIXED",
        message: `this hive already has ${stored ?? 1} shard(s)`,
        hint: "the shard count is declared when the hive is made, with its first key; make a new hive for another count",
      };
    }
    this.#kv.put(SHARDS_KEY, shards);
    this.#fixed = shards;
    return { ok: true, value: shards };
  }
}
