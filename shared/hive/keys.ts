// Hive API keys: their format and the hash that is all D1 ever stores. Used by the
// gateway's auth and by lethe/testing, which registers keys in a user's Miniflare.
import { sha256Hex } from "../base/hash.ts";

export const HIVE_KEY_PREFIX = "lethe_";
/** 160 random bits: unguessable, short enough to paste. */
const KEY_RANDOM_BYTES = 20;

/** The stored form of a key: its SHA-256, hex. */
export function hashKey(key: string): string {
  return sha256Hex(key);
}

/** A new key for `hive`: `lethe_<hive>_<40 hex>`. */
export function generateHiveKey(hive: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(KEY_RANDOM_BYTES));
  const random = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${HIVE_KEY_PREFIX}${hive}_${random}`;
}
