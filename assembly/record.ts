// The URL record parse() leaves at RESULT (layout.ts draws it), written by the
// parser (parser.ts) and by the fast path for serialized URLs (serialized.ts)
// through writeRecord() alone. binaryen inlines it into each of its three
// callers (the parser and the fast path's two copies): the WASM has no call
// of it, and the parse costs as many instructions as with the stores written
// out in each (npm run instructions).

import { st32 } from "./memory";
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
  field(L.URL_FLAGS, (scheme << L.SCHEME_SHIFT) | (host << L.HOST_SHIFT) | flags);
}
