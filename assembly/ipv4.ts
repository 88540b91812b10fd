// IPv4 hosts: #ends-in-a-number-checker, #concept-ipv4-parser,
// #ipv4-number-parser and #concept-ipv4-serializer of the URL Standard.
//
// Numbers are u32 and never pass 2^32 - 1 (a number that would is only
// marked too large: no IPv4 address can hold it), so that the JS build, where
// they are doubles, computes exactly what the WASM build does, with no f64 or
// i64 arithmetic. Products are built by multiplication, not shifts, which in
// JS would turn a value of 2^31 or more negative. Integer arithmetic is also
// the cheaper: no conversion between f64 and integers, and no Math.floor() in
// the serializer.

import { ld8, st8 } from "./memory";
import { isAsciiDigit, isHexDigit, hexValue } from "./tables";
import { writeDecimal } from "./number";
import { DOT, DIGIT_0, LOWER_X, UPPER_X } from "./charcode";
import { Last } from "./outputs";

const MAX_U32: u32 = 0xffffffff;
/** The value parseNumber() found last, if not numberTooLarge. */
let numberValue: u32 = 0;
/** Whether the number parseNumber() found last is over 2^32 - 1. */
let numberTooLarge: bool = false;
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
 * The start of the last item of [p, end) if it may be a number, else -1:
 * both kinds of number the ends-in-a-number checker looks for start with a
 * digit ("0x..." too), so most domains are done here.
 */
function lastNumberStart(p: i32, end: i32): i32 {
  const s = lastItemStart(p, end);
  return s < end && isAsciiDigit(ld8(s)) ? s : -1;
}

/** The first "." in [p, end), or `end`. */
function dotOrEnd(p: i32, end: i32): i32 {
  while (p < end && ld8(p) != DOT) p++;
  return p;
}

function startsWithHexPrefix(s: i32, t: i32): bool {
  if (t - s < 2 || ld8(s) != DIGIT_0) return false;
  const x = ld8(s + 1);
  return x == LOWER_X || x == UPPER_X;
}

/**
 * #ipv4-number-parser on [s, t): false for failure; else the number in
 * numberValue (or numberTooLarge).
 */
function parseNumber(s: i32, t: i32): bool {
  if (s == t) return false;
  let radix: u32 = 10;
  if (startsWithHexPrefix(s, t)) {
    s += 2;
    radix = 16;
  } else if (t - s >= 2 && ld8(s) == DIGIT_0) {
    s += 1;
    radix = 8;
  }
  // value * radix stays at most MAX_U32 while value is at most this.
  const limit: u32 = radix == 16 ? MAX_U32 >>> 4 : radix == 8 ? MAX_U32 >>> 3 : 429496729;
  // "If input is the empty string, then return (0, true)."
  let value: u32 = 0;
  let tooLarge = false;
  for (let i = s; i < t; i++) {
    const c = ld8(i);
    let digit = -1;
    if (radix == 16) {
      if (isHexDigit(c)) digit = hexValue(c);
    } else if (isAsciiDigit(c)) {
      digit = c - DIGIT_0;
      if (digit >= <i32>radix) digit = -1;
    }
    if (digit < 0) return false;
    if (value > limit || <u32>digit > MAX_U32 - value * radix) tooLarge = true;
    else value = value * radix + <u32>digit;
  }
  numberValue = value;
  numberTooLarge = tooLarge;
  return true;
}

/**
 * Whether a non-empty ASCII domain ending at `end` may end in a number, by its last
 * byte: a number ends in a (hex) digit or "x" ("0x"), or in a "." after one.
 * Most domains ("com", "org") are settled by this one load, so the fast
 * paths of parse() and canParse() call endsInANumber() only for the few
 * that may end in a number.
 */
export function mayEndInANumber(end: i32): bool {
  const last = ld8(end - 1);
  return isHexDigit(last) || (last | 0x20) == LOWER_X || last == DOT;
}

/** Whether [s, t) holds only ASCII digits. */
function isDecimal(s: i32, t: i32): bool {
  for (let i = s; i < t; i++) {
    if (!isAsciiDigit(ld8(i))) return false;
  }
  return true;
}

/** #ends-in-a-number-checker on the ASCII domain [p, end). */
export function endsInANumber(p: i32, end: i32): bool {
  end = withoutTrailingDot(p, end);
  // A number ends with a (hex) digit, or is "0x": a domain ending in another
  // letter ("com", "org") is done with one load.
  if (end == p) return false;
  const last = ld8(end - 1);
  if (!isHexDigit(last) && last != LOWER_X && last != UPPER_X) return false;
  const s = lastNumberStart(p, end);
  if (s < 0) return false;
  // "If last is not the empty string and contains only ASCII digits, then return true."
  if (isDecimal(s, end)) return true;
  // "If parsing last as an IPv4 number does not return failure, then return true."
  return parseNumber(s, end);
}

/** The value of the decimal digit at `p`, or -1 if `p` is `end` or holds another byte. */
function digitAt(p: i32, end: i32): i32 {
  if (p >= end) return -1;
  const c = ld8(p);
  return isAsciiDigit(c) ? c - DIGIT_0 : -1;
}

/**
 * Whether [p, end) is four decimal numbers of at most 255, without leading
 * zeros, joined by "." (no trailing "."): the form #concept-ipv4-serializer
 * writes. The IPv4 parser reads each such part as a decimal number (no "0x" or
 * "0" prefix selects another radix), none is over 255 and there are four, so
 * the address it returns serializes to the same bytes; the host is then its own
 * serialization, found with no f64 arithmetic, and it ends in a number.
 *
 * A part's one to three digits are read at once, not as a loop of value * 10
 * + digit, in which each step waits for the last one's multiplication: in
 * a * 100 + b * 10 + c no multiplication waits for another.
 */
export function isDottedQuad(p: i32, end: i32): bool {
  for (let part = 0; part < 4; part++) {
    if (part > 0) {
      if (p >= end || ld8(p) != DOT) return false;
      p++;
    }
    const a = digitAt(p, end);
    if (a < 0) return false;
    const b = digitAt(p + 1, end);
    if (b < 0) {
      p += 1;
      continue;
    }
    const c = digitAt(p + 2, end);
    // No leading zero ("01"), and three digits at most 255. A fourth digit
    // is not a "." or the end, which the next part or the return rejects.
    if (a == 0 || (c >= 0 && a * 100 + b * 10 + c > 255)) return false;
    p += c < 0 ? 2 : 3;
  }
  return p == end;
}

// What ipv4Host() found.
/** The domain does not end in a number: it is a domain, not an IPv4 address. */
export const IPV4_NONE: i32 = 0;
/** The domain ends in a number and the IPv4 parser fails: the host parser fails. */
export const IPV4_FAILURE: i32 = 1;
/** An IPv4 address, in Last.ipv4Address. */
const IPV4_ADDRESS: i32 = 2;

/** What ipv4Host() returns for the domain [p, end) once a part has failed: the last part decides between a domain and a failure. */
function failedIPv4(p: i32, end: i32): i32 {
  return endsInANumber(p, end) ? IPV4_FAILURE : IPV4_NONE;
}

/**
 * The host parser's "If asciiDomain ends in a number, then return the result
 * of IPv4 parsing asciiDomain" on the ASCII domain [p, end):
 * #ends-in-a-number-checker and #concept-ipv4-parser in one pass over the
 * parts, whose last part the IPv4 parser reads anyway, so the checker
 * needs no pass of its own.
 */
export function ipv4Host(p: i32, end: i32): i32 {
  if (!mayEndInANumber(end)) return IPV4_NONE;
  // "If the last item in parts is the empty string ... if parts's size is
  // greater than 1, remove it": both the checker and the parser. A domain
  // that is only "." then has no number.
  const domainEnd = end;
  end = withoutTrailingDot(p, end);
  // Most domains that end in a hex digit ("example.de") are done here.
  if (lastNumberStart(p, end) < 0) return IPV4_NONE;
  // The numbers before the last, as the base-256 digits of `leading`.
  let leading: u32 = 0;
  let parts = 0;
  let s = p;
  while (true) {
    const t = dotOrEnd(s, end);
    // "If parts's size is greater than 4, ... return failure."
    if (parts == 4) return failedIPv4(p, domainEnd);
    const isNumber = parseNumber(s, t);
    parts++;
    if (t == end) {
      // The checker: "If last is not the empty string and contains only ASCII
      // digits, then return true" ("09" is, though not an octal number), or
      // "if parsing last as an IPv4 number does not return failure".
      if (!isNumber) return s < t && isDecimal(s, t) ? IPV4_FAILURE : IPV4_NONE;
      break;
    }
    // "If any but the last item in numbers is greater than 255, then return failure."
    if (!isNumber || numberTooLarge || numberValue > 255) return failedIPv4(p, domainEnd);
    leading = leading * 256 + numberValue;
    s = t + 1;
  }
  // "If the last item in numbers is greater than or equal to 256^(5 - numbers's
  // size), then return failure." (256^4 for one part: any u32.)
  if (numberTooLarge) return IPV4_FAILURE;
  let address = numberValue;
  if (parts > 1) {
    const weight: u32 = parts == 2 ? 0x1000000 : parts == 3 ? 0x10000 : 0x100;
    if (numberValue >= weight) return IPV4_FAILURE;
    address += leading * weight;
  }
  Last.ipv4Address = address;
  return IPV4_ADDRESS;
}

/** #concept-ipv4-serializer: write the dotted-decimal form of `address` at `o`. */
export function writeIPv4(o: i32, address: u32): i32 {
  for (let shift = 24; shift >= 0; shift -= 8) {
    o = writeDecimal(o, <i32>((address >>> shift) & 255));
    if (shift > 0) {
      st8(o, DOT);
      o++;
    }
  }
  return o;
}
