// Byte offsets into UTF-8 input -> UTF-16 indices into the JS string it came
// from, so the wrapper can slice the original string: the RESULT record's
// (toUtf16()) and lists of any length (toUtf16Words(), for extractUrls). The
// input was written by TextEncoder.encodeInto, so it is well-formed UTF-8 (a
// lone surrogate arrives as U+FFFD, three bytes, one UTF-16 unit, as it was).

import { ld8, ld32, st32 } from "./memory";
import { RESULT, NONE } from "./layout";

/** UTF-16 units contributed by a byte: 0 for a continuation byte, 2 for a 4-byte lead. */
export function units(b: i32): i32 {
  if (b < 0x80) return 1;
  if (b < 0xc0) return 0;
  return b >= 0xf0 ? 2 : 1;
}

/** 0x80 in every byte of an i32. */
const HIGHS: i32 = ~0x7f7f7f7f;

/**
 * The UTF-16 units of the UTF-8 bytes [p, end). Long texts (extractUrls on a
 * mailbox) make this a walk over megabytes, so it takes whole blocks where it
 * can: 16 bytes with SIMD (a continuation byte adds no unit, a 4-byte lead adds
 * two), or 8 ASCII bytes per two aligned words in the scalar builds.
 */
function unitsBetween(p: i32, end: i32): i32 {
  let n = 0;
  if (ASC_FEATURE_SIMD) {
    while (p + 16 <= end) {
      const v = v128.load(<usize>p);
      if (i8x16.bitmask(v) == 0) {
        n += 16;
      } else {
        // Continuation bytes 0x80..0xBF are the signed bytes below -64.
        const continuation = i8x16.bitmask(i8x16.lt_s(v, i8x16.splat(-64)));
        const lead4 = i8x16.bitmask(i8x16.ge_u(v, i8x16.splat(<i8>0xf0)));
        n += 16 - popcnt<i32>(continuation) + popcnt<i32>(lead4);
      }
      p += 16;
    }
  } else {
    while (p < end && (p & 3) != 0) {
      n += units(ld8(p));
      p++;
    }
    while (p + 8 <= end) {
      if (((ld32(p) | ld32(p + 4)) & HIGHS) == 0) {
        n += 8;
        p += 8;
      } else {
        for (const stop = p + 8; p < stop; p++) n += units(ld8(p));
      }
    }
  }
  while (p < end) {
    n += units(ld8(p));
    p++;
  }
  return n;
}

/**
 * Convert the `n` i32 byte offsets at `words` in place, NONE staying NONE,
 * walking from byte `byte` at UTF-16 unit `unit`; offsets that go backwards
 * restart the walk from the start of the input. Returns the unit of the last
 * offset (`unit` if there is none).
 */
function convert(src: i32, words: i32, n: i32, byte: i32, unit: i32): i32 {
  for (let i = 0; i < n; i++) {
    const at = words + (i << 2);
    const target = ld32(at);
    if (target == NONE) continue;
    if (target < byte) {
      byte = 0;
      unit = 0;
    }
    unit += unitsBetween(src + byte, src + target);
    byte = target;
    st32(at, unit);
  }
  return unit;
}

/** Convert RESULT fields [0, count) in place; NONE stays NONE. */
export function toUtf16(src: i32, count: i32): void {
  convert(src, RESULT, count, 0, 0);
}

/**
 * Convert the `n` i32 byte offsets at `words` (none of them NONE) in place.
 * `cursor` holds a (byte, unit) pair the walk starts from and leaves at the
 * last offset, so a long list can be converted in several calls.
 */
export function toUtf16Words(src: i32, words: i32, n: i32, cursor: i32): void {
  if (n == 0) return;
  const last = ld32(words + ((n - 1) << 2));
  st32(cursor + 4, convert(src, words, n, ld32(cursor), ld32(cursor + 4)));
  st32(cursor, last);
}
