// Fixed addresses and record fields shared by the kernel and the wrapper:
// src/kernel imports this file, so both sides use the same numbers.
//
//   0 ........ 1024   reserved (WASM static data would go here; the kernel has none)
//   1024 ..... 2048   CHAR_CLASS: one u32 of class bits per byte value (tables.ts)
//   2048 ..... 2304   RESULT: the record a kernel call leaves (64 i32 fields)
//   2304 ..... 2560   BASE: the record of the base URL handed to the parser
//   2560 ..... 2624   IPV6_PIECES: the eight pieces of an IPv6 address being parsed
//   2624 ..... 2848   RUN_TABLES: 32-byte nibble tables of the sets the parser copies runs against (run.ts)
//   2848 ..... 2944   LOG_LINE: the fields of the access-log line read last (access-log.ts)
//   4096 ..... end    the wrapper's arena: input, scratch and output buffers

export const CHAR_CLASS: i32 = 1024;
export const RESULT: i32 = 2048;
export const BASE: i32 = 2304;
export const IPV6_PIECES: i32 = 2560;
export const RUN_TABLES: i32 = 2624;
export const LOG_LINE: i32 = 2848;
export const ARENA: i32 = 4096;
/** Readable bytes every input must have after its end (16-byte vector loads; their values do not matter). */
export const SLACK: i32 = 16;

/** "Absent" in any offset field. */
export const NONE: i32 = -1;

// split(): byte offsets into the input, RFC 3986 Appendix B components.
//   scheme   [0, SCHEME_END)             or SCHEME_END = NONE
//   user     [USER_START, USER_END)      userinfo before the first ":"
//   password [PASS_START, PASS_END)
//   host     [HOST_START, HOST_END)      NONE when there is no "//"
//   port     [PORT_START, PORT_END)
//   path     [PATH_START, PATH_END)      always present, maybe empty
//   query    [QUERY_START, QUERY_END)    without "?"
//   fragment [FRAG_START, FRAG_END)      without "#"
export const SPLIT_SCHEME_END: i32 = 0;
export const SPLIT_USER_START: i32 = 1;
export const SPLIT_USER_END: i32 = 2;
export const SPLIT_PASS_START: i32 = 3;
export const SPLIT_PASS_END: i32 = 4;
export const SPLIT_HOST_START: i32 = 5;
export const SPLIT_HOST_END: i32 = 6;
export const SPLIT_PORT_START: i32 = 7;
export const SPLIT_PORT_END: i32 = 8;
export const SPLIT_PATH_START: i32 = 9;
export const SPLIT_PATH_END: i32 = 10;
export const SPLIT_QUERY_START: i32 = 11;
export const SPLIT_QUERY_END: i32 = 12;
export const SPLIT_FRAG_START: i32 = 13;
export const SPLIT_FRAG_END: i32 = 14;
export const SPLIT_FIELDS: i32 = 15;

// parse(): the URL record as one serialized href plus offsets into it (the
// shape of Ada's url_aggregator). Every getter of the URL API is a slice:
//
//   https://user:pass@example.com:1234/foo/bar?baz#quux
//        |  |   |    |          |    |       |   |
//        |  |   |    |          |    |       |   URL_FRAGMENT_START ("#")
//        |  |   |    |          |    |       URL_QUERY_START ("?")
//        |  |   |    |          |    URL_PATH_START
//        |  |   |    |          URL_HOST_END; URL_PORT_END is after "1234"
//        |  |   |    URL_HOST_START
//        |  |   URL_PASS_START .. URL_PASS_END ("pass")
//        |  URL_USER_START .. URL_USER_END ("user")
//        URL_SCHEME_END (the ":")
//
// Without credentials, the user and password ranges are empty ranges at
// URL_HOST_START. A null host has URL_HOST_START = NONE, and then
// URL_HOST_END = URL_PORT_END = URL_SCHEME_END + 1 (an empty authority). A URL
// whose host is null and whose path starts with "//" is serialized with "/."
// before the path (#url-serializing), which lies between URL_PORT_END and
// URL_PATH_START. URL_PORT is the port number or NONE. Absent query and
// fragment are NONE; present ones include their "?" / "#".
export const URL_HREF_END: i32 = 0;
export const URL_SCHEME_END: i32 = 1;
export const URL_USER_START: i32 = 2;
export const URL_USER_END: i32 = 3;
export const URL_PASS_START: i32 = 4;
export const URL_PASS_END: i32 = 5;
export const URL_HOST_START: i32 = 6;
export const URL_HOST_END: i32 = 7;
export const URL_PORT_END: i32 = 8;
export const URL_PORT: i32 = 9;
export const URL_PATH_START: i32 = 10;
export const URL_QUERY_START: i32 = 11;
export const URL_FRAGMENT_START: i32 = 12;
export const URL_FLAGS: i32 = 13;
export const URL_FIELDS: i32 = 14;
// Where parse() left the percent-decoded bytes of a host that needs UTS #46
// processing (status PARSE_NEEDS_IDNA).
export const URL_IDNA_START: i32 = 14;
export const URL_IDNA_END: i32 = 15;
// With FLAG_HREF_BASE_PREFIX: how many bytes of the base's href begin the href
// (the input is the rest).
export const URL_BASE_PREFIX: i32 = 23;
// What crawlerKey() leaves: where the key it wrote is the input as written
// less one run of ASCII bytes (or less its end), the key is the input's
// first URL_KEY_HEAD bytes followed by its bytes from URL_KEY_TAIL on (the
// wrapper joins two slices of the input string); URL_KEY_HEAD is NONE where
// the key is not so made.
export const URL_KEY_HEAD: i32 = 24;
export const URL_KEY_TAIL: i32 = 25;
/** The longest run of the input crawlerKey() looks for as left out of the key. */
export const KEY_MAX_CUT: i32 = 8;
// A field of the BASE record after the URL's, for parse() and canParse()
// given BASE_HREF_ABSENT: where the directory of the base's path ends (after
// the last "/" of its path), or NONE where its path has no "/". The fast path
// for relative references reads it there (assembly/relative.ts), where it has
// no href to find it in.
export const BASE_DIRECTORY_END: i32 = 14;
/**
 * parse()'s and canParse()'s base argument for a base whose record (and
 * BASE_DIRECTORY_END) is at BASE but whose href was not written: they try
 * their fast paths only, and return PARSE_NEEDS_BASE_HREF where the parser
 * has to run, which reads the base's href.
 *
 * The call protocol: after PARSE_NEEDS_BASE_HREF, the wrapper's next call
 * must be the same call on the same input with the base's href written (its
 * address as the base argument). The kernel keeps one flag between the two
 * calls (relativeTried, parser.ts): set by the first, it tells the second
 * that the fast path for relative references has failed already, so that
 * the second goes straight to the parser; any call clears it. A next call on
 * another input is still correct, as the parser takes every input; it only
 * skips the fast path once.
 */
export const BASE_HREF_ABSENT: i32 = -1;

// setPart() (setters.ts): which setter of the URL API runs.
export const SET_PROTOCOL: i32 = 0;
export const SET_USERNAME: i32 = 1;
export const SET_PASSWORD: i32 = 2;
export const SET_HOST: i32 = 3;
export const SET_HOSTNAME: i32 = 4;
export const SET_PORT: i32 = 5;
export const SET_PATHNAME: i32 = 6;
export const SET_SEARCH: i32 = 7;
export const SET_HASH: i32 = 8;
// What setPart() leaves in RESULT after the new record: the old href's
// [SET_START, SET_END) became the SET_LENGTH bytes it wrote, and its
// [SET_CUT_START, SET_CUT_END) went (the port the protocol setter drops).
export const SET_START: i32 = 16;
export const SET_END: i32 = 17;
export const SET_LENGTH: i32 = 18;
export const SET_CUT_START: i32 = 19;
export const SET_CUT_END: i32 = 20;
// Where the new bytes hold the value as it was given, byte for byte (nothing
// removed, encoded or lower-cased): [SET_VERBATIM_AT, + its length) of the new
// bytes are the value's bytes from SET_VALUE_START on, so the wrapper takes
// them from the value's string instead of making one from memory. NONE: not so.
export const SET_VALUE_START: i32 = 21;
export const SET_VERBATIM_AT: i32 = 22;

// The positions of a record's parts, for the kernel and the wrapper alike
// (src/whatwg/components.ts re-exports them). `none` is what stands for an
// absent part: NONE in a record, ROW_NONE in a batch row. It is passed every
// time, not a default: with default parameters, the wrapper's getters
// outgrow what V8 inlines into a loop over a batch; in the kernel it is a
// constant the compiler folds.

/** The end of a record's query (its "?" included), or of its path when it has no query: the fragment's start or the href's end. */
export function queryEnd(fragmentStart: i32, hrefEnd: i32, none: i32): i32 {
  return fragmentStart != none ? fragmentStart : hrefEnd;
}

/**
 * The end of a record's path: the query's start, else queryEnd(). Spelt out
 * rather than calling queryEnd(): the call would make the wrapper's getters
 * too large for V8 to inline into a loop over a batch.
 */
export function pathEnd(queryStart: i32, fragmentStart: i32, hrefEnd: i32, none: i32): i32 {
  if (queryStart != none) return queryStart;
  return fragmentStart != none ? fragmentStart : hrefEnd;
}

// URL_FLAGS bits.
/** The URL has an opaque path (#url-opaque-path). */
export const FLAG_OPAQUE_PATH: i32 = 1;
/** The serialized href is byte for byte the input (the wrapper reuses the input string). */
export const FLAG_HREF_IS_INPUT: i32 = 2;
/**
 * The serialized href is the first URL_BASE_PREFIX bytes of the base's href
 * followed by the input, byte for byte (relative.ts; the wrapper makes it
 * from the two strings).
 */
export const FLAG_HREF_BASE_PREFIX: i32 = 8;
/** The scheme, as SCHEME_* << SCHEME_SHIFT. */
export const SCHEME_SHIFT: i32 = 4;
export const SCHEME_MASK: i32 = 15 << 4;
/** A scheme the kernel has no rule of its own for. */
export const SCHEME_OTHER: i32 = 0;
// The special schemes (#special-scheme), HTTP to FILE (scheme.ts isSpecial()).
export const SCHEME_HTTP: i32 = 1;
export const SCHEME_HTTPS: i32 = 2;
export const SCHEME_WS: i32 = 3;
export const SCHEME_WSS: i32 = 4;
export const SCHEME_FTP: i32 = 5;
export const SCHEME_FILE: i32 = 6;
/** Not special, but its origin is its path's (#concept-url-origin). */
export const SCHEME_BLOB: i32 = 7;
/** The host kind, as HOST_* << HOST_SHIFT. */
export const HOST_SHIFT: i32 = 8;
export const HOST_MASK: i32 = 7 << 8;
/** No host (URL_HOST_START is NONE). */
export const HOST_NULL: i32 = 0;
// #concept-host: a domain, an IPv4 address, an IPv6 address, an opaque host or the empty host.
export const HOST_DOMAIN: i32 = 1;
export const HOST_IPV4: i32 = 2;
export const HOST_IPV6: i32 = 3;
export const HOST_OPAQUE: i32 = 4;
export const HOST_EMPTY: i32 = 5;

/**
 * The bytes parse() may write at its output for an input of `length` bytes,
 * against a base whose href is `baseLength` bytes, with a UTS #46 result of
 * `idnaLength` bytes: each input byte becomes at most three ("%XX"), the base
 * and the UTS #46 result are copied at most once, and 64 bytes hold what the
 * parser inserts (such as "//" or "/.", or an IPv4 address written longer
 * than its number). In f64: the product may not fit in an i32.
 */
export function outputBound(length: f64, baseLength: f64, idnaLength: f64): f64 {
  return 3 * length + baseLength + idnaLength + 64;
}

/** The SCHEME_* kind in URL_FLAGS. */
export function schemeOf(flags: i32): i32 {
  return (flags & SCHEME_MASK) >> SCHEME_SHIFT;
}

/** The HOST_* kind in URL_FLAGS. */
export function hostOf(flags: i32): i32 {
  return (flags & HOST_MASK) >> HOST_SHIFT;
}

// crawlerKey()'s profiles (canonical/keys.ts).
export const KEY_NORMALIZE_URL: i32 = 0;
export const KEY_CRAWLEE: i32 = 1;
/** Crawlee's key with keepUrlFragment. */
export const KEY_CRAWLEE_FRAGMENT: i32 = 2;
/** The parameters crawlerKey() sorts at most (an insertion sort); a query with more is left to the profile. */
export const KEY_MAX_PARAMS: i32 = 64;
/** The bytes crawlerKey() takes for each parameter it sorts. */
export const KEY_PARAM_BYTES: i32 = 16;

// parse() return values.
export const PARSE_OK: i32 = 0;
export const PARSE_FAILURE: i32 = 1;
/** A domain is not ASCII: the wrapper runs UTS #46 ToASCII and parses again with the result. */
export const PARSE_NEEDS_IDNA: i32 = 2;
/** Given BASE_HREF_ABSENT, the parser has to run: the wrapper parses again with the base's href. */
export const PARSE_NEEDS_BASE_HREF: i32 = 3;

/** Address of field `i` of the RESULT record. */
export function resultField(i: i32): i32 {
  return RESULT + (i << 2);
}

/** Address of field `i` of the BASE record. */
export function baseField(i: i32): i32 {
  return BASE + (i << 2);
}

// parseBatch (assembly/batch.ts): a table of one row of ROW_FIELDS i32 per
// input line, in line order, and the lines' serialized hrefs one after the
// other in one href buffer. A row is the URL record of parse() packed two
// offsets to a word (16 bits each, NONE as 0xFFFF), 32 bytes a line:
//
//   ROW_STATE           BATCH_* status | URL_FLAGS << ROW_FLAGS_SHIFT
//   ROW_HREF            where the href starts in the href buffer
//   ROW_LENGTH_SCHEME   URL_HREF_END      << 16 | URL_SCHEME_END
//   ROW_USER            URL_USER_START    << 16 | URL_USER_END
//   ROW_PASS            URL_PASS_START    << 16 | URL_PASS_END
//   ROW_HOST            URL_HOST_START    << 16 | URL_HOST_END
//   ROW_PORT_PATH       URL_PORT_END      << 16 | URL_PATH_START
//   ROW_QUERY_FRAGMENT  URL_QUERY_START   << 16 | URL_FRAGMENT_START
//
// The offsets are relative to the href's start, as parse()'s are to its
// output, so only hrefs shorter than ROW_MAX_HREF fit; longer ones are
// BATCH_DEFERRED. URL_PORT is not kept: the parser writes ":port" only for a
// port that is not the default, so the port is the digits after
// URL_HOST_END when URL_PORT_END differs from it, and NONE otherwise.
// Only BATCH_OK rows have an href and a record. A BATCH_DEFERRED row holds
// the line's byte range in the input instead, at ROW_LINE_START and ROW_LINE_END.
export const ROW_STATE: i32 = 0;
export const ROW_HREF: i32 = 1;
export const ROW_LENGTH_SCHEME: i32 = 2;
export const ROW_USER: i32 = 3;
export const ROW_PASS: i32 = 4;
export const ROW_HOST: i32 = 5;
export const ROW_PORT_PATH: i32 = 6;
export const ROW_QUERY_FRAGMENT: i32 = 7;
export const ROW_FIELDS: i32 = 8;
export const ROW_LINE_START: i32 = 1;
export const ROW_LINE_END: i32 = 2;
/** ROW_STATE: the status in the low bits, the URL's flags above. */
export const ROW_STATUS_MASK: i32 = 3;
export const ROW_FLAGS_SHIFT: i32 = 2;
/** A packed offset of 0xFFFF is NONE; hrefs this long or longer are deferred. */
export const ROW_NONE: i32 = 0xffff;
export const ROW_MAX_HREF: i32 = 0xffff;

// The status in ROW_STATE.
export const BATCH_OK: i32 = 0;
export const BATCH_FAILURE: i32 = 1;
/**
 * The wrapper finishes the line through the single-URL path: a domain that
 * needs UTS #46, a blob: URL (its origin needs a second parse), or an href
 * too long for a row.
 */
export const BATCH_DEFERRED: i32 = 2;
/** A blank or comment line that batchMode() asked to skip: neither a URL nor a failure. */
export const BATCH_SKIPPED: i32 = 3;

// batchMode(): how the lines of the next blocks are read (assembly/batch.ts).
/** The URL is a field of an access-log line (accesslog.ts), FIELD_* in the low bits. */
export const MODE_FIELD_MASK: i32 = 3;
export const FIELD_NONE: i32 = 0;
export const FIELD_REQUEST: i32 = 1;
export const FIELD_REFERER: i32 = 2;
/** Lines of only spaces and tabs (or nothing) are BATCH_SKIPPED. */
export const MODE_SKIP_BLANK: i32 = 4;
/** Lines starting with "#" are BATCH_SKIPPED. */
export const MODE_SKIP_COMMENTS: i32 = 8;
/** An access-log line must match the Combined Log Format (referer and user agent), not only the Common. */
export const MODE_COMBINED: i32 = 16;
/**
 * The log fields whose keys batchRun() places beside the rows (log-keys.ts):
 * bit LOG_* of the mode shifted by MODE_KEYS_SHIFT. With k of them, each line
 * has 2 * k words after the table, the fields in LOG_* order: the key's
 * [start, end) offsets in the input, or KEY_NONE / KEY_WRAPPER as the start.
 */
export const MODE_KEYS_SHIFT: i32 = 8;
// The fields of a Common or Combined Log Format line, in line order (the request also split in three).
export const LOG_CLIENT: i32 = 0;
export const LOG_IDENT: i32 = 1;
export const LOG_USER: i32 = 2;
export const LOG_TIME: i32 = 3;
export const LOG_REQUEST: i32 = 4;
export const LOG_METHOD: i32 = 5;
export const LOG_TARGET: i32 = 6;
export const LOG_VERSION: i32 = 7;
export const LOG_STATUS: i32 = 8;
export const LOG_BYTES: i32 = 9;
export const LOG_REFERER: i32 = 10;
export const LOG_AGENT: i32 = 11;
export const LOG_FIELDS: i32 = 12;
/** A key's start where the field has no value ("-", or the line does not match the format). */
export const KEY_NONE: i32 = -1;
/** A key's start where the wrapper works the value out (an escape to undo, a number past 15 digits). */
export const KEY_WRAPPER: i32 = -2;

// What batchRun() leaves in RESULT.
/** The end of the href buffer so far. */
export const BATCH_OUTPUT_END: i32 = 0;
/** Lines that failed so far. */
export const BATCH_FAILURES: i32 = 1;
/** BATCH_DEFERRED lines so far. */
export const BATCH_DEFERRED_LINES: i32 = 2;
/** BATCH_SKIPPED lines so far. */
export const BATCH_SKIPPED_LINES: i32 = 3;
/** What batchBegin() leaves in RESULT: the end of the last line it counted. */
export const BATCH_INPUT_END: i32 = 0;

// Tallies (assembly/tally.ts): counts of byte strings in open-addressing hash
// tables that live in the kernel's memory, for `swurl stats`. A table is one
// block the wrapper places and sizes:
//
//   table ...................... TALLY_HEADER words
//   table + TALLY_HEADER_BYTES . capacity slots of TALLY_SLOT words
//   after the slots ............ the keys' bytes, up to TALLY_KEYS_LIMIT
//
// A slot is empty while its TALLY_KEY is 0 (no key lies at address 0). A
// count is a u32 (the wrapper reads it with >>> 0).
export const TALLY_MASK: i32 = 0;
export const TALLY_SIZE: i32 = 1;
export const TALLY_KEYS_END: i32 = 2;
export const TALLY_KEYS_LIMIT: i32 = 3;
const TALLY_HEADER: i32 = 4;
export const TALLY_HEADER_BYTES: i32 = TALLY_HEADER << 2;
export const TALLY_KEY: i32 = 0;
export const TALLY_KEY_LENGTH: i32 = 1;
export const TALLY_HASH: i32 = 2;
export const TALLY_COUNT: i32 = 3;
export const TALLY_SLOT: i32 = 4;
export const TALLY_SLOT_BYTES: i32 = TALLY_SLOT << 2;

// tallyRows(): the tables it counts a batch's rows into, as addresses in a
// list of words, and the counters it adds to, words of their own.
export const TALLY_SCHEMES: i32 = 0;
export const TALLY_HOSTS: i32 = 1;
export const TALLY_PATHS: i32 = 2;
export const TALLY_TABLES: i32 = 3;
/** Rows counted (BATCH_OK). */
export const COUNT_VALID: i32 = 0;
/** Rows whose URL's search getter is not "" (a query that is not empty). */
export const COUNT_QUERY: i32 = 1;
/** Rows whose hash getter is not "". */
export const COUNT_FRAGMENT: i32 = 2;
/** Rows with a username or a password. */
export const COUNT_CREDENTIALS: i32 = 3;
/** Rows with a port. */
export const COUNT_PORT: i32 = 4;
export const COUNTERS: i32 = 5;
