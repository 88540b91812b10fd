// #concept-basic-url-parser of the WHATWG URL Standard. With a state override
// (the URL API's setters) only the states the setters start in run, at the end
// of this file; assembly/setters.ts splices what they write into the URL.
//
// The parser writes the serialized URL (#concept-url-serializer) straight into
// the output as it goes, and the offsets of its components into the RESULT
// record (layout.ts), as Ada's url_aggregator does: there is no intermediate URL
// record to serialize afterwards. The spec's states appear as functions where
// they consume input, and as branches where they only choose the next state.
// A base URL is a serialized href plus its record (BASE); relative resolution
// copies ranges of it.
//
// The states run in two phases. The first, from the scheme start state up to
// where a path, query or fragment begins, holds every state that can "return
// failure"; it ends by naming the state the second phase starts in (goOn()).
// The second (pathPhase()) runs the path start, path, opaque path, query and
// fragment states, none of which can fail. canParse() (Ada's can_parse) runs
// the first phase only: the URL is valid once it is through.

import { ld8, st8, ld32, ldu32, st32, copy, equalBytes, word } from "./memory";
import * as L from "./layout";
import {
  isIn,
  isAsciiAlpha,
  toLower,
  SCHEME_CHAR,
  TAB_OR_NEWLINE,
  USERINFO_SET,
  C0_CONTROL_SET,
  QUERY_SET,
  SPECIAL_QUERY_SET,
  FRAGMENT_SET,
} from "./tables";
import { writeEscape } from "./percent";
import { copyRun, encodeRun, schemeRun, RUN_FRAGMENT, RUN_QUERY, RUN_SPECIAL_QUERY, RUN_USERINFO } from "./run";
import { find2, find3, findAny, findLast } from "./scan";
import { parseHost, plainDomainEnd } from "./host";
import {
  pathState,
  shorten,
  isWindowsDriveLetter,
  isNormalizedWindowsDriveLetter,
  startsWithWindowsDriveLetter,
} from "./path";
import { writeDecimal } from "./number";
import { portDigits } from "./port";
import { Last } from "./outputs";
import { isSerializedUrl } from "./serialized";
import { isSerializedRelative } from "./relative";
import { writeRecord } from "./record";
import { PARSE } from "./mode";
import { specialDefaultPort, isLocalhost, isSpecial, schemeKind, startsWithHttp } from "./scheme";
import * as C from "./charcode";

// The URL being written. Positions are absolute addresses; the record stores
// them relative to `out`.
let out: i32 = 0;
/** Whether the last run of the parser removed tabs or newlines from its input (which shifts the bytes after them). */
export let tabsRemoved = false;
let schemeEnd: i32 = 0;
// The credentials.
let userStart: i32 = 0;
let userEnd: i32 = 0;
let passStart: i32 = 0;
let passEnd: i32 = 0;
// The host and the port (the port's number, or NONE).
let hostStart: i32 = 0;
export let hostEnd: i32 = 0;
let portEnd: i32 = 0;
export let port: i32 = 0;
// The path, the query and the fragment (NONE when absent).
export let pathStart: i32 = 0;
let queryStart: i32 = 0;
let fragmentStart: i32 = 0;
// The scheme's and the host's kinds (layout.ts SCHEME_*, HOST_*).
export let scheme: i32 = 0;
let special: bool = false;
let opaquePath: bool = false;
export let host: i32 = L.HOST_NULL;

// The inputs of the parse besides the input itself, set by parseOnce() from
// its arguments: the base URL (its serialized href at `base`, its record at
// BASE) and the ASCII result of UTS #46 ToASCII for the domain, if the
// wrapper has run it (`idnaResult` 0: none).
let hasBase: bool = false;
let base: i32 = 0;
let idnaResult: i32 = 0;
let idnaResultLength: i32 = 0;

// Where the first phase leaves the parse: the state the second starts in
// (NEXT_*), at the input position `nextAt`.
let next: i32 = 0;
let nextAt: i32 = 0;
/** #path-start-state. */
const NEXT_PATH_START: i32 = 0;
/** #path-state, with `pathStart` set. */
const NEXT_PATH: i32 = 1;
/** The base's path and query, then the rest (withBasePath()). */
const NEXT_WITH_BASE_PATH: i32 = 2;
/** #cannot-be-a-base-url-path-state. */
const NEXT_OPAQUE_PATH: i32 = 3;
/** #fragment-state. */
const NEXT_FRAGMENT: i32 = 4;

function baseField(i: i32): i32 {
  return ld32(L.baseField(i));
}

function baseScheme(): i32 {
  return L.schemeOf(baseField(L.URL_FLAGS));
}

/** End of the base's path (layout.ts pathEnd()). */
function basePathEnd(): i32 {
  return (
    base + L.pathEnd(baseField(L.URL_QUERY_START), baseField(L.URL_FRAGMENT_START), baseField(L.URL_HREF_END), L.NONE)
  );
}

/** End of the base's query, or of its path if it has none (layout.ts queryEnd()). */
function baseQueryEnd(): i32 {
  return base + L.queryEnd(baseField(L.URL_FRAGMENT_START), baseField(L.URL_HREF_END), L.NONE);
}

function put(o: i32, c: i32): i32 {
  st8(o, c);
  return o + 1;
}

function is(p: i32, end: i32, c: i32): bool {
  return p < end && ld8(p) == c;
}

/** "/" or, in special URLs, "\": what separates path segments and ends an authority. */
function isSlash(p: i32, end: i32): bool {
  if (p >= end) return false;
  const c = ld8(p);
  return c == C.SLASH || (special && c == C.BACKSLASH);
}

function setScheme(kind: i32): void {
  scheme = kind;
  special = isSpecial(kind);
}

/** End the first phase at output position `o`: the second starts in `state` (NEXT_*) at input position `p`. */
function goOn(state: i32, p: i32, o: i32): i32 {
  next = state;
  nextAt = p;
  return o;
}

/** No credentials, no host, no port: an empty authority at `o`. */
function noAuthority(o: i32): void {
  userStart = userEnd = passStart = passEnd = o;
  hostStart = L.NONE;
  hostEnd = portEnd = o;
  port = L.NONE;
  host = L.HOST_NULL;
}

/**
 * "Set url's username, password, host and port to base's": the output's
 * scheme is the base's, so the authority is copied to the same offsets.
 */
function copyBaseAuthority(o: i32): i32 {
  const n = baseField(L.URL_PORT_END) - (o - out);
  copy(o, base + (o - out), n);
  userStart = out + baseField(L.URL_USER_START);
  userEnd = out + baseField(L.URL_USER_END);
  passStart = out + baseField(L.URL_PASS_START);
  passEnd = out + baseField(L.URL_PASS_END);
  const h = baseField(L.URL_HOST_START);
  hostStart = h == L.NONE ? L.NONE : out + h;
  hostEnd = out + baseField(L.URL_HOST_END);
  portEnd = out + baseField(L.URL_PORT_END);
  port = baseField(L.URL_PORT);
  host = L.hostOf(baseField(L.URL_FLAGS));
  return o + n;
}

/** "url's path to a clone of base's path". */
function copyBasePath(o: i32): i32 {
  const from = base + baseField(L.URL_PATH_START);
  const n = basePathEnd() - from;
  copy(o, from, n);
  return o + n;
}

/** "url's query to base's query". */
function copyBaseQuery(o: i32): i32 {
  const q = baseField(L.URL_QUERY_START);
  if (q == L.NONE) return o;
  const n = baseQueryEnd() - (base + q);
  copy(o, base + q, n);
  queryStart = o;
  return o + n;
}

/** #fragment-state from p: "#" and the rest, percent-encoded with the fragment percent-encode set. */
function fragmentState(p: i32, end: i32, o: i32): i32 {
  fragmentStart = o;
  o = put(o, C.HASH);
  return encodeRun(p, end, o, RUN_FRAGMENT, FRAGMENT_SET);
}

/**
 * #query-state from p: "?" and the query up to "#" (special-query set for
 * special URLs). With a state override (the search setter) "#" is part of the
 * query: "If state override is not given and c is U+0023 (#)" ends it.
 */
function queryState(p: i32, end: i32, o: i32, stateOverride: bool = false): i32 {
  queryStart = o;
  o = put(o, C.QUESTION);
  // One pass: both query sets contain "#", so only bytes in the set need a look.
  const set = special ? SPECIAL_QUERY_SET : QUERY_SET;
  const table = special ? RUN_SPECIAL_QUERY : RUN_QUERY;
  while (p < end) {
    const q = copyRun(p, end, o, table, set);
    o += q - p;
    if (q >= end) break;
    const c = ld8(q);
    if (c == C.HASH && !stateOverride) return fragmentState(q + 1, end, o);
    o = writeEscape(o, c);
    p = q + 1;
  }
  return o;
}

/** What follows a path: a query and/or a fragment, or nothing. */
function afterPath(p: i32, end: i32, o: i32): i32 {
  if (p >= end) return o;
  if (ld8(p) == C.QUESTION) return queryState(p + 1, end, o);
  return fragmentState(p + 1, end, o);
}

/** #path-state from p, then the query and fragment. */
function path(p: i32, end: i32, o: i32): i32 {
  o = pathState(p, end, pathStart, o, special, scheme == L.SCHEME_FILE, false);
  return afterPath(Last.pathStop, end, o);
}

/** #path-start-state at p (right after the host or port). */
function pathStartState(p: i32, end: i32, o: i32): i32 {
  pathStart = o;
  if (special) {
    // "If c is neither U+002F (/) nor U+005C (\), then decrease pointer by 1."
    return path(isSlash(p, end) ? p + 1 : p, end, o);
  }
  if (p >= end) return o;
  const c = ld8(p);
  if (c == C.QUESTION || c == C.HASH) return afterPath(p, end, o);
  return path(c == C.SLASH ? p + 1 : p, end, o);
}

/** #cannot-be-a-base-url-path-state (the opaque path state) from p. */
function opaquePathState(p: i32, end: i32, o: i32): i32 {
  opaquePath = true;
  pathStart = o;
  const stop = find2(p, end, C.QUESTION, C.HASH);
  for (let i = p; i < stop; i++) {
    const c = ld8(i);
    if (c == C.SPACE) {
      // "If remaining starts with U+003F (?) or U+0023 (#), then append "%20" to
      // url's path. Otherwise, append U+0020 SPACE to url's path."
      o = i + 1 == stop && stop < end ? writeEscape(o, c) : put(o, c);
    } else if (isIn(c, C0_CONTROL_SET)) {
      o = writeEscape(o, c);
    } else {
      o = put(o, c);
    }
  }
  return afterPath(stop, end, o);
}

/** #port-state on the digits [p, e) after the ":"; writes ":port" unless it is the default. */
function portState(p: i32, e: i32, o: i32): i32 {
  // A byte other than a digit: "Otherwise, port-invalid validation error, return
  // failure"; -1: the value is not a 16-bit unsigned integer.
  if (portDigits(p, e) != e) return -L.PARSE_FAILURE;
  const value = Last.portValue;
  // "Set url's port to null, if port is url's scheme's default port; otherwise to port."
  if (p == e || value == specialDefaultPort(scheme)) return o;
  port = value;
  o = put(o, C.COLON);
  return writeDecimal(o, value);
}

/** Run the host parser on [p, e) into the output; returns the new end or a negated PARSE_* status. */
function hostInto(p: i32, e: i32, o: i32): i32 {
  hostStart = o;
  o = parseHost(p, e, o, !special, idnaResult, idnaResultLength);
  if (o < 0) return o;
  host = Last.hostKind;
  hostEnd = portEnd = o;
  return o;
}

/**
 * #host-state: the host ends at a ":" outside brackets, or with the authority
 * [.., e). `colon` is the first ":" or "[" of the host (or e); returns the ":"
 * that starts the port, or e.
 */
function portColon(colon: i32, e: i32): i32 {
  let insideBrackets = false;
  while (colon < e) {
    const c = ld8(colon);
    if (c == C.LEFT_BRACKET) insideBrackets = true;
    else if (c == C.RIGHT_BRACKET) insideBrackets = false;
    else if (c == C.COLON && !insideBrackets) break;
    colon++;
  }
  return colon;
}

/**
 * #authority-state then #host-state and #port-state, from p (after the slashes).
 * Writes "//", the credentials, host and port, then continues with the path.
 */
function authorityState(p: i32, end: i32, o: i32): i32 {
  o = put(put(o, C.SLASH), C.SLASH);
  // The authority ends at EOF, "/", "?", "#" or, in special URLs, "\".
  const e = findAny(p, end, C.SLASH, special ? C.BACKSLASH : C.SLASH, C.QUESTION, C.HASH);
  // "If c is U+0040 (@)": everything up to the last "@" is userinfo; an earlier
  // "@" is percent-encoded (it is in the userinfo percent-encode set). One scan
  // finds the first "@", ":" or "[": in the commonest authority, a bare host,
  // there is none; without an "@", it is where a port or an IPv6 address starts.
  let h = p;
  let colon = find3(p, e, C.AT, C.COLON, C.LEFT_BRACKET);
  if (colon < e && (ld8(colon) == C.AT || find2(colon + 1, e, C.AT, C.AT) < e)) {
    const at = findLast(colon, e, C.AT);
    // "If atSignSeen is true and buffer is the empty string, host-missing validation error, return failure."
    if (at + 1 == e) return -L.PARSE_FAILURE;
    const separator = find2(p, at, C.COLON, C.COLON);
    const credentials = o;
    userStart = o;
    o = encodeRun(p, separator, o, RUN_USERINFO, USERINFO_SET);
    userEnd = passStart = passEnd = o;
    // #url-serializing: ":" and the password only if the password is not empty.
    if (separator + 1 < at) {
      passStart = put(o, C.COLON);
      o = passEnd = encodeRun(separator + 1, at, passStart, RUN_USERINFO, USERINFO_SET);
    }
    // "If url includes credentials", they end with "@"; otherwise nothing was written.
    if (o > credentials) o = put(o, C.AT);
    h = at + 1;
    colon = find2(h, e, C.COLON, C.LEFT_BRACKET);
  } else {
    userStart = userEnd = passStart = passEnd = o;
  }
  if (colon < e && ld8(colon) == C.LEFT_BRACKET) colon = portColon(colon, e);
  // "If url is special and buffer is the empty string, host-missing validation
  // error, return failure." (Before a ":" the host may not be empty either.)
  if (colon == h && (special || colon < e)) return -L.PARSE_FAILURE;
  o = hostInto(h, colon, o);
  if (o < 0) return o;
  if (colon < e) {
    o = portState(colon + 1, e, o);
    if (o < 0) return -L.PARSE_FAILURE;
    portEnd = o;
  }
  return goOn(NEXT_PATH_START, e, o);
}

/** Skip "/" and "\" (#special-authority-ignore-slashes-state). */
function skipSlashes(p: i32, end: i32): i32 {
  while (p < end) {
    const c = ld8(p);
    if (c != C.SLASH && c != C.BACKSLASH) break;
    p++;
  }
  return p;
}

/** #relative-slash-state at p (after the first "/" of a relative reference). */
function relativeSlashState(p: i32, end: i32, o: i32): i32 {
  if (special && isSlash(p, end)) return authorityState(skipSlashes(p, end), end, o);
  if (!special && is(p, end, C.SLASH)) return authorityState(p + 1, end, o);
  o = copyBaseAuthority(o);
  pathStart = o;
  return goOn(NEXT_PATH, p, o);
}

/** #relative-state at p: the scheme is written; resolve against the base. */
function relativeState(p: i32, end: i32, o: i32): i32 {
  if (isSlash(p, end)) return relativeSlashState(p + 1, end, o);
  return goOn(NEXT_WITH_BASE_PATH, p, copyBaseAuthority(o));
}

/**
 * The steps the relative state and the file state share once the authority
 * (or the file host) is the base's: "url's path to a clone of base's path, and
 * url's query to base's query", then by the next code point: "?" starts a new
 * query, "#" a fragment, the end keeps both; anything else sets the query to
 * null and shortens the path (in the file state, unless the rest starts with a
 * Windows drive letter: then the path becomes « »), and the path state goes on.
 */
function withBasePath(p: i32, end: i32, o: i32): i32 {
  pathStart = o;
  o = copyBasePath(o);
  if (p >= end) return copyBaseQuery(o);
  const c = ld8(p);
  if (c == C.QUESTION) return queryState(p + 1, end, o);
  if (c == C.HASH) return fragmentState(p + 1, end, copyBaseQuery(o));
  const isFile = scheme == L.SCHEME_FILE;
  o = isFile && startsWithWindowsDriveLetter(p, end) ? pathStart : shorten(pathStart, o, isFile);
  return path(p, end, o);
}

/** Copy the base's host (file URLs: no credentials or port) to o. */
function copyBaseHost(o: i32): i32 {
  const h = baseField(L.URL_HOST_START);
  const n = baseField(L.URL_HOST_END) - h;
  copy(o, base + h, n);
  hostStart = o;
  hostEnd = portEnd = o + n;
  host = L.hostOf(baseField(L.URL_FLAGS));
  return o + n;
}

function baseIsFile(): bool {
  return hasBase && baseScheme() == L.SCHEME_FILE;
}

/** The end of the file host state's buffer at p. */
function fileHostEnd(p: i32, end: i32): i32 {
  return findAny(p, end, C.SLASH, C.BACKSLASH, C.QUESTION, C.HASH);
}

/**
 * #file-host-state's host, the buffer [p, e) (not empty), written at o: the
 * host parser's result, "localhost" made the empty host.
 */
function fileHost(p: i32, e: i32, o: i32): i32 {
  o = hostInto(p, e, o);
  if (o < 0) return o;
  // "If host is "localhost", then set host to the empty string."
  if (isLocalhost(hostStart, o)) {
    o = hostEnd = portEnd = hostStart;
    host = L.HOST_EMPTY;
  }
  return o;
}

/** #file-host-state at p (after "file://" or its backslash forms). */
function fileHostState(p: i32, end: i32, o: i32): i32 {
  const e = fileHostEnd(p, end);
  // "If buffer is a Windows drive letter ... set state to path state", with the
  // buffer kept: the drive letter becomes the first path segment.
  if (isWindowsDriveLetter(p, e)) {
    pathStart = o;
    return goOn(NEXT_PATH, p, o);
  }
  // An empty buffer: the file state set the empty host already.
  if (e > p) {
    o = fileHost(p, e, o);
    if (o < 0) return o;
  }
  return goOn(NEXT_PATH_START, e, o);
}

/** #file-slash-state at p (after "file:/" or "\"). */
function fileSlashState(p: i32, end: i32, o: i32): i32 {
  if (p < end && (ld8(p) == C.SLASH || ld8(p) == C.BACKSLASH)) return fileHostState(p + 1, end, o);
  if (baseIsFile()) {
    o = copyBaseHost(o);
    pathStart = o;
    // "If the code point substring from pointer to the end of input does not start
    // with a Windows drive letter and base's path[0] is a normalized Windows drive
    // letter, then append base's path[0] to url's path."
    const bp = base + baseField(L.URL_PATH_START);
    const bEnd = basePathEnd();
    const first = find2(bp + 1, bEnd, C.SLASH, C.SLASH);
    if (!startsWithWindowsDriveLetter(p, end) && bp < bEnd && isNormalizedWindowsDriveLetter(bp + 1, first)) {
      copy(o, bp, 3);
      o += 3;
    }
    return goOn(NEXT_PATH, p, o);
  }
  pathStart = o;
  return goOn(NEXT_PATH, p, o);
}

/** #file-state at p (after "file:", or at the start of a reference against a file base). */
function fileState(p: i32, end: i32, o: i32): i32 {
  // "Set url's scheme to "file". Set url's host to the empty string."
  o = put(put(o, C.SLASH), C.SLASH);
  userStart = userEnd = passStart = passEnd = hostStart = hostEnd = portEnd = o;
  host = L.HOST_EMPTY;
  if (p < end && (ld8(p) == C.SLASH || ld8(p) == C.BACKSLASH)) return fileSlashState(p + 1, end, o);
  if (!baseIsFile()) {
    pathStart = o;
    return goOn(NEXT_PATH, p, o);
  }
  // "Set url's host to base's host, url's path to a clone of base's path, and url's query to base's query."
  return goOn(NEXT_WITH_BASE_PATH, p, copyBaseHost(o));
}

/** #no-scheme-state: the input has no scheme; resolve it against the base. */
function noSchemeState(p: i32, end: i32, o: i32): i32 {
  if (!hasBase) return -L.PARSE_FAILURE;
  const baseOpaque = (baseField(L.URL_FLAGS) & L.FLAG_OPAQUE_PATH) != 0;
  const bSchemeEnd = base + baseField(L.URL_SCHEME_END);
  if (baseOpaque) {
    // "If base has an opaque path and c is not U+0023 (#), return failure."
    if (!is(p, end, C.HASH)) return -L.PARSE_FAILURE;
    // Scheme, path and query of the base, then the fragment of the input.
    const n = baseQueryEnd() - base;
    copy(o, base, n);
    setScheme(baseScheme());
    schemeEnd = out + baseField(L.URL_SCHEME_END);
    noAuthority(schemeEnd + 1);
    pathStart = out + baseField(L.URL_PATH_START);
    const q = baseField(L.URL_QUERY_START);
    if (q != L.NONE) queryStart = out + q;
    opaquePath = true;
    return goOn(NEXT_FRAGMENT, p + 1, o + n);
  }
  // "Set url's scheme to base's scheme."
  const n = bSchemeEnd + 1 - base;
  copy(o, base, n);
  setScheme(baseScheme());
  schemeEnd = o + n - 1;
  o += n;
  if (scheme == L.SCHEME_FILE) return fileState(p, end, o);
  return relativeState(p, end, o);
}

/** #scheme-state, after the scheme [p, colon) has been recognised and written, lower-cased, up to `o`. */
function schemeState(p: i32, colon: i32, end: i32, o: i32): i32 {
  schemeEnd = o;
  o = put(o, C.COLON);
  setScheme(schemeKind(out, schemeEnd - out));
  p = colon + 1;
  if (scheme == L.SCHEME_FILE) return fileState(p, end, o);
  if (special) {
    // "Otherwise, if url is special, base is non-null, and base's scheme is url's scheme":
    // #special-relative-or-authority-state.
    if (hasBase && baseField(L.URL_SCHEME_END) == schemeEnd - out && equalBytes(base, out, schemeEnd - out)) {
      if (is(p, end, C.SLASH) && is(p + 1, end, C.SLASH)) return authorityState(skipSlashes(p, end), end, o);
      return relativeState(p, end, o);
    }
    // #special-authority-slashes-state, then #special-authority-ignore-slashes-state.
    return authorityState(skipSlashes(p, end), end, o);
  }
  noAuthority(o);
  // "Otherwise, if remaining starts with an U+002F (/), set state to path or authority state."
  if (is(p, end, C.SLASH)) {
    if (is(p + 1, end, C.SLASH)) return authorityState(p + 2, end, o);
    pathStart = o;
    return goOn(NEXT_PATH, p + 1, o);
  }
  // "Otherwise, set url's path to the empty string and set state to opaque path state."
  return goOn(NEXT_OPAQUE_PATH, p, o);
}

/** #scheme-start-state: a scheme is an ASCII alpha, then alphanumerics, "+", "-" or ".", then ":". */
function schemeStartState(p: i32, end: i32, o: i32): i32 {
  if (p < end && isAsciiAlpha(ld8(p))) {
    // "append c, lowercased, to buffer": written to the output as it is scanned
    // (if no ":" follows, the no scheme state starts the output over).
    const i = schemeRun(p, end, o);
    if (i < end && ld8(i) == C.COLON) return schemeState(p, i, end, o + (i - p));
  }
  // "Otherwise, if state override is not given, set buffer to the empty string,
  // state to no scheme state, and start over."
  return noSchemeState(p, end, o);
}

/** Remove the ASCII tabs and newlines of [p, end) in place; returns the new end. */
export function removeTabsAndNewlines(p: i32, end: i32): i32 {
  let w = p;
  for (let r = p; r < end; r++) {
    const c = ld8(r);
    if (!isIn(c, TAB_OR_NEWLINE)) w = put(w, c);
  }
  return w;
}

/** "/." before a path that starts with "//" in a URL without host (#url-serializing). */
function insertPathDot(o: i32): i32 {
  if (hostStart != L.NONE || opaquePath || o - pathStart < 2) return o;
  if (ld8(pathStart) != C.SLASH || ld8(pathStart + 1) != C.SLASH) return o;
  copy(pathStart + 2, pathStart, o - pathStart);
  st8(pathStart, C.SLASH);
  st8(pathStart + 1, C.DOT);
  pathStart += 2;
  if (queryStart != L.NONE) queryStart += 2;
  if (fragmentStart != L.NONE) fragmentStart += 2;
  return o + 2;
}

/** The output position `position` as an offset from the href's start, or NONE for NONE (host start, query start, fragment start). */
function offsetOrNone(position: i32): i32 {
  return position == L.NONE ? L.NONE : position - out;
}

/**
 * Parse the `len` bytes at `src` (UTF-8; modified in place) against the base
 * URL at `baseHref` (0 for none; its record at BASE, BASE_HREF_ABSENT for a
 * record alone), writing the serialized URL at `dst` and its record at
 * RESULT. `idna` is 0, or the address of the `idnaLength` bytes of the UTS
 * #46 ToASCII result for the domain that a previous parse of the same input
 * returned PARSE_NEEDS_IDNA for. `dst` needs outputBound(len, the base's
 * length, idnaLength) bytes (layout.ts). Returns PARSE_*.
 */
export function parse(src: i32, len: i32, dst: i32, baseHref: i32, idna: i32, idnaLength: i32): i32 {
  // The fast paths for serialized URLs and relative references first, else the parser.
  if (isSerializedUrl(src, len)) return L.PARSE_OK;
  if (baseHref != 0) {
    const status = relativeFastPath(src, len, baseHref);
    if (status != PARSER) return status;
  }
  return parseOnce(src, len, dst, baseHref, idna, idnaLength, false, true);
}

/** relativeFastPath()'s "the parser runs". */
const PARSER: i32 = -1;

/**
 * Whether the call before this one was given BASE_HREF_ABSENT and returned
 * PARSE_NEEDS_BASE_HREF: then this one is the wrapper's second call on the
 * same input, with the base's href, and the fast path has failed already
 * (the call protocol of layout.ts BASE_HREF_ABSENT).
 */
let relativeTried = false;

/**
 * With a base: PARSE_OK where the fast path for relative references
 * (relative.ts) takes the input, PARSE_NEEDS_BASE_HREF where it does not and
 * the base's href is BASE_HREF_ABSENT, else PARSER. The second call does not
 * try it again, as it has already failed on that input; should that call
 * have another input after all, it only goes to the parser, which takes
 * every input.
 */
function relativeFastPath(src: i32, len: i32, baseHref: i32): i32 {
  const tried = relativeTried;
  relativeTried = false;
  if (tried && baseHref > 0) return PARSER;
  if (isSerializedRelative(src, len, baseHref)) return L.PARSE_OK;
  if (baseHref != L.BASE_HREF_ABSENT) return PARSER;
  relativeTried = true;
  return L.PARSE_NEEDS_BASE_HREF;
}

/**
 * parse() for a batch (BATCH, mode.ts): the parser alone (the batch tries the
 * fast path itself, serializedLine()), the href never compared with the
 * input, a domain that needs UTS #46 left to the wrapper.
 */
export function parseIntoRecord(src: i32, len: i32, dst: i32, baseHref: i32): i32 {
  return parseOnce(src, len, dst, baseHref, 0, 0, false, false);
}

/** The second phase: from the state the first named (goOn()) to the end of the input. */
function pathPhase(end: i32, o: i32): i32 {
  const p = nextAt;
  if (next == NEXT_PATH_START) return pathStartState(p, end, o);
  if (next == NEXT_PATH) return path(p, end, o);
  if (next == NEXT_WITH_BASE_PATH) return withBasePath(p, end, o);
  if (next == NEXT_OPAQUE_PATH) return opaquePathState(p, end, o);
  return fragmentState(p, end, o);
}

/**
 * The basic URL parser: its first phase only if `firstPhase` (canParse()),
 * else both and the record, with FLAG_HREF_IS_INPUT if `compareInput`. Each
 * entry passes constants, tested once a parse. One copy of the parser serves
 * every mode, not one copy each (the mode a type argument, as for the fast
 * path): a test a parse costs next to nothing, a copy its whole size in the
 * WASM.
 */
function parseOnce(
  src: i32,
  len: i32,
  dst: i32,
  baseHref: i32,
  idna: i32,
  idnaLength: i32,
  firstPhase: bool,
  compareInput: bool,
): i32 {
  hasBase = baseHref != 0;
  base = baseHref;
  idnaResult = idna;
  idnaResultLength = idnaLength;
  out = dst;
  queryStart = fragmentStart = L.NONE;
  port = L.NONE;
  opaquePath = false;
  // "Remove any leading and trailing C0 control or space from input."
  let p = src;
  let end = src + len;
  while (p < end && ld8(p) <= C.SPACE) p++;
  while (end > p && ld8(end - 1) <= C.SPACE) end--;
  let modified = p != src || end != src + len;
  // "Remove all ASCII tab or newline from input."
  const tab = findAny(p, end, C.TAB, C.LF, C.CR, C.CR);
  tabsRemoved = tab < end;
  if (tab < end) {
    end = removeTabsAndNewlines(tab, end);
    modified = true;
  }
  let o = schemeStartState(p, end, dst);
  if (o < 0) {
    if (o == -L.PARSE_NEEDS_IDNA) {
      st32(L.resultField(L.URL_IDNA_START), Last.idnaStart - out);
      st32(L.resultField(L.URL_IDNA_END), Last.idnaEnd - out);
    }
    return -o;
  }
  if (firstPhase) return L.PARSE_OK;
  o = insertPathDot(pathPhase(end, o));
  let flags = opaquePath ? L.FLAG_OPAQUE_PATH : 0;
  if (compareInput && !modified && o - out == len && equalBytes(out, src, len)) flags |= L.FLAG_HREF_IS_INPUT;
  writeRecord(
    PARSE,
    0,
    o - out,
    schemeEnd - out,
    userStart - out,
    userEnd - out,
    passStart - out,
    passEnd - out,
    offsetOrNone(hostStart),
    hostEnd - out,
    portEnd - out,
    port,
    pathStart - out,
    offsetOrNone(queryStart),
    offsetOrNone(fragmentStart),
    scheme,
    host,
    flags,
  );
  return L.PARSE_OK;
}

/** The byte at p, with an ASCII letter lower-cased, is `lower`: OR-ing 0x20 maps only "A"-"Z" onto "a"-"z". */
function isLetter(p: i32, lower: i32): bool {
  return (ld8(p) | 0x20) == lower;
}

/**
 * canParse()'s fast path, for the commonest valid URL: "http:" or "https:"
 * (letters of either case), "//", a domain the host parser takes as it is
 * (plainDomainEnd()), an optional port of digits up to 65535, then the end or
 * one of "/", "\", "?" and "#". On such input every state up to the path start
 * state succeeds (with a base too: after a special scheme, "//" leads to the
 * authority state either way) and no state after it can fail, so the URL is
 * valid. Any other input goes to the parser, which decides. This path reads
 * each byte once and runs none of the parser's states; the scheme is read a
 * word at a time (startsWithHttp()), in fewer instructions than a letter at
 * a time.
 */
function isPlainHttpUrl(p: i32, end: i32): bool {
  // "http://" and a byte of host at least.
  if (end - p < 8) return false;
  if (!startsWithHttp(p, true)) return false;
  p += isLetter(p + 4, C.LOWER_S) ? 5 : 4;
  if (!is(p, end, C.COLON) || !is(p + 1, end, C.SLASH) || !is(p + 2, end, C.SLASH)) return false;
  p = plainDomainEnd(p + 3, end);
  if (p < 0) return false;
  if (is(p, end, C.COLON)) {
    p = portDigits(p + 1, end);
    if (p < 0) return false;
  }
  if (p >= end) return true;
  const c = ld8(p);
  return c == C.SLASH || c == C.BACKSLASH || c == C.QUESTION || c == C.HASH;
}

/**
 * canParse()'s fast path for file: URLs: "file:///" (the scheme in either
 * case) is valid whatever follows, with or without a base. #file-state goes on
 * to #file-slash-state on "/" whatever the base, then #file-host-state; the
 * third "/" ends an empty buffer there, so the host is the empty string and
 * the path start state follows; no state after it can fail. The eight bytes
 * hold no C0 control, space, tab or newline, so the first two steps of the
 * parser leave them in place.
 */
function isPlainFileUrl(p: i32, end: i32): bool {
  return (
    end - p >= 8 &&
    isLetter(p, C.LOWER_F) &&
    isLetter(p + 1, C.LOWER_I) &&
    isLetter(p + 2, C.LOWER_L) &&
    isLetter(p + 3, C.LOWER_E) &&
    ldu32(p + 4) == word(C.COLON, C.SLASH, C.SLASH, C.SLASH)
  );
}

/** parse() for validity only (Ada's can_parse): the status, with no RESULT record. */
export function canParse(src: i32, len: i32, dst: i32, baseHref: i32, idna: i32, idnaLength: i32): i32 {
  if (isPlainHttpUrl(src, src + len) || isPlainFileUrl(src, src + len)) return L.PARSE_OK;
  if (baseHref != 0) {
    const status = relativeFastPath(src, len, baseHref);
    if (status != PARSER) return status;
  }
  return parseOnce(src, len, dst, baseHref, idna, idnaLength, true, false);
}

// State override: "basic URL parse the given value with this's URL as url and
// <state> as state override" (#urlutils-members). The url given is the one
// whose record is at BASE; overrideUrl() makes its scheme the parser's, and
// each function below runs its state (and the states it may go on to before
// "if state override is given, then return") on [p, end), writing what it sets,
// serialized, at o. assembly/setters.ts splices that into the URL.

/**
 * Make the URL at BASE the parser's url (the states consult its scheme), with
 * the UTS #46 result for a domain at `idna` (0: none), as parse() takes it.
 */
export function overrideUrl(idna: i32, idnaLength: i32): void {
  setScheme(baseScheme());
  idnaResult = idna;
  idnaResultLength = idnaLength;
}

/**
 * #scheme-start-state with the override, on the value followed by ":" (the
 * protocol setter): "scheme:", or -PARSE_FAILURE where the URL stays as it is.
 * `credentialsOrPort` and `emptyHost` are facts of the url.
 */
export function schemeOverride(p: i32, end: i32, o: i32, credentialsOrPort: bool, emptyHost: bool): i32 {
  // "If c is an ASCII alpha ... Otherwise, return failure."
  if (p >= end || !isAsciiAlpha(ld8(p))) return -L.PARSE_FAILURE;
  // #scheme-state: the scheme ends at the ":" appended to the value (or the
  // value's own first ":"); any other code point: "Otherwise, return failure."
  // Byte by byte, not schemeRun(): binaryen inlines schemeRun() into the
  // scheme start state, on every parse's path, only while that is its one
  // caller.
  let i = p;
  while (i < end && isIn(ld8(i), SCHEME_CHAR)) {
    st8(o + (i - p), toLower(ld8(i)));
    i++;
  }
  if (i < end && ld8(i) != C.COLON) return -L.PARSE_FAILURE;
  const kind = schemeKind(o, i - p);
  // "If url's scheme is a special scheme and buffer is not a special scheme,
  // then return", and the other way round.
  if (isSpecial(kind) != special) return -L.PARSE_FAILURE;
  // "If url includes credentials or has a non-null port, and buffer is "file", then return."
  if (credentialsOrPort && kind == L.SCHEME_FILE) return -L.PARSE_FAILURE;
  // "If url's scheme is "file" and its host is an empty host, then return."
  if (scheme == L.SCHEME_FILE && emptyHost) return -L.PARSE_FAILURE;
  setScheme(kind);
  return put(o + (i - p), C.COLON);
}

/**
 * #host-state (or #hostname-state) with the override: the host, and for the
 * host state a port after ":" (Last.portGiven). Returns the end of what it wrote or
 * a negated PARSE_* status; `credentialsOrPort` is a fact of the url.
 */
export function hostOverride(p: i32, end: i32, o: i32, hostnameState: bool, credentialsOrPort: bool): i32 {
  Last.portGiven = false;
  // "If state override is given and url's scheme is "file", then decrease
  // pointer by 1 and set state to file host state", which returns after the host.
  if (scheme == L.SCHEME_FILE) {
    const e = fileHostEnd(p, end);
    if (e > p) return fileHost(p, e, o);
    // "If buffer is the empty string, then: Set url's host to the empty string."
    hostStart = hostEnd = portEnd = o;
    host = L.HOST_EMPTY;
    return o;
  }
  const e = findAny(p, end, C.SLASH, special ? C.BACKSLASH : C.SLASH, C.QUESTION, C.HASH);
  const colon = portColon(find2(p, e, C.COLON, C.LEFT_BRACKET), e);
  if (colon < e) {
    // "If buffer is the empty string, host-missing validation error, return failure."
    // "If state override is given and state override is hostname state, then return failure."
    if (colon == p || hostnameState) return -L.PARSE_FAILURE;
  } else if (e == p && (special || credentialsOrPort)) {
    // "If url is special and buffer is the empty string, ... return failure.
    // Otherwise, if state override is given, buffer is the empty string, and
    // either url includes credentials or url's port is non-null, then return failure."
    return -L.PARSE_FAILURE;
  }
  o = hostInto(p, colon, o);
  if (o < 0 || colon == e) return o;
  // #port-state with the override: its digits end at any other code point.
  // Too large a port ("return failure") or none ("If state override is
  // given, then return failure") leaves the port, with the host set.
  const q = portDigits(colon + 1, end);
  if (q > colon + 1) {
    port = L.NONE;
    Last.portGiven = true;
    o = portState(colon + 1, q, o);
  }
  return o;
}

/** #port-state with the override (the port setter): ":port", nothing for the default port, or -PARSE_FAILURE. */
export function portOverride(p: i32, end: i32, o: i32): i32 {
  // The digits end at any other code point; none, or too large a port: "return failure".
  const q = portDigits(p, end);
  if (q <= p) return -L.PARSE_FAILURE;
  port = L.NONE;
  return portState(p, q, o);
}

/**
 * #path-start-state with the override (the pathname setter, after "Empty
 * this's URL's path"), then the path state, which takes "?" and "#" into the
 * path. Returns the end of the path, serialized with "/." before it when the
 * host is null and it starts with "//" (#url-serializing; pathStart is after it).
 */
export function pathOverride(p: i32, end: i32, o: i32, hostIsNull: bool): i32 {
  pathStart = o;
  if (special) {
    // "If c is neither U+002F (/) nor U+005C (\), then decrease pointer by 1."
    if (isSlash(p, end)) p++;
  } else if (p >= end) {
    // "Otherwise, if state override is given and url's host is null, append the empty string to url's path."
    return hostIsNull ? put(o, C.SLASH) : o;
  } else if (ld8(p) == C.SLASH) {
    p++;
  }
  o = pathState(p, end, o, o, special, scheme == L.SCHEME_FILE, true);
  hostStart = hostIsNull ? L.NONE : o;
  opaquePath = false;
  queryStart = fragmentStart = L.NONE;
  return insertPathDot(o);
}

/** #query-state with the override (the search setter): "?" and the query, "#" included. */
export function queryOverride(p: i32, end: i32, o: i32): i32 {
  return queryState(p, end, o, true);
}

/** #fragment-state with the override (the hash setter): "#" and the fragment. */
export function fragmentOverride(p: i32, end: i32, o: i32): i32 {
  return fragmentState(p, end, o);
}
