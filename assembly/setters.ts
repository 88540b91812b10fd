// The setters of the URL API (#urlutils-members) on the one href + offsets
// record, as Ada's url_aggregator edits its buffer: each setter runs the basic
// URL parser with its state override (parser.ts) on the value, which writes
// the new serialization of one range of the href, and then the record's
// offsets after that range move by the change in length.
//
// The URL's record is at BASE; its href stays with the wrapper, which never
// has to copy it into memory: the kernel writes only the new bytes, at `dst`,
// and says in RESULT which range of the old href they replace. The new href
// is old[0, SET_START) + new bytes (SET_LENGTH) + old[SET_END, SET_CUT_START)
// + old[SET_CUT_END, end): the cut is the port that the protocol setter drops
// when it becomes the new scheme's default (empty for every other setter).
// RESULT holds the new URL's whole record.

import { ld8, st8, ld32, st32, equalBytes } from "./memory";
import * as L from "./layout";
import * as C from "./charcode";
import { USERINFO_SET } from "./tables";
import { encodeRun, RUN_USERINFO } from "./run";
import { specialDefaultPort } from "./scheme";
import { Last } from "./outputs";
import {
  overrideUrl,
  schemeOverride,
  hostOverride,
  portOverride,
  pathOverride,
  queryOverride,
  fragmentOverride,
  removeTabsAndNewlines,
  scheme,
  host,
  hostEnd,
  port,
  pathStart,
} from "./parser";

/** Field `i` of the URL being set (at BASE). */
function old(i: i32): i32 {
  return ld32(L.baseField(i));
}

function set(i: i32, value: i32): void {
  st32(L.resultField(i), value);
}

function oldFlags(mask: i32, shift: i32): i32 {
  return (old(L.URL_FLAGS) & mask) >> shift;
}

/** Replace the scheme or host kind bits of the new record's flags. */
function setFlags(mask: i32, shift: i32, value: i32): void {
  set(L.URL_FLAGS, (old(L.URL_FLAGS) & ~mask) | (value << shift));
}

function hasCredentials(): bool {
  return old(L.URL_USER_END) > old(L.URL_USER_START) || old(L.URL_PASS_END) > old(L.URL_PASS_START);
}

/** #cannot-have-a-username-password-port: "its host is null or the empty string, or its scheme is "file"". */
function cannotHaveCredentialsOrPort(): bool {
  const kind = oldFlags(L.HOST_MASK, L.HOST_SHIFT);
  return kind == L.HOST_NULL || kind == L.HOST_EMPTY || oldFlags(L.SCHEME_MASK, L.SCHEME_SHIFT) == L.SCHEME_FILE;
}

/** End of the path (layout.ts pathEnd()). */
function pathEnd(): i32 {
  return L.pathEnd(old(L.URL_QUERY_START), old(L.URL_FRAGMENT_START), old(L.URL_HREF_END), L.NONE);
}

/** End of the query, or of the path if there is none (layout.ts queryEnd()). */
function queryEnd(): i32 {
  return L.queryEnd(old(L.URL_FRAGMENT_START), old(L.URL_HREF_END), L.NONE);
}

/**
 * The old href's [start, end) becomes `length` new bytes, and [cutStart,
 * cutEnd) (after `end`) goes. The record is copied to RESULT with the fields
 * after field `last` moved (the fields are in the order of the href, but for
 * URL_HREF_END, which always moves, and URL_PORT, which is no offset), and
 * the cut taken from the fields after `cutAfter`; the setter then sets the
 * fields it rewrote, up to `last`.
 */
function spliceCut(start: i32, end: i32, length: i32, last: i32, cutStart: i32, cutEnd: i32, cutAfter: i32): void {
  set(L.SET_START, start);
  set(L.SET_END, end);
  set(L.SET_LENGTH, length);
  set(L.SET_CUT_START, cutStart);
  set(L.SET_CUT_END, cutEnd);
  const delta = length - (end - start);
  const cut = cutEnd - cutStart;
  set(L.URL_HREF_END, old(L.URL_HREF_END) + delta - cut);
  for (let i = L.URL_SCHEME_END; i <= L.URL_FRAGMENT_START; i++) {
    const v = old(i);
    if (i <= last || i == L.URL_PORT || v == L.NONE) set(i, v);
    else set(i, v + delta - (i > cutAfter ? cut : 0));
  }
  set(L.URL_FLAGS, old(L.URL_FLAGS));
}

/** spliceCut() without a cut. */
function splice(start: i32, end: i32, length: i32, last: i32): void {
  spliceCut(start, end, length, last, end, end, L.URL_FRAGMENT_START);
}

/** The new record's credentials: username [userStart, userEnd), password [passStart, passEnd). */
function setCredentials(userStart: i32, userEnd: i32, passStart: i32, passEnd: i32): void {
  set(L.URL_USER_START, userStart);
  set(L.URL_USER_END, userEnd);
  set(L.URL_PASS_START, passStart);
  set(L.URL_PASS_END, passEnd);
}

/** No username and no password any more: "username@" or ":password@" goes. */
function removeCredentials(): i32 {
  const userStart = old(L.URL_USER_START);
  splice(userStart, old(L.URL_HOST_START), 0, L.URL_PASS_END);
  setCredentials(userStart, userStart, userStart, userStart);
  return L.PARSE_OK;
}

/** The protocol setter: the value followed by ":", from the scheme start state. */
function setProtocol(p: i32, end: i32, dst: i32): i32 {
  urlGiven();
  const oldPort = old(L.URL_PORT);
  const emptyHost = oldFlags(L.HOST_MASK, L.HOST_SHIFT) == L.HOST_EMPTY;
  const o = schemeOverride(p, end, dst, hasCredentials() || oldPort != L.NONE, emptyHost);
  if (o < 0) return L.PARSE_FAILURE;
  const schemeEnd = old(L.URL_SCHEME_END);
  // "If url's port is url's scheme's default port, then set url's port to null."
  if (oldPort != L.NONE && oldPort == specialDefaultPort(scheme)) {
    spliceCut(0, schemeEnd + 1, o - dst, L.URL_SCHEME_END, old(L.URL_HOST_END), old(L.URL_PORT_END), L.URL_HOST_END);
    set(L.URL_PORT, L.NONE);
  } else {
    splice(0, schemeEnd + 1, o - dst, L.URL_SCHEME_END);
  }
  set(L.URL_SCHEME_END, o - dst - 1);
  setFlags(L.SCHEME_MASK, L.SCHEME_SHIFT, scheme);
  return L.PARSE_OK;
}

/** The username setter, with the new username's `n` bytes at dst. */
function setUsername(n: i32, dst: i32): i32 {
  const userStart = old(L.URL_USER_START);
  const hasPassword = old(L.URL_PASS_END) > old(L.URL_PASS_START);
  if (hasCredentials()) {
    if (n == 0 && !hasPassword) return removeCredentials();
    // The username is replaced; the fields after it move with it.
    splice(userStart, old(L.URL_USER_END), n, L.URL_USER_END);
    set(L.URL_USER_END, userStart + n);
    return L.PARSE_OK;
  }
  if (n == 0) return L.PARSE_FAILURE;
  // #url-serializing: the credentials end with "@".
  st8(dst + n, C.AT);
  splice(userStart, userStart, n + 1, L.URL_PASS_END);
  setCredentials(userStart, userStart + n, userStart + n, userStart + n);
  return L.PARSE_OK;
}

/** The password setter, with ":" and the new password's `n` bytes at dst. */
function setPassword(n: i32, dst: i32): i32 {
  st8(dst, C.COLON);
  const userStart = old(L.URL_USER_START);
  const userEnd = old(L.URL_USER_END);
  const passEnd = old(L.URL_PASS_END);
  if (!hasCredentials()) {
    if (n == 0) return L.PARSE_FAILURE;
    st8(dst + 1 + n, C.AT);
    splice(userStart, userStart, n + 2, L.URL_PASS_END);
    setCredentials(userStart, userStart, userStart + 1, userStart + 1 + n);
    return L.PARSE_OK;
  }
  if (n == 0 && userEnd == userStart) return removeCredentials();
  // [userEnd, passEnd) is ":" and the password, or empty: #url-serializing
  // writes ":" only before a password that is not empty.
  const length = n == 0 ? 0 : n + 1;
  splice(userEnd, passEnd, length, L.URL_PASS_END);
  set(L.URL_PASS_START, n == 0 ? userEnd : userEnd + 1);
  set(L.URL_PASS_END, userEnd + length);
  return L.PARSE_OK;
}

/** The host and hostname setters: the host state or the hostname state. */
function setHost(p: i32, end: i32, dst: i32, hostnameState: bool): i32 {
  // "If this's URL has an opaque path, then return."
  if ((old(L.URL_FLAGS) & L.FLAG_OPAQUE_PATH) != 0) return L.PARSE_FAILURE;
  urlGiven();
  const hostStart = old(L.URL_HOST_START);
  // A URL without a host gains "//" before it (and loses the "/." a path that
  // starts with "//" has without one).
  const at = hostStart == L.NONE ? dst + 2 : dst;
  const o = hostOverride(p, end, at, hostnameState, hasCredentials() || old(L.URL_PORT) != L.NONE);
  if (o < 0) {
    if (o == -L.PARSE_NEEDS_IDNA) {
      set(L.URL_IDNA_START, Last.idnaStart - dst);
      set(L.URL_IDNA_END, Last.idnaEnd - dst);
    }
    return -o;
  }
  const hostLength = hostEnd - at;
  if (hostStart == L.NONE) {
    st8(dst, C.SLASH);
    st8(dst + 1, C.SLASH);
    const start = old(L.URL_SCHEME_END) + 1;
    splice(start, old(L.URL_PATH_START), o - dst, L.URL_PORT_END);
    setCredentials(start + 2, start + 2, start + 2, start + 2);
    set(L.URL_HOST_START, start + 2);
    set(L.URL_HOST_END, start + 2 + hostLength);
    set(L.URL_PORT_END, start + 2 + (o - at));
  } else {
    // The host, or the host and port.
    splice(hostStart, Last.portGiven ? old(L.URL_PORT_END) : old(L.URL_HOST_END), o - dst, L.URL_HOST_END);
    set(L.URL_HOST_END, hostStart + hostLength);
  }
  if (Last.portGiven) set(L.URL_PORT, port);
  setFlags(L.HOST_MASK, L.HOST_SHIFT, host);
  return L.PARSE_OK;
}

/** The port setter: null for the empty string, otherwise the port state. */
function setPort(p: i32, end: i32, dst: i32, empty: bool): i32 {
  if (cannotHaveCredentialsOrPort()) return L.PARSE_FAILURE;
  let o = dst;
  let value = L.NONE;
  if (!empty) {
    urlGiven();
    o = portOverride(p, end, dst);
    if (o < 0) return L.PARSE_FAILURE;
    value = port;
  }
  splice(old(L.URL_HOST_END), old(L.URL_PORT_END), o - dst, L.URL_HOST_END);
  set(L.URL_PORT, value);
  return L.PARSE_OK;
}

/** The pathname setter: "Empty this's URL's path", then the path start state. */
function setPathname(p: i32, end: i32, dst: i32): i32 {
  if ((old(L.URL_FLAGS) & L.FLAG_OPAQUE_PATH) != 0) return L.PARSE_FAILURE;
  urlGiven();
  const o = pathOverride(p, end, dst, old(L.URL_HOST_START) == L.NONE);
  // The range starts where the "/." of a host-less URL would.
  const start = old(L.URL_PORT_END);
  splice(start, pathEnd(), o - dst, L.URL_PATH_START);
  set(L.URL_PATH_START, start + (pathStart - dst));
  return L.PARSE_OK;
}

/**
 * The search and hash setters: the query (fragment) becomes null for the empty
 * string; otherwise the query (fragment) state runs on the value after one
 * leading "?" ("#").
 */
function setQueryOrFragment(p: i32, end: i32, dst: i32, empty: bool, fragment: bool): i32 {
  const start = fragment ? queryEnd() : pathEnd();
  let o = dst;
  if (!empty) {
    urlGiven();
    o = fragment ? fragmentOverride(p, end, dst) : queryOverride(p, end, dst);
  }
  const field = fragment ? L.URL_FRAGMENT_START : L.URL_QUERY_START;
  splice(start, fragment ? old(L.URL_HREF_END) : queryEnd(), o - dst, field);
  set(field, empty ? L.NONE : start);
  return L.PARSE_OK;
}

/**
 * Run setter `part` (SET_*) with the `len` bytes at `src` (UTF-8; modified in
 * place) on the URL whose record is at BASE, with the UTS #46 result for its
 * domain at `idna` (0 for none; the host setters return PARSE_NEEDS_IDNA
 * without it, as parse() does). Writes the new bytes at `dst` (outputBound(len,
 * 0, idnaLength) bytes) and the new record and the range they replace at
 * RESULT. Returns PARSE_OK, PARSE_FAILURE where the URL does not change, or
 * PARSE_NEEDS_IDNA.
 */
export function setPart(part: i32, src: i32, len: i32, dst: i32, idna: i32, idnaLength: i32): i32 {
  idnaResult = idna;
  idnaResultLength = idnaLength;
  return setPartOnce(part, src, len, dst);
}

/** The UTS #46 result setPart() was given, for the host setters (parse()'s convention: 0, none). */
let idnaResult: i32 = 0;
let idnaResultLength: i32 = 0;

/** overrideUrl() with the UTS #46 result of this call. */
function urlGiven(): void {
  overrideUrl(idnaResult, idnaResultLength);
}

/** Where the value begins in the input (after a leading "?" or "#" the setter drops), and its end after the parser removed tabs and newlines. */
let valueStart: i32 = 0;
let valueEnd: i32 = 0;
let valueRemoved: bool = false;

/**
 * SET_VERBATIM_AT: the new bytes [dst, dst + length) hold the value
 * unchanged, at their end or before a one-byte suffix ("scheme:", "user@").
 */
function findVerbatim(src: i32, dst: i32): void {
  set(L.SET_VALUE_START, valueStart - src);
  const n = valueEnd - valueStart;
  const length = ld32(L.resultField(L.SET_LENGTH));
  let at = L.NONE;
  if (!valueRemoved && n > 0) {
    if (length >= n && equalBytes(dst + length - n, valueStart, n)) at = length - n;
    else if (length > n && equalBytes(dst + length - 1 - n, valueStart, n)) at = length - 1 - n;
  }
  set(L.SET_VERBATIM_AT, at);
}

function setPartOnce(part: i32, src: i32, len: i32, dst: i32): i32 {
  valueStart = src;
  valueEnd = src + len;
  valueRemoved = false;
  const status = setPartValue(part, src, len, dst);
  if (status == L.PARSE_OK) findVerbatim(src, dst);
  return status;
}

function setPartValue(part: i32, src: i32, len: i32, dst: i32): i32 {
  let p = src;
  const end = src + len;
  if (part == L.SET_USERNAME || part == L.SET_PASSWORD) {
    // "If this's URL cannot have a username/password/port, then return." Then
    // #set-the-username (#set-the-password): "UTF-8 percent-encode ... using
    // the userinfo percent-encode set", of the value as it is.
    if (cannotHaveCredentialsOrPort()) return L.PARSE_FAILURE;
    const at = part == L.SET_PASSWORD ? dst + 1 : dst;
    const n = encodeRun(p, end, at, RUN_USERINFO, USERINFO_SET) - at;
    return part == L.SET_PASSWORD ? setPassword(n, dst) : setUsername(n, dst);
  }
  // The others run the basic URL parser, which with a url given removes only
  // "all ASCII tab or newline from input" (no leading or trailing C0 control or space).
  // The port, search and hash setters look at the given value before the parser does.
  const empty = len == 0;
  if ((part == L.SET_SEARCH && !empty && ld8(p) == C.QUESTION) || (part == L.SET_HASH && !empty && ld8(p) == C.HASH))
    p++;
  const e = removeTabsAndNewlines(p, end);
  valueStart = p;
  valueEnd = e;
  valueRemoved = e != end;
  if (part == L.SET_PROTOCOL) return setProtocol(p, e, dst);
  if (part == L.SET_HOST || part == L.SET_HOSTNAME) return setHost(p, e, dst, part == L.SET_HOSTNAME);
  if (part == L.SET_PORT) return setPort(p, e, dst, empty);
  if (part == L.SET_PATHNAME) return setPathname(p, e, dst);
  return setQueryOrFragment(p, e, dst, empty, part == L.SET_HASH);
}
