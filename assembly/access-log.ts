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

import { ld32, ld8, st32 } from "./memory";
import { find2 } from "./scan";
import * as C from "./charcode";
import {
  FIELD_REQUEST,
  LOG_AGENT,
  LOG_BYTES,
  LOG_CLIENT,
  LOG_IDENT,
  LOG_LINE,
  LOG_REFERER,
  LOG_REQUEST,
  LOG_STATUS,
  LOG_TIME,
  LOG_USER,
} from "./layout";

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

/**
 * Whether the line findField() last read matched the format. Then its
 * request, and where findField() was asked to keep them all its fields, are
 * in the record at LOG_LINE, for their keys (log-keys.ts): field f (layout.ts
 * LOG_*) as [start, end) at LOG_LINE + 8f, a quoted field inside its quotes,
 * the referer and agent -1 where the line has none (Common Log Format). The
 * request's parts have no slots: they are split from it.
 */
export let lineMatched: bool = false;
/** The quoted fields of that line with a backslash escape: bit LOG_* of each. */
export let lineEscapes: i32 = 0;

/** Field `f` (LOG_*) of the line findField() matched last: where it starts. */
export function lineFieldStart(f: i32): i32 {
  return ld32(LOG_LINE + (f << 3));
}

/** Where field `f` (LOG_*) ends. */
export function lineFieldEnd(f: i32): i32 {
  return ld32(LOG_LINE + (f << 3) + 4);
}

function setLineField(f: i32, start: i32, end: i32): void {
  st32(LOG_LINE + (f << 3), start);
  st32(LOG_LINE + (f << 3) + 4, end);
}

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
 * agent) or has no such field (no target, "-", "*"). With `keep`, a line that
 * matches leaves all its fields at LOG_LINE (lineMatched).
 */
export function findField(p: i32, end: i32, field: i32, combined: bool, keep: bool): bool {
  fieldDeferred = false;
  fieldAbsolute = false;
  lineMatched = false;
  const clientEnd = word(p, end);
  let q = space(clientEnd, end);
  const identEnd = q < 0 ? -1 : word(q, end);
  q = space(identEnd, end);
  const userEnd = q < 0 ? -1 : word(q, end);
  q = space(userEnd, end);
  if (q < 0 || ld8(q) != C.LEFT_BRACKET) return false;
  const timeStart = q + 1;
  const timeEnd = find2(timeStart, end, C.RIGHT_BRACKET, C.RIGHT_BRACKET);
  if (timeEnd == timeStart || timeEnd == end) return false;
  const request = space(timeEnd + 1, end);
  const requestEnd = quoted(request, end);
  const requestEscaped = escaped;
  const statusStart = space(requestEnd, end);
  const statusEnd = statusStart < 0 ? -1 : number(statusStart, end);
  const bytesStart = space(statusEnd, end);
  if (bytesStart < 0) return false;
  const bytesEnd = number(bytesStart, end);
  if (bytesEnd < 0 || (bytesEnd < end && ld8(bytesEnd) != C.SPACE)) return false;
  // The referer and user agent, or what a Common Log Format line has after its size.
  const referer = space(bytesEnd, end);
  const refererEnd = quoted(referer, end);
  const refererEscaped = escaped;
  const agent = space(refererEnd, end);
  let agentEnd = quoted(agent, end);
  const agentEscaped = escaped;
  if (agentEnd >= 0 && agentEnd < end && ld8(agentEnd) != C.SPACE) agentEnd = -1;
  if (combined && agentEnd < 0) return false;
  lineMatched = true;
  setLineField(LOG_REQUEST, request + 1, requestEnd - 1);
  if (keep) {
    setLineField(LOG_CLIENT, p, clientEnd);
    setLineField(LOG_IDENT, clientEnd + 1, identEnd);
    setLineField(LOG_USER, identEnd + 1, userEnd);
    setLineField(LOG_TIME, timeStart, timeEnd);
    setLineField(LOG_STATUS, statusStart, statusEnd);
    setLineField(LOG_BYTES, bytesStart, bytesEnd);
    lineEscapes = requestEscaped ? 1 << LOG_REQUEST : 0;
    if (agentEnd < 0) {
      setLineField(LOG_REFERER, -1, -1);
      setLineField(LOG_AGENT, -1, -1);
    } else {
      setLineField(LOG_REFERER, referer + 1, refererEnd - 1);
      setLineField(LOG_AGENT, agent + 1, agentEnd - 1);
      if (refererEscaped) lineEscapes |= 1 << LOG_REFERER;
      if (agentEscaped) lineEscapes |= 1 << LOG_AGENT;
    }
  }
  if (field == FIELD_REQUEST) {
    escaped = requestEscaped;
    return requestTarget(request + 1, requestEnd - 1);
  }
  if (agentEnd < 0 || isNone(referer + 1, refererEnd - 1)) return false;
  fieldStart = referer + 1;
  fieldEnd = refererEnd - 1;
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
