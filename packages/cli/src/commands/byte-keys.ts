// Byte strings as the keys of a table (the values of a log field, the
// pathnames of URLs, as ranges of the bytes they were read from), so that
// looking one up makes no string. An open-addressing hash table: each key's
// bytes are copied once into one array, and a slot holds where they start,
// their length, their hash and the key's index. Keys are numbered in the
// order they came in; a table's user keeps what it holds for each key in
// arrays by that index (ByteCounts' counts, PathnameMemo's values).

import { hash } from "../byte-hash.js";
import { copyBytes } from "../byte-copy.js";

/** Words of a slot: where the key starts (+ 1; 0 is an empty slot), its length, its hash, its index. */
const SLOT = 4;
const FIRST_CAPACITY = 1024;

export class ByteKeys {
  private slots: Int32Array;
  private mask: number;
  private bytes: Uint8Array;
  private bytesEnd = 0;
  /** Per index, where its key starts in `bytes` and ends (the next pair). */
  private ranges: Int32Array;
  /** Per index, its key's hash (a table that grows places its keys again by it). */
  private hashes: Int32Array;
  /** How many keys it holds: their indices are 0 to size - 1. */
  size = 0;
  /** Where find() last found no key: the empty slot the key goes in (add()), and its hash. */
  private empty = 0;
  private emptyHash = 0;

  /** A table of `capacity` slots (a power of two) and room for `byteRoom` bytes of keys, which grows past them. */
  constructor(capacity = FIRST_CAPACITY, byteRoom = 1 << 16) {
    this.slots = new Int32Array(capacity * SLOT);
    this.mask = capacity - 1;
    this.bytes = new Uint8Array(byteRoom);
    this.ranges = new Int32Array(2 * capacity);
    this.hashes = new Int32Array(capacity);
  }

  /** Its slots and its room for bytes, for a table that will hold as many keys (ByteCounts' drop of rare keys). */
  room(): [capacity: number, byteRoom: number] {
    return [this.mask + 1, this.bytes.length];
  }

  /** The index of the key [a, b) of `bytes`, whose hash is `h`; -1 where it is not held (then add() puts it in). */
  find(bytes: Uint8Array, a: number, b: number, h = hash(bytes, a, b)): number {
    const { slots, bytes: held } = this;
    const len = b - a;
    for (let i = h & this.mask; ; i = (i + 1) & this.mask) {
      const s = i * SLOT;
      const at = slots[s] - 1;
      if (at < 0) {
        this.empty = s;
        this.emptyHash = h;
        return -1;
      }
      if (slots[s + 2] !== h || slots[s + 1] !== len) continue;
      let k = 0;
      while (k < len && held[at + k] === bytes[a + k]) k++;
      if (k === len) return slots[s + 3];
    }
  }

  /** Add the key [a, b) of `bytes` that find() has just not found; its index (the table grows past a load of 3/4). */
  add(bytes: Uint8Array, a: number, b: number): number {
    const len = b - a;
    if (this.bytesEnd + len > this.bytes.length) {
      const grown = new Uint8Array(2 * (this.bytes.length + len));
      grown.set(this.bytes.subarray(0, this.bytesEnd));
      this.bytes = grown;
    }
    copyBytes(this.bytes, this.bytesEnd, bytes, a, b);
    const index = this.size++;
    if (index === this.hashes.length) {
      this.ranges = grownTo(this.ranges, 4 * index);
      this.hashes = grownTo(this.hashes, 2 * index);
    }
    this.ranges[2 * index] = this.bytesEnd;
    this.ranges[2 * index + 1] = this.bytesEnd + len;
    this.hashes[index] = this.emptyHash;
    this.place(this.empty, index);
    this.bytesEnd += len;
    const capacity = this.mask + 1;
    if (this.size > capacity - (capacity >> 2)) this.grow(2 * capacity);
    return index;
  }

  /** The bytes of key `index` (a view of the table's own: read it before the next add()). */
  key(index: number): Uint8Array {
    return this.bytes.subarray(this.ranges[2 * index], this.ranges[2 * index + 1]);
  }

  /** The hash of key `index`. */
  hashOf(index: number): number {
    return this.hashes[index];
  }

  /** Hold no key. */
  clear(): void {
    this.slots.fill(0);
    this.bytesEnd = 0;
    this.size = 0;
  }

  /** Key `index` in the empty slot at word `s`. */
  private place(s: number, index: number): void {
    const { slots, ranges } = this;
    slots[s] = ranges[2 * index] + 1;
    slots[s + 1] = ranges[2 * index + 1] - ranges[2 * index];
    slots[s + 2] = this.hashes[index];
    slots[s + 3] = index;
  }

  /** The keys in a table of `capacity` slots. */
  private grow(capacity: number): void {
    this.slots = new Int32Array(capacity * SLOT);
    this.mask = capacity - 1;
    for (let index = 0; index < this.size; index++) {
      let i = this.hashes[index] & this.mask;
      while (this.slots[i * SLOT] !== 0) i = (i + 1) & this.mask;
      this.place(i * SLOT, index);
    }
  }
}

/** `array` copied into a new one of `length` (larger). */
function grownTo(array: Int32Array, length: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(length);
  grown.set(array);
  return grown;
}
