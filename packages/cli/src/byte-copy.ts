// Copying a byte range into a buffer, the way that costs least for its
// length.

/** Bytes at most that copyBytes() copies in a loop, not with a view. */
const LOOP_COPY = 32;

/**
 * Copy the bytes [start, end) of `from` to `to` at `at` (the caller has made
 * room there). A longer range takes a subarray() view and one set(), which
 * cost less than a loop a byte; a short one (a method, most paths), the loop.
 */
export function copyBytes(to: Uint8Array, at: number, from: Uint8Array, start: number, end: number): void {
  if (end - start > LOOP_COPY) {
    to.set(from.subarray(start, end), at);
    return;
  }
  let p = at;
  for (let q = start; q < end; q++) to[p++] = from[q];
}
