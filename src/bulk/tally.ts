// Tallies of a stream of batches in the kernel (assembly/tally.ts): schemes,
// hostnames and pathnames counted in hash tables in the kernel's memory, from
// the rows of each batch, with no string made per line; a key's string is made
// once, when the counts are read. `swurl stats` counts with it.
//
// A tally has a kernel instance of its own: its memory holds the tables from
// one batch to the next, which the memory of the API's kernel, rewritten by
// every call, could not. Each batch's rows and hrefs are copied in (one block
// copy each) and counted by one kernel call. The tally places every block in
// that memory itself: a table that fills up moves to a block with twice its
// slots and room for as many keys (tallyGrow: its key bytes move as one block,
// only the slots are placed again), and the block it leaves is used again.

import * as L from "../../assembly/layout.js";
import type { ParsedUrl } from "../whatwg/url.js";
import { UrlBatch } from "./batch.js";
import { align8, Arena } from "../kernel/arena.js";
import type { Backend } from "../kernel/backend.js";
import { BULK, type BulkExports } from "../kernel/modules.js";
import { expectOptions, typeName } from "../arguments/check.js";

/** What a tally counted: strings made once per distinct key. */
export interface TallyCounts {
  /** URLs counted: the lines that parsed. */
  valid: number;
  withQuery: number;
  withFragment: number;
  withCredentials: number;
  withPort: number;
  /** Counts by scheme (the protocol without ":"). */
  schemes: Map<string, number>;
  /** Counts by hostname, for URLs whose hostname is not "". */
  hosts: Map<string, number>;
  /** Counts by pathname; past the bound on paths, the most frequent ones, with the counts of the others in `pathsDropped`. */
  paths: Map<string, number>;
  pathsDropped: number;
}

/**
 * A table of a tally (UrlTally.summary()) read in place, as the tally is when
 * each method is called: a key becomes a string only where a method returns it.
 */
export interface TallyTable {
  /** Distinct keys. */
  readonly size: number;
  /** How many times `key` was counted (0: never, or left out past the bound on paths). */
  count(key: string): number;
  /** The `n` keys counted most often, with their counts: the largest first, equal counts in key order (as `<` orders strings). */
  top(n: number): [string, number][];
  /** Every key with its count. */
  toMap(): Map<string, number>;
}

/** What a tally counted, its tables read in place (UrlTally.summary()). */
export interface TallySummary extends Omit<TallyCounts, "schemes" | "hosts" | "paths"> {
  schemes: TallyTable;
  hosts: TallyTable;
  paths: TallyTable;
}

interface Table {
  at: number;
  capacity: number;
  keyBytes: number;
}

interface Block {
  at: number;
  bytes: number;
}

/** Slots of a new table, and bytes of its keys. */
const FIRST_CAPACITY = 1024;
const FIRST_KEY_BYTES = 65536;
/** A table always has room for one more key of any length a row can hold. */
const KEY_HEADROOM = L.ROW_MAX_HREF;
/** Counts told apart when pruning: the histogram's words (the last is "this many or more"). */
const HISTOGRAM = 1024;

// A tally as bytes (UrlTally.serialize), for a tally in another thread or
// process to add in: little-endian 32-bit words, then key bytes.
//   SERIAL_MAGIC, the COUNTERS, pathsDropped (low and high word)
//   for each of the TALLY_TABLES: its number of keys n and their bytes b,
//     n (offset, length, count) triples, then the b bytes of its key space,
//     padded to 4 (a table's key space holds its keys and nothing else:
//     keys are never removed in place, a pruned table is a new one)
// A worker's tally so crosses to the main thread as one copied block, and its
// keys become strings only once, in the tally they are added to.
const SERIAL_MAGIC = 0x31545753; // "SWT1"
const SERIAL_HEAD = 1 + L.COUNTERS + 2;
const TWO_32 = 2 ** 32;

/** The keys a table of `capacity` slots takes: its load stays at most 3/4 (assembly/tally.ts). */
function loadLimit(capacity: number): number {
  return capacity - (capacity >> 2);
}

function tableBytes(capacity: number, keyBytes: number): number {
  return L.TALLY_HEADER_BYTES + capacity * L.TALLY_SLOT_BYTES + keyBytes;
}

class HrefTally {
  private readonly arena: Arena;
  /** The bulk module's exports in the arena (assembly/tally.ts). */
  private readonly bulk: BulkExports;
  /** The TALLY_TABLES addresses, then the COUNTERS. */
  private readonly tableList = L.ARENA;
  private readonly counters = L.ARENA + (L.TALLY_TABLES << 2);
  private readonly histogram: number;
  private readonly tables: Table[] = [];
  /** The end of the blocks placed so far. */
  private top: number;
  /** Blocks left by tables that moved, for later blocks. */
  private free: Block[] = [];
  private batchBlock: Block = { at: 0, bytes: 0 };
  /** Where addUrl() writes a key. */
  private scratch: Block = { at: 0, bytes: 0 };
  private pathsDropped = 0;

  /**
   * A tally on its own kernel instance `backend`. Past 2 * `keepPaths`
   * distinct pathnames, the paths table keeps the `keepPaths` most frequent
   * (ties at the cut may keep fewer) and adds the others' counts up in
   * `pathsDropped`: memory stays bounded however many distinct paths come.
   */
  constructor(
    backend: Backend,
    private readonly keepPaths: number,
  ) {
    this.arena = new Arena(backend);
    this.bulk = this.arena.module(BULK);
    this.top = align8(this.counters + (L.COUNTERS << 2));
    this.histogram = this.place(HISTOGRAM << 2);
    this.arena.i32.fill(0, this.counters >> 2, (this.counters >> 2) + L.COUNTERS);
    for (let t = 0; t < L.TALLY_TABLES; t++) this.tables.push(this.newTable(FIRST_CAPACITY, FIRST_KEY_BYTES));
    this.writeTableList();
  }

  /** A block of `bytes` at the end of those placed so far. */
  private place(bytes: number): number {
    const at = this.top;
    this.top = align8(at + bytes);
    this.arena.reserve(this.top - L.ARENA);
    return at;
  }

  /** A block of at least `bytes`: a free one if one is large enough, else a new one. */
  private block(bytes: number): Block {
    const k = this.free.findIndex((b) => b.bytes >= bytes);
    if (k !== -1) return this.free.splice(k, 1)[0];
    return { at: this.place(bytes), bytes };
  }

  /** An empty table of `capacity` slots in a block with room for `keyBytes` of keys at least. */
  private newTable(capacity: number, keyBytes: number): Table {
    const { at, bytes } = this.block(tableBytes(capacity, keyBytes));
    this.bulk.tallyInit(at, capacity, at + bytes);
    return { at, capacity, keyBytes: bytes - tableBytes(capacity, 0) };
  }

  /** Move table `t` whole into a new table of `capacity` slots (at least its own) and `keyBytes` (room for its keys). */
  private grow(t: number, capacity: number, keyBytes: number): void {
    const old = this.tables[t];
    const { at, bytes } = this.block(tableBytes(capacity, keyBytes));
    this.bulk.tallyGrow(old.at, at, capacity, at + bytes);
    this.replace(t, { at, capacity, keyBytes: bytes - tableBytes(capacity, 0) });
  }

  /**
   * Move table `t` into a new table of its size, keeping the keys counted
   * more than `threshold` times; returns the sum of the counts of the others.
   */
  private prune(t: number, threshold: number): number {
    const old = this.tables[t];
    const { at, bytes } = this.block(tableBytes(old.capacity, old.keyBytes));
    const dropped = this.bulk.tallyMove(old.at, at, old.capacity, at + bytes, threshold);
    this.replace(t, { at, capacity: old.capacity, keyBytes: bytes - tableBytes(old.capacity, 0) });
    return dropped >>> 0;
  }

  /** Table `t` is now `table`: the block it leaves is free for later blocks. */
  private replace(t: number, table: Table): void {
    const old = this.tables[t];
    this.free.push({ at: old.at, bytes: tableBytes(old.capacity, old.keyBytes) });
    this.tables[t] = table;
    this.writeTableList();
  }

  private writeTableList(): void {
    this.tables.forEach((table, t) => {
      this.arena.i32[(this.tableList >> 2) + t] = table.at;
    });
  }

  private header(table: Table, field: number): number {
    return this.arena.i32[(table.at >> 2) + field];
  }

  /** Move table `t` to a larger block if it could not take one more key of `len` bytes. */
  private makeRoom(t: number, len: number): void {
    const table = this.tables[t];
    const full = this.header(table, L.TALLY_SIZE) + 1 > loadLimit(table.capacity);
    const keysFree = this.header(table, L.TALLY_KEYS_LIMIT) - this.header(table, L.TALLY_KEYS_END);
    if (!full && keysFree >= len) return;
    const capacity = full ? 2 * table.capacity : table.capacity;
    this.grow(t, capacity, Math.max(this.keyRoom(table, capacity), keysFree < len ? 2 * table.keyBytes + len : 0));
  }

  /**
   * Bytes of keys for table `table` moved to `capacity` slots: as many keys
   * as those slots take, of half as long again as the mean of its keys so far
   * (later keys may be longer). A key space that fills before the slots do
   * moves the table again; sized so, the next move is the slots' own. Key
   * bytes not yet written cost no memory the system hands out.
   */
  private keyRoom(table: Table, capacity: number): number {
    const size = this.header(table, L.TALLY_SIZE);
    const used = table.keyBytes - (this.header(table, L.TALLY_KEYS_LIMIT) - this.header(table, L.TALLY_KEYS_END));
    return Math.max(table.keyBytes, size === 0 ? 0 : Math.ceil(((1.5 * used) / size) * loadLimit(capacity)));
  }

  /** Move table `t` once, where it has no room for `n` more keys of `bytes` bytes in all, to a block that has. */
  private makeRoomFor(t: number, n: number, bytes: number): void {
    const table = this.tables[t];
    const size = this.header(table, L.TALLY_SIZE) + n + 1;
    let capacity = table.capacity;
    while (size > loadLimit(capacity)) capacity *= 2;
    const keysFree = this.header(table, L.TALLY_KEYS_LIMIT) - this.header(table, L.TALLY_KEYS_END);
    if (capacity === table.capacity && keysFree >= bytes) return;
    this.grow(t, capacity, Math.max(table.keyBytes, table.keyBytes - keysFree + bytes));
  }

  /** Count the lines of `batch` that parsed, from line `from` on. */
  add(batch: UrlBatch, from = 0): void {
    const { rows, hrefs } = batch._rows();
    const lines = rows.length / L.ROW_FIELDS;
    if (from >= lines) return;
    this.batchBlock = this.atLeast(this.batchBlock, rows.byteLength + hrefs.length + L.SLACK);
    const at = this.batchBlock.at;
    const hrefsAt = at + rows.byteLength;
    this.arena.i32.set(rows, at >> 2);
    this.arena.u8.set(hrefs, hrefsAt);
    const { bulk } = this;
    for (let r = from; ; ) {
      r = bulk.tallyRows(at, r, lines, hrefsAt, this.tableList, this.counters);
      if (r === lines) break;
      // Every table gets room for a key of any length a row can hold: the row goes through next time.
      for (let t = 0; t < L.TALLY_TABLES; t++) this.makeRoom(t, KEY_HEADROOM);
    }
    // The lines the kernel left to parse() (UTS #46 hosts, blob: URLs, long hrefs) have no row to count from.
    for (let line = from; line < lines; line++) {
      if ((rows[line * L.ROW_FIELDS + L.ROW_STATE] & L.ROW_STATUS_MASK) === L.BATCH_DEFERRED && batch.isValid(line))
        this.addUrl(batch.get(line)!);
    }
    this.prunePaths();
  }

  /** Count one URL, from its getters' strings (ASCII, as every href is). */
  private addUrl(url: ParsedUrl): void {
    this.addKey(L.TALLY_SCHEMES, url.protocol.slice(0, -1));
    if (url.hostname !== "") this.addKey(L.TALLY_HOSTS, url.hostname);
    this.addKey(L.TALLY_PATHS, url.pathname);
    const words = this.arena.i32;
    const bump = (c: number) => words[(this.counters >> 2) + c]++;
    bump(L.COUNT_VALID);
    if (url.search !== "") bump(L.COUNT_QUERY);
    if (url.hash !== "") bump(L.COUNT_FRAGMENT);
    if (url.username !== "" || url.password !== "") bump(L.COUNT_CREDENTIALS);
    if (url.port !== "") bump(L.COUNT_PORT);
  }

  /** Count `key` in table `t`. */
  private addKey(t: number, key: string): void {
    this.scratch = this.atLeast(this.scratch, key.length + L.SLACK);
    this.count(t, this.scratch.at, this.arena.write(key, this.scratch.at), 1);
  }

  /** Count `n` more of the `len` bytes at `at` in table `t`, which is first given room for them. */
  private count(t: number, at: number, len: number, n: number): void {
    this.makeRoom(t, len);
    this.bulk.tallyAdd(this.tables[t].at, at, len, n);
  }

  /** `held` where it has `bytes`, else a new block of twice that (`held` is left for later blocks). */
  private atLeast(held: Block, bytes: number): Block {
    if (bytes <= held.bytes) return held;
    if (held.bytes > 0) this.free.push(held);
    return this.block(2 * bytes);
  }

  /** Past 2 * keepPaths distinct paths, keep the keepPaths most frequent. */
  private prunePaths(): void {
    const paths = this.tables[L.TALLY_PATHS];
    if (this.header(paths, L.TALLY_SIZE) <= 2 * this.keepPaths) return;
    this.bulk.tallyHistogram(paths.at, this.histogram, HISTOGRAM);
    // The lowest count above which at most keepPaths keys are left.
    const counts = this.arena.i32.subarray(this.histogram >> 2, (this.histogram >> 2) + HISTOGRAM);
    let kept = 0;
    let threshold = HISTOGRAM - 2;
    for (let c = HISTOGRAM - 1; c > 0; c--) {
      if (kept + counts[c] > this.keepPaths) {
        threshold = c;
        break;
      }
      kept += counts[c];
      threshold = c - 1;
    }
    this.pathsDropped += this.prune(L.TALLY_PATHS, threshold);
  }

  /** The tally in the format above. */
  serialize(): Uint8Array {
    const words = this.arena.i32;
    let size = SERIAL_HEAD << 2;
    for (const table of this.tables)
      size += 8 + this.header(table, L.TALLY_SIZE) * 12 + align4(this.keySpace(table).bytes);
    const out = new Uint8Array(size);
    const w = new Int32Array(out.buffer);
    w[0] = SERIAL_MAGIC;
    w.set(words.subarray(this.counters >> 2, (this.counters >> 2) + L.COUNTERS), 1);
    w[1 + L.COUNTERS] = this.pathsDropped % TWO_32;
    w[2 + L.COUNTERS] = Math.floor(this.pathsDropped / TWO_32);
    let at = SERIAL_HEAD;
    for (const table of this.tables) {
      const space = this.keySpace(table);
      w[at++] = this.header(table, L.TALLY_SIZE);
      w[at++] = space.bytes;
      const first = (table.at + L.TALLY_HEADER_BYTES) >> 2;
      for (let s = first; s < first + table.capacity * L.TALLY_SLOT; s += L.TALLY_SLOT) {
        const key = words[s + L.TALLY_KEY];
        if (key === 0) continue;
        w[at++] = key - space.at;
        w[at++] = words[s + L.TALLY_KEY_LENGTH];
        w[at++] = words[s + L.TALLY_COUNT];
      }
      out.set(this.arena.u8.subarray(space.at, space.at + space.bytes), at << 2);
      at += align4(space.bytes) >> 2;
    }
    return out;
  }

  /** Where table `table`'s keys start, and their bytes. */
  private keySpace(table: Table): { at: number; bytes: number } {
    const at = table.at + tableBytes(table.capacity, 0);
    return { at, bytes: this.header(table, L.TALLY_KEYS_END) - at };
  }

  /** Add the counts of a serialized tally; throws (having added nothing) on bytes that are not one. */
  addSerialized(bytes: Uint8Array): void {
    const tables = readSerial(bytes);
    const words = this.arena.i32;
    const src = new Int32Array(bytes.buffer, bytes.byteOffset, SERIAL_HEAD);
    for (let c = 0; c < L.COUNTERS; c++) words[(this.counters >> 2) + c] += src[1 + c];
    this.pathsDropped += (src[1 + L.COUNTERS] >>> 0) + (src[2 + L.COUNTERS] >>> 0) * TWO_32;
    tables.forEach(({ triples, keys }, t) => {
      const triplesAt = align8(keys.length);
      this.scratch = this.atLeast(this.scratch, triplesAt + triples.byteLength + L.SLACK);
      const at = this.scratch.at;
      this.arena.u8.set(keys, at);
      this.arena.i32.set(triples, (at + triplesAt) >> 2);
      const n = triples.length / 3;
      // Room for all of them first: one move, not one a doubling.
      this.makeRoomFor(t, n, keys.length);
      for (let i = 0; ; ) {
        i = this.bulk.tallyAddAll(this.tables[t].at, at + triplesAt, i, n, at);
        if (i === n) break;
        this.makeRoom(t, triples[3 * i + 1]);
      }
    });
    this.prunePaths();
  }

  /** The counts so far, each table read in place. */
  summary(): TallySummary {
    const words = this.arena.i32;
    const counter = (c: number) => words[(this.counters >> 2) + c] >>> 0;
    return {
      valid: counter(L.COUNT_VALID),
      withQuery: counter(L.COUNT_QUERY),
      withFragment: counter(L.COUNT_FRAGMENT),
      withCredentials: counter(L.COUNT_CREDENTIALS),
      withPort: counter(L.COUNT_PORT),
      schemes: this.view(L.TALLY_SCHEMES),
      hosts: this.view(L.TALLY_HOSTS),
      paths: this.view(L.TALLY_PATHS),
      pathsDropped: this.pathsDropped,
    };
  }

  /** Table `t` read in place: its block is looked up at each call, as it moves when it grows. */
  private view(t: number): TallyTable {
    const table = () => this.tables[t];
    const self = this;
    return {
      get size() {
        return self.header(table(), L.TALLY_SIZE);
      },
      count: (key) => {
        if (typeof key !== "string") throw new TypeError(`TallyTable.count: expected a string, got ${typeName(key)}`);
        return this.find(table(), key);
      },
      top: (n) => {
        if (!Number.isInteger(n) || n < 0)
          throw new TypeError(`TallyTable.top: n must be a whole number, got ${typeName(n)}`);
        return this.topKeys(table(), n);
      },
      toMap: () => this.keys(table()),
    };
  }

  /** The count of `key` in `table` (0: not a key). */
  private find(table: Table, key: string): number {
    // UTF-8 takes up to 3 bytes a UTF-16 unit.
    this.scratch = this.atLeast(this.scratch, 3 * key.length + L.SLACK);
    return this.bulk.tallyFind(table.at, this.scratch.at, this.arena.write(key, this.scratch.at)) >>> 0;
  }

  /**
   * The `n` keys of `table` counted most often, in report order (before()).
   * The kernel's histogram of the counts gives the least count the n-th key
   * can have, so that only the keys counted at least that often are compared
   * and only the n kept become strings.
   */
  private topKeys(table: Table, n: number): [string, number][] {
    if (n === 0) return [];
    this.bulk.tallyHistogram(table.at, this.histogram, HISTOGRAM);
    const words = this.arena.i32;
    const histogram = words.subarray(this.histogram >> 2, (this.histogram >> 2) + HISTOGRAM);
    let least = 1;
    for (let c = HISTOGRAM - 1, above = 0; c > 1; c--) {
      above += histogram[c];
      if (above >= n) {
        least = c;
        break;
      }
    }
    const slots: number[] = [];
    const first = (table.at + L.TALLY_HEADER_BYTES) >> 2;
    for (let s = first; s < first + table.capacity * L.TALLY_SLOT; s += L.TALLY_SLOT)
      if (words[s + L.TALLY_KEY] !== 0 && words[s + L.TALLY_COUNT] >>> 0 >= least) slots.push(s);
    const u8 = this.arena.u8;
    const count = (s: number) => words[s + L.TALLY_COUNT] >>> 0;
    // Keys are ASCII (hrefs are): their bytes sort as their strings' UTF-16 units do.
    const before = (a: number, b: number): boolean => {
      if (count(a) !== count(b)) return count(a) > count(b);
      const p = words[a + L.TALLY_KEY];
      const q = words[b + L.TALLY_KEY];
      const m = words[a + L.TALLY_KEY_LENGTH];
      const k = words[b + L.TALLY_KEY_LENGTH];
      for (let i = 0; i < m && i < k; i++) if (u8[p + i] !== u8[q + i]) return u8[p + i] < u8[q + i];
      return m < k;
    };
    return best(slots, n, before).map((s) => {
      const key = words[s + L.TALLY_KEY];
      return [this.arena.ascii(key, key + words[s + L.TALLY_KEY_LENGTH]), count(s)];
    });
  }

  /**
   * A table's keys (hrefs are ASCII) and counts. The keys are slices of one
   * string of the table's key space: a slice costs a fraction of a string
   * made of each key's bytes.
   */
  private keys(table: Table): Map<string, number> {
    const words = this.arena.i32;
    const map = new Map<string, number>();
    const space = this.keySpace(table);
    const all = this.arena.ascii(space.at, space.at + space.bytes);
    const first = (table.at + L.TALLY_HEADER_BYTES) >> 2;
    for (let s = first; s < first + table.capacity * L.TALLY_SLOT; s += L.TALLY_SLOT) {
      const key = words[s + L.TALLY_KEY] - space.at;
      if (key < 0) continue;
      map.set(all.slice(key, key + words[s + L.TALLY_KEY_LENGTH]), words[s + L.TALLY_COUNT] >>> 0);
    }
    return map;
  }
}

/** Longer selections than this are sorted whole (best()). */
const SELECT_BEST = 64;

/**
 * The `n` first of `items` in the order `before`, in that order. A short
 * selection keeps a sorted array of the best so far, each item placed by a
 * walk of up to `n`, which costs less than a sort of all of them.
 */
function best<T>(items: T[], n: number, before: (a: T, b: T) => boolean): T[] {
  if (n > SELECT_BEST) return items.sort((a, b) => (before(a, b) ? -1 : 1)).slice(0, n);
  const kept: T[] = [];
  for (const item of items) {
    if (kept.length === n && !before(item, kept[n - 1])) continue;
    let at = kept.length === n ? n - 1 : kept.length;
    while (at > 0 && before(item, kept[at - 1])) at--;
    if (kept.length === n) kept.pop();
    kept.splice(at, 0, item);
  }
  return kept;
}

function align4(n: number): number {
  return (n + 3) & ~3;
}

/** The tables of a serialized tally: each one's (offset, length, count) triples and key bytes; throws on bytes not in the format. */
function readSerial(bytes: Uint8Array): { triples: Int32Array; keys: Uint8Array }[] {
  const fail = (): never => {
    throw new TypeError("UrlTally.addSerialized: the bytes are not a serialized tally");
  };
  if (bytes.byteLength < SERIAL_HEAD << 2) fail();
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
  if (words[0] !== SERIAL_MAGIC) fail();
  const tables: { triples: Int32Array; keys: Uint8Array }[] = [];
  let at = SERIAL_HEAD;
  for (let t = 0; t < L.TALLY_TABLES; t++) {
    if (at + 2 > words.length) fail();
    const n = words[at++];
    const keyBytes = words[at++];
    if (n < 0 || keyBytes < 0 || (at + 3 * n) * 4 + keyBytes > bytes.byteLength) fail();
    const triples = words.subarray(at, at + 3 * n);
    // Every key lies inside the key bytes.
    for (let i = 0; i < triples.length; i += 3)
      if (triples[i] < 0 || triples[i + 1] < 0 || triples[i] + triples[i + 1] > keyBytes) fail();
    at += 3 * n;
    tables.push({ triples, keys: bytes.subarray(at << 2, (at << 2) + keyBytes) });
    at += align4(keyBytes) >> 2;
  }
  if (at << 2 !== bytes.byteLength) fail();
  return tables;
}

export interface TallyOptions {
  /**
   * How many distinct pathnames a tally keeps at least (default: all). Past
   * twice as many, it keeps this many of the most frequent and adds the
   * others' counts up in `pathsDropped`, so that memory stays bounded.
   */
  paths?: number;
}

/** Counts of the URLs of batches (createTally()). */
export interface UrlTally {
  /** Count the lines of `batch` that parsed, from line `start` (default 0) on. */
  add(batch: UrlBatch, start?: number): void;
  /** The counts so far (each call makes new Maps: a string per key). */
  counts(): TallyCounts;
  /**
   * The counts so far, each table read in place: no string a key, where a
   * report needs a table's size and its top keys only.
   */
  summary(): TallySummary;
  /**
   * The tally as bytes, for a tally in another thread or process to add in
   * with addSerialized(): a worker's counts cross as one block, and their
   * keys become strings once, where they are read.
   */
  serialize(): Uint8Array;
  /** Add the counts of serialize()'s bytes; a TypeError (nothing added) for bytes that are not a serialized tally. */
  addSerialized(bytes: Uint8Array): void;
}

/** The tally API on `arena`'s build: each tally has a kernel instance of its own. */
export function tallyApi(arena: Arena) {
  /**
   * A tally of the schemes, hostnames and pathnames of the batches given to
   * its add(), counted in the kernel without a string a line.
   */
  function createTally(options?: TallyOptions): UrlTally {
    expectOptions(options, "createTally");
    const paths = options?.paths ?? Infinity;
    if (typeof paths !== "number" || !(paths === Infinity || (Number.isInteger(paths) && paths > 0)))
      throw new TypeError(`createTally: options.paths must be a positive integer, got ${typeName(paths)}`);
    const tally = new HrefTally(arena.backend.another(), paths);
    return {
      add(batch, start = 0) {
        if (!(batch instanceof UrlBatch))
          throw new TypeError(`UrlTally.add: expected a UrlBatch, got ${typeName(batch)}`);
        if (!Number.isInteger(start) || start < 0)
          throw new TypeError(`UrlTally.add: start must be a whole number, got ${typeName(start)}`);
        tally.add(batch, start);
      },
      counts() {
        const { schemes, hosts, paths, ...counters } = tally.summary();
        return { ...counters, schemes: schemes.toMap(), hosts: hosts.toMap(), paths: paths.toMap() };
      },
      summary: () => tally.summary(),
      serialize: () => tally.serialize(),
      addSerialized(bytes) {
        if (!(bytes instanceof Uint8Array))
          throw new TypeError(`UrlTally.addSerialized: expected a Uint8Array, got ${typeName(bytes)}`);
        // The format is read in 32-bit words: bytes that do not start on a word boundary are copied.
        tally.addSerialized(bytes.byteOffset % 4 === 0 ? bytes : bytes.slice());
      },
    };
  }
  return { createTally };
}
