// Percent-encoding and -decoding of byte sequences.
// WHATWG URL Standard #percent-encoded-bytes; RFC 1738 section 2.2; RFC 1630 "Escaping".

import { ld8, st8 } from "./memory";
import { isIn, isHexDigit, hexValue } from "./tables";
import { PERCENT, PLUS, SPACE } from "./charcode";

/** Upper-case hex digit for a nibble: "%2F", never "%2f" (#percent-encode). */
export function hexDigit(n: i32): i32 {
  return n < 10 ? 0x30 + n : 0x37 + n;
}

/** Write "%XX" for byte `b` at `dst`; returns the position after it. */
export function writeEscape(dst: i32, b: i32): i32 {
  st8(dst, PERCENT);
  st8(dst + 1, hexDigit(b >> 4));
  st8(dst + 2, hexDigit(b & 15));
  return dst + 3;
}

/**
 * #percent-encode each of the `len` bytes at `src` that is in the class set
 * `set` (tables.ts bits), copy the others; returns the end of the output.
 * `dst` needs room for 3 * len bytes and must not overlap `src`.
 */
export function encodeInto(src: i32, len: i32, dst: i32, set: i32): i32 {
  const end = src + len;
  for (let p = src; p < end; p++) {
    const b = ld8(p);
    if (isIn(b, set)) {
      dst = writeEscape(dst, b);
    } else {
      st8(dst, b);
      dst++;
    }
  }
  return dst;
}

/** True when the bytes at p, p+1, p+2 are "%" hex hex. */
export function isEscape(p: i32, end: i32): bool {
  return p + 2 < end && ld8(p) == PERCENT && isHexDigit(ld8(p + 1)) && isHexDigit(ld8(p + 2));
}

/**
 * #percent-decode: "%" followed by two hex digits becomes that byte; a "%" not
 * so followed is copied as it is. With `plusAsSpace`, "+" becomes a space
 * (RFC 1630: "Within the query string, the plus sign is reserved as shorthand
 * notation for a space"). Returns the end of the output at `dst`, which must not
 * overlap `src` and needs `len` bytes (+16 slack for the vector path).
 */
export function decodeInto(src: i32, len: i32, dst: i32, plusAsSpace: bool): i32 {
  const end = src + len;
  let p = src;
  const other = plusAsSpace ? PLUS : PERCENT;
  while (p < end) {
    if (ASC_FEATURE_SIMD) {
      // Copy whole 16-byte blocks that hold no "%" (nor "+"), then the bytes
      // before the first one; the byte itself is handled by the scalar step.
      const vp = i8x16.splat(<i8>PERCENT);
      const vo = i8x16.splat(<i8>other);
      while (p + 16 <= end) {
        const v = v128.load(<usize>p);
        v128.store(<usize>dst, v);
        const m = i8x16.bitmask(v128.or(i8x16.eq(v, vp), i8x16.eq(v, vo)));
        if (m != 0) {
          const n = ctz<i32>(m);
          p += n;
          dst += n;
          break;
        }
        p += 16;
        dst += 16;
      }
      if (p >= end) break;
    }
    const b = ld8(p);
    if (b == PERCENT && isEscape(p, end)) {
      st8(dst, (hexValue(ld8(p + 1)) << 4) | hexValue(ld8(p + 2)));
      p += 3;
    } else {
      st8(dst, plusAsSpace && b == PLUS ? SPACE : b);
      p++;
    }
    dst++;
  }
  return dst;
}

/** Byte index (from `src`) of the first "%" not followed by two hex digits, or -1. */
export function firstInvalidEscape(src: i32, len: i32): i32 {
  const end = src + len;
  for (let p = src; p < end; p++) {
    if (ld8(p) == PERCENT && !isEscape(p, end)) return p - src;
  }
  return -1;
}
