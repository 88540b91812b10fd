// Sets of bytes as the kernel's Op.Set reads them (assembly/urlpattern/program.ts):
// 256 bits in eight i32 words. The kernel matches ASCII inputs only (the
// matcher hands others to the RegExp), so only bits 0-127 ever decide.

import { SET_WORDS } from "../../assembly/urlpattern/program.js";

export type ByteSet = Int32Array;

export function emptySet(): ByteSet {
  return new Int32Array(SET_WORDS);
}

export function addByte(set: ByteSet, b: number): void {
  set[b >> 5] |= 1 << (b & 31);
}

function hasByte(set: ByteSet, b: number): boolean {
  return ((set[b >> 5] >>> (b & 31)) & 1) !== 0;
}

export function addRange(set: ByteSet, from: number, to: number): void {
  for (let b = from; b <= to; b++) addByte(set, b);
}

/** Every byte but those of `except`. */
export function allBut(except: readonly number[]): ByteSet {
  const set = emptySet();
  addRange(set, 0, 255);
  for (const b of except) set[b >> 5] &= ~(1 << (b & 31));
  return set;
}

/** The ASCII letter `b` in the other case, or `b` itself. */
export function otherCase(b: number): number {
  if (b >= 0x41 && b <= 0x5a) return b + 0x20;
  if (b >= 0x61 && b <= 0x7a) return b - 0x20;
  return b;
}

/** `set` with every ASCII letter in it in both cases (a class under the "i" flag, on ASCII input). */
export function bothCases(set: ByteSet): ByteSet {
  const folded = set.slice();
  for (let b = 0x41; b <= 0x7a; b++) if (hasByte(set, b)) addByte(folded, otherCase(b));
  return folded;
}
