// The RFC 1738 / RFC 1630 layer of the kernel (docs/api.md sections 4-6): validation,
// the host grammar, escape normalisation for comparison, URLs in running text.
// The RFC 1738 module, sharing the core's memory; addresses and lengths in
// bytes, as in assembly/index.ts.

import { scan } from "./validate";
import { checkHost, hostErrorAt } from "./host";
import { normalizeEscapes } from "./normalize";
import { extract } from "./extract";
import { toUtf16Words } from "../utf16";
import { resultField } from "../layout";
import { st32 } from "../memory";

/**
 * Check `len` bytes at `src` as an RFC 1738 URL: byte offsets to `offsets` and
 * findings to `findings` (i32 lists with room for maxFindings(len)), their number
 * returned, split() fields in RESULT.
 */
export function rfc1738Scan(src: i32, len: i32, offsets: i32, findings: i32): i32 {
  return scan(src, len, offsets, findings);
}

/**
 * Check the `len` bytes at `src` against host = hostname | hostnumber: 0 when
 * they match, else the finding, with its byte offset in RESULT field 0.
 */
export function rfc1738Host(src: i32, len: i32): i32 {
  const finding = checkHost(src, src + len);
  st32(resultField(0), finding != 0 ? hostErrorAt() - src : -1);
  return finding;
}

/** Decode the escapes of octets in class set `set`, upper-case the hex of the others; returns the length. */
export function rfc1738NormalizeEscapes(src: i32, len: i32, dst: i32, set: i32): i32 {
  return normalizeEscapes(src, len, dst, set);
}

/** Find URLs in running text; see extract.ts. */
export function rfc1738Extract(src: i32, len: i32, from: i32, table: i32, out: i32, cap: i32): i32 {
  return extract(src, len, from, table, out, cap);
}

/** Turn `n` byte offsets at `words` into UTF-16 indices, walking on from the (byte, unit) pair at `cursor`. */
export function rfc1738Utf16(src: i32, words: i32, n: i32, cursor: i32): void {
  toUtf16Words(src, words, n, cursor);
}
