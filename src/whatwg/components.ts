// The components of a URL record as positions in its serialized href, and the
// getters of the WHATWG URL API (#urlutils-members) as slices between them:
// the one place each rule is written. Url (url.ts), UrlBatch (batch.ts),
// canonicalize() (canonical.ts) and parse()'s base record (parse.ts) use them.
//
// The record is the kernel's (assembly/layout.ts draws it): offsets into the
// href, NONE for an absent part. A Url holds it as fields; a UrlBatch holds it
// packed in rows, so the getters take the offsets as numbers rather than a
// record object (no object made, no second shape at the call sites), and the
// href as `src` from `at`: a Url's own href from 0, or a batch's string of
// all its hrefs from the line's.

import * as L from "../../assembly/layout.js";

/** What an href is sliced from: a string, or a decoder of byte slices (a batch's hrefs too many for one string). */
export interface Slicer {
  slice(start: number, end: number): string;
}

/** The fields of the URL record in layout.ts order (URL_HREF_END .. URL_FLAGS), as a Url holds them. */
export const RECORD_FIELDS = [
  "_hrefEnd", "_schemeEnd", "_userStart", "_userEnd", "_passStart", "_passEnd", "_hostStart", "_hostEnd", "_portEnd", "_port",
  "_pathStart", "_queryStart", "_fragmentStart", "_flags",
] as const;

/** The URL record: each field of RECORD_FIELDS, a number. */
export type UrlRecord = { [F in (typeof RECORD_FIELDS)[number]]: number };

/** Write `record` at `words[at]` in layout.ts order (the kernel's BASE record). */
export function writeRecord(record: UrlRecord, words: Int32Array, at: number): void {
  for (let f = 0; f < L.URL_FIELDS; f++) words[at + f] = record[RECORD_FIELDS[f]];
}

/** The scheme of the record's flags: SCHEME_* (layout.ts). */
export function schemeKind(flags: number): number {
  return (flags & L.SCHEME_MASK) >> L.SCHEME_SHIFT;
}

/** The host kind of the record's flags: HOST_* (layout.ts). */
export function hostKind(flags: number): number {
  return (flags & L.HOST_MASK) >> L.HOST_SHIFT;
}

/** Where the host starts; for a null host, where the (empty) authority is. */
export function hostStart(record: UrlRecord): number {
  return record._hostStart === L.NONE ? record._portEnd : record._hostStart;
}

/** The end of the path: the query's "?", else the fragment's "#", else the href's end. */
export function pathEnd(queryStart: number, fragmentStart: number, hrefEnd: number): number {
  if (queryStart !== L.NONE) return queryStart;
  return fragmentStart === L.NONE ? hrefEnd : fragmentStart;
}

/** The end of the query (when there is one): the fragment's "#", else the href's end. */
export function queryEnd(fragmentStart: number, hrefEnd: number): number {
  return fragmentStart === L.NONE ? hrefEnd : fragmentStart;
}

// The getters. `src` holds the href from `at`; the offsets are the record's.
// Url's getters pass its own href and 0, which V8 folds away when it inlines them.

/** #dom-url-protocol: the scheme and ":". */
export function protocol(src: Slicer, at: number, schemeEnd: number): string {
  return src.slice(at, at + schemeEnd + 1);
}

/** #dom-url-username, #dom-url-password: the range as it is (empty ranges when there are none). */
export function credential(src: Slicer, at: number, start: number, end: number): string {
  return src.slice(at + start, at + end);
}

/** #dom-url-host ("" for a null host; the host and ":port", end = URL_PORT_END) and #dom-url-hostname (end = URL_HOST_END). */
export function host(src: Slicer, at: number, hostStart: number, end: number): string {
  return hostStart === L.NONE ? "" : src.slice(at + hostStart, at + end);
}

/** #dom-url-port: "" for a null port (the parser writes ":port" only for one that is not null). */
export function port(src: Slicer, at: number, hostEnd: number, portEnd: number): string {
  return portEnd === hostEnd ? "" : src.slice(at + hostEnd + 1, at + portEnd);
}

/** #dom-url-pathname: the path serialized (an opaque path as it is). */
export function pathname(src: Slicer, at: number, pathStart: number, queryStart: number, fragmentStart: number, hrefEnd: number): string {
  return src.slice(at + pathStart, at + pathEnd(queryStart, fragmentStart, hrefEnd));
}

/** #dom-url-search: "If this's URL's query is either null or the empty string, return the empty string", else "?" and the query. */
export function search(src: Slicer, at: number, queryStart: number, fragmentStart: number, hrefEnd: number): string {
  if (queryStart === L.NONE) return "";
  const end = queryEnd(fragmentStart, hrefEnd);
  return end - queryStart <= 1 ? "" : src.slice(at + queryStart, at + end);
}

/** #dom-url-hash: "" for a null or empty fragment, else "#" and the fragment. */
export function hash(src: Slicer, at: number, fragmentStart: number, hrefEnd: number): string {
  return fragmentStart === L.NONE || hrefEnd - fragmentStart <= 1 ? "" : src.slice(at + fragmentStart, at + hrefEnd);
}

/**
 * #dom-url-origin, the ASCII serialization of #concept-url-origin: for a
 * special scheme other than "file", the tuple origin scheme://host[:port];
 * for "blob", `blobOrigin` (worked out at parse time: it needs a parse); else
 * an opaque origin, "null".
 */
export function origin(href: string, record: UrlRecord, blobOrigin: string): string {
  const scheme = schemeKind(record._flags);
  if (scheme === L.SCHEME_BLOB) return blobOrigin;
  if (scheme === L.SCHEME_OTHER || scheme === L.SCHEME_FILE) return "null";
  return protocol(href, 0, record._schemeEnd) + "//" + href.slice(record._hostStart, record._portEnd);
}
