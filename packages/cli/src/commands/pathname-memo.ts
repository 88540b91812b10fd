// A field's value per distinct pathname, kept by the pathname's bytes (in a
// batch's hrefBytes()), for a field that depends on the pathname alone: a
// route of a routes file whose every line is a pathname pattern
// ({ pathname: line }, every other component "*", so that the URL's other
// components match whatever they are). A line whose pathname was seen
// before takes its value with no string and no match; a new pathname's
// value is worked out from its URL, as a record's is without the memo.
// Bounded: past MEMO_KEYS pathnames the memo starts again, or, where few
// lines found their pathname kept, stops (`paying`): in a log of mostly
// distinct paths the look-up is work added to every line's match.

import { hash } from "../byte-hash.js";

/** Pathnames kept: a site's routes see far fewer distinct paths in most logs; a log of distinct ones gains nothing from more. */
const MEMO_KEYS = 1 << 16;
/** Words of a slot: where the key starts (+ 1; 0 is an empty slot), its length, its hash, its value's index in `values`. */
const SLOT = 4;
const CAPACITY = 2 * MEMO_KEYS;
/**
 * Every CHECK_KEYS pathnames kept, the memo stops where fewer than one line
 * in 8 of those it kept found its pathname there: a log of distinct paths
 * pays for look-ups on a few thousand lines, not on tens of thousands.
 */
const CHECK_KEYS = 1 << 14;

export class PathnameMemo {
  private slots = new Int32Array(CAPACITY * SLOT);
  private keys = new Uint8Array(1 << 16);
  private keysEnd = 0;
  private readonly values: (string | null)[] = [];
  /** Look-ups that found their pathname kept, since the memo last started. */
  private hits = 0;
  /** Whether the memo is still used: it stops where it found fewer pathnames kept than new ones. */
  paying = true;

  /** Where get() last looked: the empty slot a new key goes in (keep()), the key's hash and range. */
  private slot = 0;
  private hash = 0;
  private bytes: Uint8Array = new Uint8Array(0);
  private start = 0;
  private end = 0;

  /** The value kept for the pathname [a, b) of `bytes`; undefined where there is none (then keep() it). */
  get(bytes: Uint8Array, a: number, b: number): string | null | undefined {
    const h = hash(bytes, a, b);
    const len = b - a;
    const { slots, keys } = this;
    let s = (h & (CAPACITY - 1)) * SLOT;
    for (; slots[s] !== 0; s = (s + SLOT) % slots.length) {
      if (slots[s + 2] !== h || slots[s + 1] !== len) continue;
      const at = slots[s] - 1;
      let k = 0;
      while (k < len && keys[at + k] === bytes[a + k]) k++;
      if (k === len) {
        this.hits++;
        return this.values[slots[s + 3]];
      }
    }
    this.slot = s;
    this.hash = h;
    this.bytes = bytes;
    this.start = a;
    this.end = b;
    return undefined;
  }

  /** The value of the pathname get() last found none for. */
  keep(value: string | null): void {
    if (this.values.length === MEMO_KEYS) {
      this.paying = this.hits >= MEMO_KEYS;
      this.clear();
      return;
    }
    const { bytes, start, end } = this;
    const len = end - start;
    if (this.keysEnd + len > this.keys.length) {
      const keys = new Uint8Array(2 * (this.keys.length + len));
      keys.set(this.keys.subarray(0, this.keysEnd));
      this.keys = keys;
    }
    const { keys, slots, slot: s } = this;
    for (let k = 0; k < len; k++) keys[this.keysEnd + k] = bytes[start + k];
    slots[s] = this.keysEnd + 1;
    slots[s + 1] = len;
    slots[s + 2] = this.hash;
    slots[s + 3] = this.values.length;
    this.values.push(value);
    if (this.values.length % CHECK_KEYS === 0 && 8 * this.hits < this.values.length) this.paying = false;
    this.keysEnd += len;
  }

  private clear(): void {
    this.slots.fill(0);
    this.keysEnd = 0;
    this.values.length = 0;
    this.hits = 0;
  }
}
