// Counts of byte strings (the values of a log field, as ranges of the lines'
// bytes), kept by key in a ByteKeys table, so that counting a value makes no
// string; a key becomes a string once, when the counts are read (into()).
// Past 2 * CAP_KEYS distinct keys, the CAP_KEYS most frequent are kept and
// the others' counts added up in `dropped`, as top-counts.ts does with
// strings. Where the records have durations, each key keeps them in a
// KeyDurations.

import { hash } from "../byte-hash.js";
import { ByteKeys } from "./byte-keys.js";
import type { Durations } from "./durations.js";
import { KeyDurations } from "./key-durations.js";
import { CAP_KEYS, countValue, NO_VALUE, type TopCounts } from "./top-counts.js";

const FIRST_KEYS = 1024;
/** The WHATWG UTF-8 decoder (invalid sequences become U+FFFD), as a line's text is decoded. */
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

export class ByteCounts {
  private keys = new ByteKeys();
  /** Per key (ByteKeys index), its records: their count, the sum of their --sum field. */
  private counts = new Float64Array(FIRST_KEYS);
  private sums = new Float64Array(FIRST_KEYS);
  /** Per key, its records' durations; null: the records have none. */
  private durations: KeyDurations | null;
  /** Occurrences of the keys dropped as rare. */
  private dropped = 0;

  /** Counts whose records have durations where `timed`. */
  constructor(timed = false) {
    this.durations = timed ? new KeyDurations(FIRST_KEYS) : null;
  }

  /** Count one more of the bytes [a, b) of `bytes`, whose record's --sum field is `sum` and duration `seconds` (null: none). */
  add(bytes: Uint8Array, a: number, b: number, sum: number, seconds: number | null = null): void {
    this.addKey(bytes, a, b, hash(bytes, a, b), 1, sum, seconds);
  }

  /**
   * `n` more of a key whose hash is `h` and whose records' sum is `sum` and
   * durations `seconds` (one, a histogram of several, or null: none). Past
   * 2 * CAP_KEYS keys, the rarest are dropped.
   */
  private addKey(
    bytes: Uint8Array,
    a: number,
    b: number,
    h: number,
    n: number,
    sum: number,
    seconds: Durations | null,
  ): void {
    let i = this.keys.find(bytes, a, b, h);
    if (i < 0) {
      i = this.keys.add(bytes, a, b);
      if (i === this.counts.length) this.grow(2 * i);
    }
    this.counts[i] += n;
    this.sums[i] += sum;
    if (seconds !== null) this.durations?.add(i, seconds);
    if (this.keys.size > 2 * CAP_KEYS) this.prune();
  }

  /** Room for `n` keys' counts. */
  private grow(n: number): void {
    const counts = new Float64Array(n);
    counts.set(this.counts);
    this.counts = counts;
    const sums = new Float64Array(n);
    sums.set(this.sums);
    this.sums = sums;
    this.durations?.grow(n);
  }

  /**
   * Keep the keys counted more often than the CAP_KEYS-th most frequent; the
   * others' counts dropped. The tables start again at the size they had: a
   * log that filled them with rare keys fills them again, and a table grown
   * from its first size places every key again at each doubling.
   */
  private prune(): void {
    const { keys, counts, sums, durations } = this;
    const threshold = counts.slice(0, keys.size).sort().reverse()[CAP_KEYS] as number;
    this.keys = new ByteKeys(...keys.room());
    this.counts = new Float64Array(counts.length);
    this.sums = new Float64Array(counts.length);
    if (durations !== null) this.durations = new KeyDurations(counts.length);
    for (let i = 0; i < keys.size; i++) {
      const n = counts[i] as number;
      if (n <= threshold) this.dropped += n;
      else {
        const key = keys.key(i);
        this.addKey(key, 0, key.length, keys.hashOf(i), n, sums[i] as number, durations?.get(i) ?? null);
      }
    }
  }

  /** Add the counts into `counts`, each key as the string `decode` makes of it (UTF-8, invalid bytes as U+FFFD, without; null: no value). */
  into(counts: TopCounts, decode: (key: Uint8Array) => string | null = (key) => utf8.decode(key)): void {
    const { keys } = this;
    for (let i = 0; i < keys.size; i++) {
      countValue(counts, decode(keys.key(i)) ?? NO_VALUE, this.counts[i], this.sums[i], this.durations?.get(i) ?? null);
    }
    counts.dropped += this.dropped;
  }
}
