// A hash of a byte range, for the command's tables keyed by bytes (the
// counts of --by keys, the pathname memo, the origins of a block's lines).

/** Multiply-xorshift constants (the golden ratio, MurmurHash3's finalizer). */
const GOLDEN = 0x9e3779b1 | 0;
const MIX_1 = 0x85ebca6b | 0;
const MIX_2 = 0xc2b2ae35 | 0;

/** A hash of the bytes [a, b) of `bytes`, from `seed` (a hash of the ranges before, where there are several). */
export function hash(bytes: Uint8Array, a: number, b: number, seed = 0): number {
  let h = seed ^ (b - a);
  for (let i = a; i < b; i++) h = Math.imul(h ^ bytes[i], GOLDEN);
  h ^= h >>> 16;
  h = Math.imul(h, MIX_1);
  h ^= h >>> 13;
  h = Math.imul(h, MIX_2);
  return h ^ (h >>> 16);
}
