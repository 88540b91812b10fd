// Bulk parsing: the basic URL parser (parser.ts) over every line of a block of
// UTF-8 text in one kernel call, leaving a table of rows and one buffer of
// hrefs (layout.ts draws the row). Crossing into the kernel once per block
// instead of once per URL saves the encodeInto and the strings per URL that
// dominate single-URL parsing.
//
// A line ends with LF; a CR right before the LF belongs to the line end. The
// last line needs no LF, and a block ending in LF has no empty last line. A
// leading byte order mark is skipped when asked (the start of a file).
//
// Protocol: batchBase() once if there is a base URL, batchBegin() to count the
// lines and place the table, then batchRun() until it has done every line; it
// stops early when the output window cannot hold the next line's worst case,
// and the wrapper calls it again with a larger window.

import { ld8, ld32, st32, copy, copyAhead } from "./memory";
import * as L from "./layout";
import * as C from "./charcode";
import { coreParse } from "./core";
import { serializedLine } from "./serialized";
import { isSerializedRelative } from "./relative";
import { rowFromResult } from "./record";
import { isWellFormed, repairInto, REPLACEMENT_LENGTH } from "./utf8";
import {
  fieldAbsolute,
  fieldDeferred,
  fieldEnd,
  fieldStart,
  findField,
  isBlank,
  lineFieldEnd,
  lineFieldStart,
} from "./access-log";
import { keyFields, writeKeys } from "./log-keys";

/** The UTF-8 byte order mark, EF BB BF. */
const BOM_0: i32 = 0xef;
const BOM_1: i32 = 0xbb;
const BOM_2: i32 = 0xbf;
const BOM_LENGTH: i32 = 3;
/** Bytes 0x80 and up: a line with none is ASCII and needs no UTF-8 check. */
const HIGH_BIT: i32 = 0x80;
const ROW_BYTES: i32 = L.ROW_FIELDS << 2;
/** countLines() counts a span of this many bytes at a time when the span cannot reach its maxLines. */
const SPAN_BYTES: i32 = 256;

// The block being parsed.
let input: i32 = 0;
/** Where its first line starts (after a byte order mark). */
let first: i32 = 0;
let next: i32 = 0;
let inputEnd: i32 = 0;
let line: i32 = 0;
let lines: i32 = 0;
let table: i32 = 0;
/** Where the lines' keys start (after the table), and the bytes of a line's keys (log-keys.ts). */
let keys: i32 = 0;
let keyBytes: i32 = 0;
let baseHref: i32 = 0;
let baseLength: i32 = 0;
/** The href buffer: where it starts, and its end so far. */
let output: i32 = 0;
let out: i32 = 0;
// The block's counts so far (batchRun() leaves them in RESULT).
let failures: i32 = 0;
let deferred: i32 = 0;
let skipped: i32 = 0;
/** batchMode()'s MODE_* bits, for every block until the next call. */
let mode: i32 = 0;
/** Whether the line lineEnd() found last has a byte >= 0x80. */
let lineHigh: bool = false;

/**
 * Parse the serialized URL at `src` (the base's href) into `dst` and make it
 * the base of the lines: its record goes to BASE. Returns PARSE_*.
 */
export function batchBase(src: i32, len: i32, dst: i32): i32 {
  // The lines' parses read the base's href at `dst`: it must be written there.
  const status = coreParse(src, len, dst, 0);
  if (status == L.PARSE_OK) {
    for (let f = 0; f < L.URL_FIELDS; f++) st32(L.baseField(f), ld32(L.resultField(f)));
  }
  return status;
}

/**
 * How the lines of the next blocks are read (layout.ts MODE_*): which
 * access-log field holds the URL (none: the whole line), and which lines are
 * skipped. The found field takes the line's place: it is what is parsed, and
 * a deferred row's range.
 */
export function batchMode(m: i32): void {
  mode = m;
}

/** Whether [p, p + 3) is a byte order mark. */
function isBom(p: i32, end: i32): bool {
  return end - p >= BOM_LENGTH && ld8(p) == BOM_0 && ld8(p + 1) == BOM_1 && ld8(p + 2) == BOM_2;
}

/**
 * Count the lines of [p, end), at most `maxLines`; sets `inputEnd` to the end
 * of the last line counted (after its LF).
 */
function countLines(p: i32, end: i32, maxLines: i32): i32 {
  const start = p;
  let n = 0;
  if (ASC_FEATURE_SIMD) {
    const lf = i8x16.splat(<i8>C.LF);
    // A span of SPAN_BYTES holds at most as many LFs: while one cannot reach
    // maxLines, each lane of `lanes` counts the LFs it sees (i8x16.eq is -1
    // on a match; at most 16 a lane), added up once a span: cheaper than a
    // bitmask and a popcount each 16 bytes.
    while (end - p >= SPAN_BYTES && n + SPAN_BYTES < maxLines) {
      let lanes = i8x16.splat(0);
      for (let i = 0; i < SPAN_BYTES; i += 32) {
        lanes = i8x16.sub(lanes, i8x16.eq(v128.load(<usize>(p + i)), lf));
        lanes = i8x16.sub(lanes, i8x16.eq(v128.load(<usize>(p + i + 16)), lf));
      }
      const sums = i32x4.extadd_pairwise_i16x8_u(i16x8.extadd_pairwise_i8x16_u(lanes));
      n +=
        i32x4.extract_lane(sums, 0) +
        i32x4.extract_lane(sums, 1) +
        i32x4.extract_lane(sums, 2) +
        i32x4.extract_lane(sums, 3);
      p += SPAN_BYTES;
    }
    while (p + 16 <= end) {
      let m = i8x16.bitmask(i8x16.eq(v128.load(<usize>p), lf));
      const c = popcnt<i32>(m);
      if (n + c >= maxLines) {
        // The (maxLines - n)-th LF of this block ends the last line.
        for (let k = n + 1; k < maxLines; k++) m &= m - 1;
        inputEnd = p + ctz<i32>(m) + 1;
        return maxLines;
      }
      n += c;
      p += 16;
    }
  }
  while (p < end) {
    if (ld8(p) == C.LF) {
      n++;
      if (n == maxLines) {
        inputEnd = p + 1;
        return n;
      }
    }
    p++;
  }
  inputEnd = end;
  // A last line without LF.
  if (end > start && ld8(end - 1) != C.LF) n++;
  return n;
}

/**
 * Start a block: the `len` bytes at `src`, skipping a leading byte order mark
 * if `bom` is not 0, up to `maxLines` lines, against the base whose href is at
 * `base` (batchBase(); 0 for none), with the table at `rows`. Returns the
 * number of lines; their keys (batchMode()'s MODE_KEYS_SHIFT bits) start
 * right after their rows, and their href buffer after the keys. Leaves
 * the byte length of those lines in RESULT (BATCH_INPUT_END), from `src`.
 */
export function batchBegin(src: i32, len: i32, bom: i32, maxLines: i32, base: i32, rows: i32): i32 {
  input = next = src;
  if (bom != 0 && isBom(src, src + len)) next += BOM_LENGTH;
  first = next;
  lines = countLines(next, src + len, maxLines);
  st32(L.resultField(L.BATCH_INPUT_END), inputEnd - src);
  line = 0;
  table = rows;
  baseHref = base;
  baseLength = base == 0 ? 0 : ld32(L.baseField(L.URL_HREF_END));
  keys = rows + lines * ROW_BYTES;
  keyBytes = keyFields(mode >>> L.MODE_KEYS_SHIFT) << 3;
  output = out = keys + lines * keyBytes;
  failures = deferred = skipped = 0;
  return lines;
}

/** The end of the line from p whose LF (or the block's end) is at `lf`: a CR before the LF is part of the line end. */
function contentEnd(p: i32, lf: i32): i32 {
  return lf < inputEnd && lf > p && ld8(lf - 1) == C.CR ? lf - 1 : lf;
}

/** The end of the line from p (its LF, or `end`); sets `lineHigh`. */
function lineEnd(p: i32, end: i32): i32 {
  let high = 0;
  if (ASC_FEATURE_SIMD) {
    const lf = i8x16.splat(<i8>C.LF);
    while (p + 16 <= end) {
      const v = v128.load(<usize>p);
      const m = i8x16.bitmask(i8x16.eq(v, lf));
      // i8x16.bitmask of the bytes themselves: their high bits.
      const h = i8x16.bitmask(v);
      if (m != 0) {
        const at = ctz<i32>(m);
        lineHigh = (high | (h & ((1 << at) - 1))) != 0;
        return p + at;
      }
      high |= h;
      p += 16;
    }
  }
  while (p < end) {
    const c = ld8(p);
    if (c == C.LF) break;
    high |= c & HIGH_BIT;
    p++;
  }
  lineHigh = high != 0;
  return p;
}

function setStatus(row: i32, status: i32): void {
  st32(rowField(row, L.ROW_STATE), status);
}

/** Row field `f` of `row`. */
function rowField(row: i32, f: i32): i32 {
  return row + (f << 2);
}

/**
 * Parse the line [p, e) into the row at `row`; false if the output window
 * (up to `outEnd`) is too small for it.
 */
function parseLine(p: i32, e: i32, row: i32, outEnd: i32): bool {
  let src = p;
  let len = e - p;
  let dst = out;
  const avail = <f64>(outEnd - out);
  if (lineHigh && !isWellFormed(p, e)) {
    // The repaired line (up to 3 bytes per byte) goes to the output window and
    // is parsed from there; the href is moved down over it afterwards.
    const repaired = <f64>REPLACEMENT_LENGTH * <f64>len;
    if (repaired + L.SLACK + L.outputBound(repaired, baseLength, 0) + L.SLACK > avail) return false;
    src = out;
    len = repairInto(p, e, out) - out;
    dst = out + len + L.SLACK;
  } else if (L.outputBound(len, baseLength, 0) + L.SLACK > avail) {
    return false;
  }
  if (baseHref != 0 && src == p && relativeInto(p, len, row)) return true;
  const status = coreParse(src, len, dst, baseHref);
  const flags = ld32(L.resultField(L.URL_FLAGS));
  const n = ld32(L.resultField(L.URL_HREF_END));
  if (status == L.PARSE_OK && n < L.ROW_MAX_HREF && L.schemeOf(flags) != L.SCHEME_BLOB) {
    if (dst != out) copy(out, dst, n);
    rowFromResult(row);
    st32(rowField(row, L.ROW_HREF), out - output);
    out += n;
  } else if (status == L.PARSE_FAILURE) {
    setStatus(row, L.BATCH_FAILURE);
    failures++;
  } else {
    defer(row, p, e);
  }
  return true;
}

/**
 * The fast path for a relative reference (relative.ts) on the `len` bytes at
 * p: if the parser would copy them through after a prefix of the base's
 * href, write that prefix and the line to the output and the row at `row`
 * (the caller has checked that the output has room for the parser's href).
 * A blob: URL and an href too long for a row go to the parser, which leaves
 * them to the wrapper.
 */
function relativeInto(p: i32, len: i32, row: i32): bool {
  if (!isSerializedRelative(p, len, baseHref)) return false;
  const prefix = ld32(L.resultField(L.URL_BASE_PREFIX));
  const flags = ld32(L.resultField(L.URL_FLAGS));
  if (prefix + len >= L.ROW_MAX_HREF || L.schemeOf(flags) == L.SCHEME_BLOB) return false;
  copy(out, baseHref, prefix);
  copy(out + prefix, p, len);
  // The href is in the output as any other row's: not made from the base's string.
  st32(L.resultField(L.URL_FLAGS), flags & ~L.FLAG_HREF_BASE_PREFIX);
  rowFromResult(row);
  st32(rowField(row, L.ROW_HREF), out - output);
  out += prefix + len;
  return true;
}

/** Leave the line [p, e) to the wrapper (BATCH_DEFERRED). */
function defer(row: i32, p: i32, e: i32): void {
  setStatus(row, L.BATCH_DEFERRED);
  st32(rowField(row, L.ROW_LINE_START), p - input);
  st32(rowField(row, L.ROW_LINE_END), e - input);
  deferred++;
}

/**
 * The fast path for the URL at p, up to `end` or to the LF (or CR LF) before
 * it (serializedLine()): its row at `row` and its href copied to the output,
 * if it is a serialized URL and its href fits below `outEnd`. Returns where
 * the URL ends (before the line end), or -1: then the line goes to the parser.
 */
function serializedInto(p: i32, end: i32, row: i32, outEnd: i32): i32 {
  const e = serializedLine(p, end, row);
  if (e < 0 || out + (e - p) + L.SLACK > outEnd) return -1;
  copyAhead(out, p, e - p);
  st32(rowField(row, L.ROW_HREF), out - output);
  out += e - p;
  return e;
}

/**
 * The range a deferred row of an access-log field holds: a request target's
 * is the whole request, whose form the wrapper reads from its method and target.
 */
function fieldRange(row: i32, field: i32): void {
  const request = field == L.FIELD_REQUEST;
  st32(rowField(row, L.ROW_LINE_START), (request ? lineFieldStart(L.LOG_REQUEST) : fieldStart) - input);
  st32(rowField(row, L.ROW_LINE_END), (request ? lineFieldEnd(L.LOG_REQUEST) : fieldEnd) - input);
}

/** Parse the access-log field [p, e) into the row at `row` (parseLine()'s result). */
function parseField(p: i32, e: i32, row: i32, outEnd: i32): bool {
  // A field holds no LF: the fast path's URL ends at the field's end or not at all.
  return serializedInto(p, e, row, outEnd) >= 0 || parseLine(p, e, row, outEnd);
}

/** parseField() as if the block had no base: an absolute-form request target is parsed as it is. */
function parseWithoutBase(p: i32, e: i32, row: i32, outEnd: i32): bool {
  const href = baseHref;
  const length = baseLength;
  baseHref = 0;
  baseLength = 0;
  const done = parseField(p, e, row, outEnd);
  baseHref = href;
  baseLength = length;
  return done;
}

/** The line [p, e) as batchMode() says: skipped, its field not found, or parsed (parseLine()). */
function readLine(p: i32, e: i32, row: i32, outEnd: i32): bool {
  if (mode != 0) {
    if (
      ((mode & L.MODE_SKIP_BLANK) != 0 && isBlank(p, e)) ||
      ((mode & L.MODE_SKIP_COMMENTS) != 0 && p < e && ld8(p) == C.HASH)
    ) {
      setStatus(row, L.BATCH_SKIPPED);
      skipped++;
      return true;
    }
    const field = mode & L.MODE_FIELD_MASK;
    if (field != L.FIELD_NONE) {
      const found = findField(p, e, field, (mode & L.MODE_COMBINED) != 0, keyBytes != 0);
      if (keyBytes != 0) writeKeys(keys + line * keyBytes, mode >>> L.MODE_KEYS_SHIFT, input);
      if (!found) {
        setStatus(row, L.BATCH_FAILURE);
        failures++;
        return true;
      }
      if (fieldDeferred) {
        defer(row, fieldStart, fieldEnd);
        fieldRange(row, field);
        return true;
      }
      const done =
        fieldAbsolute && baseHref != 0
          ? parseWithoutBase(fieldStart, fieldEnd, row, outEnd)
          : parseField(fieldStart, fieldEnd, row, outEnd);
      if (done && ld32(rowField(row, L.ROW_STATE)) == L.BATCH_DEFERRED) fieldRange(row, field);
      return done;
    }
  }
  return parseLine(p, e, row, outEnd);
}

/**
 * Parse lines of the block begun by batchBegin() while the hrefs fit below
 * `outEnd` (which must have SLACK readable bytes after it). Returns the number
 * of lines done so far; leaves BATCH_OUTPUT_END, BATCH_FAILURES and
 * BATCH_DEFERRED_LINES in RESULT.
 */
export function batchRun(outEnd: i32): i32 {
  while (line < lines) {
    const row = table + line * ROW_BYTES;
    if (mode == 0) {
      // A serialized URL, found and checked in one scan; its line end is an
      // LF, a CR LF, or the block's end (the last line: no line follows).
      const e = serializedInto(next, inputEnd, row, outEnd);
      if (e >= 0) {
        next = ld8(e) == C.CR ? e + 2 : e + 1;
        line++;
        continue;
      }
    }
    const lf = lineEnd(next, inputEnd);
    if (!readLine(next, contentEnd(next, lf), row, outEnd)) break;
    next = lf + 1;
    line++;
  }
  st32(L.resultField(L.BATCH_OUTPUT_END), out);
  st32(L.resultField(L.BATCH_FAILURES), failures);
  st32(L.resultField(L.BATCH_DEFERRED_LINES), deferred);
  st32(L.resultField(L.BATCH_SKIPPED_LINES), skipped);
  return line;
}

/**
 * Write the byte range of each line of the block batchBegin() began, as
 * batchRun() reads them (without the LF or CR LF that ends them), to `dst`:
 * two i32 a line, start and end, from batchBegin()'s `src`, in line order.
 * Returns the number of lines. (With an access-log mode, the range is the
 * whole line's, not its field's.)
 */
export function batchLines(dst: i32): i32 {
  let p = first;
  for (let i = 0; i < lines; i++) {
    const lf = lineEnd(p, inputEnd);
    st32(dst + (i << 3), p - input);
    st32(dst + (i << 3) + 4, contentEnd(p, lf) - input);
    p = lf + 1;
  }
  return lines;
}
