// The seeded random numbers behind every dataset generator (data.ts, data-services.ts).

/** mulberry32: tiny, fast, and good enough to make data look irregular. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;
export const int = (r: Rng, n: number) => Math.floor(r() * n);
export const pick = <T>(r: Rng, xs: readonly T[]): T => xs[int(r, xs.length)]!;
/** A signed 32-bit int, like Scala's Random.nextInt. */
export const int32 = (r: Rng) => (r() * 4294967296) | 0;
