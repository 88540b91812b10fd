// The percent-encoding half of equivalent() (docs/api.md section 5; RFC 3986
// section 6.2.2.1 and 6.2.2.2): RFC 1630 "Before two URIs can be compared, it is
// therefore necessary to bring them to the same encoding level".

import { ld8, st8 } from "../memory";
import { isIn, hexValue } from "../tables";
import { isEscape, writeEscape } from "../percent";
import { PERCENT } from "../charcode";

/**
 * Copy the `len` bytes at `src` to `dst`, decoding each "%XX" whose octet is in
 * class set `set` and rewriting every other escape with upper-case hex digits
 * ("%2f" -> "%2F"). Returns the output length; `dst` needs `len` bytes.
 */
export function normalizeEscapes(src: i32, len: i32, dst: i32, set: i32): i32 {
  const end = src + len;
  let p = src;
  let q = dst;
  while (p < end) {
    const c = ld8(p);
    if (c == PERCENT && isEscape(p, end)) {
      const b = (hexValue(ld8(p + 1)) << 4) | hexValue(ld8(p + 2));
      if (isIn(b, set)) {
        st8(q, b);
        q++;
      } else {
        q = writeEscape(q, b);
      }
      p += 3;
    } else {
      st8(q, c);
      q++;
      p++;
    }
  }
  return q - dst;
}
