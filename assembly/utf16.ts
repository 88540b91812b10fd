// Byte offsets into UTF-8 input -> UTF-16 indices into the JS string it came
// from, so the wrapper can slice the original string. The input was written
// by TextEncoder.encodeInto, so it is well-formed UTF-8 (a lone surrogate
// arrives as U+FFFD, three bytes, one UTF-16 unit, as it was).

import { ld8, ld32, st32 } from "./memory";
import { resultField, NONE } from "./layout";

/** UTF-16 units contributed by a byte: 0 for a continuation byte, 2 for a 4-byte lead. */
export function units(b: i32): i32 {
  if (b < 0x80) return 1;
  if (b < 0xc0) return 0;
  return b >= 0xf0 ? 2 : 1;
}

/** Convert RESULT fields [0, count) in place; NONE stays NONE. */
export function toUtf16(src: i32, count: i32): void {
  let byte = 0;
  let unit = 0;
  for (let f = 0; f < count; f++) {
    const target = ld32(resultField(f));
    if (target == NONE) continue;
    if (target < byte) {
      byte = 0;
      unit = 0;
    }
    while (byte < target) {
      unit += units(ld8(src + byte));
      byte++;
    }
    st32(resultField(f), unit);
  }
}
