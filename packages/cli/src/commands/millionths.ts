// `stats --sum` of a decimal field (a duration in seconds): each value is
// added as a whole number of millionths, rounded half up at the seventh
// digit after the point. Whole numbers below 2^53 add up exactly in any
// order, so a sum is the same with one thread or many, where floats added
// in another order can differ in their last bits. A sum is exact up to
// 2^53 millionths, about 285 years.

import { DIGIT_0, DIGIT_9, DOT } from "../input/program-keys.js";

/** The digits after the point that a millionth keeps; the next one rounds. */
const PLACES = 6;
export const MILLION = 1e6;

/**
 * The decimal in `bytes` [a, b), digits with at most one "." among them, as
 * a whole number of millionths; -1 where the bytes are not such a decimal.
 */
export function millionths(bytes: Uint8Array, a: number, b: number): number {
  let whole = 0;
  let p = a;
  while (p < b && bytes[p] >= DIGIT_0 && bytes[p] <= DIGIT_9) whole = 10 * whole + bytes[p++] - DIGIT_0;
  if (p === a) return -1;
  if (p === b) return whole * MILLION;
  if (bytes[p] !== DOT || p + 1 === b) return -1;
  let fraction = 0;
  let place = 0;
  let up = false;
  for (p++; p < b; p++, place++) {
    const c = bytes[p];
    if (c < DIGIT_0 || c > DIGIT_9) return -1;
    if (place < PLACES) fraction = 10 * fraction + c - DIGIT_0;
    else if (place === PLACES) up = c >= DIGIT_0 + 5;
  }
  for (; place < PLACES; place++) fraction *= 10;
  return whole * MILLION + fraction + (up ? 1 : 0);
}

const encoder = new TextEncoder();

/**
 * The decimal `text` as a whole number of millionths (as millionths() reads
 * it), where it may also be written with an exponent, as JavaScript writes
 * a number ("9.12e-7", "1e+21"); -1 where it is neither.
 */
export function millionthsOf(text: string): number {
  const e = text.search(/e/i);
  const bytes = encoder.encode(e < 0 ? text : withoutExponent(text.slice(0, e), Number(text.slice(e + 1))));
  return millionths(bytes, 0, bytes.length);
}

/** The largest exponent withoutExponent() writes out: a double's range, and a bound on the zeros it writes. */
const MAX_EXPONENT = 400;

/** The decimal `mantissa` times ten to the `exponent`, written with its point moved (no exponent). */
function withoutExponent(mantissa: string, exponent: number): string {
  const dot = mantissa.indexOf(".");
  const digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  const point = (dot < 0 ? mantissa.length : dot) + exponent;
  if (!Number.isInteger(exponent) || Math.abs(exponent) > MAX_EXPONENT || !/^\d+$/.test(digits)) return "";
  if (point <= 0) return `0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + "0".repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}
