// #url-port: the port state's digits, shared by the port state (parser.ts) and
// the parser's two fast paths (canParse()'s in parser.ts, parse()'s in
// serialized.ts). The default ports are scheme.ts's.

import { ld8 } from "./memory";
import { isAsciiDigit } from "./tables";
import * as C from "./charcode";
import { Last } from "./outputs";

/**
 * The end of the run of ASCII digits starting at p (before `end`), with their
 * value in Last.portValue; -1 once the value is over 65535 ("If port is not a
 * 16-bit unsigned integer, port-out-of-range validation error, return failure").
 */
export function portDigits(p: i32, end: i32): i32 {
  let value = 0;
  for (; p < end; p++) {
    const c = ld8(p);
    if (!isAsciiDigit(c)) break;
    value = value * 10 + (c - C.DIGIT_0);
    if (value > 65535) return -1;
  }
  Last.portValue = value;
  return p;
}
