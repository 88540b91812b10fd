// Byte and word access to the kernel's memory, written once for both targets.
//
// In the WASM build these are plain loads and stores into linear memory: asc
// drops the `ASC_TARGET == 0` branch at compile time (it is a constant).
// In the JS build (esbuild with ASC_TARGET defined as 0) the WASM branch is the
// dead one, and a Uint8Array/Int32Array pair over one ArrayBuffer stands in for
// linear memory. Addresses are i32 in both: the kernel never relies on
// unsigned wrap-around, which JS numbers would not reproduce.

let heap8: Uint8Array | null = null;
let heap32: Int32Array | null = null;

/** JS build only: hand the kernel the buffer that stands in for linear memory. */
export function attachHeap(bytes: Uint8Array, words: Int32Array): void {
  heap8 = bytes;
  heap32 = words;
}

export function ld8(p: i32): i32 {
  if (ASC_TARGET == 0) return heap8![p];
  return <i32>load<u8>(<usize>p);
}

export function st8(p: i32, v: i32): void {
  if (ASC_TARGET == 0) {
    heap8![p] = v;
    return;
  }
  store<u8>(<usize>p, <u8>v);
}

/** Aligned 32-bit load: `p` must be a multiple of 4. */
export function ld32(p: i32): i32 {
  if (ASC_TARGET == 0) return heap32![p >> 2];
  return load<i32>(<usize>p);
}

/** Aligned 32-bit store: `p` must be a multiple of 4. */
export function st32(p: i32, v: i32): void {
  if (ASC_TARGET == 0) {
    heap32![p >> 2] = v;
    return;
  }
  store<i32>(<usize>p, v);
}

/** Unaligned little-endian 32-bit load (the JS heap's Int32Array needs alignment: bytes there). */
export function ldu32(p: i32): i32 {
  if (ASC_TARGET == 0) return heap8![p] | (heap8![p + 1] << 8) | (heap8![p + 2] << 16) | (heap8![p + 3] << 24);
  return load<i32>(<usize>p);
}

/** Four bytes (letters) as the little-endian word ldu32() reads. */
export function word(c0: i32, c1: i32, c2: i32, c3: i32): i32 {
  return c0 | (c1 << 8) | (c2 << 16) | (c3 << 24);
}

/** The `n` bytes at p are the letters c0, c1, ... (2 <= n <= 5; unused letters are 0). */
export function spells(p: i32, n: i32, c0: i32, c1: i32, c2: i32, c3: i32, c4: i32): bool {
  if (ld8(p) != c0 || ld8(p + 1) != c1) return false;
  if (n > 2 && ld8(p + 2) != c2) return false;
  if (n > 3 && ld8(p + 3) != c3) return false;
  return n < 5 || ld8(p + 4) == c4;
}

/** Copy `n` bytes from `src` to `dst`; the ranges may overlap. */
export function copy(dst: i32, src: i32, n: i32): void {
  if (ASC_TARGET == 0) {
    heap8!.copyWithin(dst, src, src + n);
    return;
  }
  memory.copy(<usize>dst, <usize>src, <usize>n);
}

/**
 * Copy `n` bytes from `src` to `dst`, which lies after them (no overlap), 16
 * bytes at a time with SIMD: it may read and write up to 15 bytes past each
 * range (layout.ts SLACK). V8 runs memory.copy as a call out of the WASM
 * code, which for a short href costs more than the whole loop.
 */
export function copyAhead(dst: i32, src: i32, n: i32): void {
  if (ASC_FEATURE_SIMD) {
    for (let i = 0; i < n; i += 16) v128.store(<usize>(dst + i), v128.load(<usize>(src + i)));
    return;
  }
  copy(dst, src, n);
}

/** Set the `n` bytes at `dst` to `value`. */
export function fill(dst: i32, value: i32, n: i32): void {
  if (ASC_TARGET == 0) {
    heap8!.fill(value, dst, dst + n);
    return;
  }
  memory.fill(<usize>dst, <u8>value, <usize>n);
}

/** True when the `n` bytes at `a` equal the `n` bytes at `b`. */
export function equalBytes(a: i32, b: i32, n: i32): bool {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    if (n >= 16) {
      for (; i + 16 <= n; i += 16) {
        if (!i8x16.all_true(i8x16.eq(v128.load(<usize>(a + i)), v128.load(<usize>(b + i))))) return false;
      }
      // The rest as one more vector that overlaps the last one compared.
      const t = n - 16;
      return i8x16.all_true(i8x16.eq(v128.load(<usize>(a + t)), v128.load(<usize>(b + t))));
    }
  }
  if (ASC_TARGET != 0) {
    // Four bytes at a time (WASM loads need no alignment; the JS heap's do).
    for (; i + 4 <= n; i += 4) {
      if (load<u32>(<usize>(a + i)) != load<u32>(<usize>(b + i))) return false;
    }
  }
  for (; i < n; i++) {
    if (ld8(a + i) != ld8(b + i)) return false;
  }
  return true;
}
