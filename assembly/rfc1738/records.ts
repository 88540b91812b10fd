// Numbers shared by the RFC 1738 kernel and its wrapper (src/rfc1738, src/rfc3987/extract.ts).
// Free of imports, like layout.ts, so that src/ can import it for the same values.

// rfc1738Scan() reports one finding per offending character: its byte offset in
// one i32 list and the finding below in another. Each finding belongs to one
// diagnostic code of docs/api.md section 5; the wrapper turns it into
// { index, code, message }.

/** "%" not followed by two hex digits (RFC 1738 section 2.2, RFC 1630 Example 3). */
export const ESCAPE_INVALID: i32 = 1;
/** Octets 00-1F and 7F: "control characters; these must be encoded". */
export const UNSAFE_CONTROL: i32 = 2;
/** "The space character is unsafe". */
export const UNSAFE_SPACE: i32 = 3;
/** "The octets 80-FF hexadecimal are not used in US-ASCII": one finding per code point. */
export const UNSAFE_NON_ASCII: i32 = 4;
/** "<", ">", <"> and the national characters "{", "}", "|", "\", "^", "~", "[", "]", "`". */
export const UNSAFE_CHARACTER: i32 = 5;
/** A "#" after the one that starts the fragment (RFC 1630 "HASH FOR FRAGMENT"). */
export const UNSAFE_SECOND_HASH: i32 = 6;
/** No ":" before the first "/", "?" or "#": "URLs are written as <scheme>:<scheme-specific-part>". */
export const SCHEME_MISSING: i32 = 7;
/** ":" at the very start. */
export const SCHEME_EMPTY: i32 = 8;
/** A character outside scheme = 1*[ lowalpha | digit | "+" | "-" | "." ] (upper case is tolerated). */
export const SCHEME_BAD_CHARACTER: i32 = 9;
// Findings about the authority, HOST_MISSING to PORT_NOT_DIGIT, are numbered
// together (the wrapper drops them for schemes without one).
/** "//" with nothing before the port or path, where RFC 1738 needs a host. Reported by the wrapper. */
export const HOST_MISSING: i32 = 10;
/** A character that no domain label holds. */
export const HOST_BAD_CHARACTER: i32 = 11;
/** An empty label: "..", or "." at either end. */
export const HOST_EMPTY_LABEL: i32 = 12;
/** A label that starts or ends with "-" ("starting and ending with an alphanumerical character"). */
export const HOST_HYPHEN: i32 = 13;
/** "The rightmost domain label will never start with a digit", unless the host is a hostnumber. */
export const HOST_TOPLABEL_DIGIT: i32 = 14;
/** ":" with no digits after it ("If the port is omitted, the colon is as well"). */
export const PORT_EMPTY: i32 = 15;
/** A non-digit in port = digits. */
export const PORT_NOT_DIGIT: i32 = 16;
/** A port above 65535, which no TCP or UDP port is (RFC 793 section 3.1: "Source Port: 16 bits"). */
export const PORT_OUT_OF_RANGE: i32 = 17;
/** The first and last of the findings about the authority. */
export const AUTHORITY_FIRST: i32 = HOST_MISSING;
export const AUTHORITY_LAST: i32 = PORT_OUT_OF_RANGE;
/** A scheme whose first character is not a letter: scheme = ialpha (RFC 1630, the 1994 draft). */
export const SCHEME_NOT_LETTER: i32 = 18;

/** The most findings rfc1738Scan() reports for `len` bytes: one per byte, plus scheme, host and port. */
export function maxFindings(len: i32): i32 {
  return len + 3;
}

// extractScan() writes one record of four i32 byte offsets per URL found, in
// this order (so that the offsets of all records together never decrease):
//   match start  (the "<" of a wrapper, or the first byte of a bare URL)
//   URL start    (after "<" / "<URL:"; equal to the match start for a bare URL)
//   URL end      (before trailing whitespace and ">")
//   match end    (after ">")
export const EXTRACT_MATCH_START: i32 = 0;
export const EXTRACT_URL_START: i32 = 1;
export const EXTRACT_URL_END: i32 = 2;
export const EXTRACT_MATCH_END: i32 = 3;
export const EXTRACT_FIELDS: i32 = 4;
/** Bytes per record. */
export const EXTRACT_RECORD_BYTES: i32 = 16;

// Field of the RESULT record where extractScan() leaves the byte offset at which
// to go on when it stopped because its output list was full.
export const EXTRACT_RESUME: i32 = 0;

// The names extractScan() matches, written by the wrapper (the kernel holds no
// strings): one entry per name of three i32, its length and its lower-case
// ASCII bytes packed four to a word, byte i at bits 8 * (i % 4); the "URL"
// prefix first, then the schemes, then a zero length.
export const NAME_ENTRY_BYTES: i32 = 12;
/** The longest name an entry holds. */
export const NAME_MAX: i32 = 8;
