// Compiled firewalls keyed by the sha256 of their text: a changed firewall.yaml
// has a new hash and is compiled afresh; an unchanged one costs one hash.
import { sha256Hex } from "../base/hash.ts";
import type { Ok } from "../base/result.ts";
import { loadFirewall, type Firewall, type FirewallLoadError } from "./firewall.ts";

/** Firewalls kept per isolate: one per active hive; 64 hives fit in a few MB. */
export const FIREWALL_CACHE_ENTRIES = 64;

export class FirewallCache {
  readonly #entries = new Map<string, Ok<Firewall> | FirewallLoadError>();
  readonly #capacity: number;

  constructor(capacity = FIREWALL_CACHE_ENTRIES) {
    this.#capacity = capacity;
  }

  /** The compiled firewall for this text; failures are cached too, so a bad file is parsed once. */
  load(yamlText: string): Ok<Firewall> | FirewallLoadError {
    const key = sha256Hex(yamlText);
    const hit = this.#entries.get(key);
    if (hit) {
      // Re-insert to keep the Map's order least-recently-used first.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit;
    }
    const loaded = loadFirewall(yamlText);
    this.#entries.set(key, loaded);
    while (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) {
        break;
      }
      this.#entries.delete(oldest.value);
    }
    return loaded;
  }

  has(hash: string): boolean {
    return this.#entries.has(hash);
  }

  get size(): number {
    return this.#entries.size;
  }
}
