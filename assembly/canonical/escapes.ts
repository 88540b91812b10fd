// The byte steps of the crawler-key profiles (src/canonical/): the escapes of
// w3lib's canonicalize_url() and of Google Safe Browsing's canonicalization.
// Each reads `len` bytes at `src` and writes at `dst`, returning the end of
// what it wrote.

import { ld8, st8 } from "../memory";
import { isIn, hexValue } from "../tables";
import { URI_CHAR } from "../classes";
import { isEscape, writeEscape } from "../percent";
import { AMPERSAND, HASH, PERCENT, PIPE, QUESTION, SLASH } from "../charcode";

/** The byte of the escape "%XY" at `p`. */
function escapeValue(p: i32): i32 {
  return (hexValue(ld8(p + 1)) << 4) | hexValue(ld8(p + 2));
}

/**
 * What w3lib leaves unescaped in a path: RFC 3986's reserved and unreserved
 * characters, "|" and "%" (its `_path_safe_chars`), but "#".
 */
function isW3libPathSafe(b: i32): bool {
  return b == PIPE || (b != HASH && isIn(b, URI_CHAR));
}

/**
 * w3lib's path step in one pass (it escapes the path, decodes every escape
 * but %2F and %3F, and escapes it again): an escape is decoded where its byte
 * is safe in a path, and written with upper-case hex where not (%2F and %3F
 * always); another byte is kept where safe and escaped where not. A "%" that
 * starts no escape is safe. `dst` needs 3 * len bytes and must not overlap `src`.
 */
export function w3libPath(src: i32, len: i32, dst: i32): i32 {
  const end = src + len;
  for (let p = src; p < end; p++) {
    const b = ld8(p);
    if (b == PERCENT && isEscape(p, end)) {
      const v = escapeValue(p);
      p += 2;
      if (v != SLASH && v != QUESTION && isW3libPathSafe(v)) {
        st8(dst, v);
        dst++;
      } else dst = writeEscape(dst, v);
    } else if (isW3libPathSafe(b)) {
      st8(dst, b);
      dst++;
    } else dst = writeEscape(dst, b);
  }
  return dst;
}

/**
 * Safe Browsing: "Percent-escape all characters that are <= ASCII 32, >= 127,
 * "#", or "%"".
 */
function isGoogleSafe(b: i32): bool {
  return b > 0x20 && b < 0x7f && b != HASH && b != PERCENT;
}

/**
 * Decode the escapes of the `len` bytes at `p` in place (the output is never
 * longer), but those of byte `kept` (-1 for none), which stay as written;
 * returns the new length.
 */
function unescapeInPlace(p: i32, len: i32, kept: i32): i32 {
  const end = p + len;
  let out = p;
  for (let q = p; q < end; q++) {
    const b = ld8(q);
    if (b == PERCENT && isEscape(q, end)) {
      const v = escapeValue(q);
      if (v != kept) {
        st8(out, v);
        out++;
        q += 2;
        continue;
      }
    }
    st8(out, b);
    out++;
  }
  return out - p;
}

/**
 * Safe Browsing's "minimal escape" of a query (and SURT's): "repeatedly
 * percent-unescape ... until it has no more percent-escapes", then escape
 * once. With `keepAmpersands` (SURT), an escaped "&" stays "%26" throughout,
 * so that it does not split a parameter. The `len` bytes at `src` are decoded
 * in place (they are the caller's copy); `dst` needs 3 * len bytes.
 */
export function googleMinimalEscape(src: i32, len: i32, dst: i32, keepAmpersands: i32): i32 {
  const kept = keepAmpersands != 0 ? AMPERSAND : -1;
  // Each pass that decodes an escape shortens the bytes by 2: an unchanged length is the fixed point.
  for (let n = unescapeInPlace(src, len, kept); n != len; n = unescapeInPlace(src, len, kept)) len = n;
  const end = src + len;
  for (let p = src; p < end; p++) {
    const b = ld8(p);
    if (kept != -1 && b == PERCENT && isEscape(p, end) && escapeValue(p) == AMPERSAND) {
      // A kept "%26": written as it is.
      st8(dst, PERCENT);
      st8(dst + 1, ld8(p + 1));
      st8(dst + 2, ld8(p + 2));
      dst += 3;
      p += 2;
    } else if (isGoogleSafe(b)) {
      st8(dst, b);
      dst++;
    } else dst = writeEscape(dst, b);
  }
  return dst;
}
