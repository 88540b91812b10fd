// Fixed addresses and record fields shared by the kernel and the wrapper:
// src/kernel imports this file, so both sides use the same numbers.
//
//   0 ........ 1024   reserved (WASM static data would go here; the kernel has none)
//   1024 ..... 2048   CHAR_CLASS: one u32 of class bits per byte value (tables.ts)
//   2048 ..... 2304   RESULT: the record a kernel call leaves (64 i32 fields)
//   2304 ..... 2560   BASE: the record of the base URL handed to the parser
//   4096 ..... end    the wrapper's arena: input, scratch and output buffers

export const CHAR_CLASS: i32 = 1024;
export const RESULT: i32 = 2048;
export const BASE: i32 = 2304;
export const ARENA: i32 = 4096;
/** Readable bytes every input must have after its end (16-byte vector loads). */
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

/** Address of field `i` of the RESULT record. */
export function resultField(i: i32): i32 {
  return RESULT + (i << 2);
}
