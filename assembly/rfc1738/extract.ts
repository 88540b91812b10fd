// URLs in running text: the scan behind extractUrls() (API.md section 6),
// after RFC 1738's appendix "Recommendations for URLs in Context".
//
// One pass over the text looks for the two bytes that can start a URL: "<"
// (a wrapper, "<URL:...>" or "<...>") and ":" (the end of a scheme name, for a
// bare URL). With SIMD, find2() tests 16 bytes at a time, and most of a mail or
// log text is skipped that way; everything else is decided at those bytes.
//
// The scheme names the wrapper accepts are handed in by the wrapper as a table
// (the kernel has no string data): the bytes of the "URL" prefix first, then
// each known scheme, each entry a length byte followed by lower-case bytes, and
// a zero length at the end.

import { ld8, st32 } from "../memory";
import { find2 } from "../scan";
import { isIn, isAsciiAlpha, isAsciiDigit, toLower, SCHEME_CHAR, URI_CHAR, C0_CONTROL_OR_SPACE } from "../tables";
import {
  LESS_THAN, GREATER_THAN, COLON, SLASH, DOT, COMMA, SEMICOLON, EXCLAMATION, QUESTION,
  LEFT_PAREN, RIGHT_PAREN, LEFT_BRACKET, RIGHT_BRACKET, CR, LF,
} from "../charcode";
import { resultField } from "../layout";
import * as R from "./records";

/** True when the `n` bytes at `p` equal the table entry at `entry`, ignoring ASCII case. */
function entryIs(entry: i32, p: i32, n: i32): bool {
  if (ld8(entry) != n) return false;
  for (let i = 0; i < n; i++) {
    if (toLower(ld8(p + i)) != ld8(entry + 1 + i)) return false;
  }
  return true;
}

/** The table entry after `entry`. */
function nextEntry(entry: i32): i32 {
  return entry + 1 + ld8(entry);
}

/** True when [s, e) is one of the known schemes of the table (its first entry is the prefix). */
function isKnownScheme(table: i32, s: i32, e: i32): bool {
  for (let t = nextEntry(table); ld8(t) != 0; t = nextEntry(t)) {
    if (entryIs(t, s, e - s)) return true;
  }
  return false;
}

/** The length of the longest scheme name in the table. */
function longestScheme(table: i32): i32 {
  let most = 0;
  for (let t = nextEntry(table); ld8(t) != 0; t = nextEntry(t)) {
    if (ld8(t) > most) most = ld8(t);
  }
  return most;
}

function isSpace(c: i32): bool {
  return isIn(c, C0_CONTROL_OR_SPACE);
}

/** Start of the text being scanned: records hold offsets from it. */
let origin: i32 = 0;

function emit(out: i32, matchStart: i32, urlStart: i32, urlEnd: i32, matchEnd: i32): void {
  st32(out + (R.EXTRACT_MATCH_START << 2), matchStart - origin);
  st32(out + (R.EXTRACT_URL_START << 2), urlStart - origin);
  st32(out + (R.EXTRACT_URL_END << 2), urlEnd - origin);
  st32(out + (R.EXTRACT_MATCH_END << 2), matchEnd - origin);
}

/** True when [p, e) holds something other than "/": "http://" alone is no URL. */
function hasBody(p: i32, e: i32): bool {
  for (let i = p; i < e; i++) if (ld8(i) != SLASH) return true;
  return false;
}

/**
 * The end of a bare URL that runs to `e`, less trailing sentence punctuation
 * ".", ",", ";", ":", "!", "?", and less closing brackets ")" and "]" that have
 * no opening partner inside the URL (so "(see http://a/b)" ends at "b", while
 * "http://a/wiki/Foo_(bar)" keeps its ")").
 */
function trimEnd(s: i32, e: i32): i32 {
  let parens = 0;
  let brackets = 0;
  for (let i = s; i < e; i++) {
    const c = ld8(i);
    if (c == LEFT_PAREN) parens++;
    else if (c == RIGHT_PAREN) parens--;
    else if (c == LEFT_BRACKET) brackets++;
    else if (c == RIGHT_BRACKET) brackets--;
  }
  while (e > s) {
    const c = ld8(e - 1);
    if (c == DOT || c == COMMA || c == SEMICOLON || c == COLON || c == EXCLAMATION || c == QUESTION) {
      e--;
    } else if (c == RIGHT_PAREN && parens < 0) {
      parens++;
      e--;
    } else if (c == RIGHT_BRACKET && brackets < 0) {
      brackets++;
      e--;
    } else {
      break;
    }
  }
  return e;
}

/**
 * A bare URL whose scheme ends at the ":" at `colon`: the scheme is a known one
 * and starts a word; the URL runs over RFC 3986 characters. Writes the record
 * and returns the end of the match, or returns 0.
 */
function bare(src: i32, colon: i32, end: i32, table: i32, longest: i32, out: i32): i32 {
  let s = colon;
  while (s > src && colon - s <= longest && isAsciiAlpha(ld8(s - 1))) s--;
  if (s == colon || colon - s > longest) return 0;
  if (s > src && isAsciiDigit(ld8(s - 1))) return 0;
  if (!isKnownScheme(table, s, colon)) return 0;
  let e = colon + 1;
  while (e < end && isIn(ld8(e), URI_CHAR)) e++;
  e = trimEnd(s, e);
  if (!hasBody(colon + 1, e)) return 0;
  emit(out, s, s, e, e);
  return e;
}

/**
 * A wrapped URL at the "<" at `lt`: "<URL:" and any scheme, or "<" and a known
 * scheme, then URL characters up to ">". "extra whitespace (spaces,
 * linebreaks, tabs, etc.) may need to be added to break long URLs across lines.
 * The whitespace should be ignored when extracting the URL": whitespace is
 * allowed where a line is broken (each run inside the URL must hold a line
 * break, which keeps "<a b: c d>" out) and around the URL inside the brackets.
 * Writes the record and returns the end of the match, or returns 0.
 */
function wrapped(lt: i32, end: i32, table: i32, out: i32): i32 {
  let p = lt + 1;
  const prefix = ld8(table);
  const hasPrefix = p + prefix < end && entryIs(table, p, prefix) && ld8(p + prefix) == COLON;
  if (hasPrefix) {
    p += prefix + 1;
    while (p < end && isSpace(ld8(p))) p++;
  }
  const s = p;
  while (p < end && isIn(ld8(p), SCHEME_CHAR)) p++;
  if (p == s || p >= end || ld8(p) != COLON) return 0;
  if (!hasPrefix && !isKnownScheme(table, s, p)) return 0;
  // The URL runs to the first ">"; "<" or any other character that is neither a
  // URL character nor whitespace means this was no wrapper.
  let urlEnd = p + 1;
  let spaceStart = -1;
  let lineBreak = false;
  let q = p + 1;
  while (q < end) {
    const c = ld8(q);
    if (c == GREATER_THAN) break;
    if (isSpace(c)) {
      if (spaceStart < 0) {
        spaceStart = q;
        lineBreak = false;
      }
      if (c == LF || c == CR) lineBreak = true;
    } else if (isIn(c, URI_CHAR)) {
      if (spaceStart >= 0 && !lineBreak) return 0;
      spaceStart = -1;
      urlEnd = q + 1;
    } else {
      return 0;
    }
    q++;
  }
  if (q >= end || !hasBody(p + 1, urlEnd)) return 0;
  emit(out, lt, s, urlEnd, q + 1);
  return q + 1;
}

/**
 * Find the URLs in the `len` bytes of text at `src`, starting at byte `from`,
 * with the prefix and scheme table at `table`. Writes up to `cap` records of
 * EXTRACT_FIELDS byte offsets to `out` and returns their number; RESULT field
 * EXTRACT_RESUME holds the offset to go on from when the list filled up.
 */
export function extract(src: i32, len: i32, from: i32, table: i32, out: i32, cap: i32): i32 {
  const end = src + len;
  const longest = longestScheme(table);
  origin = src;
  let p = src + from;
  let count = 0;
  while (count < cap) {
    const q = find2(p, end, LESS_THAN, COLON);
    if (q >= end) {
      p = end;
      break;
    }
    const record = out + count * R.EXTRACT_RECORD_BYTES;
    const next = ld8(q) == LESS_THAN ? wrapped(q, end, table, record) : bare(src, q, end, table, longest, record);
    if (next > 0) {
      count++;
      p = next;
    } else {
      p = q + 1;
    }
  }
  st32(resultField(R.EXTRACT_RESUME), p - src);
  return count;
}
