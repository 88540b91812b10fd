// Character classes as one static table: CHAR_CLASS holds a u32 of class bits
// for each byte value, so every class test is one load and one AND.
// The table is built once by initTables() from the definitions below, which
// follow the wording of the specifications; the kernel has no static data
// segment (one source for WASM and JS, see memory.ts).

import { CHAR_CLASS } from "./layout";
import { ld32, st32 } from "./memory";
import * as C from "./charcode";
import {
  ALPHA,
  DIGIT,
  SAFE,
  EXTRA,
  NATIONAL,
  PUNCTUATION,
  RESERVED,
  HEX,
  UNRESERVED,
  RFC1738_ENCODE_SET,
  RFC3986_UNRESERVED,
  SCHEME_CHAR,
  C0_CONTROL_SET,
  FRAGMENT_SET,
  QUERY_SET,
  SPECIAL_QUERY_SET,
  PATH_SET,
  USERINFO_SET,
  COMPONENT_SET,
  FORM_URLENCODED_SET,
  NORMALIZE_URL_QUERY_STOP,
  FORBIDDEN_HOST,
  FORBIDDEN_DOMAIN,
  C0_CONTROL_OR_SPACE,
  TAB_OR_NEWLINE,
  URI_CHAR,
  PATH_SEGMENT_STOP,
  DOMAIN_STOP,
  PATH_STOP,
  SCHEME_STOP,
  isFormUrlencodedPlain,
} from "./classes";
export * from "./classes";

export function isIn(c: i32, set: i32): bool {
  return (ld32(CHAR_CLASS + (c << 2)) & set) != 0;
}

export function isHexDigit(c: i32): bool {
  return (ld32(CHAR_CLASS + (c << 2)) & HEX) != 0;
}

export function isAsciiAlpha(c: i32): bool {
  return (ld32(CHAR_CLASS + (c << 2)) & ALPHA) != 0;
}

export function isAsciiDigit(c: i32): bool {
  return c >= C.DIGIT_0 && c <= C.DIGIT_9;
}

/** The value of hex digit `c` (which must be one). */
export function hexValue(c: i32): i32 {
  if (c <= C.DIGIT_9) return c - C.DIGIT_0;
  return (c | 0x20) - C.LOWER_A + 10;
}

/** ASCII lower-case of byte `c`. */
export function toLower(c: i32): i32 {
  return c >= C.UPPER_A && c <= C.UPPER_Z ? c | 0x20 : c;
}

function add(c: i32, bits: i32): void {
  const p = CHAR_CLASS + (c << 2);
  st32(p, ld32(p) | bits);
}

/** An argument of addEach() left out. */
const NONE: i32 = -1;

/** Give each of up to eight bytes the bits `bits`, as the specifications list a set's members. */
function addEach(
  bits: i32,
  a: i32,
  b: i32,
  c: i32 = NONE,
  d: i32 = NONE,
  e: i32 = NONE,
  f: i32 = NONE,
  g: i32 = NONE,
  h: i32 = NONE,
): void {
  add(a, bits);
  add(b, bits);
  if (c != NONE) add(c, bits);
  if (d != NONE) add(d, bits);
  if (e != NONE) add(e, bits);
  if (f != NONE) add(f, bits);
  if (g != NONE) add(g, bits);
  if (h != NONE) add(h, bits);
}

function addRange(from: i32, to: i32, bits: i32): void {
  for (let c = from; c <= to; c++) add(c, bits);
}

/** Give every byte in the set `had` the bits `bits` too ("consisting of the X set and ..."). */
function extend(had: i32, bits: i32): void {
  for (let c = 0; c < 256; c++) if (isIn(c, had)) add(c, bits);
}

export function initTables(): void {
  for (let c = 0; c < 256; c++) st32(CHAR_CLASS + (c << 2), 0);

  // RFC 1738 section 5.
  addRange(C.LOWER_A, C.LOWER_Z, ALPHA | SCHEME_CHAR | RFC3986_UNRESERVED);
  addRange(C.UPPER_A, C.UPPER_Z, ALPHA | SCHEME_CHAR | RFC3986_UNRESERVED);
  addRange(C.DIGIT_0, C.DIGIT_9, DIGIT | HEX | SCHEME_CHAR | RFC3986_UNRESERVED);
  addRange(C.LOWER_A, C.LOWER_F, HEX);
  addRange(C.UPPER_A, C.UPPER_F, HEX);
  add(C.DOLLAR, SAFE);
  add(C.HYPHEN, SAFE | SCHEME_CHAR | RFC3986_UNRESERVED);
  add(C.UNDERSCORE, SAFE | RFC3986_UNRESERVED);
  add(C.DOT, SAFE | SCHEME_CHAR | RFC3986_UNRESERVED);
  add(C.PLUS, SAFE | SCHEME_CHAR);
  addEach(EXTRA, C.EXCLAMATION, C.ASTERISK, C.APOSTROPHE, C.LEFT_PAREN, C.RIGHT_PAREN, C.COMMA);
  addEach(NATIONAL, C.LEFT_BRACE, C.RIGHT_BRACE, C.PIPE, C.BACKSLASH, C.CARET);
  add(C.TILDE, NATIONAL | RFC3986_UNRESERVED);
  addEach(NATIONAL, C.LEFT_BRACKET, C.RIGHT_BRACKET, C.BACKTICK);
  addEach(PUNCTUATION, C.LESS_THAN, C.GREATER_THAN, C.HASH, C.PERCENT, C.QUOTE);
  addEach(RESERVED, C.SEMICOLON, C.SLASH, C.QUESTION, C.COLON, C.AT, C.AMPERSAND, C.EQUALS);
  for (let c = 0; c < 256; c++) {
    if (!isIn(c, UNRESERVED | RESERVED)) add(c, RFC1738_ENCODE_SET);
  }

  // "C0 controls and all code points greater than U+007E (~)"; bytes 0x80 and
  // up only occur in the UTF-8 of such code points.
  addRange(0x00, 0x1f, C0_CONTROL_SET);
  addRange(C.DELETE, 0xff, C0_CONTROL_SET);
  // fragment: C0 control set and U+0020 SPACE, U+0022 ("), U+003C (<), U+003E (>), and U+0060 (`).
  extend(C0_CONTROL_SET, FRAGMENT_SET);
  addEach(FRAGMENT_SET, C.SPACE, C.QUOTE, C.LESS_THAN, C.GREATER_THAN, C.BACKTICK);
  // query: C0 control set and U+0020 SPACE, U+0022 ("), U+0023 (#), U+003C (<), and U+003E (>).
  extend(C0_CONTROL_SET, QUERY_SET);
  addEach(QUERY_SET, C.SPACE, C.QUOTE, C.HASH, C.LESS_THAN, C.GREATER_THAN);
  // special-query: query set and U+0027 (').
  extend(QUERY_SET, SPECIAL_QUERY_SET);
  add(C.APOSTROPHE, SPECIAL_QUERY_SET);
  // path: query set and U+003F (?), U+005E (^), U+0060 (`), U+007B ({), and U+007D (}).
  extend(QUERY_SET, PATH_SET);
  addEach(PATH_SET, C.QUESTION, C.CARET, C.BACKTICK, C.LEFT_BRACE, C.RIGHT_BRACE);
  // userinfo: path set and U+002F (/), U+003A (:), U+003B (;), U+003D (=), U+0040 (@),
  // U+005B ([) to U+005D (]), inclusive, and U+007C (|).
  extend(PATH_SET, USERINFO_SET);
  addEach(USERINFO_SET, C.SLASH, C.COLON, C.SEMICOLON, C.EQUALS, C.AT, C.PIPE);
  addRange(C.LEFT_BRACKET, C.RIGHT_BRACKET, USERINFO_SET);
  // component: userinfo set and U+0024 ($) to U+0026 (&), inclusive, U+002B (+), and U+002C (,).
  extend(USERINFO_SET, COMPONENT_SET);
  addRange(C.DOLLAR, C.AMPERSAND, COMPONENT_SET);
  addEach(COMPONENT_SET, C.PLUS, C.COMMA);
  // application/x-www-form-urlencoded: "the component percent-encode set and
  // U+0021 (!), U+0027 (') to U+0029 RIGHT PARENTHESIS, inclusive, and U+007E
  // (~)", made from the complement the note lists, which the wrapper uses too
  // (classes.ts); test/helpers/encode-sets.ts checks it against this definition.
  for (let c = 0; c < 256; c++) if (!isFormUrlencodedPlain(c)) add(c, FORM_URLENCODED_SET);
  // The "normalize-url" profile's query key (canonical/keys.ts): the special-query set, "&", "=", "%", "+" and "?".
  extend(SPECIAL_QUERY_SET, NORMALIZE_URL_QUERY_STOP);
  addEach(NORMALIZE_URL_QUERY_STOP, C.AMPERSAND, C.EQUALS, C.PERCENT, C.PLUS, C.QUESTION);

  // forbidden host code point: U+0000 NULL, U+0009 TAB, U+000A LF, U+000D CR, U+0020 SPACE,
  // U+0023 (#), U+002F (/), U+003A (:), U+003C (<), U+003E (>), U+003F (?), U+0040 (@),
  // U+005B ([), U+005C (\), U+005D (]), U+005E (^), or U+007C (|).
  addEach(FORBIDDEN_HOST, 0x00, C.TAB, C.LF, C.CR, C.SPACE, C.HASH, C.SLASH, C.COLON);
  addEach(FORBIDDEN_HOST, C.LESS_THAN, C.GREATER_THAN, C.QUESTION, C.AT, C.PIPE);
  addRange(C.LEFT_BRACKET, C.CARET, FORBIDDEN_HOST);
  // forbidden domain code point: a forbidden host code point, a C0 control, U+0025 (%), or U+007F DELETE.
  extend(FORBIDDEN_HOST, FORBIDDEN_DOMAIN);
  addRange(0x00, 0x1f, FORBIDDEN_DOMAIN);
  addEach(FORBIDDEN_DOMAIN, C.PERCENT, C.DELETE);

  // #c0-control-or-space and #ascii-tab-or-newline.
  addRange(0x00, C.SPACE, C0_CONTROL_OR_SPACE);
  addEach(TAB_OR_NEWLINE, C.TAB, C.LF, C.CR);

  // RFC 3986 section 2: unreserved, gen-delims ":" / "/" / "?" / "#" / "[" / "]" / "@",
  // sub-delims "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=", and "%".
  extend(RFC3986_UNRESERVED, URI_CHAR);
  extend(RESERVED, URI_CHAR);
  extend(EXTRA, URI_CHAR);
  addEach(URI_CHAR, C.HASH, C.LEFT_BRACKET, C.RIGHT_BRACKET, C.DOLLAR, C.PLUS, C.PERCENT);

  extend(PATH_SET, PATH_SEGMENT_STOP);
  addEach(PATH_SEGMENT_STOP, C.SLASH, C.BACKSLASH);
  extend(FORBIDDEN_DOMAIN, DOMAIN_STOP);
  addRange(C.UPPER_A, C.UPPER_Z, DOMAIN_STOP);
  addRange(0x80, 0xff, DOMAIN_STOP);
  extend(PATH_SET, PATH_STOP);
  addEach(PATH_STOP, C.BACKSLASH, C.DOT, C.PERCENT);
  for (let c = 0; c < 256; c++) if (!isIn(c, SCHEME_CHAR)) add(c, SCHEME_STOP);
}
