// Delimiter scans: the first (or last) byte in [p, end) equal to one of a few
// values.
//
// With SIMD, 16 bytes are compared at once and the bitmask of matches gives the
// position, where the scalar loop compares one byte at a time. The loads are
// not kept inside [p, end): a forward scan reads up to 15 bytes past `end` and
// findLast up to 15 bytes before `p`, and the bits of those bytes are masked
// off, so a short range (an authority, a whole URL) takes one load and no
// scalar tail. Every range scanned lies in the arena (src/kernel/arena.ts),
// which keeps 16 readable bytes after each buffer and has the kernel's tables
// below it. The JS build and the scalar WASM build take the plain loops.

import { ld8 } from "./memory";

/**
 * Index of the first byte in [p, end) equal to `a`, `b`, `c` or `d`, or `end`.
 * (find2 and find3 are this with values repeated, in the SIMD build.)
 */
export function findAny(p: i32, end: i32, a: i32, b: i32, c: i32, d: i32): i32 {
  if (ASC_FEATURE_SIMD) {
    const va = i8x16.splat(<i8>a);
    const vb = i8x16.splat(<i8>b);
    const vc = i8x16.splat(<i8>c);
    const vd = i8x16.splat(<i8>d);
    while (true) {
      const v = v128.load(<usize>p);
      let m = i8x16.bitmask(
        v128.or(v128.or(i8x16.eq(v, va), i8x16.eq(v, vb)), v128.or(i8x16.eq(v, vc), i8x16.eq(v, vd))),
      );
      const left = end - p;
      if (left < 16) m |= -1 << left;
      if (m != 0) return p + ctz<i32>(m);
      p += 16;
    }
  }
  while (p < end) {
    const x = ld8(p);
    if (x == a || x == b || x == c || x == d) return p;
    p++;
  }
  return p;
}

/** Index of the first byte in [p, end) equal to `a` or `b`, or `end`. */
export function find2(p: i32, end: i32, a: i32, b: i32): i32 {
  if (ASC_FEATURE_SIMD) return findAny(p, end, a, b, b, b);
  while (p < end) {
    const c = ld8(p);
    if (c == a || c == b) return p;
    p++;
  }
  return end;
}

/** Index of the first byte in [p, end) equal to `a`, `b` or `c`, or `end`. */
export function find3(p: i32, end: i32, a: i32, b: i32, c: i32): i32 {
  if (ASC_FEATURE_SIMD) return findAny(p, end, a, b, c, c);
  while (p < end) {
    const x = ld8(p);
    if (x == a || x == b || x == c) return p;
    p++;
  }
  return end;
}

/** Index of the last byte in [p, end) equal to `a`, or -1. */
export function findLast(p: i32, end: i32, a: i32): i32 {
  if (ASC_FEATURE_SIMD) {
    const va = i8x16.splat(<i8>a);
    while (end > p) {
      const s = end - 16;
      let m = i8x16.bitmask(i8x16.eq(v128.load(<usize>s), va));
      // Bytes before p are not in the range.
      if (s < p) m &= -1 << (p - s);
      if (m != 0) return s + 31 - clz<i32>(m);
      end = s;
    }
    return -1;
  }
  for (let i = end - 1; i >= p; i--) {
    if (ld8(i) == a) return i;
  }
  return -1;
}
