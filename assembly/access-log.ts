// The URL field of an access-log line, found in the batch's bytes so that a
// log is parsed in one pass like a list of URLs (batch.ts), with no
// JavaScript split of each line first.
//
// Common Log Format, and Combined (Apache's and nginx's default), read by
// their grammar; a line that does not match has no field:
//   client SP ident SP user SP "[" time "]" SP quoted-request SP status SP bytes
//   [SP quoted-referer SP quoted-user-agent]   (required by MODE_COMBINED)
//   [SP anything]                             (fields a server adds after them)
// client, ident and user are runs of bytes other than space; status and
// bytes are digits or "-". Inside quotes Apache writes a quote as \" (nginx
// as \x22), so a backslash escapes the byte after it (\\, \", \xHH): a field
// with an escape is left to the wrapper, which undoes them before parsing.
//
// The request is "METHOD target PROTOCOL" (the target runs from the first
// space to the last, spaces around it left out; without a PROTOCOL, HTTP/0.9
// "GET /", to the quote). Its
// target is read by its form (RFC 9112 section 3.2):
//   origin-form    "/path?query": a path on the log's server, resolved
//                  against the base as a path; "//x" and "/\x" (which the
//                  URL parser would read as a host) go to the wrapper;
//   absolute-form  "http://host/path": parsed as it is, without the base;
//   authority-form "host:port", CONNECT's only: to the wrapper;
//   asterisk-form  "*": no URL.
// "-" or an empty string is no URL.

import { ld8 } from "./memory";
import { find2 } from "./scan";
import * as C from "./charcode";
import { FIELD_REQUEST } from "./layout";

/**
 * The field found by findField(): [fieldStart, fieldEnd); whether the line is
 * the wrapper's (fieldDeferred: an escape, or a request target the wrapper
 * reads by its form); and whether a target is in absolute-form (parsed
 * without the base).
 */
export let fieldStart: i32 = 0;
export let fieldEnd: i32 = 0;
export let fieldDeferred: bool = false;
export let fieldAbsolute: bool = false;
/** The request "METHOD target PROTOCOL" of the line (inside its quotes), where a request target was found. */
export let requestStart: i32 = 0;
export let requestEnd: i32 = 0;

/**
 * The fields of the line findField() last read, where it matched the format
 * (lineMatched), for its keys (log-keys.ts): the client runs from lineStart;
 * a quoted field is [open, close) inside its quotes; the referer and agent
 * are -1 where the line has none (Common Log Format).
 */
export let lineMatched: bool = false;
export let lineStart: i32 = 0;
export let clientEnd: i32 = 0;
export let identEnd: i32 = 0;
export let userEnd: i32 = 0;
export let timeStart: i32 = 0;
export let timeEnd: i32 = 0;
export let requestOpen: i32 = 0;
export let requestClose: i32 = 0;
export let requestEscaped: bool = false;
export let statusStart: i32 = 0;
export let statusEnd: i32 = 0;
export let bytesStart: i32 = 0;
export let bytesEnd: i32 = 0;
export let refererOpen: i32 = -1;
export let refererClose: i32 = -1;
export let refererEscaped: bool = false;
export let agentOpen: i32 = -1;
export let agentClose: i32 = -1;
export let agentEscaped: bool = false;

/** Whether the quoted string whose content starts at p has a backslash escape (set by closeQuote()). */
let escaped: bool = false;

/** The quote that closes a string whose content starts at p (escapes skipped), or `end`. */
function closeQuote(p: i32, end: i32): i32 {
  escaped = false;
  // A user agent runs to a hundred bytes and more: scanned 16 at a time (scan.ts).
  while (p < end) {
    p = find2(p, end, C.QUOTE, C.BACKSLASH);
    if (p >= end) return end;
    if (ld8(p) == C.QUOTE) return p;
    escaped = true;
    p += 2;
  }
  return end;
}

/** The end of a run of one or more bytes other than space at p, or -1 when there is none. */
function word(p: i32, end: i32): i32 {
  // Short (an address, "-"): a byte at a time costs less than a vector scan's set-up.
  const start = p;
  while (p < end && ld8(p) != C.SPACE) p++;
  return p > start ? p : -1;
}

/** The end of a status or size at p: one or more digits, or "-"; -1 when there is none. */
function number(p: i32, end: i32): i32 {
  if (p < end && ld8(p) == C.HYPHEN) return p + 1;
  const start = p;
  while (p < end && ld8(p) >= C.DIGIT_0 && ld8(p) <= C.DIGIT_9) p++;
  return p > start ? p : -1;
}

/** p if the byte there is a space that is followed by more of the line; else -1. */
function space(p: i32, end: i32): i32 {
  return p >= 0 && p + 1 < end && ld8(p) == C.SPACE ? p + 1 : -1;
}

/** The end of a quoted string at p (after its closing quote); -1 when there is none. */
function quoted(p: i32, end: i32): i32 {
  if (p < 0 || p >= end || ld8(p) != C.QUOTE) return -1;
  const close = closeQuote(p + 1, end);
  return close < end ? close + 1 : -1;
}

/** Whether [p, end) is "-" or empty: no value. */
function isNone(p: i32, end: i32): bool {
  return p == end || (end - p == 1 && ld8(p) == C.HYPHEN);
}

/** Whether the method [p, end) is CONNECT (methods are case-sensitive, RFC 9110 section 9.1). */
function isConnect(p: i32, end: i32): bool {
  return (
    end - p == 7 &&
    ld8(p) == 0x43 && // C
    ld8(p + 1) == 0x4f && // O
    ld8(p + 2) == 0x4e && // N
    ld8(p + 3) == 0x4e && // N
    ld8(p + 4) == 0x45 && // E
    ld8(p + 5) == 0x43 && // C
    ld8(p + 6) == 0x54 // T
  );
}

/**
 * The target of the request [a, b) (after its quote, up to the closing one),
 * by its form; false for no URL.
 */
function requestTarget(a: i32, b: i32): bool {
  const method = a;
  while (a < b && ld8(a) != C.SPACE) a++;
  if (a == b || a == method) return false;
  const methodEnd = a;
  a++;
  let last = b;
  let end = b;
  while (last > a && ld8(last - 1) != C.SPACE) last--;
  if (last > a) end = last - 1;
  // Words split at runs of spaces, as RFC 9112 section 3 lets a recipient read them.
  while (a < end && ld8(a) == C.SPACE) a++;
  while (end > a && ld8(end - 1) == C.SPACE) end--;
  if (isNone(a, end) || (end - a == 1 && ld8(a) == C.ASTERISK)) return false;
  requestStart = method;
  requestEnd = b;
  fieldStart = a;
  fieldEnd = end;
  // The wrapper undoes escapes, then reads the target by its form.
  fieldDeferred = escaped || isConnect(method, methodEnd);
  if (ld8(a) == C.SLASH) {
    // The URL parser drops tabs and CRs, and reads "//" and "/\" after them as a host.
    const c = a + 1 < end ? ld8(a + 1) : 0;
    if (c == C.SLASH || c == C.BACKSLASH || c == C.TAB || c == C.CR) fieldDeferred = true;
  } else {
    fieldAbsolute = true;
  }
  return true;
}

/**
 * Find `field` (FIELD_REQUEST or FIELD_REFERER) in the line [p, end); false
 * when the line does not match the grammar (`combined`: with referer and user
 * agent) or has no such field (no target, "-", "*").
 */
export function findField(p: i32, end: i32, field: i32, combined: bool): bool {
  fieldDeferred = false;
  fieldAbsolute = false;
  lineMatched = false;
  lineStart = p;
  clientEnd = word(p, end);
  let q = space(clientEnd, end);
  identEnd = q < 0 ? -1 : word(q, end);
  q = space(identEnd, end);
  userEnd = q < 0 ? -1 : word(q, end);
  q = space(userEnd, end);
  if (q < 0 || ld8(q) != C.LEFT_BRACKET) return false;
  const t = find2(q + 1, end, C.RIGHT_BRACKET, C.RIGHT_BRACKET);
  if (t == q + 1 || t == end) return false;
  timeStart = q + 1;
  timeEnd = t;
  const request = space(t + 1, end);
  const requestQuoteEnd = quoted(request, end);
  requestOpen = request + 1;
  requestClose = requestQuoteEnd - 1;
  requestEscaped = escaped;
  q = space(requestQuoteEnd, end);
  statusStart = q;
  statusEnd = q < 0 ? -1 : number(q, end);
  q = space(statusEnd, end);
  if (q < 0) return false;
  bytesStart = q;
  q = bytesEnd = number(q, end);
  if (q < 0 || (q < end && ld8(q) != C.SPACE)) return false;
  // The referer and user agent, or what a Common Log Format line has after its size.
  const referer = space(q, end);
  const refererEnd = quoted(referer, end);
  refererEscaped = escaped;
  const agent = space(refererEnd, end);
  let agentEnd = quoted(agent, end);
  agentEscaped = escaped;
  if (agentEnd >= 0 && agentEnd < end && ld8(agentEnd) != C.SPACE) agentEnd = -1;
  if (combined && agentEnd < 0) return false;
  lineMatched = true;
  if (agentEnd < 0) {
    refererOpen = refererClose = agentOpen = agentClose = -1;
  } else {
    refererOpen = referer + 1;
    refererClose = refererEnd - 1;
    agentOpen = agent + 1;
    agentClose = agentEnd - 1;
  }
  if (field == FIELD_REQUEST) {
    escaped = requestEscaped;
    return requestTarget(requestOpen, requestClose);
  }
  if (agentEnd < 0 || isNone(refererOpen, refererClose)) return false;
  fieldStart = refererOpen;
  fieldEnd = refererClose;
  fieldDeferred = refererEscaped;
  return true;
}

/** Whether the line [p, end) holds only spaces and tabs. */
export function isBlank(p: i32, end: i32): bool {
  for (; p < end; p++) {
    const c = ld8(p);
    if (c != C.SPACE && c != C.TAB) return false;
  }
  return true;
}
