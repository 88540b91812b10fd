// Counts of byte strings (the values of a log field, as ranges of the lines'
// bytes): an open-addressing hash table whose keys are copied into one byte
// array, so that counting a value makes no string; a key becomes a string
// once, when the counts are read (into()). Past 2 * CAP_KEYS distinct keys,
// the CAP_KEYS most frequent are kept and the others' counts added up in
// `dropped`, as top-counts.ts does with strings. Where the records have
// durations, each key keeps a histogram of its records' (durations.ts).

import { hash } from "../byte-hash.js";
import { addDuration, type Histogram, mergeHistogram } from "./durations.js";
import { CAP_KEYS, countValue, type TopCounts } from "./top-counts.js";

/** Words of a slot: where the key starts (+ 1; 0 is an empty slot), its length, its hash, its count (its sum: `sums`). */
const SLOT = 4;
const FIRST_CAPACITY = 1024;
/** The WHATWG UTF-8 decoder (invalid sequences become U+FFFD), as a line's text is decoded. */
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** A slot's histograms, none yet: a dense array (holes would make it a dictionary). */
const histograms = (capacity: number): (Histogram | undefined)[] => new Array(capacity).fill(undefined);

export class ByteCounts {
  private slots = new Int32Array(FIRST_CAPACITY * SLOT);
  /** Per slot, the sum of its key's records' --sum field. */
  private sums = new Float64Array(FIRST_CAPACITY);
  /** Per slot, its key's records' durations (undefined until one has a duration); null: the records have none. */
  private durations: (Histogram | undefined)[] | null;
  private mask = FIRST_CAPACITY - 1;
  private size = 0;
  private keys = new Uint8Array(1 << 16);
  private keysEnd = 0;
  /** Occurrences of the keys dropped as rare. */
  private dropped = 0;

  /** Counts whose records have durations where `timed`. */
  constructor(timed = false) {
    this.durations = timed ? histograms(FIRST_CAPACITY) : null;
  }

  /** Count one more of the bytes [a, b) of `bytes`, whose record's --sum field is `sum` and duration `seconds` (null: none). */
  add(bytes: Uint8Array, a: number, b: number, sum: number, seconds: number | null = null): void {
    this.addKey(bytes, a, b, hash(bytes, a, b), 1, sum, seconds);
  }

  /** `n` more of a key whose records' sum is `sum` and durations `seconds` (one, a histogram of several, or null: none). */
  private addKey(
    bytes: Uint8Array,
    a: number,
    b: number,
    h: number,
    n: number,
    sum: number,
    seconds: number | Histogram | null,
  ): void {
    const { slots, keys } = this;
    const len = b - a;
    for (let i = h & this.mask; ; i = (i + 1) & this.mask) {
      const s = i * SLOT;
      const at = slots[s] - 1;
      if (at < 0) {
        this.insert(s, bytes, a, len, h, n, sum, seconds);
        return;
      }
      if (slots[s + 2] === h && slots[s + 1] === len) {
        let same = true;
        for (let k = 0; k < len; k++) {
          if (keys[at + k] !== bytes[a + k]) {
            same = false;
            break;
          }
        }
        if (same) {
          slots[s + 3] += n;
          this.sums[i] += sum;
          this.addSeconds(i, seconds);
          return;
        }
      }
    }
  }

  /** Durations of the key in slot i. */
  private addSeconds(i: number, seconds: number | Histogram | null): void {
    if (seconds === null || this.durations === null) return;
    let h = this.durations[i];
    if (h === undefined) this.durations[i] = h = new Map();
    if (typeof seconds === "number") addDuration(h, seconds);
    else mergeHistogram(h, seconds);
  }

  /** A new key in the empty slot at word `s`; the table grows (or is pruned) past a load of 3/4. */
  private insert(
    s: number,
    bytes: Uint8Array,
    a: number,
    len: number,
    h: number,
    n: number,
    sum: number,
    seconds: number | Histogram | null,
  ): void {
    if (this.keysEnd + len > this.keys.length) {
      const keys = new Uint8Array(2 * (this.keys.length + len));
      keys.set(this.keys.subarray(0, this.keysEnd));
      this.keys = keys;
    }
    this.keys.set(bytes.subarray(a, a + len), this.keysEnd);
    const { slots } = this;
    slots[s] = this.keysEnd + 1;
    slots[s + 1] = len;
    slots[s + 2] = h;
    slots[s + 3] = n;
    this.sums[s / SLOT] = sum;
    if (this.durations !== null) this.durations[s / SLOT] = undefined;
    this.addSeconds(s / SLOT, seconds);
    this.keysEnd += len;
    this.size++;
    const capacity = this.mask + 1;
    if (this.size > 2 * CAP_KEYS) this.rebuild(capacity, this.pruneThreshold());
    else if (this.size > capacity - (capacity >> 2)) this.rebuild(2 * capacity, 0);
  }

  /** The count above which at most CAP_KEYS keys are left. */
  private pruneThreshold(): number {
    const counts: number[] = [];
    for (let s = 0; s < this.slots.length; s += SLOT) if (this.slots[s] !== 0) counts.push(this.slots[s + 3]);
    counts.sort((x, y) => y - x);
    return counts[CAP_KEYS];
  }

  /** The keys counted more than `threshold` times, in a table of `capacity` slots; the others' counts dropped. */
  private rebuild(capacity: number, threshold: number): void {
    const { slots, keys, sums, durations } = this;
    this.slots = new Int32Array(capacity * SLOT);
    this.sums = new Float64Array(capacity);
    if (durations !== null) this.durations = histograms(capacity);
    this.mask = capacity - 1;
    this.size = 0;
    this.keys = new Uint8Array(keys.length);
    this.keysEnd = 0;
    for (let s = 0; s < slots.length; s += SLOT) {
      if (slots[s] === 0) continue;
      const n = slots[s + 3];
      if (n <= threshold) this.dropped += n;
      else {
        const at = slots[s] - 1;
        this.addKey(keys, at, at + slots[s + 1], slots[s + 2], n, sums[s / SLOT], durations?.[s / SLOT] ?? null);
      }
    }
  }

  /** Add the counts into `counts`, each key as the string `decode` makes of it (UTF-8, invalid bytes as U+FFFD, without). */
  into(counts: TopCounts, decode: (key: Uint8Array) => string = (key) => utf8.decode(key)): void {
    const { slots, keys } = this;
    for (let s = 0; s < slots.length; s += SLOT) {
      if (slots[s] === 0) continue;
      const at = slots[s] - 1;
      const key = decode(keys.subarray(at, at + slots[s + 1]));
      countValue(counts, key, slots[s + 3], this.sums[s / SLOT], this.durations?.[s / SLOT] ?? null);
    }
    counts.dropped += this.dropped;
  }
}
