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
  add(C.EXCLAMATION, EXTRA);
  add(C.ASTERISK, EXTRA);
  add(C.APOSTROPHE, EXTRA);
  add(C.LEFT_PAREN, EXTRA);
  add(C.RIGHT_PAREN, EXTRA);
  add(C.COMMA, EXTRA);
  add(C.LEFT_BRACE, NATIONAL);
  add(C.RIGHT_BRACE, NATIONAL);
  add(C.PIPE, NATIONAL);
  add(C.BACKSLASH, NATIONAL);
  add(C.CARET, NATIONAL);
  add(C.TILDE, NATIONAL | RFC3986_UNRESERVED);
  add(C.LEFT_BRACKET, NATIONAL);
  add(C.RIGHT_BRACKET, NATIONAL);
  add(C.BACKTICK, NATIONAL);
  add(C.LESS_THAN, PUNCTUATION);
  add(C.GREATER_THAN, PUNCTUATION);
  add(C.HASH, PUNCTUATION);
  add(C.PERCENT, PUNCTUATION);
  add(C.QUOTE, PUNCTUATION);
  add(C.SEMICOLON, RESERVED);
  add(C.SLASH, RESERVED);
  add(C.QUESTION, RESERVED);
  add(C.COLON, RESERVED);
  add(C.AT, RESERVED);
  add(C.AMPERSAND, RESERVED);
  add(C.EQUALS, RESERVED);
  for (let c = 0; c < 256; c++) {
    if (!isIn(c, UNRESERVED | RESERVED)) add(c, RFC1738_ENCODE_SET);
  }

  // "C0 controls and all code points greater than U+007E (~)"; bytes 0x80 and
  // up only occur in the UTF-8 of such code points.
  addRange(0x00, 0x1f, C0_CONTROL_SET);
  addRange(C.DELETE, 0xff, C0_CONTROL_SET);
  // fragment: C0 control set and U+0020 SPACE, U+0022 ("), U+003C (<), U+003E (>), and U+0060 (`).
  extend(C0_CONTROL_SET, FRAGMENT_SET);
  add(C.SPACE, FRAGMENT_SET);
  add(C.QUOTE, FRAGMENT_SET);
  add(C.LESS_THAN, FRAGMENT_SET);
  add(C.GREATER_THAN, FRAGMENT_SET);
  add(C.BACKTICK, FRAGMENT_SET);
  // query: C0 control set and U+0020 SPACE, U+0022 ("), U+0023 (#), U+003C (<), and U+003E (>).
  extend(C0_CONTROL_SET, QUERY_SET);
  add(C.SPACE, QUERY_SET);
  add(C.QUOTE, QUERY_SET);
  add(C.HASH, QUERY_SET);
  add(C.LESS_THAN, QUERY_SET);
  add(C.GREATER_THAN, QUERY_SET);
  // special-query: query set and U+0027 (').
  extend(QUERY_SET, SPECIAL_QUERY_SET);
  add(C.APOSTROPHE, SPECIAL_QUERY_SET);
  // path: query set and U+003F (?), U+005E (^), U+0060 (`), U+007B ({), and U+007D (}).
  extend(QUERY_SET, PATH_SET);
  add(C.QUESTION, PATH_SET);
  add(C.CARET, PATH_SET);
  add(C.BACKTICK, PATH_SET);
  add(C.LEFT_BRACE, PATH_SET);
  add(C.RIGHT_BRACE, PATH_SET);
  // userinfo: path set and U+002F (/), U+003A (:), U+003B (;), U+003D (=), U+0040 (@),
  // U+005B ([) to U+005D (]), inclusive, and U+007C (|).
  extend(PATH_SET, USERINFO_SET);
  add(C.SLASH, USERINFO_SET);
  add(C.COLON, USERINFO_SET);
  add(C.SEMICOLON, USERINFO_SET);
  add(C.EQUALS, USERINFO_SET);
  add(C.AT, USERINFO_SET);
  addRange(C.LEFT_BRACKET, C.RIGHT_BRACKET, USERINFO_SET);
  add(C.PIPE, USERINFO_SET);
  // component: userinfo set and U+0024 ($) to U+0026 (&), inclusive, U+002B (+), and U+002C (,).
  extend(USERINFO_SET, COMPONENT_SET);
  addRange(C.DOLLAR, C.AMPERSAND, COMPONENT_SET);
  add(C.PLUS, COMPONENT_SET);
  add(C.COMMA, COMPONENT_SET);
  // application/x-www-form-urlencoded: "the component percent-encode set and
  // U+0021 (!), U+0027 (') to U+0029 RIGHT PARENTHESIS, inclusive, and U+007E
  // (~)", made from the complement the note lists, which the wrapper uses too
  // (classes.ts); test/helpers/encode-sets.ts checks it against this definition.
  for (let c = 0; c < 256; c++) if (!isFormUrlencodedPlain(c)) add(c, FORM_URLENCODED_SET);
  // The "normalize-url" profile's query key (canonical/keys.ts): the special-query set, "&", "=", "%", "+" and "?".
  extend(SPECIAL_QUERY_SET, NORMALIZE_URL_QUERY_STOP);
  add(C.AMPERSAND, NORMALIZE_URL_QUERY_STOP);
  add(C.EQUALS, NORMALIZE_URL_QUERY_STOP);
  add(C.PERCENT, NORMALIZE_URL_QUERY_STOP);
  add(C.PLUS, NORMALIZE_URL_QUERY_STOP);
  add(C.QUESTION, NORMALIZE_URL_QUERY_STOP);

  // forbidden host code point: U+0000 NULL, U+0009 TAB, U+000A LF, U+000D CR, U+0020 SPACE,
  // U+0023 (#), U+002F (/), U+003A (:), U+003C (<), U+003E (>), U+003F (?), U+0040 (@),
  // U+005B ([), U+005C (\), U+005D (]), U+005E (^), or U+007C (|).
  add(0x00, FORBIDDEN_HOST);
  add(C.TAB, FORBIDDEN_HOST);
  add(C.LF, FORBIDDEN_HOST);
  add(C.CR, FORBIDDEN_HOST);
  add(C.SPACE, FORBIDDEN_HOST);
  add(C.HASH, FORBIDDEN_HOST);
  add(C.SLASH, FORBIDDEN_HOST);
  add(C.COLON, FORBIDDEN_HOST);
  add(C.LESS_THAN, FORBIDDEN_HOST);
  add(C.GREATER_THAN, FORBIDDEN_HOST);
  add(C.QUESTION, FORBIDDEN_HOST);
  add(C.AT, FORBIDDEN_HOST);
  addRange(C.LEFT_BRACKET, C.CARET, FORBIDDEN_HOST);
  add(C.PIPE, FORBIDDEN_HOST);
  // forbidden domain code point: a forbidden host code point, a C0 control, U+0025 (%), or U+007F DELETE.
  extend(FORBIDDEN_HOST, FORBIDDEN_DOMAIN);
  addRange(0x00, 0x1f, FORBIDDEN_DOMAIN);
  add(C.PERCENT, FORBIDDEN_DOMAIN);
  add(C.DELETE, FORBIDDEN_DOMAIN);

  // #c0-control-or-space and #ascii-tab-or-newline.
  addRange(0x00, C.SPACE, C0_CONTROL_OR_SPACE);
  add(C.TAB, TAB_OR_NEWLINE);
  add(C.LF, TAB_OR_NEWLINE);
  add(C.CR, TAB_OR_NEWLINE);

  // RFC 3986 section 2: unreserved, gen-delims ":" / "/" / "?" / "#" / "[" / "]" / "@",
  // sub-delims "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=", and "%".
  extend(RFC3986_UNRESERVED, URI_CHAR);
  extend(RESERVED, URI_CHAR);
  extend(EXTRA, URI_CHAR);
  add(C.HASH, URI_CHAR);
  add(C.LEFT_BRACKET, URI_CHAR);
  add(C.RIGHT_BRACKET, URI_CHAR);
  add(C.DOLLAR, URI_CHAR);
  add(C.PLUS, URI_CHAR);
  add(C.PERCENT, URI_CHAR);

  extend(PATH_SET, PATH_SEGMENT_STOP);
  add(C.SLASH, PATH_SEGMENT_STOP);
  add(C.BACKSLASH, PATH_SEGMENT_STOP);
  extend(FORBIDDEN_DOMAIN, DOMAIN_STOP);
  addRange(C.UPPER_A, C.UPPER_Z, DOMAIN_STOP);
  addRange(0x80, 0xff, DOMAIN_STOP);
  extend(PATH_SET, PATH_STOP);
  add(C.BACKSLASH, PATH_STOP);
  add(C.DOT, PATH_STOP);
  add(C.PERCENT, PATH_STOP);
  for (let c = 0; c < 256; c++) if (!isIn(c, SCHEME_CHAR)) add(c, SCHEME_STOP);
}
