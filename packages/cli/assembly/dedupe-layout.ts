// The record of a dedupe table (dedupe.ts), shared by the kernel and the
// wrapper (src/dedupe/dedupe-table.ts): i32 fields at the table's address.
//
//   table ......... +128              this header (32 fields)
//   +128 .......... +128 + 8 * maxSlots the slots: (hash, address of the key) pairs
//   ... ........... keys end          the keys: (length, hash, bytes) records, 4-byte aligned
//
// A table holds byte strings (lines); a run (dedupeRun) reads lines, writes
// those it has not seen and inserts them, and once it is full writes the rest
// that it has not seen to a spill buffer instead, each with its sequence
// number, so that the wrapper can finish the dedupe from disk.

/** The slot count the slots region has room for (a power of 2). */
export const DEDUPE_MAX_SLOTS: i32 = 0;
/** The slots in use now, less one (a power of 2 less one: the mask of a hash). */
export const DEDUPE_MASK: i32 = 1;
/** Keys held. */
export const DEDUPE_COUNT: i32 = 2;
/** Where the keys begin and end. */
export const DEDUPE_KEYS: i32 = 3;
export const DEDUPE_KEYS_END: i32 = 4;
/** Bytes the slots in use and the keys may take together. */
export const DEDUPE_BUDGET: i32 = 5;
/** 1 once a key did not fit: the table takes no more. */
export const DEDUPE_FULL: i32 = 6;
/** Seed of the hash (the spill level: each level partitions by a hash of its own). */
export const DEDUPE_SEED: i32 = 7;
/** 1: each line is SEQ (DEDUPE_SEQ_WIDTH hex digits), a space and the key; 0: the line is the key. */
export const DEDUPE_PREFIXED: i32 = 8;
/** The run's number and the number of its next line: a new line's sequence number (unprefixed input). */
export const DEDUPE_RUN: i32 = 9;
export const DEDUPE_LINE: i32 = 10;
/** Output buffers of a run: new lines, spilled lines, and for each spilled line its end and partition. */
export const DEDUPE_KEPT: i32 = 11;
export const DEDUPE_KEPT_CAP: i32 = 12;
export const DEDUPE_SPILL: i32 = 13;
export const DEDUPE_SPILL_CAP: i32 = 14;
export const DEDUPE_MARKS: i32 = 15;
export const DEDUPE_MARKS_CAP: i32 = 16;
/** What a run did: input bytes read (whole lines), bytes kept, bytes spilled, marks written. */
export const DEDUPE_READ: i32 = 17;
export const DEDUPE_KEPT_END: i32 = 18;
export const DEDUPE_SPILL_END: i32 = 19;
export const DEDUPE_MARKS_END: i32 = 20;
/** 1: the table holds a 64-bit fingerprint of each key instead of its bytes (--fingerprint). */
export const DEDUPE_FINGERPRINT: i32 = 21;
/** Where a run puts the fingerprint of the line at hand (two i32 fields). */
export const DEDUPE_PRINT: i32 = 22;
/** Bytes of the header. */
export const DEDUPE_HEADER: i32 = 128;

/** Hex digits of a sequence number: 8 of the run, 6 of the line in the run (a run reads at most 2^24 lines). */
export const DEDUPE_RUN_DIGITS: i32 = 8;
export const DEDUPE_LINE_DIGITS: i32 = 6;
export const DEDUPE_SEQ_WIDTH: i32 = 14;
