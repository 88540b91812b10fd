// Deterministic inputs for the tests and the benchmarks: the same seed gives
// the same data on every run and machine.

/**
 * `body` again and again to `total` bytes, in pieces of `chunk` bytes as fs
 * streams give them, without writing anything to disk: a stream larger than
 * memory. `progress.sent` counts the bytes handed out so far.
 */
export async function* repeatedChunks(body, total, chunk = 64 * 1024, progress = { sent: 0 }) {
  while (progress.sent < total) {
    for (let at = 0; at < body.length && progress.sent < total; at += chunk) {
      const piece = body.subarray(at, Math.min(at + chunk, body.length));
      progress.sent += piece.length;
      yield piece;
    }
  }
}

/**
 * mulberry32: a small 32-bit PRNG, floats in [0, 1); the same seed gives the
 * same numbers on every run and machine (the tests' too, test/helpers/random.ts).
 * @param {number} seed
 * @returns {() => number}
 */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
