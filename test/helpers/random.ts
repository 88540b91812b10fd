// Seeded random input for the property and differential tests: the same seed
// gives the same strings on every run and machine, so a failure can be replayed.

export { mulberry32 } from "../../scripts/data/random.mjs";

export type Rng = () => number;

/** An integer in [lo, hi]. */
export function int(rng: Rng, lo: number, hi: number): number {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

const HEX = "0123456789abcdefABCDEF";
const DELIMITERS = ":/?#@[]%+;=&";
const SCHEMES = ["http://", "https://", "ftp://", "a+b.c-d:", "mailto:", "//", "1a:", "x:"];

/** Two hex digits of a random byte, in random case (so %c3 and %C3 both occur). */
function randomEscape(rng: Rng): string {
  const b = int(rng, 0, 255).toString(16).padStart(2, "0");
  return "%" + (rng() < 0.5 ? b.toUpperCase() : b);
}

/**
 * One random piece of a URL-ish string. The weights lean on what the kernels
 * branch on: delimiters, "%" (valid and broken escapes), "+", controls,
 * non-ASCII in 2-, 3- and 4-byte UTF-8, and lone surrogates (which reach the
 * kernel as U+FFFD and change byte offsets against UTF-16 indices).
 */
function piece(rng: Rng): string {
  const r = rng();
  if (r < 0.3) return String.fromCharCode(int(rng, 0x21, 0x7e)); // printable ASCII
  if (r < 0.45) return pick(rng, [...DELIMITERS]);
  if (r < 0.55) return randomEscape(rng);
  if (r < 0.6) return "%" + pick(rng, [...HEX, "", "%", "g", "*"]); // "%", "%4", "%%", "%g"...
  if (r < 0.65) return rng() < 0.8 ? String.fromCharCode(int(rng, 0, 0x20)) : "\x7f"; // controls, space, DEL
  if (r < 0.72) return String.fromCharCode(int(rng, 0x80, 0x7ff)); // 2-byte UTF-8
  if (r < 0.78) return String.fromCharCode(pick(rng, [int(rng, 0x800, 0xd7ff), int(rng, 0xe000, 0xffff)]));
  if (r < 0.84) return String.fromCodePoint(int(rng, 0x10000, 0x10ffff)); // astral: a surrogate pair
  if (r < 0.9) return String.fromCharCode(int(rng, 0xd800, 0xdfff)); // a lone surrogate
  if (r < 0.95) return pick(rng, SCHEMES);
  return "a".repeat(int(rng, 1, 40)); // a run long enough for 16-byte vector blocks
}

/** A random string of up to `maxPieces` pieces, half the time starting like a URL. */
export function randomString(rng: Rng, maxPieces = 40): string {
  let s = rng() < 0.5 ? pick(rng, SCHEMES) : "";
  const n = int(rng, 0, maxPieces);
  for (let i = 0; i < n; i++) s += piece(rng);
  return s;
}

/** A random string with no lone surrogates (a "scalar value string"): they become U+FFFD. */
export function randomWellFormed(rng: Rng, maxPieces = 40): string {
  return randomString(rng, maxPieces).toWellFormed();
}
