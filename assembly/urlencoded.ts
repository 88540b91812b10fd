// application/x-www-form-urlencoded (URL Standard section 5): the parser and
// the serializer of URLSearchParams, on bytes.
//
// The parser does not make strings: for each name and value it leaves a
// record saying where the wrapper finds it. Most names and values hold no "+"
// and no "%": they are the input as it is, and the record gives their UTF-16
// range in the input string, which the wrapper slices. The others are decoded
// here ("+" to space, percent-decoding) and the record gives the bytes.
//
// The serializer percent-encodes one name or value that is not ASCII (the
// wrapper escapes ASCII ones itself, and joins the pairs).

import { ld8, ld32, st8, st32 } from "./memory";
import { resultField } from "./layout";
import { isIn, isHexDigit, hexValue, FORM_URLENCODED_SET } from "./tables";
import { decodeInto, writeEscape } from "./percent";
import { units } from "./utf16";
import { AMPERSAND, EQUALS, PERCENT, PLUS, SPACE } from "./charcode";
import {
  FORM_CHUNK,
  FORM_RECORD,
  FORM_SLICE,
  FORM_ASCII,
  FORM_UTF8,
  FORM_POSITION,
  FORM_UNITS,
  FORM_SERIALIZED,
} from "./urlencoded-record";

// What scanPart() found, besides the end of the part.
/** UTF-16 units minus bytes up to the scan position (continuation bytes -1, 4-byte leads +1). */
let unitShift: i32 = 0;
/** The part holds "+" or "%": it must be decoded. */
let needsDecode: bool = false;
/** The part holds a byte >= 0x80, raw or percent-encoded. */
let nonAscii: bool = false;
/** The part is written as the serializer writes it. */
let serialized: bool = true;

/** A byte the serializer writes as it is: not in the urlencoded percent-encode set (alphanumerics, "*-._"). */
function isPlain(b: i32): bool {
  return !isIn(b, FORM_URLENCODED_SET);
}

/**
 * Scan a name (up to "=", "&" or `end`) or a value (`inValue`: up to "&" or
 * `end`) from `p`; returns where it stops. An escape is written as the
 * serializer writes it when its hex digits are upper case and its byte is one
 * the serializer escapes (a space it writes as "+"; a byte >= 0x80 is taken
 * as not serialized, which only costs the wrapper a cached serialization).
 */
function scanPart(p: i32, end: i32, inValue: bool): i32 {
  needsDecode = false;
  nonAscii = false;
  while (p < end) {
    const b = ld8(p);
    if (b == AMPERSAND || (b == EQUALS && !inValue)) break;
    if (b >= 0x80) {
      nonAscii = true;
      serialized = false;
      unitShift += units(b) - 1;
    } else if (b == PLUS) {
      needsDecode = true;
    } else if (b == PERCENT) {
      needsDecode = true;
      if (p + 2 < end && isHexDigit(ld8(p + 1)) && isHexDigit(ld8(p + 2))) {
        const hi = ld8(p + 1);
        const lo = ld8(p + 2);
        const byte = (hexValue(hi) << 4) | hexValue(lo);
        if (byte >= 0x80) nonAscii = true;
        // The serializer writes upper-case hex digits ("a" is 0x61).
        if (byte >= 0x80 || byte == SPACE || isPlain(byte) || hi >= 0x61 || lo >= 0x61) serialized = false;
        p += 3;
        continue;
      }
      serialized = false;
    } else if (!isPlain(b)) {
      serialized = false;
    }
    p++;
  }
  return p;
}

/** Write one range of a record at `at`: the input's UTF-16 range [from, to) bytes, or its decoding at `dst`. */
function writeRange(at: i32, src: i32, from: i32, to: i32, unitsFrom: i32, unitsTo: i32, dst: i32): i32 {
  if (!needsDecode) {
    st32(at, FORM_SLICE);
    st32(at + 4, unitsFrom);
    st32(at + 8, unitsTo);
    return dst;
  }
  const out = decodeInto(src + from, to - from, dst, true);
  st32(at, nonAscii ? FORM_UTF8 : FORM_ASCII);
  st32(at + 4, dst);
  st32(at + 8, out);
  return out;
}

/**
 * #concept-urlencoded-parser over the `len` bytes at `src`, from RESULT's
 * FORM_POSITION / FORM_UNITS on: "Let sequences be the result of splitting
 * input on 0x26 (&). For each byte sequence bytes in sequences: if bytes is
 * the empty byte sequence, then continue. If bytes contains a 0x3D (=), then
 * let name be the bytes from the start of bytes up to but excluding its
 * first 0x3D (=), and let value be the bytes, if any, after the first 0x3D
 * (=) up to the end of bytes. Otherwise, let name have the value of bytes and
 * let value be the empty byte sequence. Replace any 0x2B (+) in name and
 * value with 0x20 (SP). Let nameString and valueString be the result of
 * running UTF-8 decode without BOM on the percent-decoding of name and value."
 *
 * Writes one record per pair at `records` (FORM_RECORD fields; decoded
 * bytes go to `dst`, which needs `len` bytes plus 16 of slack), at most
 * FORM_CHUNK of them, and returns how many. RESULT then says where to go on.
 */
export function formParse(src: i32, len: i32, dst: i32, records: i32): i32 {
  let p = ld32(resultField(FORM_POSITION));
  unitShift = ld32(resultField(FORM_UNITS)) - p;
  serialized = ld32(resultField(FORM_SERIALIZED)) != 0;
  let count = 0;
  while (p < len && count < FORM_CHUNK) {
    if (ld8(src + p) == AMPERSAND) {
      // An empty sequence: skipped, and not written back by the serializer.
      serialized = false;
      p++;
      continue;
    }
    const record = records + count * (FORM_RECORD << 2);
    const nameStart = p;
    const nameUnits = p + unitShift;
    p = scanPart(src + p, src + len, false) - src;
    dst = writeRange(record, src, nameStart, p, nameUnits, p + unitShift, dst);
    if (p < len && ld8(src + p) == EQUALS) {
      p++;
      const valueStart = p;
      const valueUnits = p + unitShift;
      p = scanPart(src + p, src + len, true) - src;
      dst = writeRange(record + 12, src, valueStart, p, valueUnits, p + unitShift, dst);
    } else {
      // No "=": the serializer would add one.
      serialized = false;
      st32(record + 12, FORM_SLICE);
      st32(record + 16, 0);
      st32(record + 20, 0);
    }
    count++;
    if (p < len) {
      p++; // the "&"
      // A trailing "&" ends the input with an empty sequence.
      if (p == len) serialized = false;
    }
  }
  st32(resultField(FORM_POSITION), p);
  st32(resultField(FORM_UNITS), p + unitShift);
  st32(resultField(FORM_SERIALIZED), serialized ? 1 : 0);
  return count;
}

/**
 * #concept-urlencoded-serializer, for one name or value: "percent-encoded after
 * encoding, using encoding, the urlencoded percent-encode set, and true"
 * (space as plus). The `len` bytes of UTF-8 at `src` go to `dst`, which
 * needs room for 3 bytes a byte; returns how many were written. The wrapper
 * joins the pairs with "=" and "&" (src/whatwg/urlencoded.ts).
 */
export function formEscape(src: i32, len: i32, dst: i32): i32 {
  let o = dst;
  for (let p = src, end = src + len; p < end; p++) {
    const b = ld8(p);
    if (b == SPACE) {
      st8(o++, PLUS);
    } else if (isPlain(b)) {
      st8(o++, b);
    } else {
      o = writeEscape(o, b);
    }
  }
  return o - dst;
}
