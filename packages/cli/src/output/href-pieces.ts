// The fields that are slices of the href (every URL getter but origin, and
// scheme), described by where they start and end in it, so that the columnar
// output copies the href's bytes instead of making a string of each
// (columns.ts). A row's bounds are the library's ParsedUrl.ranges() in the
// order of RANGES, after a 0 (where the href starts) and before the scheme's
// end and the href's; for https://user:pass@example.com:1234/foo/bar?baz#quux
// they are 0, 6, 8, 12, 13, 17, 18, 29, 34, 34, 42, 42, 46, 46, 5, 51.
//
// An empty piece starts and ends at the same offset (a null host at the end
// of the empty authority, an empty query or fragment at its end).

import type { ParsedUrl, UrlRanges } from "swurl";

/** The ranges a row holds, in its order. */
const RANGES = [
  "protocolEnd",
  "usernameStart",
  "usernameEnd",
  "passwordStart",
  "passwordEnd",
  "hostnameStart",
  "hostnameEnd",
  "portEnd",
  "pathnameStart",
  "pathnameEnd",
  "searchStart",
  "searchEnd",
  "hashStart",
] as const satisfies readonly (keyof UrlRanges)[];

type Bound = (typeof RANGES)[number] | "start" | "schemeEnd" | "hrefEnd";

const SCHEME_END = RANGES.length + 1;
const HREF_END = RANGES.length + 2;
/** Bounds a row. */
export const BOUNDS = RANGES.length + 3;

/** Where bound `b` is in a row. */
const slot = (b: Bound): number =>
  b === "start" ? 0 : b === "schemeEnd" ? SCHEME_END : b === "hrefEnd" ? HREF_END : RANGES.indexOf(b) + 1;

/** The bounds of `url`'s href, to `out` from index `at`. */
export function writeBounds(url: ParsedUrl, out: Int32Array, at: number): void {
  const r = url.ranges();
  out[at] = 0;
  for (let i = 0; i < RANGES.length; i++) out[at + i + 1] = r[RANGES[i]!];
  out[at + SCHEME_END] = r.protocolEnd - 1;
  out[at + HREF_END] = url.href.length;
}

/** A piece of the href: `url.href.slice(bounds[start], bounds[end])`. */
export interface HrefPiece {
  start: number;
  end: number;
}

const piece = (start: Bound, end: Bound): HrefPiece => ({ start: slot(start), end: slot(end) });

/** The fields that are pieces of the href, as the ParsedUrl getters slice them. */
const PIECES = new Map<string, HrefPiece>([
  ["href", piece("start", "hrefEnd")],
  ["protocol", piece("start", "protocolEnd")],
  ["scheme", piece("start", "schemeEnd")],
  ["username", piece("usernameStart", "usernameEnd")],
  ["password", piece("passwordStart", "passwordEnd")],
  ["host", piece("hostnameStart", "portEnd")],
  ["hostname", piece("hostnameStart", "hostnameEnd")],
  ["pathname", piece("pathnameStart", "pathnameEnd")],
  ["search", piece("searchStart", "searchEnd")],
  ["hash", piece("hashStart", "hrefEnd")],
]);

/** The piece of the href that field `name` is, if it is one. */
export function hrefPiece(name: string): HrefPiece | undefined {
  return PIECES.get(name);
}
