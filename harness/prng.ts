// The one seeded PRNG of the benches and their corpora (mulberry32): the same seed
// gives the same stream on every machine. Used by bench/ generators and test fixtures.

/** mulberry32: a small, well-mixed 32-bit PRNG; floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
