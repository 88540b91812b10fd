// The class bits of the CHAR_CLASS table (tables.ts), one bit per character
// set of the specifications. Kept free of imports so that the wrapper (src/)
// can name the same sets, e.g. for percentEncode().

// RFC 1738 section 5 (and RFC 1630 "Reserved"/"Unsafe").
export const ALPHA: i32 = 1 << 0; //        lowalpha | hialpha
export const DIGIT: i32 = 1 << 1; //        "0".."9"
export const SAFE: i32 = 1 << 2; //         "$" | "-" | "_" | "." | "+"
export const EXTRA: i32 = 1 << 3; //        "!" | "*" | "'" | "(" | ")" | ","
export const NATIONAL: i32 = 1 << 4; //     "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"
export const PUNCTUATION: i32 = 1 << 5; //  "<" | ">" | "#" | "%" | <">
export const RESERVED: i32 = 1 << 6; //     ";" | "/" | "?" | ":" | "@" | "&" | "="
export const HEX: i32 = 1 << 7; //          digit | "A".."F" | "a".."f"
/** RFC 1738 `unreserved` = alpha | digit | safe | extra. */
export const UNRESERVED: i32 = ALPHA | DIGIT | SAFE | EXTRA;
/** What RFC 1738 says must be encoded: neither unreserved nor reserved
 *  (controls, space, non-ASCII, national and punctuation characters). */
export const RFC1738_ENCODE_SET: i32 = 1 << 8;
/** RFC 3986 section 2.3 `unreserved` = ALPHA / DIGIT / "-" / "." / "_" / "~". */
export const RFC3986_UNRESERVED: i32 = 1 << 9;
/** RFC 1738 / RFC 3986 scheme characters after the first: alpha | digit | "+" | "-" | ".". */
export const SCHEME_CHAR: i32 = 1 << 10;

// WHATWG URL Standard, #percent-encoded-bytes.
export const C0_CONTROL_SET: i32 = 1 << 11;
export const FRAGMENT_SET: i32 = 1 << 12;
export const QUERY_SET: i32 = 1 << 13;
export const SPECIAL_QUERY_SET: i32 = 1 << 14;
export const PATH_SET: i32 = 1 << 15;
export const USERINFO_SET: i32 = 1 << 16;
export const COMPONENT_SET: i32 = 1 << 17;
export const FORM_URLENCODED_SET: i32 = 1 << 18;
/**
 * Whether byte `c` is outside FORM_URLENCODED_SET, as the note under its
 * definition lists those code points: "contains all code points, except the ASCII
 * alphanumeric, U+002A (*), U+002D (-), U+002E (.), and U+005F (_)". The
 * one source of that set: the kernel's table is made from it (tables.ts),
 * and so is the wrapper's table for the ASCII names and values it escapes
 * itself (src/whatwg/urlencoded.ts).
 */
export function isFormUrlencodedPlain(c: i32): bool {
  const letter = c | 0x20; // ASCII lower case, for the letters
  return (
    (c >= 0x30 && c <= 0x39) || (letter >= 0x61 && letter <= 0x7a) || c == 0x2a || c == 0x2d || c == 0x2e || c == 0x5f
  );
}
// WHATWG URL Standard, #forbidden-host-code-point and #forbidden-domain-code-point.
export const FORBIDDEN_HOST: i32 = 1 << 19;
export const FORBIDDEN_DOMAIN: i32 = 1 << 20;
/** #c0-control-or-space: what the basic URL parser trims from both ends. */
export const C0_CONTROL_OR_SPACE: i32 = 1 << 21;
/** #ascii-tab-or-newline: what the basic URL parser removes everywhere. */
export const TAB_OR_NEWLINE: i32 = 1 << 22;
/** RFC 3986 section 2: the characters a URI may hold, unreserved / reserved / "%"
 *  (what a URL in running text is made of, see assembly/rfc1738/extract.ts). */
export const URI_CHAR: i32 = 1 << 23;
/**
 * A byte of a query that the "normalize-url" profile's key does not copy as
 * it is (canonical/keys.ts): "&", "=", "%", "+", "?" and the special-query
 * percent-encode set.
 */
export const NORMALIZE_URL_QUERY_STOP: i32 = 1 << 28;

// Stop sets of the parser's fused copy loops: a byte outside the set is copied
// as it is; one inside needs a closer look (see host.ts and path.ts).
/** A path segment byte that is not copied as is: the path percent-encode set, "/" and "\". */
export const PATH_SEGMENT_STOP: i32 = 1 << 24;
/** A domain byte that is not copied as is: a forbidden domain code point (with "%"), an upper-case letter, non-ASCII. */
export const DOMAIN_STOP: i32 = 1 << 25;
/** A path byte the fast path stops at: the path percent-encode set, "\\", and "." and "%" (a dot segment may start there). */
export const PATH_STOP: i32 = 1 << 26;
/** A byte that ends the scheme state's run: anything but an ASCII alphanumeric, "+", "-" and ".". */
export const SCHEME_STOP: i32 = 1 << 27;
