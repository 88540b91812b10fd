// URLs in running text: the scan behind extractUrls() (docs/api.md section 6),
// after RFC 1738's appendix "Recommendations for URLs in Context".
//
// One pass over the text looks for the two bytes that can start a URL: "<"
// (a wrapper, "<URL:...>" or "<...>") and ":" (the end of a scheme name, for a
// bare URL). Most of a mail or log text is skipped 16 bytes at a time with
// SIMD, or 8 at a time with word tricks in the scalar builds (findStart);
// everything else is decided at those two bytes.
//
// The names it matches (the "URL" prefix and the known schemes) are a table
// the wrapper writes, in the format of records.ts.

import { ld8, ld32, st32 } from "../memory";
import { find2 } from "../scan";
import { isIn, isAsciiAlpha, isAsciiDigit, toLower, SCHEME_CHAR, URI_CHAR, C0_CONTROL_OR_SPACE } from "../tables";
import {
  LESS_THAN,
  GREATER_THAN,
  COLON,
  SLASH,
  DOT,
  COMMA,
  SEMICOLON,
  EXCLAMATION,
  QUESTION,
  LEFT_PAREN,
  RIGHT_PAREN,
  LEFT_BRACKET,
  RIGHT_BRACKET,
  APOSTROPHE,
  CR,
  LF,
  ASTERISK,
  UNDERSCORE,
  TILDE,
  DELETE,
} from "../charcode";
import { resultField } from "../layout";
import * as R from "./records";
import { IRI_LETTER, IRI_PUNCTUATION, iriCharLength } from "./ucschar";

/** The lower-cased bytes [p + from, p + min(n, from + 4)) as one word of the name table. */
function pack(p: i32, n: i32, from: i32): i32 {
  let w = 0;
  for (let i = (n < from + 4 ? n : from + 4) - 1; i >= from; i--) w = (w << 8) | toLower(ld8(p + i));
  return w;
}

/** True when table entry `entry` is the name of length `n` packed as `w0`, `w1`. */
function entryIs(entry: i32, n: i32, w0: i32, w1: i32): bool {
  return ld32(entry) == n && ld32(entry + 4) == w0 && ld32(entry + 8) == w1;
}

/** True when the `n` bytes at `p` (n <= NAME_MAX) are the name of table entry `entry`, in any case. */
function isName(entry: i32, p: i32, n: i32): bool {
  return entryIs(entry, n, pack(p, n, 0), pack(p, n, 4));
}

/** True when [s, e) is one of the known schemes of the table (after its first entry, the prefix). */
function isKnownScheme(table: i32, s: i32, e: i32): bool {
  const n = e - s;
  if (n > R.NAME_MAX) return false;
  // Pack the candidate once; each entry is then three word compares.
  const w0 = pack(s, n, 0);
  const w1 = pack(s, n, 4);
  for (let t = table + R.NAME_ENTRY_BYTES; ld32(t) != 0; t += R.NAME_ENTRY_BYTES) {
    if (entryIs(t, n, w0, w1)) return true;
  }
  return false;
}

/** The length of the longest scheme name in the table. */
function longestScheme(table: i32): i32 {
  let most = 0;
  for (let t = table + R.NAME_ENTRY_BYTES; ld32(t) != 0; t += R.NAME_ENTRY_BYTES) {
    if (ld32(t) > most) most = ld32(t);
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

/** 0x01 in every byte of an i32, and 0x80 in every byte. */
const ONES: i32 = 0x01010101;
const HIGHS: i32 = ~0x7f7f7f7f;
const COLONS: i32 = COLON * ONES;
const LESS_THANS: i32 = LESS_THAN * ONES;

/**
 * The high bit of each byte of `x` that may be zero: (x - 0x01010101) & ~x has
 * a high bit set in some byte exactly when x has a zero byte. XOR with a
 * repeated byte first turns the bytes equal to it to zero. (In the JS build
 * the difference is exact and "&" takes it back to 32 bits, as the WASM i32
 * subtraction wraps.)
 */
function zeroBytes(x: i32): i32 {
  return (x - ONES) & ~x;
}

/** True when one of the four bytes of `w` is "<" or ":". */
function hasStart(w: i32): bool {
  return ((zeroBytes(w ^ COLONS) | zeroBytes(w ^ LESS_THANS)) & HIGHS) != 0;
}

/**
 * The next "<" or ":" in [p, end), or `end`. The SIMD build compares 16 bytes
 * at a time (find2); the scalar builds test four bytes per step with one
 * aligned word load, where a byte loop would load and test each byte alone
 * (bench/extract.mjs measures it).
 */
function findStart(p: i32, end: i32): i32 {
  if (!ASC_FEATURE_SIMD) {
    while (p < end && (p & 3) != 0) {
      const c = ld8(p);
      if (c == LESS_THAN || c == COLON) return p;
      p++;
    }
    while (p + 8 <= end && !hasStart(ld32(p)) && !hasStart(ld32(p + 4))) p += 8;
  }
  return find2(p, end, LESS_THAN, COLON);
}

/** True when [p, e) holds something other than "/": "http://" alone is no URL. */
function hasBody(p: i32, e: i32): bool {
  for (let i = p; i < e; i++) if (ld8(i) != SLASH) return true;
  return false;
}

/** Sentence punctuation and Markdown emphasis, left out at the end of a bare URL. */
function isTrailingPunctuation(c: i32): bool {
  return (
    c == DOT ||
    c == COMMA ||
    c == SEMICOLON ||
    c == COLON ||
    c == EXCLAMATION ||
    c == QUESTION ||
    c == ASTERISK ||
    c == UNDERSCORE ||
    c == TILDE
  );
}

/**
 * The end of a bare URL [s, e) in the text from `src`, less trailing sentence
 * punctuation ".", ",", ";", ":", "!", "?", less closing brackets ")" and "]"
 * that have no opening partner inside the URL (so "(see http://a/b)" ends at
 * "b", while "http://a/wiki/Foo_(bar)" keeps its ")"), less a "'" that
 * closes one just before the URL ('http://a/b'), and less the Markdown
 * emphasis "*", "_" and "~" ("**http://a/b**"), which GitHub Flavored
 * Markdown leaves out of its autolinks as it does trailing punctuation.
 */
function trimEnd(src: i32, s: i32, e: i32): i32 {
  const quoted = s > src && ld8(s - 1) == APOSTROPHE;
  while (e > s) {
    const c = ld8(e - 1);
    if (isTrailingPunctuation(c)) {
      e--;
    } else if ((c == APOSTROPHE && quoted) || (c == RIGHT_PAREN && unclosed(s, e, LEFT_PAREN, RIGHT_PAREN))) {
      e--;
    } else if (c == RIGHT_BRACKET && unclosed(s, e, LEFT_BRACKET, RIGHT_BRACKET)) {
      e--;
    } else {
      break;
    }
  }
  return e;
}

/** True when [s, e) holds more `close` than `open` bytes. */
function unclosed(s: i32, e: i32, open: i32, close: i32): bool {
  let depth = 0;
  for (let i = s; i < e; i++) {
    const c = ld8(i);
    if (c == open) depth++;
    else if (c == close) depth--;
  }
  return depth < 0;
}

/**
 * A bare URL whose scheme ends at the ":" at `colon`: the scheme is a known one
 * and starts a word; the URL runs over RFC 3986 characters and the non-ASCII
 * letters of IRIs (RFC 3987). Writes the record and returns the end of the
 * match, or returns 0.
 */
function bare(src: i32, colon: i32, end: i32, table: i32, longest: i32, out: i32): i32 {
  let s = colon;
  while (s > src && colon - s <= longest && isAsciiAlpha(ld8(s - 1))) s--;
  if (s == colon || colon - s > longest) return 0;
  if (s > src && isAsciiDigit(ld8(s - 1))) return 0;
  if (!isKnownScheme(table, s, colon)) return 0;
  let e = colon + 1;
  while (e < end && isIn(ld8(e), URI_CHAR)) e++;
  if (e < end && ld8(e) >= 0x80) e = iriEnd(e, end);
  e = trimEnd(src, s, e);
  if (!hasBody(colon + 1, e)) return 0;
  emit(out, s, s, e, e);
  return e;
}

/**
 * The end of the run of URI characters and IRI letters from `p`. Kept apart
 * from the ASCII loop of bare(): most URLs are ASCII, and that loop stays a
 * table test per byte.
 */
function iriEnd(p: i32, end: i32): i32 {
  while (p < end) {
    const c = ld8(p);
    const n = c < 0x80 ? (isIn(c, URI_CHAR) ? 1 : 0) : iriCharLength(p, end, IRI_LETTER);
    if (n == 0) break;
    p += n;
  }
  return p;
}

/** The end of the scheme characters from `p`. */
function skipScheme(p: i32, end: i32): i32 {
  while (p < end && isIn(ld8(p), SCHEME_CHAR)) p++;
  return p;
}

/**
 * The end of a scheme name after "<URL:", which a line break may split like
 * any other part of the URL ("<URL:ht⏎tp://...>"): whitespace holding a line
 * break is skipped when scheme characters or the ":" follow it. A scheme
 * without the prefix must be a known one, spelled out in one piece.
 */
function schemeAcrossLines(p: i32, end: i32): i32 {
  p = skipScheme(p, end);
  while (p < end && isSpace(ld8(p))) {
    let q = p;
    let lineBreak = false;
    while (q < end && isSpace(ld8(q))) {
      const c = ld8(q++);
      if (c == LF || c == CR) lineBreak = true;
    }
    if (!lineBreak || q >= end || !(isIn(ld8(q), SCHEME_CHAR) || ld8(q) == COLON)) return p;
    p = skipScheme(q, end);
  }
  return p;
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
  const prefix = ld32(table);
  const hasPrefix = p + prefix < end && isName(table, p, prefix) && ld8(p + prefix) == COLON;
  if (hasPrefix) {
    p += prefix + 1;
    while (p < end && isSpace(ld8(p))) p++;
  }
  const s = p;
  p = hasPrefix ? schemeAcrossLines(p, end) : skipScheme(p, end);
  // scheme = ialpha: a letter first, as everywhere in swurl (validate.ts).
  if (p == s || !isAsciiAlpha(ld8(s)) || p >= end || ld8(p) != COLON) return 0;
  if (!hasPrefix && !isKnownScheme(table, s, p)) return 0;
  // The URL runs to the first ">" over any visible character but "<": ASCII
  // ones, IRI letters and punctuation (ucschar, RFC 3987). Anything else means
  // this was no wrapper.
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
    } else {
      const n = c < 0x80 ? (c != LESS_THAN && c != DELETE ? 1 : 0) : iriCharLength(q, end, IRI_PUNCTUATION);
      if (n == 0 || (spaceStart >= 0 && !lineBreak)) return 0;
      spaceStart = -1;
      q += n;
      urlEnd = q;
      continue;
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
    const q = findStart(p, end);
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
