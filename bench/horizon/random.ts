// Seeded randomness for the long-horizon mission (bench/horizon/mission.ts, files.ts):
// the same seed gives the same files, schedule and changes on every machine.
import { mulberry32 } from "../../harness/prng.ts";

/** mulberry32: a small, well-mixed 32-bit PRNG; enough for a synthetic schedule. */
export function rng(seed: number): () => number {
  return mulberry32(seed);
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) {
    throw new Error("pick from an empty list");
  }
  return item;
}

export function shuffle<T>(random: () => number, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const a = items[i] as T;
    items[i] = items[j] as T;
    items[j] = a;
  }
  return items;
}
