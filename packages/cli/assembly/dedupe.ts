// A hash set of byte strings in the kernel's memory, for `swurl canon
// --dedupe`: each key is its bytes once, plus 16 bytes or so (a record header
// of 8 and a slot of 8 at most half the slots in use), where a JavaScript
// Set<string> costs a string and an entry per URL (docs/performance.md has
// the measurement). The layout of a table is in dedupe-layout.ts.
//
// Open addressing with linear probing; a slot holds the key's hash and its
// address (0: empty). The slots in use double (rehashed from the keys, which
// are stored in order) while the load stays at most 1/2; a key that would not
// fit in the budget makes the table full, and from then on the lines it has
// not seen are spilled with their sequence numbers, partitioned by hash.

import { LF, SPACE } from "../../../assembly/charcode";
import * as D from "./dedupe-layout";
import { copy, equalBytes, fill, ld32, ld8, st32, st8 } from "../../../assembly/memory";

/** Slots in use in a new or cleared table (fewer in a small one). */
const FIRST_SLOTS: i32 = 1024;
/** A key record: its length and hash, then its bytes. */
const KEY_HEADER: i32 = 8;

function field(t: i32, f: i32): i32 {
  return ld32(t + (f << 2));
}

function setField(t: i32, f: i32, v: i32): void {
  st32(t + (f << 2), v);
}

function slots(t: i32): i32 {
  return t + D.DEDUPE_HEADER;
}

/**
 * FNV-1a over the `n` bytes at p, from a basis that depends on `seed`, then
 * its high half folded into the low one (the slot is chosen by the low bits).
 * The multiply by the FNV prime 16777619 (2^24 + 2^8 + 0x93) is written as
 * shifts and adds, so that the JS build (where `*` is a float multiply) gives
 * the same 32 bits.
 */
function hashBytes(p: i32, n: i32, seed: i32): i32 {
  let h: i32 = -2128831035 ^ (seed << 16);
  for (let i = 0; i < n; i++) {
    h ^= ld8(p + i);
    h = (h + (h << 1) + (h << 4) + (h << 7) + (h << 8) + (h << 24)) | 0;
  }
  return h ^ (h >>> 16);
}

/** The low 32 bits of a * b (in the JS build `*` is a float multiply: Math.imul there). */
function mul32(a: i32, b: i32): i32 {
  if (ASC_TARGET == 0) return <i32>Math.imul(a, b);
  return a * b;
}

function rotl32(x: i32, r: i32): i32 {
  return (x << r) | (x >>> (32 - r));
}

/**
 * MurmurHash3's 32-bit hash of the `n` bytes at p (x86_32: blocks of four
 * bytes, the tail, the length, the final mix), from `seed`: the second half
 * of a fingerprint, independent of hashBytes() (FNV-1a), the first.
 */
function murmur3(p: i32, n: i32, seed: i32): i32 {
  let h = seed;
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    const k = ld8(p + i) | (ld8(p + i + 1) << 8) | (ld8(p + i + 2) << 16) | (ld8(p + i + 3) << 24);
    h ^= mul32(rotl32(mul32(k, 0xcc9e2d51), 15), 0x1b873593);
    h = (mul32(rotl32(h, 13), 5) + 0xe6546b64) | 0;
  }
  let k = 0;
  for (let j = n - 1; j >= i; j--) k = (k << 8) | ld8(p + j);
  if (i < n) h ^= mul32(rotl32(mul32(k, 0xcc9e2d51), 15), 0x1b873593);
  h ^= n;
  h ^= h >>> 16;
  h = mul32(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = mul32(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/**
 * Make `t` an empty table at its address, with room for `maxSlots` slots (a
 * power of 2), keys after them (the fields of the run's buffers are the caller's).
 */
export function dedupeInit(t: i32, maxSlots: i32, budget: i32, seed: i32): void {
  setField(t, D.DEDUPE_MAX_SLOTS, maxSlots);
  setField(t, D.DEDUPE_BUDGET, budget);
  const keys = slots(t) + (maxSlots << 3);
  setField(t, D.DEDUPE_KEYS, keys);
  dedupeClear(t, seed);
}

/** Empty the table, to be filled again with keys hashed with `seed`. */
export function dedupeClear(t: i32, seed: i32): void {
  // A quarter of the slots at most, so that a small table has room for keys.
  const quarter = field(t, D.DEDUPE_MAX_SLOTS) >> 2;
  const first = quarter < FIRST_SLOTS ? quarter : FIRST_SLOTS;
  fill(slots(t), 0, first << 3);
  setField(t, D.DEDUPE_MASK, first - 1);
  setField(t, D.DEDUPE_COUNT, 0);
  setField(t, D.DEDUPE_KEYS_END, field(t, D.DEDUPE_KEYS));
  setField(t, D.DEDUPE_FULL, 0);
  setField(t, D.DEDUPE_SEED, seed);
}

/** The slot of the key with hash `h` and `n` bytes at p, or of the empty slot where it would go. */
function probe(t: i32, p: i32, n: i32, h: i32): i32 {
  const mask = field(t, D.DEDUPE_MASK);
  const base = slots(t);
  let i = h & mask;
  while (true) {
    const slot = base + (i << 3);
    const key = ld32(slot + 4);
    if (key == 0) return slot;
    if (ld32(slot) == h && ld32(key) == n && equalBytes(key + KEY_HEADER, p, n)) return slot;
    i = (i + 1) & mask;
  }
}

/** Bytes the table takes with `slotsInUse` slots and keys up to `keysEnd`. */
function footprint(t: i32, slotsInUse: i32, keysEnd: i32): i32 {
  return (slotsInUse << 3) + (keysEnd - field(t, D.DEDUPE_KEYS));
}

/** Double the slots in use and put every key back, from the keys in order. */
function grow(t: i32, slotsInUse: i32): void {
  fill(slots(t), 0, slotsInUse << 3);
  setField(t, D.DEDUPE_MASK, slotsInUse - 1);
  const end = field(t, D.DEDUPE_KEYS_END);
  for (let key = field(t, D.DEDUPE_KEYS); key < end; ) {
    const n = ld32(key);
    const h = ld32(key + 4);
    const slot = probe(t, key + KEY_HEADER, n, h);
    st32(slot, h);
    st32(slot + 4, key);
    key += (KEY_HEADER + n + 3) & ~3;
  }
}

/**
 * Insert the new key (`n` bytes at p, hash h) whose empty slot probe() found,
 * if it fits in the budget: returns the address of its record, or 0 (and the
 * table is full from now on) when it does not fit.
 */
function insert(t: i32, p: i32, n: i32, h: i32, slot: i32): i32 {
  const keysEnd = field(t, D.DEDUPE_KEYS_END);
  const recordEnd = keysEnd + ((KEY_HEADER + n + 3) & ~3);
  const count = field(t, D.DEDUPE_COUNT) + 1;
  let slotsInUse = field(t, D.DEDUPE_MASK) + 1;
  if (count * 2 > slotsInUse) slotsInUse <<= 1;
  if (
    slotsInUse > field(t, D.DEDUPE_MAX_SLOTS) ||
    recordEnd < keysEnd ||
    footprint(t, slotsInUse, recordEnd) > field(t, D.DEDUPE_BUDGET)
  ) {
    setField(t, D.DEDUPE_FULL, 1);
    return 0;
  }
  st32(keysEnd, n);
  st32(keysEnd + 4, h);
  copy(keysEnd + KEY_HEADER, p, n);
  setField(t, D.DEDUPE_KEYS_END, recordEnd);
  setField(t, D.DEDUPE_COUNT, count);
  if (slotsInUse > field(t, D.DEDUPE_MASK) + 1) {
    grow(t, slotsInUse);
    return keysEnd;
  }
  st32(slot, h);
  st32(slot + 4, keysEnd);
  return keysEnd;
}

/** Write `digits` lower-case hex digits of v at p. */
function writeHex(p: i32, v: i32, digits: i32): void {
  for (let i = digits - 1; i >= 0; i--) {
    const d = v & 15;
    st8(p + i, d < 10 ? 0x30 + d : 0x57 + d);
    v >>>= 4;
  }
}

/**
 * Read the lines of the `len` bytes at src (each ends with LF; empty ones are
 * skipped): a line whose key the table holds is dropped; a new one is
 * inserted and written to the kept buffer, or, once the table is full,
 * written to the spill buffer as SEQ, a space and the key, with a mark (its
 * end in the spill buffer, and the partition: the top 8 bits of its hash).
 * Stops before a line that would not fit in an output buffer; the fields
 * D.DEDUPE_READ ... D.DEDUPE_MARKS_END say how far it went.
 */
export function dedupeRun(t: i32, src: i32, len: i32): void {
  const prefixed = field(t, D.DEDUPE_PREFIXED) != 0;
  const fingerprint = field(t, D.DEDUPE_FINGERPRINT) != 0;
  const print = t + (D.DEDUPE_PRINT << 2);
  const seed = field(t, D.DEDUPE_SEED);
  const kept = field(t, D.DEDUPE_KEPT);
  const keptCap = field(t, D.DEDUPE_KEPT_CAP);
  const spill = field(t, D.DEDUPE_SPILL);
  const spillCap = field(t, D.DEDUPE_SPILL_CAP);
  const marks = field(t, D.DEDUPE_MARKS);
  const marksCap = field(t, D.DEDUPE_MARKS_CAP);
  const run = field(t, D.DEDUPE_RUN);
  let line = field(t, D.DEDUPE_LINE);
  let keptEnd = 0;
  let spillEnd = 0;
  let marksEnd = 0;
  const end = src + len;
  let p = src;
  while (p < end) {
    let e = p;
    while (e < end && ld8(e) != LF) e++;
    if (e == end) break;
    const n = e - p;
    if (n == 0) {
      p = e + 1;
      continue;
    }
    // A prefixed line's key starts after its sequence number and the space.
    let key = prefixed ? p + D.DEDUPE_SEQ_WIDTH + 1 : p;
    let keyLen = e - key;
    const h = hashBytes(key, keyLen, seed);
    if (fingerprint) {
      // The table's key is the 64-bit fingerprint: this hash and a second one.
      st32(print, h);
      st32(print + 4, murmur3(key, keyLen, seed));
      key = print;
      keyLen = 8;
    }
    const slot = probe(t, key, keyLen, h);
    if (ld32(slot + 4) == 0) {
      if (field(t, D.DEDUPE_FULL) == 0) {
        if (keptEnd + n + 1 > keptCap) break;
        if (insert(t, key, keyLen, h, slot) != 0) {
          copy(kept + keptEnd, p, n + 1);
          keptEnd += n + 1;
          line++;
          p = e + 1;
          continue;
        }
      }
      const record = prefixed ? n + 1 : D.DEDUPE_SEQ_WIDTH + 1 + n + 1;
      if (spillEnd + record > spillCap || marksEnd + 2 > marksCap) break;
      const out = spill + spillEnd;
      if (prefixed) copy(out, p, n + 1);
      else {
        writeHex(out, run, D.DEDUPE_RUN_DIGITS);
        writeHex(out + D.DEDUPE_RUN_DIGITS, line, D.DEDUPE_LINE_DIGITS);
        st8(out + D.DEDUPE_SEQ_WIDTH, SPACE);
        copy(out + D.DEDUPE_SEQ_WIDTH + 1, p, n + 1);
      }
      spillEnd += record;
      st32(marks + (marksEnd << 2), spillEnd);
      st32(marks + ((marksEnd + 1) << 2), (h >>> 24) & 255);
      marksEnd += 2;
    }
    line++;
    p = e + 1;
  }
  setField(t, D.DEDUPE_LINE, line);
  setField(t, D.DEDUPE_READ, p - src);
  setField(t, D.DEDUPE_KEPT_END, keptEnd);
  setField(t, D.DEDUPE_SPILL_END, spillEnd);
  setField(t, D.DEDUPE_MARKS_END, marksEnd);
}
