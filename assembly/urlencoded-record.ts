// The record formParse() (urlencoded.ts) leaves for the wrapper, and its
// RESULT fields. Kept free of imports so that the wrapper (src/) uses the
// same numbers.

/** Pairs one formParse() call writes at most; the wrapper calls again until FORM_POSITION is the input's end. */
export const FORM_CHUNK: i32 = 1024;
/** i32 fields of a pair's record: kind, start and end of the name, then of the value. */
export const FORM_RECORD: i32 = 6;

// Kinds of a name's or value's range.
/** UTF-16 indices [start, end) of the input string: nothing to decode. */
export const FORM_SLICE: i32 = 0;
/** Decoded bytes at [start, end), all ASCII. */
export const FORM_ASCII: i32 = 1;
/** Decoded bytes at [start, end) to read as UTF-8 (maybe ill-formed: "UTF-8 decode without BOM"). */
export const FORM_UTF8: i32 = 2;

// RESULT fields of formParse(), read and written: the wrapper sets them to 0, 0, 1 before the first call.
/** Byte offset where parsing goes on. */
export const FORM_POSITION: i32 = 0;
/** UTF-16 index in the input string of the byte at FORM_POSITION. */
export const FORM_UNITS: i32 = 1;
/** 1 while the input read so far is its own serialization (the serializer would write it back unchanged). */
export const FORM_SERIALIZED: i32 = 2;
