// Byte strings for the profiles of Python and Go anchors (w3lib, SURT, Safe
// Browsing): they work on bytes, not on code points, so their steps here work
// on JavaScript strings that hold one byte per code unit (U+0000-U+00FF).
// Slices, regular expressions and comparisons then act on bytes, and the
// comparison of two byte strings is the unsigned byte order Python sorts by.

import type { Arena } from "../kernel/arena.js";
import { CANONICAL } from "../kernel/modules.js";
import { isAscii } from "../whatwg/infra.js";

export const HEX_DIGITS = "0123456789ABCDEF";

/** Value of each hex digit by byte, -1 for any other byte. */
export const HEX_VALUE = /* @__PURE__ */ (() => {
  const values = new Int8Array(256).fill(-1);
  for (let i = 0; i < 16; i++) {
    values[HEX_DIGITS.charCodeAt(i)] = i;
    values[HEX_DIGITS.toLowerCase().charCodeAt(i)] = i;
  }
  return values;
})();

/** The escapes "%00" to "%FF", by byte. */
const ESCAPES: readonly string[] = /* @__PURE__ */ Array.from(
  { length: 256 },
  (_, b) => "%" + HEX_DIGITS[b >> 4] + HEX_DIGITS[b & 15],
);

/** A set of bytes as a table, from the characters of `chars`. */
export function byteSet(chars: string): Uint8Array {
  const set = new Uint8Array(256);
  for (let i = 0; i < chars.length; i++) set[chars.charCodeAt(i)] = 1;
  return set;
}

/** RFC 3986 section 2.3 unreserved, which Python's quote() never escapes. */
export const UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";

/** The value of the escape "%XY" at `s[i]`, or -1 where `s[i]` does not start one. */
function escapeAt(s: string, i: number): number {
  if (i + 2 >= s.length) return -1;
  const hi = HEX_VALUE[s.charCodeAt(i + 1)];
  const lo = HEX_VALUE[s.charCodeAt(i + 2)];
  // Past U+00FF (not a byte string) the table reads undefined, which fails too.
  return hi >= 0 && lo >= 0 ? (hi << 4) | lo : -1;
}

/** Every "%XY" replaced by its byte, once (Python's unquote_to_bytes). */
export function unescapeOnce(s: string): string {
  let i = s.indexOf("%");
  if (i === -1) return s;
  let out = "";
  let copied = 0;
  for (; i !== -1; i = s.indexOf("%", i + 1)) {
    const b = escapeAt(s, i);
    if (b === -1) continue;
    out += s.slice(copied, i) + String.fromCharCode(b);
    copied = i + 3;
    i += 2;
  }
  return out + s.slice(copied);
}

/**
 * The bytes of `s` that are not in `safe` escaped as "%XY" (upper-case hex),
 * the others kept: Python's quote(s, safe) on bytes, with `plus` its
 * quote_plus() (a space becomes "+").
 */
export function quoteBytes(s: string, safe: Uint8Array, plus = false): string {
  let out = "";
  let copied = 0;
  for (let i = 0; i < s.length; i++) {
    const b = s.charCodeAt(i);
    if (safe[b] === 1) continue;
    out += s.slice(copied, i) + (plus && b === 0x20 ? "+" : ESCAPES[b]);
    copied = i + 1;
  }
  return copied === 0 ? s : out + s.slice(copied);
}

/** The escape of one byte, "%XY" with upper-case hex. */
export function escapeByte(b: number): string {
  return ESCAPES[b];
}

const encoder = /* @__PURE__ */ new TextEncoder();

/** The UTF-8 bytes of `s` as a byte string (lone surrogates become U+FFFD, as TextEncoder writes them). */
export function utf8Bytes(s: string): string {
  return isAscii(s) ? s : latin1(encoder.encode(s));
}

/** A byte array as a byte string. */
export function latin1(bytes: Uint8Array): string {
  let out = "";
  // String.fromCharCode takes its arguments on the stack: in slices.
  for (let i = 0; i < bytes.length; i += 0x2000) {
    out += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x2000) as unknown as number[]);
  }
  return out;
}

/** A byte string as a byte array. */
function byteArray(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

const strictUtf8 = /* @__PURE__ */ new TextDecoder("utf-8", { fatal: true });
const lenientUtf8 = /* @__PURE__ */ new TextDecoder("utf-8");

/**
 * A byte string decoded as UTF-8: null where it is not UTF-8 (`strict`), or
 * with the bytes that are not left out (`strict` false, Python's errors="ignore").
 */
export function decodeUtf8(s: string, strict: boolean): string | null {
  if (isAscii(s)) return s;
  const bytes = byteArray(s);
  if (strict) {
    try {
      return strictUtf8.decode(bytes);
    } catch {
      return null;
    }
  }
  // TextDecoder writes U+FFFD for each bad sequence; "ignore" drops it. A
  // U+FFFD that was in the input as its UTF-8 bytes is kept.
  const lenient = lenientUtf8.decode(bytes);
  if (!lenient.includes("\uFFFD")) return lenient;
  let out = "";
  for (let i = 0; i < bytes.length; ) {
    const n = sequenceLength(bytes, i);
    out += n === 0 ? "" : lenientUtf8.decode(bytes.subarray(i, i + n));
    i += n === 0 ? 1 : n;
  }
  return out;
}

/** The length of the well-formed UTF-8 sequence at bytes[i], 0 for none. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const b = bytes[i];
  if (b < 0x80) return 1;
  const n = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 ? 2 : 0;
  if (n === 0 || i + n > bytes.length) return 0;
  try {
    strictUtf8.decode(bytes.subarray(i, i + n));
    return n;
  } catch {
    return 0;
  }
}

/** ASCII letters upper to lower case, other bytes as they are (Python's bytes.lower()). */
export function lowerAscii(s: string): string {
  return /[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s;
}

/**
 * The kernel's byte steps of the profiles (assembly/canonical/escapes.ts), on
 * one API instance's memory: w3lib's path, and Safe Browsing's query.
 */
export function kernelEscapes(arena: Arena) {
  const kernel = arena.module(CANONICAL);

  /** w3lib's path step of `path` (a string: written as UTF-8). */
  function w3libPath(path: string): string {
    const len = arena.input(path);
    const out = arena.scratch(len * 3);
    return arena.ascii(out, kernel.w3libPath(arena.inputStart, len, out));
  }

  /** Safe Browsing's minimal escape of `bytes` (a byte string); `keepAmpersands` for SURT's. */
  function minimalEscape(bytes: string, keepAmpersands: boolean): string {
    const len = isAscii(bytes) ? arena.input(bytes) : arena.inputBytes(byteArray(bytes));
    const out = arena.scratch(len * 3);
    return arena.ascii(out, kernel.googleMinimalEscape(arena.inputStart, len, out, keepAmpersands ? 1 : 0));
  }

  return { w3libPath, minimalEscape };
}

export type KernelEscapes = ReturnType<typeof kernelEscapes>;
