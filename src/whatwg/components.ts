// The components of a URL record as positions in its serialized href, and the
// getters of the WHATWG URL API (#urlutils-members) as slices between them:
// the one place each rule is written. ParsedUrl (url.ts), UrlBatch (batch.ts),
// canonicalize() (canonical.ts) and parse()'s base record (parse.ts) use them.
//
// The record is the kernel's (assembly/layout.ts draws it): offsets into the
// href, NONE for an absent part. A ParsedUrl holds it as fields; a UrlBatch holds it
// packed in rows, so the position helpers take the offsets as numbers rather
// than a record object (no object made, no second shape at the call sites),
// and `none`, what stands for an absent part: NONE, or a row's ROW_NONE. The
// rules the kernel uses too (pathEnd, queryEnd, the flags' scheme and host
// kinds) are layout.ts's, re-exported here.

import * as L from "../../assembly/layout.js";

export { hostOf, pathEnd, queryEnd, schemeOf } from "../../assembly/layout.js";

/** The fields of the URL record in layout.ts order (URL_HREF_END .. URL_FLAGS), as a ParsedUrl holds them. */
export const RECORD_FIELDS = [
  "_hrefEnd",
  "_schemeEnd",
  "_userStart",
  "_userEnd",
  "_passStart",
  "_passEnd",
  "_hostStart",
  "_hostEnd",
  "_portEnd",
  "_port",
  "_pathStart",
  "_queryStart",
  "_fragmentStart",
  "_flags",
] as const;

/** The URL record: each field of RECORD_FIELDS, a number. */
export type UrlRecord = { [F in (typeof RECORD_FIELDS)[number]]: number };

/**
 * Write `record` at `words[at]` in layout.ts order (the kernel's BASE record),
 * a store a field: every setter of the URL class writes its URL's record, and
 * a loop over RECORD_FIELDS reads each field by a computed name (a keyed load
 * that V8 does not turn into a fixed offset).
 */
export function storeRecord(record: UrlRecord, words: Int32Array, at: number): void {
  words[at + L.URL_HREF_END] = record._hrefEnd;
  words[at + L.URL_SCHEME_END] = record._schemeEnd;
  words[at + L.URL_USER_START] = record._userStart;
  words[at + L.URL_USER_END] = record._userEnd;
  words[at + L.URL_PASS_START] = record._passStart;
  words[at + L.URL_PASS_END] = record._passEnd;
  words[at + L.URL_HOST_START] = record._hostStart;
  words[at + L.URL_HOST_END] = record._hostEnd;
  words[at + L.URL_PORT_END] = record._portEnd;
  words[at + L.URL_PORT] = record._port;
  words[at + L.URL_PATH_START] = record._pathStart;
  words[at + L.URL_QUERY_START] = record._queryStart;
  words[at + L.URL_FRAGMENT_START] = record._fragmentStart;
  words[at + L.URL_FLAGS] = record._flags;
}

/** Where the host starts; for a null host, where the (empty) authority is. */
export function hostStart(record: UrlRecord): number {
  return record._hostStart === L.NONE ? record._portEnd : record._hostStart;
}

// The getters: each is the slice [from, to) of the href, and where the WHATWG
// rule returns "" for an absent part, `from` is `to`. These functions return
// offsets and the getters slice the href themselves: a function that slices a
// string it is passed costs V8 more, even where V8 inlines it.

/** #dom-url-protocol: the scheme and ":", [0, protocolEnd). */
export function protocolEnd(schemeEnd: number): number {
  return schemeEnd + 1;
}

/**
 * #dom-url-host ("" for a null host; the host and ":port", to URL_PORT_END) and
 * #dom-url-hostname (to URL_HOST_END): [hostFrom, to).
 */
export function hostFrom(hostStart: number, to: number, none: number): number {
  return hostStart === none ? to : hostStart;
}

/** #dom-url-port: "" for a null port (the parser writes ":port" only for one that is not null), [portFrom, portEnd). */
export function portFrom(hostEnd: number, portEnd: number): number {
  return portEnd === hostEnd ? portEnd : hostEnd + 1;
}

// #dom-url-pathname: the path serialized (an opaque path as it is), [URL_PATH_START, pathEnd).

/**
 * #dom-url-search: "If this's URL's query is either null or the empty string,
 * return the empty string", else "?" and the query: [searchFrom, queryEnd).
 */
export function searchFrom(queryStart: number, queryEnd: number, none: number): number {
  return queryStart === none || queryEnd - queryStart <= 1 ? queryEnd : queryStart;
}

/** #dom-url-hash: "" for a null or empty fragment, else "#" and the fragment: [hashFrom, hrefEnd). */
export function hashFrom(fragmentStart: number, hrefEnd: number, none: number): number {
  return fragmentStart === none || hrefEnd - fragmentStart <= 1 ? hrefEnd : fragmentStart;
}

/**
 * #dom-url-origin, the ASCII serialization of #concept-url-origin: for a
 * special scheme other than "file", the tuple origin scheme://host[:port];
 * for "blob", `blobOrigin` (worked out at parse time: it needs a parse); else
 * an opaque origin, "null".
 */
export function origin(href: string, record: UrlRecord, blobOrigin: string): string {
  const scheme = L.schemeOf(record._flags);
  if (scheme === L.SCHEME_BLOB) return blobOrigin;
  if (scheme === L.SCHEME_OTHER || scheme === L.SCHEME_FILE) return "null";
  return href.slice(0, protocolEnd(record._schemeEnd)) + "//" + href.slice(record._hostStart, record._portEnd);
}
