// IPv4 hosts: #ends-in-a-number-checker, #concept-ipv4-parser,
// #ipv4-number-parser and #concept-ipv4-serializer of the URL Standard.
//
// Numbers are f64 so that the JS build computes exactly what the WASM build
// does (no i64 in portable code); a part is capped at 2^40, far above any
// value that can pass, so huge digit strings stay exact enough to fail.

import { ld8, st8 } from "./memory";
import { isAsciiDigit, isHexDigit, hexValue } from "./tables";
import { writeDecimal } from "./number";
import { DOT, DIGIT_0, LOWER_X, UPPER_X } from "./charcode";

const CAP: f64 = 1099511627776; // 2^40
/** #ipv4-number-parser's "failure". */
const NOT_A_NUMBER: f64 = -1;

/** The start of the last item of "strictly splitting [p, end) on U+002E (.)". */
function lastItemStart(p: i32, end: i32): i32 {
  let i = end;
  while (i > p && ld8(i - 1) != DOT) i--;
  return i;
}

/** The end of [p, end) without one trailing empty item ("If the last item in parts is the empty string, remove it"). */
function withoutTrailingDot(p: i32, end: i32): i32 {
  return end > p && ld8(end - 1) == DOT ? end - 1 : end;
}

/**
 * 256^k, exactly. (Not Math.pow: in the WASM build it brings AssemblyScript's
 * lookup tables as static data at 1029..7200, over CHAR_CLASS, RESULT and the
 * arena, which layout.ts keeps for itself; the tables are overwritten at init.)
 */
function pow256(k: i32): f64 {
  let value: f64 = 1;
  for (let i = 0; i < k; i++) value *= 256;
  return value;
}

function startsWithHexPrefix(s: i32, t: i32): bool {
  if (t - s < 2 || ld8(s) != DIGIT_0) return false;
  const x = ld8(s + 1);
  return x == LOWER_X || x == UPPER_X;
}

/** #ipv4-number-parser on [s, t): the value, or NOT_A_NUMBER for failure. */
function parseNumber(s: i32, t: i32): f64 {
  if (s == t) return NOT_A_NUMBER;
  let radix = 10;
  if (startsWithHexPrefix(s, t)) {
    s += 2;
    radix = 16;
  } else if (t - s >= 2 && ld8(s) == DIGIT_0) {
    s += 1;
    radix = 8;
  }
  // "If input is the empty string, then return (0, true)."
  let value: f64 = 0;
  for (let i = s; i < t; i++) {
    const c = ld8(i);
    let digit = -1;
    if (radix == 16) {
      if (isHexDigit(c)) digit = hexValue(c);
    } else if (isAsciiDigit(c)) {
      digit = c - DIGIT_0;
      if (digit >= radix) digit = -1;
    }
    if (digit < 0) return NOT_A_NUMBER;
    value = value * radix + digit;
    if (value > CAP) value = CAP;
  }
  return value;
}

/**
 * Whether a non-empty ASCII domain ending at `end` may end in a number, by its last
 * byte: a number ends in a (hex) digit or "x" ("0x"), or in a "." after one.
 * Most domains ("com", "org") are settled by this one load without the call
 * to endsInANumber(): in the fast paths of parse() and canParse() the call
 * cost ~30 machine instructions of a kasztp URL (npm run instructions).
 */
export function mayEndInANumber(end: i32): bool {
  const last = ld8(end - 1);
  return isHexDigit(last) || (last | 0x20) == LOWER_X || last == DOT;
}

/** #ends-in-a-number-checker on the ASCII domain [p, end). */
export function endsInANumber(p: i32, end: i32): bool {
  end = withoutTrailingDot(p, end);
  // A number ends with a (hex) digit, or is "0x": a domain ending in another
  // letter ("com", "org") is done with one load.
  if (end == p) return false;
  const last = ld8(end - 1);
  if (!isHexDigit(last) && last != LOWER_X && last != UPPER_X) return false;
  const s = lastItemStart(p, end);
  // Both kinds of number below start with a digit ("0x..." included): most
  // domains end in a letter and are done here.
  if (s == end || !isAsciiDigit(ld8(s))) return false;
  // "If last is not the empty string and contains only ASCII digits, then return true."
  let allDigits = true;
  for (let i = s; i < end; i++) {
    if (!isAsciiDigit(ld8(i))) {
      allDigits = false;
      break;
    }
  }
  if (allDigits) return true;
  // "If parsing last as an IPv4 number does not return failure, then return true."
  return parseNumber(s, end) != NOT_A_NUMBER;
}

/**
 * Whether [p, end) is four decimal numbers of at most 255, without leading
 * zeros, joined by "." (no trailing "."): the form #concept-ipv4-serializer
 * writes. The IPv4 parser reads each such part as a decimal number (no "0x" or
 * "0" prefix selects another radix), none is over 255 and there are four, so
 * the address it returns serializes to the same bytes; the host is then its own
 * serialization, found with no f64 arithmetic.
 */
export function isDottedQuad(p: i32, end: i32): bool {
  for (let part = 0; part < 4; part++) {
    if (part > 0) {
      if (p >= end || ld8(p) != DOT) return false;
      p++;
    }
    const s = p;
    let value = 0;
    while (p < end && p - s < 3 && isAsciiDigit(ld8(p))) {
      value = value * 10 + ld8(p) - DIGIT_0;
      p++;
    }
    if (p == s || value > 255 || (p - s > 1 && ld8(s) == DIGIT_0)) return false;
  }
  return p == end;
}

/** #concept-ipv4-parser on [p, end): the address, or -1 for failure. */
export function parseIPv4(p: i32, end: i32): f64 {
  // "If the last item in parts is the empty string ... if parts's size is greater than 1, remove it."
  const trimmed = withoutTrailingDot(p, end);
  if (trimmed > p) end = trimmed;
  let parts = 1;
  for (let i = p; i < end; i++) if (ld8(i) == DOT) parts++;
  if (parts > 4) return -1;
  let address: f64 = 0;
  let s = p;
  for (let k = 0; k < parts; k++) {
    let t = s;
    while (t < end && ld8(t) != DOT) t++;
    const n = parseNumber(s, t);
    if (n == NOT_A_NUMBER) return -1;
    if (k < parts - 1) {
      // "If any but the last item in numbers is greater than 255, then return failure."
      if (n > 255) return -1;
      address += n * pow256(3 - k);
    } else {
      // "If the last item in numbers is greater than or equal to 256^(5 - numbers's size), return failure."
      if (n >= pow256(5 - parts)) return -1;
      address += n;
    }
    s = t + 1;
  }
  return address;
}

/** #concept-ipv4-serializer: write the dotted-decimal form of `address` at `o`. */
export function writeIPv4(o: i32, address: f64): i32 {
  for (let k = 3; k >= 0; k--) {
    const divisor = pow256(k);
    const part = Math.floor(address / divisor);
    address -= part * divisor;
    o = writeDecimal(o, <i32>part);
    if (k > 0) {
      st8(o, DOT);
      o++;
    }
  }
  return o;
}
