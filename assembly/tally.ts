// Tallies: how often each distinct byte string occurs (hosts, paths, schemes
// of a log), counted in hash tables in the kernel's memory. `swurl stats`
// counts a whole batch's rows in one call (tallyRows), reading each URL's
// parts as byte ranges of its href: no string is made for a line, only one
// for each distinct key, by the wrapper, when the report is written.
//
// The tables use open addressing with linear probing; each slot keeps the
// key's hash, so a probe compares bytes only when the hashes are equal. The
// wrapper owns the placement: a call that would pass a table's load limit or
// fill its key space returns without counting anything, and the wrapper moves
// the table into a larger block (tallyGrow) and calls again.

import { ld8, ld32, ldu32, st32, copy } from "./memory";
import * as L from "./layout";

/** Multiplication modulo 2^32 in both builds (JS numbers would not wrap). */
function mul(a: i32, b: i32): i32 {
  if (ASC_TARGET == 0) return Math.imul(a, b);
  return a * b;
}

// Odd constants of the multiply-xorshift mixing (the golden ratio, and the
// finalizer of MurmurHash3), as i32.
const GOLDEN: i32 = -1640531535; // 0x9E3779B1
const MIX_1: i32 = -2048144789; // 0x85EBCA6B
const MIX_2: i32 = -1028477387; // 0xC2B2AE35

/** A 32-bit hash of the `len` bytes at `p`, four bytes a step. */
export function hashBytes(p: i32, len: i32): i32 {
  let h: i32 = len;
  const words = p + (len & ~3);
  for (; p < words; p += 4) {
    h = mul(h ^ ldu32(p), GOLDEN);
    h = (h << 13) | (h >>> 19);
  }
  for (const end = words + (len & 3); p < end; p++) h = mul(h ^ ld8(p), GOLDEN);
  h ^= h >>> 16;
  h = mul(h, MIX_1);
  h ^= h >>> 13;
  h = mul(h, MIX_2);
  return h ^ (h >>> 16);
}

/** Whether the `len` bytes at `a` and at `b` are the same. */
function sameBytes(a: i32, b: i32, len: i32): bool {
  let i = 0;
  for (; i + 4 <= len; i += 4) if (ldu32(a + i) != ldu32(b + i)) return false;
  for (; i < len; i++) if (ld8(a + i) != ld8(b + i)) return false;
  return true;
}

function header(table: i32, f: i32): i32 {
  return table + (f << 2);
}

function slotAt(table: i32, i: i32): i32 {
  return table + L.TALLY_HEADER_BYTES + i * L.TALLY_SLOT_BYTES;
}

/**
 * Make an empty table at `table` with `capacity` slots (a power of 2) and its
 * key space up to `keysLimit`.
 */
export function tallyInit(table: i32, capacity: i32, keysLimit: i32): void {
  st32(header(table, L.TALLY_MASK), capacity - 1);
  st32(header(table, L.TALLY_SIZE), 0);
  const keys = slotAt(table, capacity);
  st32(header(table, L.TALLY_KEYS_END), keys);
  st32(header(table, L.TALLY_KEYS_LIMIT), keysLimit);
  for (let s = slotAt(table, 0); s < keys; s += L.TALLY_SLOT_BYTES) st32(s + (L.TALLY_KEY << 2), 0);
}

/** Whether a new key of `len` bytes fits: the load stays at most 3/4 and its bytes fit. */
function hasRoom(table: i32, len: i32): bool {
  const capacity = ld32(header(table, L.TALLY_MASK)) + 1;
  if (ld32(header(table, L.TALLY_SIZE)) >= capacity - (capacity >> 2)) return false;
  return ld32(header(table, L.TALLY_KEYS_END)) + len <= ld32(header(table, L.TALLY_KEYS_LIMIT));
}

/** Whether `slot` is empty or holds the key of `len` bytes at `p` whose hash is `h`. */
function endsProbe(slot: i32, p: i32, len: i32, h: i32): bool {
  const key = ld32(slot + (L.TALLY_KEY << 2));
  return (
    key == 0 ||
    (ld32(slot + (L.TALLY_HASH << 2)) == h && ld32(slot + (L.TALLY_KEY_LENGTH << 2)) == len && sameBytes(key, p, len))
  );
}

/** The slot of the key of `len` bytes at `p` whose hash is `h` in `table`, or the empty slot where it goes. */
function probe(table: i32, p: i32, len: i32, h: i32): i32 {
  const mask = ld32(header(table, L.TALLY_MASK));
  let i = h & mask;
  while (!endsProbe(slotAt(table, i), p, len, h)) i = (i + 1) & mask;
  return slotAt(table, i);
}

/** Count `n` more of the key of `len` bytes at `p` whose hash is `h`, and return its slot; the caller checked hasRoom(). */
function add(table: i32, p: i32, len: i32, h: i32, n: i32): i32 {
  const slot = probe(table, p, len, h);
  if (ld32(slot + (L.TALLY_KEY << 2)) != 0) {
    st32(slot + (L.TALLY_COUNT << 2), ld32(slot + (L.TALLY_COUNT << 2)) + n);
    return slot;
  }
  const keys = ld32(header(table, L.TALLY_KEYS_END));
  copy(keys, p, len);
  st32(header(table, L.TALLY_KEYS_END), keys + len);
  st32(header(table, L.TALLY_SIZE), ld32(header(table, L.TALLY_SIZE)) + 1);
  // A key of no bytes still needs an address that is not 0: its place in the key space.
  st32(slot + (L.TALLY_KEY << 2), keys);
  st32(slot + (L.TALLY_KEY_LENGTH << 2), len);
  st32(slot + (L.TALLY_HASH << 2), h);
  st32(slot + (L.TALLY_COUNT << 2), n);
  return slot;
}

/**
 * Count once more the key of `len` bytes at `p` in `table`, and return its
 * slot; `last` is the slot the row before counted there (0: none). A log's
 * rows mostly repeat the scheme and host of the row before: then the bytes
 * are compared with that slot's key, with no hash and no probe. A slot stays
 * where it is until its table moves, which happens between calls only.
 */
function addAgain(table: i32, p: i32, len: i32, last: i32): i32 {
  if (
    last != 0 &&
    ld32(last + (L.TALLY_KEY_LENGTH << 2)) == len &&
    sameBytes(ld32(last + (L.TALLY_KEY << 2)), p, len)
  ) {
    st32(last + (L.TALLY_COUNT << 2), ld32(last + (L.TALLY_COUNT << 2)) + 1);
    return last;
  }
  return add(table, p, len, hashBytes(p, len), 1);
}

/**
 * Count `n` more of the `len` bytes at `p` in `table`. Returns 1 when it
 * counted, 0 when the table had no room (nothing was changed).
 */
export function tallyAdd(table: i32, p: i32, len: i32, n: i32): i32 {
  // A key already present needs no room, but finding that out costs the probe: a full table is moved first.
  if (!hasRoom(table, len)) return 0;
  add(table, p, len, hashBytes(p, len), n);
  return 1;
}

/**
 * Count the keys [from, to) of a list of (offset, length, count) triples of
 * words at `triples`, whose bytes lie at `keys` + offset, in `table`: a
 * serialized tally added in one call, not one a key. Returns the key it
 * stopped at: `to`, or the first the table had no room for (not counted).
 */
export function tallyAddAll(table: i32, triples: i32, from: i32, to: i32, keys: i32): i32 {
  for (let i = from; i < to; i++) {
    const triple = triples + i * 12;
    if (tallyAdd(table, keys + ld32(triple), ld32(triple + 4), ld32(triple + 8)) == 0) return i;
  }
  return to;
}

/**
 * The count of the `len` bytes at `p` in `table`: 0 where they are not a key
 * (a key is counted at least once).
 */
export function tallyFind(table: i32, p: i32, len: i32): i32 {
  const slot = probe(table, p, len, hashBytes(p, len));
  return ld32(slot + (L.TALLY_KEY << 2)) == 0 ? 0 : ld32(slot + (L.TALLY_COUNT << 2));
}

/**
 * Move the keys of the table at `from` whose count is above `threshold` into
 * a new table at `to` (tallyInit's `capacity` and `keysLimit`), which must not
 * overlap it. Returns the sum of the counts left behind (0 for threshold 0).
 * The caller makes sure the kept keys fit.
 */
export function tallyMove(from: i32, to: i32, capacity: i32, keysLimit: i32, threshold: i32): i32 {
  tallyInit(to, capacity, keysLimit);
  let dropped = 0;
  const end = slotAt(from, ld32(header(from, L.TALLY_MASK)) + 1);
  for (let s = slotAt(from, 0); s < end; s += L.TALLY_SLOT_BYTES) {
    const key = ld32(s + (L.TALLY_KEY << 2));
    if (key == 0) continue;
    const count = ld32(s + (L.TALLY_COUNT << 2));
    // Counts are u32: compare them unsigned.
    if (<u32>count <= <u32>threshold) {
      dropped += count;
      continue;
    }
    add(to, key, ld32(s + (L.TALLY_KEY_LENGTH << 2)), ld32(s + (L.TALLY_HASH << 2)), count);
  }
  return dropped;
}

/**
 * Move the table at `from` whole into a new table at `to` (tallyInit's
 * `capacity`, at least its own, and `keysLimit`, with room for its keys),
 * which must not overlap it. Its key space moves as one block, in the order
 * it was written, and each slot is placed by the hash it keeps: no key byte
 * is read or hashed, and as the keys are distinct, a probe only looks for an
 * empty slot. At the same capacity a slot keeps its index.
 */
export function tallyGrow(from: i32, to: i32, capacity: i32, keysLimit: i32): void {
  tallyInit(to, capacity, keysLimit);
  const oldCapacity = ld32(header(from, L.TALLY_MASK)) + 1;
  const keys = slotAt(from, oldCapacity);
  const keysEnd = ld32(header(from, L.TALLY_KEYS_END));
  const moved = slotAt(to, capacity);
  copy(moved, keys, keysEnd - keys);
  st32(header(to, L.TALLY_KEYS_END), moved + (keysEnd - keys));
  st32(header(to, L.TALLY_SIZE), ld32(header(from, L.TALLY_SIZE)));
  const delta = moved - keys;
  const mask = capacity - 1;
  for (let i = 0; i < oldCapacity; i++) {
    const s = slotAt(from, i);
    const key = ld32(s + (L.TALLY_KEY << 2));
    if (key == 0) continue;
    const h = ld32(s + (L.TALLY_HASH << 2));
    let j = capacity == oldCapacity ? i : h & mask;
    while (ld32(slotAt(to, j) + (L.TALLY_KEY << 2)) != 0) j = (j + 1) & mask;
    const slot = slotAt(to, j);
    st32(slot + (L.TALLY_KEY << 2), key + delta);
    st32(slot + (L.TALLY_KEY_LENGTH << 2), ld32(s + (L.TALLY_KEY_LENGTH << 2)));
    st32(slot + (L.TALLY_HASH << 2), h);
    st32(slot + (L.TALLY_COUNT << 2), ld32(s + (L.TALLY_COUNT << 2)));
  }
}

/**
 * Write at `dst` (`buckets` words) how many keys of `table` have each count:
 * word k for count k, the last word for that count and above.
 */
export function tallyHistogram(table: i32, dst: i32, buckets: i32): void {
  for (let k = 0; k < buckets; k++) st32(dst + (k << 2), 0);
  const end = slotAt(table, ld32(header(table, L.TALLY_MASK)) + 1);
  for (let s = slotAt(table, 0); s < end; s += L.TALLY_SLOT_BYTES) {
    if (ld32(s + (L.TALLY_KEY << 2)) == 0) continue;
    const count = ld32(s + (L.TALLY_COUNT << 2));
    const k = <u32>count < <u32>(buckets - 1) ? count : buckets - 1;
    st32(dst + (k << 2), ld32(dst + (k << 2)) + 1);
  }
}

function rowWord(row: i32, f: i32): i32 {
  return ld32(row + (f << 2));
}

function bump(counters: i32, c: i32): void {
  st32(counters + (c << 2), ld32(counters + (c << 2)) + 1);
}

/**
 * Count the BATCH_OK rows [from, to) of the batch table at `rows` (layout.ts
 * ROW_*), whose hrefs start at `hrefs`: each URL's scheme, its hostname where
 * it is not empty and its pathname go to the tables whose addresses are the
 * TALLY_TABLES words at `tables`, and COUNTERS words at `counters` count
 * what the URLs have. Rows of any other state are the wrapper's. Returns the
 * row it stopped at: `to`, or the first row a table had no room for (none of
 * that row is counted).
 */
export function tallyRows(rows: i32, from: i32, to: i32, hrefs: i32, tables: i32, counters: i32): i32 {
  const schemes = ld32(tables + (L.TALLY_SCHEMES << 2));
  const hosts = ld32(tables + (L.TALLY_HOSTS << 2));
  const paths = ld32(tables + (L.TALLY_PATHS << 2));
  let lastScheme = 0;
  let lastHost = 0;
  for (let r = from; r < to; r++) {
    const row = rows + r * (L.ROW_FIELDS << 2);
    if ((rowWord(row, L.ROW_STATE) & L.ROW_STATUS_MASK) != L.BATCH_OK) continue;
    const href = hrefs + rowWord(row, L.ROW_HREF);
    const lengthScheme = rowWord(row, L.ROW_LENGTH_SCHEME);
    const hrefEnd = lengthScheme >>> 16;
    const schemeEnd = lengthScheme & L.ROW_NONE;
    const host = rowWord(row, L.ROW_HOST);
    const hostStart = host >>> 16;
    const hostEnd = host & L.ROW_NONE;
    // #dom-url-hostname: "" for a null host.
    const hostLength = hostStart == L.ROW_NONE ? 0 : hostEnd - hostStart;
    const portPath = rowWord(row, L.ROW_PORT_PATH);
    const pathStart = portPath & L.ROW_NONE;
    const queryFragment = rowWord(row, L.ROW_QUERY_FRAGMENT);
    const queryStart = queryFragment >>> 16;
    const fragmentStart = queryFragment & L.ROW_NONE;
    const pathLength = L.pathEnd(queryStart, fragmentStart, hrefEnd, L.ROW_NONE) - pathStart;
    if (!hasRoom(schemes, schemeEnd) || !hasRoom(paths, pathLength) || (hostLength > 0 && !hasRoom(hosts, hostLength)))
      return r;
    lastScheme = addAgain(schemes, href, schemeEnd, lastScheme);
    if (hostLength > 0) lastHost = addAgain(hosts, href + hostStart, hostLength, lastHost);
    add(paths, href + pathStart, pathLength, hashBytes(href + pathStart, pathLength), 1);
    bump(counters, L.COUNT_VALID);
    // #dom-url-search and #dom-url-hash: "" for a null or empty query or fragment.
    if (queryStart != L.ROW_NONE && L.queryEnd(fragmentStart, hrefEnd, L.ROW_NONE) - queryStart > 1)
      bump(counters, L.COUNT_QUERY);
    if (fragmentStart != L.ROW_NONE && hrefEnd - fragmentStart > 1) bump(counters, L.COUNT_FRAGMENT);
    const user = rowWord(row, L.ROW_USER);
    const pass = rowWord(row, L.ROW_PASS);
    if ((user & L.ROW_NONE) > user >>> 16 || (pass & L.ROW_NONE) > pass >>> 16) bump(counters, L.COUNT_CREDENTIALS);
    // #dom-url-port: the parser writes ":port" only for a port that is not null.
    if (portPath >>> 16 != hostEnd) bump(counters, L.COUNT_PORT);
  }
  return to;
}
