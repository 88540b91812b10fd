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

import { ByteKeys } from "./byte-keys.js";

/** Pathnames kept: a site's routes see far fewer distinct paths in most logs; a log of distinct ones gains nothing from more. */
const MEMO_KEYS = 1 << 16;
/**
 * Every CHECK_KEYS pathnames kept, the memo stops where fewer than one line
 * in 8 of those it kept found its pathname there: a log of distinct paths
 * pays for look-ups on a few thousand lines, not on tens of thousands.
 */
const CHECK_KEYS = 1 << 14;

export class PathnameMemo {
  private readonly keys = new ByteKeys();
  /** Per key (ByteKeys index), its value. */
  private readonly values: (string | null)[] = [];
  /** Look-ups that found their pathname kept, since the memo last started. */
  private hits = 0;
  /** Whether the memo is still used: it stops where it found fewer pathnames kept than new ones. */
  paying = true;

  /** The pathname get() last found none for: [start, end) of `bytes`. */
  private bytes: Uint8Array = new Uint8Array(0);
  private start = 0;
  private end = 0;

  /** The value kept for the pathname [a, b) of `bytes`; undefined where there is none (then keep() it). */
  get(bytes: Uint8Array, a: number, b: number): string | null | undefined {
    const index = this.keys.find(bytes, a, b);
    if (index >= 0) {
      this.hits++;
      return this.values[index];
    }
    this.bytes = bytes;
    this.start = a;
    this.end = b;
    return undefined;
  }

  /** The value of the pathname get() last found none for. */
  keep(value: string | null): void {
    if (this.values.length === MEMO_KEYS) {
      this.paying = this.hits >= MEMO_KEYS;
      this.keys.clear();
      this.values.length = 0;
      this.hits = 0;
      return;
    }
    this.keys.add(this.bytes, this.start, this.end);
    this.values.push(value);
    if (this.values.length % CHECK_KEYS === 0 && 8 * this.hits < this.values.length) this.paying = false;
  }
}
