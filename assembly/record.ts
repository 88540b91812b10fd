// The URL record parse() leaves at RESULT (layout.ts draws it), written by the
// parser (parser.ts) and by the fast path for serialized URLs (serialized.ts)
// through writeRecord() alone. binaryen inlines it into each of its three
// callers (the parser and the fast path's two copies): the WASM has no call
// of it, so one writer costs nothing over the stores written out in each. A
// batch's row packs the same record (BATCH mode): the fast path writes a
// line's row straight from its values, the batch the row of a line the
// parser wrote at RESULT (rowFromResult()).

import { ld32, st32 } from "./memory";
import * as L from "./layout";
import { comparesInput, BATCH } from "./mode";

/** Field `i` of the RESULT record. */
function field(i: i32, value: i32): void {
  st32(L.resultField(i), value);
}

/** Offsets `a` and `b` (NONE allowed) as one row word: a << 16 | b, NONE as ROW_NONE (layout.ts). */
function pack(a: i32, b: i32): i32 {
  return (a << 16) | (b & L.ROW_NONE);
}

/** Row field `f` of the row at `row`. */
function rowField(row: i32, f: i32): i32 {
  return row + (f << 2);
}

/**
 * Write the record of an href of `hrefEnd` bytes. The positions are offsets
 * from the href's start (NONE where layout.ts allows it); `port` is a number
 * or NONE, `scheme` and `host` the SCHEME_* and HOST_* kinds, `flags` the
 * FLAG_* bits. In PARSE mode (mode.ts) the record goes to RESULT; in BATCH
 * mode it is packed into the batch row at `row` (layout.ts ROW_*; an href
 * shorter than ROW_MAX_HREF): ROW_STATE BATCH_OK with the flags, the offsets
 * two to a word, the port's number not kept (the row has its digits), and
 * ROW_HREF left to the batch.
 */
export function writeRecord<M>(
  mode: M,
  row: i32,
  hrefEnd: i32,
  schemeEnd: i32,
  userStart: i32,
  userEnd: i32,
  passStart: i32,
  passEnd: i32,
  hostStart: i32,
  hostEnd: i32,
  portEnd: i32,
  port: i32,
  pathStart: i32,
  queryStart: i32,
  fragmentStart: i32,
  scheme: i32,
  host: i32,
  flags: i32,
): void {
  const urlFlags = (scheme << L.SCHEME_SHIFT) | (host << L.HOST_SHIFT) | flags;
  if (!comparesInput(mode)) {
    st32(rowField(row, L.ROW_STATE), L.BATCH_OK | (urlFlags << L.ROW_FLAGS_SHIFT));
    st32(rowField(row, L.ROW_LENGTH_SCHEME), pack(hrefEnd, schemeEnd));
    st32(rowField(row, L.ROW_USER), pack(userStart, userEnd));
    st32(rowField(row, L.ROW_PASS), pack(passStart, passEnd));
    st32(rowField(row, L.ROW_HOST), pack(hostStart, hostEnd));
    st32(rowField(row, L.ROW_PORT_PATH), pack(portEnd, pathStart));
    st32(rowField(row, L.ROW_QUERY_FRAGMENT), pack(queryStart, fragmentStart));
    return;
  }
  field(L.URL_HREF_END, hrefEnd);
  field(L.URL_SCHEME_END, schemeEnd);
  field(L.URL_USER_START, userStart);
  field(L.URL_USER_END, userEnd);
  field(L.URL_PASS_START, passStart);
  field(L.URL_PASS_END, passEnd);
  field(L.URL_HOST_START, hostStart);
  field(L.URL_HOST_END, hostEnd);
  field(L.URL_PORT_END, portEnd);
  field(L.URL_PORT, port);
  field(L.URL_PATH_START, pathStart);
  field(L.URL_QUERY_START, queryStart);
  field(L.URL_FRAGMENT_START, fragmentStart);
  field(L.URL_FLAGS, urlFlags);
}

/** The RESULT record's field `i`. */
function result(i: i32): i32 {
  return ld32(L.resultField(i));
}

/** The record at RESULT (an href shorter than ROW_MAX_HREF) packed into the batch row at `row`. */
export function rowFromResult(row: i32): void {
  writeRecord(
    BATCH,
    row,
    result(L.URL_HREF_END),
    result(L.URL_SCHEME_END),
    result(L.URL_USER_START),
    result(L.URL_USER_END),
    result(L.URL_PASS_START),
    result(L.URL_PASS_END),
    result(L.URL_HOST_START),
    result(L.URL_HOST_END),
    result(L.URL_PORT_END),
    result(L.URL_PORT),
    result(L.URL_PATH_START),
    result(L.URL_QUERY_START),
    result(L.URL_FRAGMENT_START),
    // URL_FLAGS whole: kinds of 0 add nothing to it.
    0,
    0,
    result(L.URL_FLAGS),
  );
}
