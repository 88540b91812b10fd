// The keys of an access-log line's fields for `stats --by` a log field: each
// asked-for field's byte range, written beside the batch's rows as
// findField() reads the line's grammar (access-log.ts), so that the wrapper
// counts a field's values from the bytes without reading the line again.
// A key is the field as requestParts() and unescapeLogField() give it
// (src/bulk/log-escapes.ts, src/bulk/request-target.ts):
//   "-" is no value (KEY_NONE), as is any field of a line that does not match;
//   a status or size is its digits without leading zeros; one of more than
//   15 digits, which may be past 2^53, is the wrapper's (KEY_WRAPPER);
//   a quoted field with an escape (\", \\, \xHH) is the wrapper's, to undo;
//   the request's method, target and version are split at its first and
//   last space, the target without the spaces around it (requestParts()).

import { ld8, st32 } from "./memory";
import * as C from "./charcode";
import * as L from "./layout";
import { lineEscapes, lineFieldEnd, lineFieldStart, lineMatched } from "./access-log";

/** A number of 15 digits or fewer is a safe integer (Number.isSafeInteger) for sure. */
const SAFE_DIGITS: i32 = 15;

// The key being made: [keyStart, keyEnd), or keyStart KEY_NONE or KEY_WRAPPER.
let keyStart: i32 = 0;
let keyEnd: i32 = 0;

function key(a: i32, b: i32): void {
  keyStart = a;
  keyEnd = b;
}

/** [a, b) as the key; "-" is no value. */
function token(a: i32, b: i32): void {
  key(b - a == 1 && ld8(a) == C.HYPHEN ? L.KEY_NONE : a, b);
}

/** A status or size [a, b) (digits or "-") as its digits without leading zeros. */
function integer(a: i32, b: i32): void {
  if (ld8(a) == C.HYPHEN) {
    key(L.KEY_NONE, 0);
    return;
  }
  while (b - a > 1 && ld8(a) == C.DIGIT_0) a++;
  if (b - a > SAFE_DIGITS) key(L.KEY_WRAPPER, 0);
  else key(a, b);
}

/** The method, target or version of the request [a, b): split at its first and last space. */
function requestPart(field: i32, a: i32, b: i32): void {
  let first = a;
  while (first < b && ld8(first) != C.SPACE) first++;
  if (first == b || first == a) {
    key(L.KEY_NONE, 0);
    return;
  }
  let last = b - 1;
  while (ld8(last) != C.SPACE) last--;
  if (field == L.LOG_TARGET) {
    // Between the first and the last space (to the end where they are one), without the spaces around it.
    let start = first + 1;
    let end = last > first ? last : b;
    while (start < end && ld8(start) == C.SPACE) start++;
    while (end > start && ld8(end - 1) == C.SPACE) end--;
    token(start, end);
  } else if (field == L.LOG_METHOD) {
    token(a, first);
  } else if (last > first) {
    // The version: after the last space.
    token(last + 1, b);
  } else {
    key(L.KEY_NONE, 0);
  }
}

/** The key of field `field` (LOG_*) of the line findField() matched (its record at LOG_LINE). */
function fieldKey(field: i32): void {
  if (field >= L.LOG_METHOD && field <= L.LOG_VERSION) {
    // Split before the escapes are undone, as requestParts() splits them.
    if ((lineEscapes & (1 << L.LOG_REQUEST)) != 0) key(L.KEY_WRAPPER, 0);
    else requestPart(field, lineFieldStart(L.LOG_REQUEST), lineFieldEnd(L.LOG_REQUEST));
    return;
  }
  const a = lineFieldStart(field);
  const b = lineFieldEnd(field);
  if (field == L.LOG_STATUS || field == L.LOG_BYTES) integer(a, b);
  // The referer or user agent of a Common Log Format line.
  else if (a < 0) key(L.KEY_NONE, 0);
  // A quoted field with an escape: the wrapper's to undo.
  else if ((lineEscapes & (1 << field)) != 0) key(L.KEY_WRAPPER, 0);
  else token(a, b);
}

/**
 * Write at `dst` the keys of the fields whose LOG_* bits `fields` has, of
 * the line findField() read last, as offsets from `input`: two words a field.
 */
export function writeKeys(dst: i32, fields: i32, input: i32): void {
  for (let f = 0; f < L.LOG_FIELDS; f++) {
    if ((fields & (1 << f)) == 0) continue;
    if (lineMatched) fieldKey(f);
    else key(L.KEY_NONE, 0);
    st32(dst, keyStart < 0 ? keyStart : keyStart - input);
    st32(dst + 4, keyEnd - input);
    dst += 8;
  }
}

/** The number of fields whose LOG_* bits `fields` has: the keys of a line. */
export function keyFields(fields: i32): i32 {
  let n = 0;
  for (let f = 0; f < L.LOG_FIELDS; f++) if ((fields & (1 << f)) != 0) n++;
  return n;
}
