// Decimal serialization of small non-negative integers (ports, IPv4 parts).

import { st8 } from "./memory";
import { DIGIT_0 } from "./charcode";

/** Write `n` (0 <= n < 2^31) in decimal at `o`; returns the position after it. */
export function writeDecimal(o: i32, n: i32): i32 {
  let digits = 1;
  for (let m = n; m >= 10; m = (m / 10) | 0) digits++;
  const p = o + digits;
  for (let i = 1; i <= digits; i++) {
    st8(p - i, DIGIT_0 + (n % 10));
    n = (n / 10) | 0;
  }
  return p;
}
