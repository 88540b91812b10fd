// The fields that are slices of the href (every URL getter but origin, and
// scheme), described by where they start and end in it, so that the columnar
// output copies the href's bytes instead of making a string of each
// (columns.ts). A row's bounds are the library's ParsedUrl.ranges(), written
// to an Int32Array in this order; for
// https://user:pass@example.com:1234/foo/bar?baz#quux they are:
//
//   ZERO 0          USER_START 8    HOST_START 18   PATH_END 42 ("?")
//   SCHEME_END 5    USER_END 12     HOST_END 29     SEARCH_START 42
//   PROTOCOL_END 6  PASS_START 13   PORT_END 34     QUERY_END 46 ("#")
//                   PASS_END 17     PATH_START 34   HASH_START 46
//                                                   HREF_END 51
//
// An empty piece starts and ends at the same offset (a null host at the end
// of the empty authority, an empty query or fragment at its end).

import type { ParsedUrl } from "swurl";

export const ZERO = 0;
export const SCHEME_END = 1;
const PROTOCOL_END = 2;
export const USER_START = 3;
export const USER_END = 4;
export const PASS_START = 5;
export const PASS_END = 6;
export const HOST_START = 7;
export const HOST_END = 8;
export const PORT_END = 9;
export const PATH_START = 10;
export const PATH_END = 11;
const SEARCH_START = 12;
export const QUERY_END = 13;
const HASH_START = 14;
const HREF_END = 15;
/** Bounds a row. */
export const BOUNDS = 16;

/** The bounds of `url`'s href, to `out` from index `at`. */
export function writeBounds(url: ParsedUrl, out: Int32Array, at: number): void {
  const r = url.ranges();
  out[at + ZERO] = 0;
  out[at + SCHEME_END] = r.protocolEnd - 1;
  out[at + PROTOCOL_END] = r.protocolEnd;
  out[at + USER_START] = r.usernameStart;
  out[at + USER_END] = r.usernameEnd;
  out[at + PASS_START] = r.passwordStart;
  out[at + PASS_END] = r.passwordEnd;
  out[at + HOST_START] = r.hostnameStart;
  out[at + HOST_END] = r.hostnameEnd;
  out[at + PORT_END] = r.portEnd;
  out[at + PATH_START] = r.pathnameStart;
  out[at + PATH_END] = r.pathnameEnd;
  out[at + SEARCH_START] = r.searchStart;
  out[at + QUERY_END] = r.searchEnd;
  out[at + HASH_START] = r.hashStart;
  out[at + HREF_END] = url.href.length;
}

/** A piece of the href: `url.href.slice(bounds[start], bounds[end])`. */
export interface HrefPiece {
  start: number;
  end: number;
}

/** The fields that are pieces of the href, as the ParsedUrl getters slice them. */
const PIECES = new Map<string, HrefPiece>([
  ["href", { start: ZERO, end: HREF_END }],
  ["protocol", { start: ZERO, end: PROTOCOL_END }],
  ["scheme", { start: ZERO, end: SCHEME_END }],
  ["username", { start: USER_START, end: USER_END }],
  ["password", { start: PASS_START, end: PASS_END }],
  ["host", { start: HOST_START, end: PORT_END }],
  ["hostname", { start: HOST_START, end: HOST_END }],
  ["pathname", { start: PATH_START, end: PATH_END }],
  ["search", { start: SEARCH_START, end: QUERY_END }],
  ["hash", { start: HASH_START, end: HREF_END }],
]);

/** The piece of the href that field `name` is, if it is one. */
export function hrefPiece(name: string): HrefPiece | undefined {
  return PIECES.get(name);
}
