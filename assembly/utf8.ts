// Invalid UTF-8 in bulk input, repaired the way the Encoding Standard's UTF-8
// decoder reads it (#utf-8-decoder, error mode "replacement"): each maximal
// subpart of an ill-formed sequence becomes one U+FFFD. The repaired bytes are
// what TextEncoder gives for the TextDecoder-decoded text, so the parser sees
// the same bytes as parse() of that text.

import { ld8, st8 } from "./memory";

// Byte ranges of the UTF-8 decoder's steps.
const ASCII_END: i32 = 0x80;
const CONTINUATION_MIN: i32 = 0x80;
const CONTINUATION_MAX: i32 = 0xbf;
const LEAD2_MIN: i32 = 0xc2;
const LEAD2_MAX: i32 = 0xdf;
const LEAD3_MIN: i32 = 0xe0;
const LEAD3_MAX: i32 = 0xef;
const LEAD4_MIN: i32 = 0xf0;
const LEAD4_MAX: i32 = 0xf4;
/** After 0xE0 the next byte is at least 0xA0 (no overlong forms). */
const AFTER_E0_MIN: i32 = 0xa0;
/** After 0xED the next byte is at most 0x9F (no surrogates). */
const AFTER_ED_MAX: i32 = 0x9f;
/** After 0xF0 the next byte is at least 0x90 (no overlong forms). */
const AFTER_F0_MIN: i32 = 0x90;
/** After 0xF4 the next byte is at most 0x8F (nothing above U+10FFFF). */
const AFTER_F4_MAX: i32 = 0x8f;
const LEAD_E0: i32 = 0xe0;
const LEAD_ED: i32 = 0xed;
const LEAD_F0: i32 = 0xf0;
const LEAD_F4: i32 = 0xf4;

/** U+FFFD REPLACEMENT CHARACTER in UTF-8. */
const REPLACEMENT_0: i32 = 0xef;
const REPLACEMENT_1: i32 = 0xbf;
const REPLACEMENT_2: i32 = 0xbd;
export const REPLACEMENT_LENGTH: i32 = 3;

/**
 * The sequence at p (p < end): its length (1 to 4) when it is well-formed,
 * otherwise the number of bytes the decoder consumes before it emits U+FFFD
 * (1 to 3), negated. "If byte is not in the range lower boundary to upper
 * boundary ... prepend byte to stream": the byte that breaks a sequence is
 * not consumed, and starts the next one.
 */
export function sequenceAt(p: i32, end: i32): i32 {
  const lead = ld8(p);
  if (lead < ASCII_END) return 1;
  let needed = 0;
  let lower = CONTINUATION_MIN;
  let upper = CONTINUATION_MAX;
  if (lead >= LEAD2_MIN && lead <= LEAD2_MAX) {
    needed = 1;
  } else if (lead >= LEAD3_MIN && lead <= LEAD3_MAX) {
    needed = 2;
    if (lead == LEAD_E0) lower = AFTER_E0_MIN;
    if (lead == LEAD_ED) upper = AFTER_ED_MAX;
  } else if (lead >= LEAD4_MIN && lead <= LEAD4_MAX) {
    needed = 3;
    if (lead == LEAD_F0) lower = AFTER_F0_MIN;
    if (lead == LEAD_F4) upper = AFTER_F4_MAX;
  } else {
    return -1;
  }
  for (let k = 1; k <= needed; k++) {
    // The end of the input inside a sequence is an error too.
    if (p + k >= end) return -k;
    const c = ld8(p + k);
    if (c < lower || c > upper) return -k;
    lower = CONTINUATION_MIN;
    upper = CONTINUATION_MAX;
  }
  return needed + 1;
}

/** Whether [p, end) is well-formed UTF-8. */
export function isWellFormed(p: i32, end: i32): bool {
  while (p < end) {
    const n = sequenceAt(p, end);
    if (n < 0) return false;
    p += n;
  }
  return true;
}

/**
 * Write [p, end) to `dst` with every ill-formed subsequence replaced by
 * U+FFFD; returns the end of the output (at most 3 bytes per input byte).
 * `dst` must not overlap the input.
 */
export function repairInto(p: i32, end: i32, dst: i32): i32 {
  while (p < end) {
    const n = sequenceAt(p, end);
    if (n > 0) {
      for (let k = 0; k < n; k++) st8(dst + k, ld8(p + k));
      dst += n;
      p += n;
    } else {
      st8(dst, REPLACEMENT_0);
      st8(dst + 1, REPLACEMENT_1);
      st8(dst + 2, REPLACEMENT_2);
      dst += REPLACEMENT_LENGTH;
      p -= n;
    }
  }
  return dst;
}
