// parse()'s fast path: an http or https URL that is already its own
// serialization (#concept-url-serializer), as a URL taken from a page, a log or
// a previous serialization mostly is (99.6% of the benchmark corpus). On such
// input every state of the basic URL parser would copy its bytes through
// unchanged, so the record can be read off the input in a few vector scans,
// with no output written and no comparison of href and input afterwards.
// Anything the parser could change, or might reject, makes this return false,
// and the parser runs as for any other input. Over the corpus this took a
// parse() kernel call from ~1,290 to ~480 machine instructions (npm run
// instructions, SIMD build).

import { ld8, ldu32, st32, copy, word } from "./memory";
import * as L from "./layout";
import * as C from "./charcode";
import { DOMAIN_STOP, FRAGMENT_SET, PATH_STOP, SPECIAL_QUERY_SET } from "./classes";
import { skipRun, RUN_DOMAIN, RUN_FRAGMENT, RUN_PATH, RUN_SPECIAL_QUERY } from "./run";
import { endsInANumber } from "./ipv4";
import { defaultPort, portDigits, portValue } from "./port";

/** Field `i` of the RESULT record. */
function field(i: i32, value: i32): void {
  st32(L.resultField(i), value);
}

/**
 * Whether [p, p + 3) is "%2e" or "%2E", the percent-encoded "." that the path
 * state's dot segments also match ("a single-dot URL path segment ... is "."
 * or an ASCII case-insensitive match for "%2e"").
 */
function isEncodedDot(p: i32, end: i32): bool {
  return p + 2 < end && ld8(p + 1) == C.DIGIT_2 && (ld8(p + 2) | 0x20) == C.LOWER_E;
}

/**
 * The path from `p` (its first "/") to its end: "?", "#" or the end of input,
 * or -1 where the path state would change a byte: a byte of the path
 * percent-encode set, "\" (a slash in special URLs), or a segment that
 * starts with "." or "%2e" and so may be a dot segment ("/./", "/../", which
 * the path state removes; ".well-known" is let through to the parser too).
 */
function pathEnd(p: i32, end: i32): i32 {
  while (true) {
    p = skipRun(p, end, RUN_PATH, PATH_STOP);
    if (p >= end) return p;
    const c = ld8(p);
    if (c == C.DOT || c == C.PERCENT) {
      if (ld8(p - 1) == C.SLASH && (c == C.DOT || isEncodedDot(p, end))) return -1;
      p++;
      continue;
    }
    return c == C.QUESTION || c == C.HASH ? p : -1;
  }
}

/**
 * If the `len` bytes at `src` are an http(s) URL that the basic URL parser
 * would serialize as exactly those bytes, write its RESULT record (as the
 * parser would, FLAG_HREF_IS_INPUT with `markInput`) and, without
 * `markInput`, copy the href to `dst`; return whether it was. The URL must be:
 *
 *   "http://" or "https://"        the scheme in lower case
 *   a domain                       as the host parser returns it: no upper case,
 *                                  "%", forbidden or non-ASCII byte (DOMAIN_STOP),
 *                                  not ending in a number (that is IPv4)
 *   ":" and a port (optional)      digits without a leading zero, at most 65535,
 *                                  not the scheme's default port
 *   "/" and a path                 pathEnd() above
 *   "?" and a query (optional)     no byte of the special-query percent-encode set
 *   "#" and a fragment (optional)  no byte of the fragment percent-encode set
 *
 * No credentials ("@" is a DOMAIN_STOP), no IPv4 or IPv6 address. Every set
 * above contains the C0 controls and space, so the input has no leading or
 * trailing C0 control or space and no tab or newline: the parser's first two
 * steps would not change it. The base is never used: after "http:" or
 * "https:" and "//", the parser reaches the authority state with or without one.
 */
export function isSerializedHttpUrl(src: i32, len: i32, dst: i32, markInput: bool): bool {
  // "http://a/" is the shortest.
  if (len < 9 || ldu32(src) != word(C.LOWER_H, C.LOWER_T, C.LOWER_T, C.LOWER_P)) return false;
  const end = src + len;
  let scheme = L.SCHEME_HTTP;
  let colon = src + 4;
  if (ld8(colon) == C.LOWER_S) {
    scheme = L.SCHEME_HTTPS;
    colon++;
  }
  if (ld8(colon) != C.COLON || ld8(colon + 1) != C.SLASH || ld8(colon + 2) != C.SLASH) return false;
  const hostStart = colon + 3;
  const hostEnd = skipRun(hostStart, end, RUN_DOMAIN, DOMAIN_STOP);
  if (hostEnd == hostStart || hostEnd >= end || endsInANumber(hostStart, hostEnd)) return false;
  let pathStart = hostEnd;
  let port = L.NONE;
  if (ld8(hostEnd) == C.COLON) {
    if (ld8(hostEnd + 1) == C.DIGIT_0) return false;
    pathStart = portDigits(hostEnd + 1, end);
    if (pathStart <= hostEnd + 1 || portValue == defaultPort(scheme)) return false;
    port = portValue;
  }
  if (pathStart >= end || ld8(pathStart) != C.SLASH) return false;
  let p = pathEnd(pathStart, end);
  if (p < 0) return false;
  let queryStart = L.NONE;
  let fragmentStart = L.NONE;
  if (p < end && ld8(p) == C.QUESTION) {
    queryStart = p;
    p = skipRun(p + 1, end, RUN_SPECIAL_QUERY, SPECIAL_QUERY_SET);
  }
  if (p < end && ld8(p) == C.HASH) {
    fragmentStart = p;
    p = skipRun(p + 1, end, RUN_FRAGMENT, FRAGMENT_SET);
  }
  if (p < end) return false;
  // The record, as parseOnce() writes it: offsets from the href's start;
  // without credentials, empty user and password ranges at the host.
  const host = hostStart - src;
  field(L.URL_HREF_END, len);
  field(L.URL_SCHEME_END, colon - src);
  field(L.URL_USER_START, host);
  field(L.URL_USER_END, host);
  field(L.URL_PASS_START, host);
  field(L.URL_PASS_END, host);
  field(L.URL_HOST_START, host);
  field(L.URL_HOST_END, hostEnd - src);
  field(L.URL_PORT_END, pathStart - src);
  field(L.URL_PORT, port);
  field(L.URL_PATH_START, pathStart - src);
  field(L.URL_QUERY_START, queryStart == L.NONE ? L.NONE : queryStart - src);
  field(L.URL_FRAGMENT_START, fragmentStart == L.NONE ? L.NONE : fragmentStart - src);
  let flags = (scheme << L.SCHEME_SHIFT) | (L.HOST_DOMAIN << L.HOST_SHIFT);
  if (markInput) flags |= L.FLAG_HREF_IS_INPUT;
  else copy(dst, src, len);
  field(L.URL_FLAGS, flags);
  return true;
}
