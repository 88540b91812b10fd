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
// "data:").

import { ld8 } from "./memory";
import { writeRecord } from "./record";
import * as L from "./layout";
import * as C from "./charcode";
import {
  isIn,
  DOMAIN_STOP,
  FRAGMENT_SET,
  PATH_STOP,
  QUERY_SET,
  RFC3986_UNRESERVED,
  SCHEME_CHAR,
  SPECIAL_QUERY_SET,
} from "./tables";
import { skipRun, RUN_DOMAIN, RUN_FRAGMENT, RUN_PATH, RUN_QUERY, RUN_SPECIAL_QUERY } from "./run";
import { endsInANumber, isDottedQuad, mayEndInANumber } from "./ipv4";
import { isEncodedDot } from "./path";
import { find2 } from "./scan";
import { portDigits } from "./port";
import { Last } from "./outputs";
import { specialDefaultPort, isLocalhost, isSpecial, schemeKind, startsWithFileColon, startsWithHttp } from "./scheme";
import { BATCH, PARSE, ParseMode, comparesInput } from "./mode";

// The type arguments of the two copies of isSerializedAfterScheme() (only
// their sizes differ; see isSerializedUrl()), and of the copy of pathEnd()
// for relative references (relativePathEnd()).
type HttpSchemes = u8;
type OtherSchemes = u16;
type RelativeRefs = u64;

/**
 * Whether `Schemes` names the http(s) copy of isSerializedAfterScheme() and
 * pathEnd() in a WASM build: a compile-time constant there (sizeof is a
 * builtin), false in the JS build, which never evaluates sizeof. The copies
 * differ by it, so binaryen neither merges them into one function called from
 * both nor keeps the other schemes' branches in the http(s) copy, where each
 * would be a test on the path of every http(s) URL.
 */
function isHttpCopy<Schemes>(): bool {
  return ASC_TARGET != 0 && sizeof<Schemes>() == sizeof<HttpSchemes>();
}

/**
 * Whether the segment whose first byte is the "." at `p` may be a dot
 * segment (#single-dot-path-segment, #double-dot-path-segment): unless the
 * next byte is RFC 3986 unreserved and not ".", which neither ends a
 * segment nor starts an escape. (Past `end`, or at the LF that ends a batch's
 * line, the segment ends: it is ".".)
 */
function mayBeDotSegment(p: i32, end: i32): bool {
  if (p + 1 >= end) return true;
  const next = ld8(p + 1);
  return next == C.DOT || !isIn(next, RFC3986_UNRESERVED);
}

/**
 * The path from `p` (its first "/") to its end: "?", "#" or the end of the
 * URL, or -1 where the path state would change a byte: a byte of the path
 * percent-encode set, "\" (a slash in special URLs), or a segment that
 * may be a dot segment ("/./", "/../", "/%2e/", which the path state
 * removes): one that starts with "%2e", or with "." and then another "." or
 * "%" or a byte that may end it. A segment such as ".config" or
 * ".well-known" (a "." then a letter, digit, "-", "_" or "~") is none:
 * ~13% of file-urls' serialized URLs have one, and this path spares each of
 * them the parser.
 * In BATCH mode the URL may end at an LF, which isUrlEnd() tells: there any
 * byte that is not a dot segment's ends the path, and the caller takes the
 * URL only at "?", "#" or its end. (The mode also keeps the two modes' copies
 * of this function apart, so that binaryen inlines each into its one caller
 * and the path costs no call.)
 */
function pathEnd<Schemes, M>(p: i32, end: i32, isFile: bool, mode: M): i32 {
  // In file: URLs, not a first segment "X|", which the path state turns into
  // the drive letter "X:" (any "|" as the segment's second byte is left to
  // the parser). The test is not in the http(s) copy (see isHttpCopy()).
  if (!isHttpCopy<Schemes>() && isFile && p + 2 < end && ld8(p + 2) == C.PIPE) return -1;
  while (true) {
    p = skipRun(p, end, RUN_PATH, PATH_STOP);
    if (p >= end) return p;
    const c = ld8(p);
    if (c == C.DOT || c == C.PERCENT) {
      if (ld8(p - 1) == C.SLASH && (c == C.DOT ? mayBeDotSegment(p, end) : isEncodedDot(p, end))) return -1;
      p++;
      continue;
    }
    return c == C.QUESTION || c == C.HASH || !comparesInput(mode) ? p : -1;
  }
}

/**
 * pathEnd() for the path of a relative reference (relative.ts), from its
 * first byte: a copy of its own (RelativeRefs), so that the copies above
 * each keep their one caller, into which binaryen inlines them.
 */
export function relativePathEnd(p: i32, end: i32): i32 {
  return pathEnd<RelativeRefs, ParseMode>(p, end, false, PARSE);
}

/**
 * The end of the run of query bytes from `p` that the query state keeps as
 * they are: none of the special-query percent-encode set (special URLs) or of
 * the query percent-encode set (the others). Both hold "#".
 */
export function plainQueryEnd(p: i32, end: i32, special: bool): i32 {
  return special ? skipRun(p, end, RUN_SPECIAL_QUERY, SPECIAL_QUERY_SET) : skipRun(p, end, RUN_QUERY, QUERY_SET);
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
 * Whether the URL ends at p: at `end`, or (in a batch's block) at a line's
 * end, an LF or a CR right before one (batch.ts). A URL given alone never
 * holds an LF before its end: the parser would remove it.
 */
function isUrlEnd<M>(p: i32, end: i32, mode: M): bool {
  if (p >= end) return true;
  if (comparesInput(mode)) return false;
  const c = ld8(p);
  return c == C.LF || (c == C.CR && p + 1 < end && ld8(p + 1) == C.LF);
}

/**
 * If the bytes from `src` (to `end`, or in BATCH mode to a line's end before
 * it: isUrlEnd()), whose scheme `scheme` (SCHEME_*) ends at the ":" at
 * `colon`, are a URL that the basic URL parser would serialize as exactly
 * those bytes, write its record and return where it ends; else return -1.
 * The record goes to RESULT as the parser writes it, with FLAG_HREF_IS_INPUT
 * (PARSE mode), or packed into the batch row at `row` (BATCH mode, which
 * takes neither blob: URLs nor hrefs too long for a row: the batch defers
 * those). After the scheme and ":" the URL must be:
 *
 *   either an opaque path     other schemes without "/" after the ":",
 *                                  as the opaque path state keeps it
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
 * Every scan stops at a C0 control, so none goes past the LF that ends a
 * batch's line: each finds the same stop with the block's end as with the
 * line's.
 *
 * `Schemes` is HttpSchemes for the copy serializedEnd() calls with http
 * and https, where `special` is true and `isFile` false at compile time.
 */
function isSerializedAfterScheme<Schemes, M>(src: i32, end: i32, colon: i32, scheme: i32, row: i32, mode: M): i32 {
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
    // "Otherwise, set url's path to the empty string and set state to opaque
    // path state": up to "?" or "#", the opaque path state appends each code
    // point as it is, except those of the C0 control percent-encode set
    // (encoded) and a space before "?" or "#" (written "%20"). The path is
    // taken only without a byte of the fragment percent-encode set, which
    // holds the C0 control percent-encode set and space. (A space at the end
    // would have been trimmed; there is none.) So it ends at the first "?" or
    // "#" before the first byte of that set, else at that byte, which must be
    // the URL's end. "?" and "#" are looked for only before it: a batch's
    // line ends at an LF, a C0 control, and the next lines lie after it.
    p = find2(pathStart, skipRun(pathStart, end, RUN_FRAGMENT, FRAGMENT_SET), C.QUESTION, C.HASH);
  } else {
    // "//" and a byte at least.
    if (end - colon < 4 || ld8(colon + 1) != C.SLASH || ld8(colon + 2) != C.SLASH) return -1;
    hostStart = authority = colon + 3;
    hostEnd = skipRun(hostStart, end, RUN_DOMAIN, DOMAIN_STOP);
    if (hostEnd >= end) return -1;
    host = special ? L.HOST_DOMAIN : L.HOST_OPAQUE;
    if (hostEnd == hostStart) {
      if (!isFile) return -1;
      host = L.HOST_EMPTY;
    } else {
      if (special && mayEndInANumber(hostEnd)) {
        // A dotted quad first: it ends in a number, so endsInANumber() need not run.
        if (isDottedQuad(hostStart, hostEnd)) host = L.HOST_IPV4;
        else if (endsInANumber(hostStart, hostEnd)) return -1;
      }
      if (isFile && isLocalhost(hostStart, hostEnd)) return -1;
    }
    pathStart = hostEnd;
    if (ld8(hostEnd) == C.COLON) {
      if (isFile || ld8(hostEnd + 1) == C.DIGIT_0) return -1;
      pathStart = portDigits(hostEnd + 1, end);
      if (pathStart <= hostEnd + 1 || Last.portValue == specialDefaultPort(scheme)) return -1;
      port = Last.portValue;
    }
    if (pathStart >= end || ld8(pathStart) != C.SLASH) return -1;
    p = pathEnd<Schemes, M>(pathStart, end, isFile, mode);
  }
  if (p < 0) return -1;
  let queryStart = L.NONE;
  let fragmentStart = L.NONE;
  if (p < end && ld8(p) == C.QUESTION) {
    queryStart = p - src;
    p = plainQueryEnd(p + 1, end, special);
  }
  if (p < end && ld8(p) == C.HASH) {
    fragmentStart = p - src;
    p = skipRun(p + 1, end, RUN_FRAGMENT, FRAGMENT_SET);
  }
  if (!isUrlEnd(p, end, mode)) return -1;
  const len = p - src;
  // The record, as the parser writes it: without credentials, empty user and
  // password ranges at the host (after the ":" for a null host).
  const a = authority - src;
  const flags = opaque ? L.FLAG_OPAQUE_PATH : 0;
  // BATCH mode: neither a blob: URL nor an href too long for a row, which the batch defers.
  if (!comparesInput(mode) && (len >= L.ROW_MAX_HREF || scheme == L.SCHEME_BLOB)) return -1;
  writeRecord(
    mode,
    row,
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
    comparesInput(mode) ? flags | L.FLAG_HREF_IS_INPUT : flags,
  );
  return p;
}

/**
 * isSerializedAfterScheme() for a URL whose scheme is not http(s), if it is in
 * lower case (lowerSchemeEnd()). A "blob:" URL is one with an opaque path like
 * any other; its record says SCHEME_BLOB, as the parser's does, and the
 * wrapper and the batch find its origin from that.
 */
function serializedOtherEnd<M>(src: i32, end: i32, row: i32, mode: M): i32 {
  // "file:", the scheme of file lists, a word at a time, without the byte loop
  // of lowerSchemeEnd() and the lookup of schemeKind().
  if (startsWithFileColon(src)) {
    return isSerializedAfterScheme<OtherSchemes, M>(src, end, src + 4, L.SCHEME_FILE, row, mode);
  }
  const colon = lowerSchemeEnd(src, end);
  if (colon < 0) return -1;
  return isSerializedAfterScheme<OtherSchemes, M>(src, end, colon, schemeKind(src, colon - src), row, mode);
}

/**
 * Where the serialized URL from `src` ends (isSerializedAfterScheme()), or -1.
 * http(s) is tested first, a word at a time, because it is the commonest
 * scheme ("http://a/" is the shortest such URL).
 *
 * isSerializedAfterScheme() is generic to have two copies of it for each mode
 * in the WASM builds (asc compiles each type argument to a function of its
 * own): one for http(s), from which binaryen drops the other schemes'
 * branches, and one for the rest (isHttpCopy()): the copy that most URLs
 * take tests nothing that only other schemes need. `mode` (mode.ts) is the
 * other type argument: a copy of this function for each mode lets binaryen
 * inline it into its one caller, with the mode a constant.
 */
function serializedEnd<M>(src: i32, end: i32, row: i32, mode: M): i32 {
  if (end - src >= 9 && startsWithHttp(src, false)) {
    const https = ld8(src + 4) == C.LOWER_S;
    const colon = https ? src + 5 : src + 4;
    if (ld8(colon) != C.COLON) return -1;
    return isSerializedAfterScheme<HttpSchemes, M>(src, end, colon, https ? L.SCHEME_HTTPS : L.SCHEME_HTTP, row, mode);
  }
  return serializedOtherEnd(src, end, row, mode);
}

/**
 * Whether the `len` bytes at `src` are a serialized URL; if so, its record is
 * at RESULT, with FLAG_HREF_IS_INPUT (the wrapper reuses the input string).
 */
export function isSerializedUrl(src: i32, len: i32): bool {
  return serializedEnd(src, src + len, 0, PARSE) >= 0;
}

/**
 * For a batch: if the bytes from `src` up to the first LF or CR LF (or `end`,
 * the block's) are a serialized URL, pack its record into the row at `row`
 * (layout.ts; the caller sets ROW_HREF) and return where it ends, before the
 * line end; else -1. The one scan of the line both finds its end and checks
 * it (LF and CR stop every scan of the fast path), where a pass to find each
 * line's end first would read its bytes twice.
 */
export function serializedLine(src: i32, end: i32, row: i32): i32 {
  return serializedEnd(src, end, row, BATCH);
}
