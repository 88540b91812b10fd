// Byte offsets into the UTF-8 input -> UTF-16 indices into the JS string it
// came from, for lists of any length (utf16.ts does the RESULT record).

import { ld8, ld32, st32 } from "../memory";
import { units } from "../utf16";

/**
 * Convert the `n` i32 byte offsets at `words` in place. `cursor` holds a
 * (byte, unit) pair the walk starts from and leaves at the last offset, so a
 * long list can be converted in several calls; offsets that go backwards
 * restart the walk from the start of the input.
 */
export function toUtf16Words(src: i32, words: i32, n: i32, cursor: i32): void {
  let byte = ld32(cursor);
  let unit = ld32(cursor + 4);
  for (let i = 0; i < n; i++) {
    const at = words + (i << 2);
    const target = ld32(at);
    if (target < byte) {
      byte = 0;
      unit = 0;
    }
    while (byte < target) {
      unit += units(ld8(src + byte));
      byte++;
    }
    st32(at, unit);
  }
  st32(cursor, byte);
  st32(cursor + 4, unit);
}
