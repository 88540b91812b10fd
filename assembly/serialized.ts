// parse()'s fast path: a URL that is already its own serialization
// (#concept-url-serializer), as a URL taken from a page, a log, a file list or
// a previous serialization mostly is (99.6% of the kasztp corpus, 99.99% of
// debian-files). On such input every state of the basic URL parser would copy
// its bytes through unchanged, so the record can be read off the input in a
// few vector scans, with no output written and no comparison of href and input
// afterwards. Anything the parser could change, or might reject, makes this
// return false, and the parser runs as for any other input. Three shapes are
// taken: a special URL with "//" and a host (http, https, ws, wss, ftp and
// file, whose host may be empty), a URL of another scheme with "//" and a
// host, and a URL of another scheme with an opaque path ("mailto:", "urn:",
// "data:"). Over kasztp this took a parse() kernel call from ~1,290 to ~480
// machine instructions (npm run instructions, SIMD build).

import { ld8, copy } from "./memory";
import { writeRecord } from "./record";
import * as L from "./layout";
import * as C from "./charcode";
import { isIn, DOMAIN_STOP, FRAGMENT_SET, PATH_STOP, QUERY_SET, SCHEME_CHAR, SPECIAL_QUERY_SET } from "./tables";
import { skipRun, RUN_DOMAIN, RUN_FRAGMENT, RUN_PATH, RUN_QUERY, RUN_SPECIAL_QUERY } from "./run";
import { endsInANumber, isDottedQuad, mayEndInANumber } from "./ipv4";
import { isEncodedDot } from "./path";
import { find2 } from "./scan";
import { portDigits, portValue } from "./port";
import { defaultPort, isLocalhost, isSpecial, schemeKind, startsWithHttp } from "./scheme";
import { comparesInput } from "./mode";

// The type arguments of the two copies of isSerializedAfterScheme() (only
// their sizes differ; see isSerializedUrl()).
type HttpSchemes = u8;
type OtherSchemes = u16;

/**
 * Whether `Schemes` names the http(s) copy of isSerializedAfterScheme() and
 * pathEnd() in a WASM build: a compile-time constant there (sizeof is a
 * builtin), false in the JS build, which never evaluates sizeof. The copies
 * differ by it, so binaryen neither merges them into one function called from
 * both nor keeps the other schemes' branches in the http(s) copy: each of
 * those cost 7-50 machine instructions a parse of kasztp (npm run instructions).
 */
function isHttpCopy<Schemes>(): bool {
  return ASC_TARGET != 0 && sizeof<Schemes>() == sizeof<HttpSchemes>();
}

/**
 * The path from `p` (its first "/") to its end: "?", "#" or the end of input,
 * or -1 where the path state would change a byte: a byte of the path
 * percent-encode set, "\" (a slash in special URLs), or a segment that
 * starts with "." or "%2e" and so may be a dot segment ("/./", "/../", which
 * the path state removes; ".well-known" is let through to the parser too).
 */
function pathEnd<Schemes>(p: i32, end: i32, isFile: bool): i32 {
  // In file: URLs, not a first segment "X|", which the path state turns into
  // the drive letter "X:" (any "|" as the segment's second byte is left to
  // the parser). The test is not in the http(s) copy (see isHttpCopy()).
  if (!isHttpCopy<Schemes>() && isFile && p + 2 < end && ld8(p + 2) == C.PIPE) return -1;
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
 * The ":" after a scheme at `p` that the scheme state would keep as it is, or
 * -1: #scheme-start-state's ASCII alpha, then #scheme-state's "ASCII
 * alphanumeric, U+002B (+), U+002D (-), or U+002E (.)", all in lower case
 * (the state lower-cases them), then ":".
 */
function lowerSchemeEnd(p: i32, end: i32): i32 {
  if (p >= end || ld8(p) < C.LOWER_A || ld8(p) > C.LOWER_Z) return -1;
  let i = p + 1;
  while (i < end) {
    const c = ld8(i);
    if (!isIn(c, SCHEME_CHAR) || (c >= C.UPPER_A && c <= C.UPPER_Z)) break;
    i++;
  }
  return i < end && ld8(i) == C.COLON ? i : -1;
}

/**
 * For a URL of a scheme that is not special, with the scheme up to `colon`
 * and no "/" after it: where its opaque path ends if it is already
 * serialized, else -1. "Otherwise, set url's path to the empty string and set
 * state to opaque path state": up to "?" or "#", the opaque path state appends
 * each code point as it is, except those of the C0 control percent-encode set
 * (encoded) and a space before "?" or "#" (written "%20"). The path is taken
 * only without a byte of the fragment percent-encode set, which holds the C0
 * control percent-encode set and space. (A space at the end would have been
 * trimmed; there is none.)
 */
function opaquePathEnd(pathStart: i32, end: i32): i32 {
  const stop = find2(pathStart, end, C.QUESTION, C.HASH);
  return skipRun(pathStart, stop, RUN_FRAGMENT, FRAGMENT_SET) < stop ? -1 : stop;
}

/**
 * If the `len` bytes at `src`, whose scheme `scheme` (SCHEME_*) ends at the
 * ":" at `colon`, are a URL that the basic URL parser would serialize as
 * exactly those bytes, write its RESULT record (as the parser would,
 * FLAG_HREF_IS_INPUT with `markInput`) and, without `markInput`, copy the
 * href to `dst`; return whether it was. After the scheme and ":" the URL must be:
 *
 *   either an opaque path     other schemes without "/" after the ":":
 *                                  opaquePathEnd()
 *   or "//"                        #special-authority-slashes-state (with or
 *                                  without a base: #special-relative-or-authority-state
 *                                  and #file-state also go on to the authority
 *                                  or file host state on "//"); other schemes:
 *                                  #scheme-state's "if remaining starts with an
 *                                  U+002F (/), set state to path or authority
 *                                  state", then "//" the authority state (a path
 *                                  that starts with "/" without a host is left to
 *                                  the parser)
 *     a host                       special URLs: a domain as the host parser
 *                                  returns it (no upper case, "%", forbidden or
 *                                  non-ASCII byte: DOMAIN_STOP) not ending in a
 *                                  number, or a dotted quad isDottedQuad() takes;
 *                                  file URLs: also the empty host ("file:///"),
 *                                  but not "localhost" (#file-host-state makes
 *                                  it empty); other URLs: the same bytes, an
 *                                  opaque host, which #concept-opaque-host-parser
 *                                  returns as they are (no forbidden host code
 *                                  point, nothing of the C0 control set)
 *     ":" and a port (optional)    not in file URLs (":" is a forbidden host code
 *                                  point there); digits without a leading zero,
 *                                  at most 65535, not the scheme's default port
 *     "/" and a path               pathEnd()
 *   "?" and a query (optional)     no byte of the special-query percent-encode
 *                                  set (special URLs) or the query percent-encode
 *                                  set (others); both contain "#"
 *   "#" and a fragment (optional)  no byte of the fragment percent-encode set
 *
 * No credentials ("@" is a DOMAIN_STOP), no IPv6 address. Every set above
 * contains the C0 controls and space, so the input has no leading or trailing
 * C0 control or space and no tab or newline: the parser's first two steps
 * would not change it. The base is never used: the scheme states reach it only
 * for special schemes without "//" after the ":" (and for input without a
 * scheme).
 *
 * `Schemes` is HttpSchemes for the copy isSerializedUrl() calls with http
 * and https, where `special` is true and `isFile` false at compile time.
 */
function isSerializedAfterScheme<Schemes>(
  src: i32,
  len: i32,
  colon: i32,
  scheme: i32,
  dst: i32,
  markInput: bool,
): bool {
  const end = src + len;
  const httpOnly = isHttpCopy<Schemes>();
  const special = httpOnly || isSpecial(scheme);
  const isFile = !httpOnly && scheme == L.SCHEME_FILE;
  const opaque = !special && (colon + 1 >= end || ld8(colon + 1) != C.SLASH);
  let authority = colon + 1;
  let hostStart = L.NONE;
  let hostEnd = authority;
  let pathStart = authority;
  let port = L.NONE;
  let host = L.HOST_NULL;
  let p = -1;
  if (opaque) {
    p = opaquePathEnd(pathStart, end);
  } else {
    // "//" and a byte at least.
    if (end - colon < 4 || ld8(colon + 1) != C.SLASH || ld8(colon + 2) != C.SLASH) return false;
    hostStart = authority = colon + 3;
    hostEnd = skipRun(hostStart, end, RUN_DOMAIN, DOMAIN_STOP);
    if (hostEnd >= end) return false;
    host = special ? L.HOST_DOMAIN : L.HOST_OPAQUE;
    if (hostEnd == hostStart) {
      if (!isFile) return false;
      host = L.HOST_EMPTY;
    } else {
      if (special && mayEndInANumber(hostEnd) && endsInANumber(hostStart, hostEnd)) {
        if (!isDottedQuad(hostStart, hostEnd)) return false;
        host = L.HOST_IPV4;
      }
      if (isFile && isLocalhost(hostStart, hostEnd)) return false;
    }
    pathStart = hostEnd;
    if (ld8(hostEnd) == C.COLON) {
      if (isFile || ld8(hostEnd + 1) == C.DIGIT_0) return false;
      pathStart = portDigits(hostEnd + 1, end);
      if (pathStart <= hostEnd + 1 || portValue == defaultPort(scheme)) return false;
      port = portValue;
    }
    if (pathStart >= end || ld8(pathStart) != C.SLASH) return false;
    p = pathEnd<Schemes>(pathStart, end, isFile);
  }
  if (p < 0) return false;
  let queryStart = L.NONE;
  let fragmentStart = L.NONE;
  if (p < end && ld8(p) == C.QUESTION) {
    queryStart = p - src;
    p = special ? skipRun(p + 1, end, RUN_SPECIAL_QUERY, SPECIAL_QUERY_SET) : skipRun(p + 1, end, RUN_QUERY, QUERY_SET);
  }
  if (p < end && ld8(p) == C.HASH) {
    fragmentStart = p - src;
    p = skipRun(p + 1, end, RUN_FRAGMENT, FRAGMENT_SET);
  }
  if (p < end) return false;
  // The record, as the parser writes it: without credentials, empty user and
  // password ranges at the host (after the ":" for a null host). It is written
  // before the href is copied: with the copy first, the record's values lived
  // across its call, which cost 7 instructions a parse of debian-files.
  const a = authority - src;
  const flags = (opaque ? L.FLAG_OPAQUE_PATH : 0) | (markInput ? L.FLAG_HREF_IS_INPUT : 0);
  writeRecord(
    len,
    colon - src,
    a,
    a,
    a,
    a,
    opaque ? L.NONE : a,
    hostEnd - src,
    pathStart - src,
    port,
    pathStart - src,
    queryStart,
    fragmentStart,
    scheme,
    host,
    flags,
  );
  if (!markInput) copy(dst, src, len);
  return true;
}

/**
 * isSerializedAfterScheme() for a URL whose scheme is not http(s), if it is in
 * lower case (lowerSchemeEnd()). A "blob:" URL is one with an opaque path like
 * any other; its record says SCHEME_BLOB, as the parser's does, and the
 * wrapper and the batch find its origin from that.
 */
function isSerializedOtherUrl<M>(src: i32, len: i32, dst: i32, mode: M): bool {
  const colon = lowerSchemeEnd(src, src + len);
  if (colon < 0) return false;
  return isSerializedAfterScheme<OtherSchemes>(src, len, colon, schemeKind(src, colon - src), dst, comparesInput(mode));
}

/**
 * Whether the `len` bytes at `src` are a serialized URL: isSerializedAfterScheme()
 * after the scheme. http(s) is tested first, a word at a time, because it is
 * the commonest scheme ("http://a/" is the shortest such URL).
 *
 * isSerializedAfterScheme() is generic to have two copies of it in the WASM
 * builds (asc compiles each type argument to a function of its own): one for
 * http(s), from which binaryen drops the other schemes' branches, and one for
 * the rest (isHttpCopy()). With one copy for all schemes, the kernel's parse
 * of kasztp cost 504 machine instructions a call; with the two, 463 (480
 * before file: and the other schemes were taken; npm run instructions).
 * `mode` (mode.ts) says whether to mark an href that is the input with
 * FLAG_HREF_IS_INPUT or copy it to `dst`; a copy of this function for each
 * mode lets binaryen inline it into its one caller, with the mode a constant.
 */
export function isSerializedUrl<M>(src: i32, len: i32, dst: i32, mode: M): bool {
  if (len >= 9 && startsWithHttp(src, false)) {
    const https = ld8(src + 4) == C.LOWER_S;
    const colon = https ? src + 5 : src + 4;
    if (ld8(colon) != C.COLON) return false;
    return isSerializedAfterScheme<HttpSchemes>(
      src,
      len,
      colon,
      https ? L.SCHEME_HTTPS : L.SCHEME_HTTP,
      dst,
      comparesInput(mode),
    );
  }
  return isSerializedOtherUrl(src, len, dst, mode);
}
