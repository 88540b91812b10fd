// The URL field of an access-log line, found in the batch's bytes so that a
// log is parsed in one pass like a list of URLs (batch.ts), with no
// JavaScript split of each line first.
//
// Common Log Format, and Combined (Apache's and nginx's default):
//   host ident user [time] "METHOD target PROTOCOL" status bytes "referer" "user-agent"
// The request line is the first quoted string; the referer the next one.
// Inside quotes Apache writes a quote as \" (nginx as \x22), so a backslash
// escapes the byte after it (\\, \", \xHH): a field with an escape is left
// to the wrapper, which undoes them before parsing. A target without a PROTOCOL (HTTP/0.9 "GET /")
// ends at the quote; "-" or an empty string is no URL.

import { ld8 } from "./memory";
import * as C from "./charcode";
import { FIELD_REQUEST } from "./layout";

const QUOTE: i32 = 0x22;
const BACKSLASH: i32 = 0x5c;
const HYPHEN: i32 = 0x2d;

/** The field found by findField(): [fieldStart, fieldEnd), and whether its quoted string has a backslash escape. */
export let fieldStart: i32 = 0;
export let fieldEnd: i32 = 0;
export let fieldEscaped: bool = false;

/** The first quote in [p, end), or `end`. */
function openQuote(p: i32, end: i32): i32 {
  while (p < end && ld8(p) != QUOTE) p++;
  return p;
}

/** The quote that closes a string whose content starts at p (escapes skipped), or `end`. */
function closeQuote(p: i32, end: i32): i32 {
  while (p < end) {
    const c = ld8(p);
    if (c == QUOTE) return p;
    if (c == BACKSLASH) {
      fieldEscaped = true;
      p += 2;
    } else {
      p++;
    }
  }
  return end;
}

/**
 * Find `field` (FIELD_REQUEST or FIELD_REFERER) in the line [p, end); false
 * when the line has none (too few quoted strings, no target, or "-").
 */
export function findField(p: i32, end: i32, field: i32): bool {
  fieldEscaped = false;
  const open = openQuote(p, end);
  if (open == end) return false;
  const close = closeQuote(open + 1, end);
  let a = open + 1;
  let b = close;
  if (field == FIELD_REQUEST) {
    // The target: after the first space, up to the last one (before PROTOCOL) if there is another.
    while (a < b && ld8(a) != C.SPACE) a++;
    if (a == b) return false;
    a++;
    let last = b;
    while (last > a && ld8(last - 1) != C.SPACE) last--;
    if (last > a) b = last - 1;
  } else {
    if (close == end) return false;
    const next = openQuote(close + 1, end);
    if (next == end) return false;
    a = next + 1;
    fieldEscaped = false;
    b = closeQuote(a, end);
  }
  if (a == b || (b - a == 1 && ld8(a) == HYPHEN)) return false;
  fieldStart = a;
  fieldEnd = b;
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
