// A log format's program (src/input/log-format.ts compiles it; the record is
// program-layout.ts) run over lines: each field's byte range, no string.
//
//   literal[0] field[0] literal[1] field[1] ... field[n-1] literal[n]
//
// A field ends at the first byte of the literal after it; a quoted field
// (after a literal that ends with `"`, before one that starts with it) at
// the first `"` that no backslash escapes (Apache's and nginx's escapes). A
// field at the end of the definition ends at a space, a tab or the end of
// the line. After the last literal a line may go on after a space or a tab
// (the fields a server adds after its format's). A field whose extent its
// own syntax gives (a strftime time, whose format may write spaces) is left
// to the wrapper: the run stops before it, and programResume() goes on
// from where the wrapper says it ends.

import { BACKSLASH, DIGIT_0, DIGIT_9, DOT, HYPHEN, QUOTE, SPACE, TAB } from "../../../assembly/charcode";
import { ld32, ld8, st32 } from "../../../assembly/memory";
import {
  FieldFlag,
  Line,
  PROGRAM_FIELDS,
  PROGRAM_HEADER,
  PROGRAM_RECORD,
  PROGRAM_SPACE_RUNS,
  RECORD_FLAGS,
  RECORD_LITERAL,
  RECORD_LITERAL_LENGTH,
} from "./program-layout";

function recordField(prog: i32, k: i32, f: i32): i32 {
  return ld32(prog + PROGRAM_HEADER + k * PROGRAM_RECORD + (f << 2));
}

function isDigit(b: i32): bool {
  return b >= DIGIT_0 && b <= DIGIT_9;
}

/** Whether [a, b) is "-" or digits (`decimal`: a sign, and one "." between digits). */
function numeric(a: i32, b: i32, decimal: bool): bool {
  if (b - a == 1 && ld8(a) == HYPHEN) return true;
  if (decimal && a < b && ld8(a) == HYPHEN) a++;
  if (b <= a) return false;
  let dot = false;
  for (let p = a; p < b; p++) {
    const c = ld8(p);
    if (isDigit(c)) continue;
    if (!decimal || c != DOT || dot || p == a || p == b - 1) return false;
    dot = true;
  }
  return true;
}

/** The end of literal k matched at p, or -1. */
function literal(prog: i32, k: i32, p: i32, end: i32): i32 {
  const lit = recordField(prog, k, RECORD_LITERAL);
  const n = recordField(prog, k, RECORD_LITERAL_LENGTH);
  const runs = ld32(prog + (PROGRAM_SPACE_RUNS << 2)) != 0;
  for (let i = 0; i < n; i++) {
    const b = ld8(lit + i);
    if (p >= end || ld8(p) != b) return -1;
    p++;
    if (runs && b == SPACE) while (p < end && ld8(p) == SPACE) p++;
  }
  return p;
}

/**
 * The first byte `a` or `b` at or after p, or `end` where none is before it:
 * 16 bytes a step (a field, a user agent or a referer, is tens of bytes).
 * A step may read up to 15 bytes past `end`: the wrapper keeps memory after
 * every line.
 */
function findEither(p: i32, end: i32, a: i32, b: i32): i32 {
  const va = i8x16.splat(<i8>a);
  const vb = i8x16.splat(<i8>b);
  while (p + 16 <= end) {
    const v = v128.load(<usize>p);
    const m = i8x16.bitmask(v128.or(i8x16.eq(v, va), i8x16.eq(v, vb)));
    if (m != 0) return p + ctz<i32>(m);
    p += 16;
  }
  while (p < end) {
    const c = ld8(p);
    if (c == a || c == b) return p;
    p++;
  }
  return end;
}

/** The first quote at or after p that no backslash escapes, or -1 before `end`. */
function closeQuote(p: i32, end: i32): i32 {
  while (p < end) {
    p = findEither(p, end, QUOTE, BACKSLASH);
    if (p >= end) return -1;
    if (ld8(p) == QUOTE) return p;
    // A backslash escapes the byte after it.
    p += 2;
  }
  return -1;
}

/** Where field k, which starts at p, ends; -1 where the line does not match. */
function fieldEnd(prog: i32, k: i32, flags: i32, p: i32, end: i32): i32 {
  if (flags & FieldFlag.Quoted) return closeQuote(p, end);
  if (recordField(prog, k + 1, RECORD_LITERAL_LENGTH) == 0) {
    // A field that nothing follows ends at a space or a tab: what comes after it is the server's addition.
    const e = findEither(p, end, SPACE, TAB);
    return e == p ? -1 : e;
  }
  const stop = ld8(recordField(prog, k + 1, RECORD_LITERAL));
  const e = findEither(p, end, stop, stop);
  return e == p || e == end ? -1 : e;
}

/** Field k ends at e: whether its bytes are of its kind. */
function ofKind(flags: i32, p: i32, e: i32): bool {
  return (flags & (FieldFlag.Integer | FieldFlag.Decimal)) == 0 || numeric(p, e, (flags & FieldFlag.Decimal) != 0);
}

/** Run the line from p (after literal k) to `end`, fields k and on into `ranges`: the line's outcome. */
function runFrom(prog: i32, k: i32, p: i32, end: i32, ranges: i32): i32 {
  const n = ld32(prog + (PROGRAM_FIELDS << 2));
  for (; k < n; k++) {
    if (p < 0) return Line.NoMatch;
    const flags = recordField(prog, k, RECORD_FLAGS);
    st32(ranges + (k << 3), p);
    if (flags & FieldFlag.Extent) return k;
    const e = fieldEnd(prog, k, flags, p, end);
    if (e < 0 || !ofKind(flags, p, e)) return Line.NoMatch;
    st32(ranges + (k << 3) + 4, e);
    p = literal(prog, k + 1, e, end);
  }
  if (p < 0) return Line.NoMatch;
  return p == end || ld8(p) == SPACE || ld8(p) == TAB ? Line.Match : Line.NoMatch;
}

/**
 * Run program `prog` over `count` lines, each a (start, end) pair of
 * addresses at `lines`: each line's ranges at `ranges` (2 i32 a field) and
 * its outcome (Line.Match, Line.NoMatch, or the field it stopped before) at
 * `outcomes`.
 */
export function programRun(prog: i32, lines: i32, count: i32, ranges: i32, outcomes: i32): void {
  const stride = ld32(prog + (PROGRAM_FIELDS << 2)) << 3;
  for (let i = 0; i < count; i++) {
    const start = ld32(lines + (i << 3));
    const end = ld32(lines + (i << 3) + 4);
    st32(outcomes + (i << 2), runFrom(prog, 0, literal(prog, 0, start, end), end, ranges + i * stride));
  }
}

/**
 * Go on with a line the run stopped before field k (its ranges at `ranges`,
 * the field's start among them), field k ending at e: the line's outcome.
 */
export function programResume(prog: i32, k: i32, e: i32, end: i32, ranges: i32): i32 {
  const flags = recordField(prog, k, RECORD_FLAGS);
  if (!ofKind(flags, ld32(ranges + (k << 3)), e)) return Line.NoMatch;
  st32(ranges + (k << 3) + 4, e);
  return runFrom(prog, k + 1, literal(prog, k + 1, e, end), end, ranges);
}
