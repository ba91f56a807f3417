// The seeded randomness of the sealed-4 compression family (corpora/compression-sealed-4.ts
// and its helper files): a mulberry32 PRNG and the draws built on it. No Date, no Math.random.
import { mulberry32 as prng } from "./prng.ts";

export type Rng = () => number;

/** Deterministic PRNG (mulberry32): the same seed gives the same stream. */
export const mulberry32: (seed: number) => Rng = prng;

/** An integer in [lo, hi]. */
export const int = (rnd: Rng, lo: number, hi: number): number =>
  lo + Math.floor(rnd() * (hi - lo + 1));

/** One element of a non-empty list. */
export function pick<T>(rnd: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rnd() * items.length)];
  if (item === undefined) {
    throw new Error("pick from an empty list");
  }
  return item;
}

/** A shuffled copy (Fisher–Yates). */
export function shuffle<T>(rnd: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    const a = out[i];
    const b = out[j];
    if (a !== undefined && b !== undefined) {
      out[i] = b;
      out[j] = a;
    }
  }
  return out;
}

/** A hex string of `n` characters, for pod hashes, commit ids and request ids. */
export function hex(rnd: Rng, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) {
    s += "0123456789abcdef"[Math.floor(rnd() * 16)] ?? "0";
  }
  return s;
}

/** A lower-case alphanumeric suffix like Kubernetes gives pods. */
export function podSuffix(rnd: Rng): string {
  let s = "";
  for (let i = 0; i < 5; i++) {
    s += "bcdfghjklmnpqrstvwxz2456789"[Math.floor(rnd() * 27)] ?? "x";
  }
  return s;
}
