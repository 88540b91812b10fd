// A field's value per distinct pathname, kept by the pathname's bytes (in a
// batch's hrefBytes()), for a field that depends on the pathname alone: a
// route of a routes file whose every line is a pathname pattern
// ({ pathname: line }, every other component "*", so that the URL's other
// components match whatever they are). A line whose pathname was seen
// before takes its value with no string and no match; a new pathname's
// value is worked out from its URL, as a record's is without the memo.
// Bounded: past MEMO_KEYS pathnames the memo starts again.

import { hash } from "./byte-counts.js";

/** Pathnames kept: a site's routes see far fewer distinct paths in most logs; a log of distinct ones gains nothing from more. */
const MEMO_KEYS = 1 << 16;
/** Words of a slot: where the key starts (+ 1; 0 is an empty slot), its length, its hash, its value's index in `values`. */
const SLOT = 4;
const CAPACITY = 2 * MEMO_KEYS;

export class PathnameMemo {
  private slots = new Int32Array(CAPACITY * SLOT);
  private keys = new Uint8Array(1 << 16);
  private keysEnd = 0;
  private readonly values: (string | null)[] = [];

  /** The value of the pathname [a, b) of `bytes`: kept, else `work()`'s, then kept. */
  get(bytes: Uint8Array, a: number, b: number, work: () => string | null): string | null {
    const h = hash(bytes, a, b);
    const len = b - a;
    const { slots, keys } = this;
    let s = (h & (CAPACITY - 1)) * SLOT;
    for (; slots[s] !== 0; s = (s + SLOT) % slots.length) {
      if (slots[s + 2] !== h || slots[s + 1] !== len) continue;
      const at = slots[s] - 1;
      let k = 0;
      while (k < len && keys[at + k] === bytes[a + k]) k++;
      if (k === len) return this.values[slots[s + 3]];
    }
    const value = work();
    if (this.values.length === MEMO_KEYS) this.clear();
    else this.keep(s, bytes, a, len, h, value);
    return value;
  }

  /** A new key in the empty slot at word `s`. */
  private keep(s: number, bytes: Uint8Array, a: number, len: number, h: number, value: string | null): void {
    if (this.keysEnd + len > this.keys.length) {
      const keys = new Uint8Array(2 * (this.keys.length + len));
      keys.set(this.keys.subarray(0, this.keysEnd));
      this.keys = keys;
    }
    this.keys.set(bytes.subarray(a, a + len), this.keysEnd);
    this.slots[s] = this.keysEnd + 1;
    this.slots[s + 1] = len;
    this.slots[s + 2] = h;
    this.slots[s + 3] = this.values.length;
    this.values.push(value);
    this.keysEnd += len;
  }

  private clear(): void {
    this.slots.fill(0);
    this.keysEnd = 0;
    this.values.length = 0;
  }
}
