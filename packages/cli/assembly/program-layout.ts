// The record of a compiled log-format program (program.ts), shared by the
// kernel and the wrapper (src/input/program-kernel.ts): i32 fields at the
// program's address, then a record per literal and the literals' bytes.
//
//   program ....... +8                       field count, space runs
//   +8 ............ +8 + 16 * (fields + 1)  record k: literal k's address
//                                           and length, field k's flags (the
//                                           literal before it); record
//                                           `fields` has the last literal
//   ... ........... literals' bytes
//
// A run reads lines, each a (start, end) pair of addresses, into the fields'
// byte ranges: 2 i32 a field, (start, end) addresses, a line after another.

/** i32 fields of the header. */
export const PROGRAM_FIELDS: i32 = 0;
/** 1: a space of a literal matches a run of spaces (Squid pads its columns). */
export const PROGRAM_SPACE_RUNS: i32 = 1;
/** Bytes of the header; then the records. */
export const PROGRAM_HEADER: i32 = 8;
/** Bytes of a record, and its i32 fields. */
export const PROGRAM_RECORD: i32 = 16;
export const RECORD_LITERAL: i32 = 0;
export const RECORD_LITERAL_LENGTH: i32 = 1;
export const RECORD_FLAGS: i32 = 2;

/** Field flags: quoted (ends at a quote no backslash escapes), "-" or digits, a decimal, an extent the wrapper finds. */
export enum FieldFlag {
  Quoted = 1,
  Integer = 2,
  Decimal = 4,
  Extent = 8,
}

/** A line's outcome: it matches, it does not; k >= 0: the run stopped before field k, whose extent the wrapper finds. */
export enum Line {
  Match = -1,
  NoMatch = -2,
}
