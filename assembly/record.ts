// The URL record parse() leaves at RESULT (layout.ts draws it), written by the
// parser (parser.ts) and by the fast path for serialized URLs (serialized.ts)
// through writeRecord() alone. binaryen inlines it into each of its three
// callers (the parser and the fast path's two copies): the WASM has no call
// of it, and the parse costs as many instructions as with the stores written
// out in each (npm run instructions). A batch's row packs the same record
// (writeRow()): the fast path writes a line's row straight from its values,
// the batch the row of a line the parser wrote at RESULT (rowFromResult()).

import { ld32, st32 } from "./memory";
import * as L from "./layout";

/** Field `i` of the RESULT record. */
function field(i: i32, value: i32): void {
  st32(L.resultField(i), value);
}

/**
 * Write the record of an href of `hrefEnd` bytes. The positions are offsets
 * from the href's start (NONE where layout.ts allows it); `port` is a number
 * or NONE, `scheme` and `host` the SCHEME_* and HOST_* kinds, `flags` the
 * FLAG_* bits.
 */
export function writeRecord(
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
  field(L.URL_FLAGS, urlFlags(scheme, host, flags));
}

/** The URL_FLAGS word of the SCHEME_* and HOST_* kinds and the FLAG_* bits. */
export function urlFlags(scheme: i32, host: i32, flags: i32): i32 {
  return (scheme << L.SCHEME_SHIFT) | (host << L.HOST_SHIFT) | flags;
}

/** Offsets `a` and `b` (NONE allowed) as one row word: a << 16 | b, NONE as ROW_NONE (layout.ts). */
function pack(a: i32, b: i32): i32 {
  return (a << 16) | (b & L.ROW_NONE);
}

/**
 * writeRecord() into the batch row at `row` instead of RESULT (layout.ts
 * ROW_*), for an href shorter than ROW_MAX_HREF: ROW_STATE BATCH_OK with
 * `flags` (URL_FLAGS: urlFlags()), and the offsets packed two to a word. The port's number is not
 * kept (the row has its digits) and ROW_HREF is the batch's to write.
 */
export function writeRow(
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
  pathStart: i32,
  queryStart: i32,
  fragmentStart: i32,
  flags: i32,
): void {
  st32(row + (L.ROW_STATE << 2), L.BATCH_OK | (flags << L.ROW_FLAGS_SHIFT));
  st32(row + (L.ROW_LENGTH_SCHEME << 2), pack(hrefEnd, schemeEnd));
  st32(row + (L.ROW_USER << 2), pack(userStart, userEnd));
  st32(row + (L.ROW_PASS << 2), pack(passStart, passEnd));
  st32(row + (L.ROW_HOST << 2), pack(hostStart, hostEnd));
  st32(row + (L.ROW_PORT_PATH << 2), pack(portEnd, pathStart));
  st32(row + (L.ROW_QUERY_FRAGMENT << 2), pack(queryStart, fragmentStart));
}

/** Field `i` of the RESULT record. */
function result(i: i32): i32 {
  return ld32(L.resultField(i));
}

/** writeRow() of the record at RESULT, whose href is shorter than ROW_MAX_HREF. */
export function rowFromResult(row: i32): void {
  writeRow(
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
    result(L.URL_PATH_START),
    result(L.URL_QUERY_START),
    result(L.URL_FRAGMENT_START),
    result(L.URL_FLAGS),
  );
}
