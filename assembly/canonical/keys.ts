// The keys of the "normalize-url" (default options) and "crawlee" profiles
// (src/canonical/normalize-url.ts, crawlee.ts), written in one pass over the
// href that parse() left and its record at RESULT: no string of the href, no
// URL object and no string a component in the wrapper, only the key's bytes.
// Each rule below is the one its profile states; where a URL needs a step
// these do not take (a "%" in normalize-url's query, a domain with a trailing
// dot, ...), crawlerKey() returns NONE and the profile takes the URL whole.

import { copy, copyAhead, equalBytes, ld32, ld8, ldu32, st32, st8, word } from "../memory";
import { lastParseRemovedTabs } from "../core";
import * as L from "../layout";
import { EXTRA, FORM_URLENCODED_SET, NORMALIZE_URL_QUERY_STOP, PATH_SET, RESERVED } from "../classes";
import { hexValue, isAsciiAlpha, isAsciiDigit, isHexDigit, isIn, toLower } from "../tables";
import { writeEscape } from "../percent";
import { find2 } from "../scan";
import {
  AMPERSAND,
  BACKSLASH,
  COLON,
  COMMA,
  DOLLAR,
  DOT,
  EQUALS,
  HASH,
  HYPHEN,
  LEFT_BRACKET,
  PERCENT,
  PIPE,
  PLUS,
  QUESTION,
  RIGHT_BRACKET,
  SLASH,
  SPACE,
  TILDE,
  UNDERSCORE,
} from "../charcode";

/**
 * Copy `n` bytes from `src` to `dst`, which do not overlap (either may come
 * first), writing up to 15 bytes past `dst + n`: copyAhead() with SIMD, 8
 * bytes at a time in scalar WASM (the parts of a key are short, and for them
 * a call of memory.copy costs more than the loop), copy() in the JS build
 * (copyWithin costs less than a loop of ld8() and st8() there).
 */
function copyBytes(dst: i32, src: i32, n: i32): void {
  if (ASC_FEATURE_SIMD) copyAhead(dst, src, n);
  else if (ASC_TARGET != 0) for (let i = 0; i < n; i += 8) store<i64>(<usize>(dst + i), load<i64>(<usize>(src + i)));
  else copy(dst, src, n);
}

function field(i: i32): i32 {
  return ld32(L.resultField(i));
}

/** The decoded byte at `p` (before `end`) and how many bytes it takes, as (length << 8) | byte. */
function formByteAt(p: i32, end: i32): i32 {
  const b = ld8(p);
  if (b == PLUS) return (1 << 8) | SPACE;
  // #percent-decode: a "%" not followed by two hex digits is itself.
  if (b == PERCENT && p + 2 < end && isHexDigit(ld8(p + 1)) && isHexDigit(ld8(p + 2)))
    return (3 << 8) | ((hexValue(ld8(p + 1)) << 4) | hexValue(ld8(p + 2)));
  return (1 << 8) | b;
}

// --- normalize-url -------------------------------------------------------------

/**
 * What its path steps write for the escape of byte `b` in a special URL's
 * path: decodeURI decodes it, unless it is "%" or one of ";/?:@&=+$,#" (and
 * it writes "\" as "%5C"), and the pathname setter escapes again what the
 * path percent-encode set holds; an escape that stays is upper-cased. -1
 * where the escape stays, -2 for the bytes left to the profile's own steps:
 * "." (which could make a dot segment), controls, DEL and non-ASCII.
 */
function pathEscapeOut(b: i32): i32 {
  if (b < SPACE || b >= 0x7f || b == DOT) return -2;
  // The path percent-encode set, ";/?:@&=", "+", "$", ",", "%" and "\".
  if (isIn(b, PATH_SET | RESERVED) || b == PLUS || b == DOLLAR || b == COMMA || b == PERCENT || b == BACKSLASH)
    return -1;
  return b;
}

/**
 * Where the first "%" or "//" in [p, end) starts, or `end` (maybe a little
 * before it, where a "/" ends the range: the caller then looks closer). With
 * SIMD, 16 bytes at a time, each compared with the one after it too; the
 * loads reach up to 16 bytes past `end`, which the arena keeps readable
 * (scan.ts).
 */
function findEscapeOrDoubleSlash(p: i32, end: i32): i32 {
  if (ASC_FEATURE_SIMD) {
    const slash = i8x16.splat(<i8>SLASH);
    const percent = i8x16.splat(<i8>PERCENT);
    while (true) {
      const v = v128.load(<usize>p);
      const next = v128.load(<usize>(p + 1));
      let m = i8x16.bitmask(v128.or(i8x16.eq(v, percent), v128.and(i8x16.eq(v, slash), i8x16.eq(next, slash))));
      const left = end - p;
      if (left < 16) m |= -1 << left;
      if (m != 0) return p + ctz<i32>(m);
      p += 16;
    }
  }
  if (ASC_TARGET != 0) {
    // Scalar WASM: 8 bytes at a time, the bytes that are "%" or "/" found as
    // the zero bytes of the word XOR that byte repeated.
    for (; p + 8 <= end; p += 8) {
      const v = load<i64>(<usize>p);
      const slashes = zeroBytes(v ^ SLASHES) & zeroBytes(load<i64>(<usize>(p + 1)) ^ SLASHES);
      if ((zeroBytes(v ^ PERCENTS) | slashes) != 0) break;
    }
  }
  for (; p < end; p++) {
    const c = ld8(p);
    if (c == PERCENT || (c == SLASH && ld8(p + 1) == SLASH)) return p;
  }
  return end;
}

// A byte in each of the eight bytes of an i64, written as two halves: a
// literal of 16 hex digits is more than a JS number holds exactly, which the
// linter refuses. Constant expressions, which asc folds.
const SLASHES: i64 = ((<i64>0x2f2f2f2f) << 32) | 0x2f2f2f2f;
const PERCENTS: i64 = ((<i64>0x25252525) << 32) | 0x25252525;
const LOW7: i64 = ((<i64>0x7f7f7f7f) << 32) | 0x7f7f7f7f;

/** The high bit of each byte of `x` that is zero, the other bits clear. */
function zeroBytes(x: i64): i64 {
  return ~(((x & LOW7) + LOW7) | x) & ~LOW7;
}

/**
 * The path from `start` to `end` (the href's) at `dst` after its steps with
 * the default options: escapes as pathEscapeOut() writes them, runs of "/"
 * merged into one. NONE where a step has more to do: an escape of a byte
 * pathEscapeOut() leaves, a "%" that starts no escape, "//" in a path with a
 * ":" (it may be a scheme's "://", which the merge keeps). A path without
 * "%" and "//" (most) is copied whole.
 */
function normalizeUrlPath(start: i32, end: i32, dst: i32): i32 {
  const first = findEscapeOrDoubleSlash(start, end);
  copyBytes(dst, start, first - start);
  dst += first - start;
  let colon = false;
  let merged = false;
  for (let p = first; p < end; p++) {
    const c = ld8(p);
    if (c == PERCENT) {
      if (p + 2 >= end || !isHexDigit(ld8(p + 1)) || !isHexDigit(ld8(p + 2))) return L.NONE;
      const b = (hexValue(ld8(p + 1)) << 4) | hexValue(ld8(p + 2));
      const out = pathEscapeOut(b);
      if (out == -2) return L.NONE;
      if (out == -1) dst = writeEscape(dst, b);
      else {
        st8(dst, out);
        dst++;
      }
      p += 2;
      continue;
    }
    // The path starts with "/" at `start`: the byte before is the host's or the port's.
    if (c == SLASH && p > start && ld8(p - 1) == SLASH) {
      merged = true;
      continue;
    }
    if (c == COLON) colon = true;
    st8(dst, c);
    dst++;
  }
  if (merged && (colon || find2(start, first, COLON, COLON) < first)) return L.NONE;
  return dst;
}

/** [0-9a-z-] */
function isLabelByte(c: i32): bool {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c == HYPHEN;
}

/** "www." at `p` */
function isWww(p: i32): bool {
  return ldu32(p) == word(0x77, 0x77, 0x77, DOT);
}

/**
 * stripWWW's test, /^www\.(?!www\.)[\d\-a-z]{1,63}\.[\d\-.a-z]{2,63}$/, on
 * the host from `start` to `end`.
 */
function strippableWww(start: i32, end: i32): bool {
  if (end - start < 4 || !isWww(start) || (end - start >= 8 && isWww(start + 4))) return false;
  let p = start + 4;
  while (p < end && isLabelByte(ld8(p))) p++;
  const rest = end - p - 1;
  if (p == start + 4 || p > start + 67 || p >= end || ld8(p) != DOT || rest < 2 || rest > 63) return false;
  for (p++; p < end; p++) {
    const c = ld8(p);
    if (c != DOT && !isLabelByte(c)) return false;
  }
  return true;
}

/** Where a text fragment directive (/:~:text=/i) starts in [from, to), or `to`. */
function textDirective(from: i32, to: i32): i32 {
  for (let p = find2(from, to, COLON, COLON); p + 8 <= to; p = find2(p + 1, to, COLON, COLON)) {
    // ":~:", "text" in any case (| 0x20 maps only "T" to "t", and so on), "=".
    if (
      (ldu32(p) & 0xffffff) == word(COLON, TILDE, COLON, 0) &&
      (ldu32(p + 3) | 0x20202020) == word(0x74, 0x65, 0x78, 0x74) &&
      ld8(p + 7) == EQUALS
    )
      return p;
  }
  return to;
}

/** The hex digits of every escape in [p, end) upper-cased, in place (RFC 3986 section 6.2.2.1). */
function upperCaseEscapes(p: i32, end: i32): void {
  for (p = find2(p, end, PERCENT, PERCENT); p < end; p = find2(p, end, PERCENT, PERCENT)) {
    if (p + 2 < end && isHexDigit(ld8(p + 1)) && isHexDigit(ld8(p + 2))) {
      st8(p + 1, toUpper(ld8(p + 1)));
      st8(p + 2, toUpper(ld8(p + 2)));
      p += 3;
    } else p++;
  }
}

/** ASCII upper case of a letter or digit. */
function toUpper(c: i32): i32 {
  return c >= 0x61 ? c - 0x20 : c;
}

// --- The query ---------------------------------------------------------------------

/** \w: [0-9A-Za-z_] */
function isWordByte(c: i32): bool {
  return isAsciiAlpha(c) || isAsciiDigit(c) || c == UNDERSCORE;
}

/**
 * Whether the name from `start` to `end`, decoded, is a tracking parameter:
 * for normalize-url (its default removeQueryParameters) it matches
 * /^utm_\w+/i, for crawlee it starts with "utm_".
 */
function isTracking(start: i32, end: i32, crawlee: bool): bool {
  let p = start;
  for (let i = 0; i < 5; i++) {
    if (p >= end) return i == 4 && crawlee;
    const d = formByteAt(p, end);
    const c = d & 0xff;
    p += d >> 8;
    if (i == 4) return crawlee || isWordByte(c);
    // "utm_", a byte of the word at a time; normalize-url's letters in any case.
    const letter = crawlee || i == 3 ? c : c | 0x20;
    if (letter != ((word(0x75, 0x74, 0x6d, UNDERSCORE) >> (i << 3)) & 0xff)) return false;
  }
  return true;
}

/** Whether every escape from `start` to `end` decodes to ASCII (both profiles decode the others as UTF-8). */
function asciiEscapes(start: i32, end: i32): bool {
  for (let p = start; p < end; ) {
    const d = formByteAt(p, end);
    if ((d & 0xff) >= 0x80) return false;
    p += d >> 8;
  }
  return true;
}

/** The order of two names by their decoded bytes (UTF-16 code units, as URLSearchParams#sort compares them: all ASCII here). */
function compareNames(a: i32, aEnd: i32, b: i32, bEnd: i32): i32 {
  while (a < aEnd && b < bEnd) {
    const x = formByteAt(a, aEnd);
    const y = formByteAt(b, bEnd);
    if ((x & 0xff) != (y & 0xff)) return (x & 0xff) - (y & 0xff);
    a += x >> 8;
    b += y >> 8;
  }
  return (a < aEnd ? 1 : 0) - (b < bEnd ? 1 : 0);
}

/** ":/?#[]@!$&'()*+,;=": the escapes normalize-url's query round trip keeps as they are (upper-cased). */
function isReservedEscape(b: i32): bool {
  return isIn(b, RESERVED | EXTRA) || b == HASH || b == LEFT_BRACKET || b == RIGHT_BRACKET || b == DOLLAR || b == PLUS;
}

/**
 * A name (`name`) or value from `start` to `end` at `dst`, decoded and
 * written back as its profile does. Crawlee: the
 * application/x-www-form-urlencoded serializer (a space as "+"). normalize-url:
 * an escape of a reserved character kept (upper-cased); the other bytes as
 * URLSearchParams, decodeURIComponent and the search setter leave them (the
 * special-query percent-encode set, "#", "%", "&", "+" and "?" escaped), a
 * space as "+" in a value and "%20" in a name.
 */
function writePart(start: i32, end: i32, dst: i32, crawlee: bool, name: bool): i32 {
  for (let p = start; p < end; ) {
    const d = formByteAt(p, end);
    const b = d & 0xff;
    if (!crawlee && d >> 8 == 3 && isReservedEscape(b)) {
      st8(dst, PERCENT);
      st8(dst + 1, toUpper(ld8(p + 1)));
      st8(dst + 2, toUpper(ld8(p + 2)));
      dst += 3;
      p += 3;
      continue;
    }
    p += d >> 8;
    let out = b;
    if (b == SPACE) out = name && !crawlee ? -1 : PLUS;
    else if (crawlee ? isIn(b, FORM_URLENCODED_SET) : b != EQUALS && isIn(b, NORMALIZE_URL_QUERY_STOP)) out = -1;
    if (out == -1) dst = writeEscape(dst, b);
    else {
      st8(dst, out);
      dst++;
    }
  }
  return dst;
}

/** A parameter in queryKey()'s work area: its start, name end, end, and whether it is plain. */
const PARAM: i32 = L.KEY_PARAM_BYTES;

/**
 * The query from `from` to `to` (without "?") as the profile's key writes
 * it, at `dst` after a "?" (nothing where no parameter is left): empty
 * parameters dropped, the tracking ones removed (isTracking()), the rest
 * sorted by their decoded names (stable, as URLSearchParams#sort), each
 * name and value written back (writePart()). A parameter without "=":
 * crawlee writes "name=", normalize-url (emptyQueryValue "preserve") the
 * name alone; there, a parameter with an empty value is written "name=" but
 * where a parameter without "=" has its name, and such a query is left to
 * the profile. So is one with an escape of a non-ASCII byte. A plain
 * parameter (every byte written as it is) is copied whole. `work` holds
 * KEY_MAX_PARAMS parameters.
 */
function queryKey(from: i32, to: i32, dst: i32, work: i32, crawlee: bool): i32 {
  // The bytes that end a run copied as it is: "&", "=" and those written otherwise.
  const stop = crawlee ? FORM_URLENCODED_SET : NORMALIZE_URL_QUERY_STOP;
  let count = 0;
  let bare = false;
  let emptyValue = false;
  for (let start = from; start < to; ) {
    let end = start;
    let equals = L.NONE;
    let plain = true;
    for (; end < to; end++) {
      const c = ld8(end);
      if (!isIn(c, stop)) continue;
      if (c == AMPERSAND) break;
      if (c == EQUALS && (equals == L.NONE || !crawlee)) {
        if (equals == L.NONE) equals = end;
        continue;
      }
      plain = false;
    }
    const next = end + 1;
    if (end > start) {
      if (equals == L.NONE) {
        equals = end;
        bare = true;
      } else if (equals + 1 == end) emptyValue = true;
      if (!plain && !asciiEscapes(start, end)) return L.NONE;
      if (!isTracking(start, equals, crawlee)) {
        if (count == L.KEY_MAX_PARAMS) return L.NONE;
        // Insertion: stable, names compared where they lie.
        let i = count;
        for (; i > 0; i--) {
          const at = work + (i - 1) * PARAM;
          if (compareNames(ld32(at), ld32(at + 4), start, equals) <= 0) break;
          st32(at + PARAM, ld32(at));
          st32(at + PARAM + 4, ld32(at + 4));
          st32(at + PARAM + 8, ld32(at + 8));
          st32(at + PARAM + 12, ld32(at + 12));
        }
        const at = work + i * PARAM;
        st32(at, start);
        st32(at + 4, equals);
        st32(at + 8, end);
        st32(at + 12, plain ? 1 : 0);
        count++;
      }
    }
    start = next;
  }
  if (bare && emptyValue && !crawlee) return L.NONE;
  if (count == 0) return dst;
  st8(dst, QUESTION);
  dst++;
  for (let i = 0; i < count; i++) {
    const at = work + i * PARAM;
    const start = ld32(at);
    const equals = ld32(at + 4);
    const end = ld32(at + 8);
    if (i > 0) {
      st8(dst, AMPERSAND);
      dst++;
    }
    if (ld32(at + 12) != 0) {
      copyBytes(dst, start, end - start);
      dst += end - start;
    } else {
      dst = writePart(start, equals, dst, crawlee, true);
      if (equals < end) {
        st8(dst, EQUALS);
        dst++;
        // A second "=" is the value's: the form serializer escapes it, normalize-url keeps it.
        dst = writePart(equals + 1, end, dst, crawlee, false);
      }
    }
    // crawlee writes a parameter without "=" as "name=".
    if (equals == end && crawlee) {
      st8(dst, EQUALS);
      dst++;
    }
  }
  return dst;
}

// --- The keys ---------------------------------------------------------------------

/**
 * normalize-url with its default options, on an http(s) or file URL without
 * userinfo whose host has no trailing dot: the href less "www." (stripWWW),
 * its path's escapes decoded or upper-cased and "//" merged, the trailing "/"
 * removed (removeTrailingSlash; the root path's "/" too with a host and
 * nothing after it, removeSingleSlash), the query's tracking parameters
 * removed and the rest sorted, a text fragment directive removed from the
 * fragment and its escapes upper-cased.
 */
function normalizeUrlKey(href: i32, dst: i32, work: i32): i32 {
  const scheme = L.schemeOf(field(L.URL_FLAGS));
  const file = scheme == L.SCHEME_FILE;
  if (!file && scheme != L.SCHEME_HTTP && scheme != L.SCHEME_HTTPS) return L.NONE;
  const hrefEnd = href + field(L.URL_HREF_END);
  const hostStart = href + field(L.URL_HOST_START);
  const hostEnd = href + field(L.URL_HOST_END);
  if (hostStart != href + field(L.URL_SCHEME_END) + 3 || ld8(hostEnd - 1) == DOT) return L.NONE;
  const queryField = field(L.URL_QUERY_START);
  const fragmentField = field(L.URL_FRAGMENT_START);
  const queryEnd = fragmentField == L.NONE ? hrefEnd : href + fragmentField;
  const pathStart = href + field(L.URL_PATH_START);
  const pathEnd = queryField == L.NONE ? queryEnd : href + queryField;

  // The fragment, less a text fragment directive (stripTextFragment).
  const fragmentTo = fragmentField == L.NONE ? queryEnd : textDirective(queryEnd + 1, hrefEnd);

  const from = strippableWww(hostStart, hostEnd) ? hostStart + 4 : hostStart;
  copyBytes(dst, href, hostStart - href);
  dst += hostStart - href;
  copyBytes(dst, from, pathStart - from);
  dst += pathStart - from;
  const pathOut = dst;
  dst = normalizeUrlPath(pathStart, pathEnd, dst);
  if (dst == L.NONE) return L.NONE;
  // A file path's "|" takes the pathname setter (a Windows drive letter).
  if (file) for (let p = pathOut; p < dst; p++) if (ld8(p) == PIPE) return L.NONE;
  const singleSlash = dst - pathOut == 1 && ld8(pathOut) == SLASH;
  if (dst - pathOut > 1 && ld8(dst - 1) == SLASH) dst--;
  if (queryField != L.NONE) {
    dst = queryKey(href + queryField + 1, queryEnd, dst, work, false);
    if (dst == L.NONE) return L.NONE;
  }
  if (fragmentTo > queryEnd + 1) {
    st8(dst, HASH);
    copyBytes(dst + 1, queryEnd + 1, fragmentTo - queryEnd - 1);
    upperCaseEscapes(dst + 1, dst + fragmentTo - queryEnd);
    dst += fragmentTo - queryEnd;
  }
  // The root path's "/" with nothing after it, where the URL has a host.
  if (singleSlash && dst == pathOut + 1 && hostEnd > hostStart) dst--;
  return dst;
}

/**
 * Crawlee's normalizeUrl: protocol, "//", the host with its port (an opaque
 * one lower-cased), the path less one "/" at its end, the query's "utm_"
 * parameters removed and the rest sorted and written as
 * application/x-www-form-urlencoded, and the fragment with `keepFragment`.
 */
function crawleeKey(href: i32, dst: i32, work: i32, keepFragment: bool): i32 {
  const flags = field(L.URL_FLAGS);
  const hrefEnd = href + field(L.URL_HREF_END);
  const protocolEnd = href + field(L.URL_SCHEME_END) + 1;
  const hostField = field(L.URL_HOST_START);
  const queryField = field(L.URL_QUERY_START);
  const fragmentField = field(L.URL_FRAGMENT_START);
  const queryEnd = fragmentField == L.NONE ? hrefEnd : href + fragmentField;
  const pathStart = href + field(L.URL_PATH_START);
  const pathEnd = queryField == L.NONE ? queryEnd : href + queryField;
  const pathTo = pathEnd > pathStart && ld8(pathEnd - 1) == SLASH ? pathEnd - 1 : pathEnd;

  // The query first, after the parameters' triples: it may leave the URL to the profile.
  const query = work + L.KEY_MAX_PARAMS * PARAM;
  const queryTo = queryField == L.NONE ? query : queryKey(href + queryField + 1, queryEnd, query, work, true);
  if (queryTo == L.NONE) return L.NONE;

  copyBytes(dst, href, protocolEnd - href);
  let out = dst + (protocolEnd - href);
  st8(out, SLASH);
  st8(out + 1, SLASH);
  out += 2;
  // Without a host the path follows; with userinfo, the host follows it.
  const from = hostField == L.NONE ? pathStart : href + hostField;
  if (L.hostOf(flags) == L.HOST_OPAQUE) {
    const portEnd = href + field(L.URL_PORT_END);
    for (let p = from; p < portEnd; p++) {
      st8(out, toLower(ld8(p)));
      out++;
    }
    copyBytes(out, portEnd, pathTo - portEnd);
    out += pathTo - portEnd;
  } else {
    copyBytes(out, from, pathTo - from);
    out += pathTo - from;
  }
  copyBytes(out, query, queryTo - query);
  out += queryTo - query;
  if (keepFragment && fragmentField != L.NONE && queryEnd + 1 < hrefEnd) {
    copyBytes(out, queryEnd, hrefEnd - queryEnd);
    out += hrefEnd - queryEnd;
  }
  return out;
}

/** How many of the `n` bytes at `a` and at `b` are the same from the start (16 or 8 at a time in WASM). */
function commonPrefix(a: i32, b: i32, n: i32): i32 {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    for (; i + 16 <= n; i += 16) {
      const same = i8x16.bitmask(i8x16.eq(v128.load(<usize>(a + i)), v128.load(<usize>(b + i))));
      if (same != 0xffff) return i + ctz<i32>(~same);
    }
  } else if (ASC_TARGET != 0) {
    while (i + 8 <= n && load<i64>(<usize>(a + i)) == load<i64>(<usize>(b + i))) i += 8;
  }
  while (i < n && ld8(a + i) == ld8(b + i)) i++;
  return i;
}

/**
 * Where the key of `length` bytes at `dst` is the `inputLength` bytes of
 * the input at ARENA less one run of at most KEY_MAX_CUT ASCII bytes (or
 * less its end): URL_KEY_HEAD and URL_KEY_TAIL (layout.ts); else
 * URL_KEY_HEAD NONE. The bytes before the run are then ASCII too (they are
 * the key's), so that byte offsets are the input string's indices.
 */
function keyOfInput(dst: i32, length: i32, inputLength: i32): void {
  const head = commonPrefix(dst, L.ARENA, length < inputLength ? length : inputLength);
  let tail = head;
  if (head < length) {
    const rest = length - head;
    tail = L.NONE;
    for (let cut = 1; cut <= L.KEY_MAX_CUT && head + cut + rest <= inputLength; cut++) {
      if (ld8(L.ARENA + head + cut - 1) >= 0x80) break;
      if (equalBytes(dst + head, L.ARENA + head + cut, rest)) {
        tail = head + cut;
        break;
      }
    }
  }
  st32(L.resultField(L.URL_KEY_HEAD), tail == L.NONE ? L.NONE : head);
  st32(L.resultField(L.URL_KEY_TAIL), tail);
}

/**
 * The key of profile `key` (layout.ts KEY_*) of the URL whose href is at
 * `href` (its record at RESULT), parsed from the `inputLength` bytes at
 * ARENA, written at `dst`; `dst` and `work` each need room for
 * KEY_MAX_PARAMS * KEY_PARAM_BYTES + 3 * the
 * href's length + 16 bytes. Returns the key's end, or NONE where the
 * profile must take the URL itself. URL_KEY_HEAD and URL_KEY_TAIL tell
 * whether the key is made of the input (keyOfInput()).
 */
export function crawlerKey(inputLength: i32, href: i32, dst: i32, work: i32, key: i32): i32 {
  const end =
    key == L.KEY_NORMALIZE_URL
      ? normalizeUrlKey(href, dst, work)
      : crawleeKey(href, dst, work, key == L.KEY_CRAWLEE_FRAGMENT);
  // The input's bytes are as written unless the parser removed tabs or
  // newlines (an href that is the input is the input unedited).
  if (end != L.NONE && ((field(L.URL_FLAGS) & L.FLAG_HREF_IS_INPUT) != 0 || !lastParseRemovedTabs()))
    keyOfInput(dst, end - dst, inputLength);
  else st32(L.resultField(L.URL_KEY_HEAD), L.NONE);
  return end;
}
