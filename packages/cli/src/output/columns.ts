// The columns of `swurl parse --format parquet|arrow`: one builder per
// field, filled a row at a time, turned into Apache Arrow data a row group at
// a time. The Arrow buffers are made directly (offsets, UTF-8 bytes, validity
// bitmaps): apache-arrow's generic vectorFromArray inspects every value and
// costs more than parsing the row (bench/parquet-writers.mjs measures both).
// The fields that are pieces of the href (all of the default ones) make no
// strings: each row's href is written once, and their bytes copied from it.

import type * as Arrow from "apache-arrow";
import type { ParsedUrl } from "swurl";
import type { FieldDef } from "./fields.js";
import { BOUNDS, writeBounds, type HrefPiece } from "./href-pieces.js";
import { own } from "../own.js";
import type { Records } from "../input/records.js";

type ArrowModule = typeof Arrow;

/**
 * Fields whose values repeat across rows (a log has few schemes, hosts,
 * methods, user agents): dictionary-encoded, in Arrow and in Parquet files.
 */
export const REPETITIVE = new Set([
  "protocol",
  "scheme",
  "host",
  "hostname",
  "origin",
  "domain",
  "suffix",
  "subdomain",
  "method",
  "version",
  "agent",
  "ident",
  "user",
]);

/** A validity bitmap (bit i set: row i has a value), as Arrow lays it out. */
class Validity {
  private bits = new Uint8Array(64);
  nulls = 0;

  set(i: number, valid: boolean): void {
    if (i >> 3 >= this.bits.length) {
      const larger = new Uint8Array(this.bits.length * 2);
      larger.set(this.bits);
      this.bits = larger;
    }
    if (valid) this.bits[i >> 3] |= 1 << (i & 7);
    else this.nulls++;
  }

  /** The bitmap of `length` rows, and start over. */
  take(length: number): Uint8Array {
    const out = this.bits.slice(0, (length + 7) >> 3);
    this.bits.fill(0);
    this.nulls = 0;
    return out;
  }
}

export interface ColumnBuilder {
  readonly name: string;
  /** Add the value of record `i` (`url` is its URL, or null). */
  add(records: Records, i: number, url: ParsedUrl | null): void;
  /** The rows added since the last call, as Arrow data. */
  take(arrow: ArrowModule): Arrow.Data;
  type(arrow: ArrowModule): Arrow.DataType;
  /** Whether the column is made of the Hrefs (which then need every row's href). */
  readonly ofHrefs?: boolean;
}

/**
 * UTF-8 strings as Arrow lays them out: the values' bytes one after the
 * other, and where each starts. The strings are encoded a few hundred at a
 * time as they come, not kept for the whole row group: a row group's worth of
 * strings would outlive the young generation, to be copied by the collector.
 * Strings known to be
 * ASCII (pieces of an href) are joined and copied as Latin-1 in one call; the
 * others are written one by one.
 */
class Utf8Builder {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private offsets = new Int32Array(1 << 10);
  private readonly validity = new Validity();
  private pending: string[] = [];
  length = 0;
  private at = 0;

  constructor(private readonly ascii: boolean) {}

  add(value: string | null): void {
    if (this.length + 1 >= this.offsets.length) this.offsets = grown(this.offsets);
    this.validity.set(this.length, value !== null);
    this.pending.push(value ?? "");
    this.length++;
    if (this.pending.length >= PENDING) this.encode();
  }

  private reserve(bytes: number): void {
    if (this.at + bytes <= this.bytes.length) return;
    const larger = Buffer.allocUnsafe(Math.max(2 * this.bytes.length, this.at + bytes));
    this.bytes.copy(larger, 0, 0, this.at);
    this.bytes = larger;
  }

  /** Encode the pending strings after the bytes so far. */
  private encode(): void {
    const pending = this.pending;
    let row = this.length - pending.length;
    if (this.ascii) {
      const joined = pending.join("");
      this.reserve(joined.length);
      this.bytes.write(joined, this.at, "latin1");
      for (const v of pending) this.offsets[++row] = this.at += v.length;
    } else {
      let chars = 0;
      for (const v of pending) chars += v.length;
      // Three bytes per UTF-16 unit at most.
      this.reserve(3 * chars);
      for (const v of pending)
        this.offsets[++row] = this.at += v.length === 0 ? 0 : this.bytes.write(v, this.at, "utf8");
    }
    this.pending = [];
  }

  /** The strings added since the last call, as Arrow data. */
  take(arrow: ArrowModule): Arrow.Data<Arrow.Utf8> {
    this.encode();
    const n = this.length;
    const nullCount = this.validity.nulls;
    const data = arrow.makeData({
      type: new arrow.Utf8(),
      length: n,
      nullCount,
      nullBitmap: this.validity.take(n),
      valueOffsets: this.offsets.slice(0, n + 1),
      data: this.bytes.subarray(0, this.at),
    });
    // The next group's bytes go to a new buffer: Arrow data does not copy.
    this.bytes = Buffer.allocUnsafe(this.bytes.length);
    this.offsets.fill(0, 0, n + 1);
    this.length = this.at = 0;
    return data;
  }
}

/** Strings encoded this many at a time (Utf8Builder). */
const PENDING = 512;

class StringColumn implements ColumnBuilder {
  readonly name: string;
  private readonly builder: Utf8Builder;
  constructor(private readonly def: FieldDef) {
    this.name = def.name;
    this.builder = new Utf8Builder(def.inHref);
  }
  add(records: Records, i: number, url: ParsedUrl | null): void {
    this.builder.add(this.def.value(records, i, url));
  }
  type(arrow: ArrowModule): Arrow.DataType {
    return new arrow.Utf8();
  }
  take(arrow: ArrowModule): Arrow.Data {
    return this.builder.take(arrow);
  }
}

/**
 * The row group's hrefs as Arrow lays out strings ("" where a row has no
 * URL), and the bounds of the pieces in each (hrefpieces.ts): the href
 * column, and what the columns of the other pieces are copied from. Fed once
 * a row (RowGroups.add), taken once a row group by the first column that asks.
 */
export class Hrefs {
  private readonly builder = new Utf8Builder(true);
  private bounds = new Int32Array(BOUNDS << 10);
  private length = 0;
  private taken: HrefData | null = null;

  add(url: ParsedUrl | null): void {
    const at = BOUNDS * this.length++;
    if (at >= this.bounds.length) this.bounds = grown(this.bounds);
    this.builder.add(url === null ? null : url._href);
    if (url !== null) writeBounds(url, this.bounds, at);
    else this.bounds.fill(0, at, at + BOUNDS);
  }

  /** This row group's hrefs and their bounds. */
  data(arrow: ArrowModule): HrefData {
    return (this.taken ??= { hrefs: this.builder.take(arrow), bounds: this.bounds });
  }

  /** Start the next row group (after every column took its data). */
  next(): void {
    this.taken = null;
    this.length = 0;
  }
}

interface HrefData {
  hrefs: Arrow.Data<Arrow.Utf8>;
  /** BOUNDS offsets a row, into its href. */
  bounds: Int32Array;
}

/** The href column: the Hrefs themselves. */
class HrefColumn implements ColumnBuilder {
  readonly name = "href";
  readonly ofHrefs = true;
  constructor(private readonly hrefs: Hrefs) {}
  add(): void {}
  type(arrow: ArrowModule): Arrow.DataType {
    return new arrow.Utf8();
  }
  take(arrow: ArrowModule): Arrow.Data {
    return this.hrefs.data(arrow).hrefs;
  }
}

/**
 * A piece of the href (hostname, pathname, ...), its bytes copied from the
 * Hrefs' at the end of the row group: no string is made, so neither the
 * getters' slices nor their encoding are paid for. It
 * is null where the href is.
 */
class PieceColumn implements ColumnBuilder {
  readonly ofHrefs = true;
  constructor(
    readonly name: string,
    private readonly piece: HrefPiece,
    private readonly hrefs: Hrefs,
  ) {}
  add(): void {}
  type(arrow: ArrowModule): Arrow.DataType {
    return new arrow.Utf8();
  }
  take(arrow: ArrowModule): Arrow.Data {
    const { hrefs, bounds } = this.hrefs.data(arrow);
    const from = hrefs.values;
    const at = hrefs.valueOffsets;
    const n = hrefs.length;
    const { start, end } = this.piece;
    let bytes = 0;
    for (let r = 0, k = 0; r < n; r++, k += BOUNDS) bytes += bounds[k + end] - bounds[k + start];
    const data = new Uint8Array(bytes);
    const offsets = new Int32Array(n + 1);
    let to = 0;
    for (let r = 0, k = 0; r < n; r++, k += BOUNDS) {
      const stop = at[r] + bounds[k + end];
      // Pieces are short (a scheme, a host): a loop beats the fixed cost of a call that copies.
      for (let b = at[r] + bounds[k + start]; b < stop; b++) data[to++] = from[b];
      offsets[r + 1] = to;
    }
    return arrow.makeData({
      type: new arrow.Utf8(),
      length: n,
      nullCount: hrefs.nullCount,
      nullBitmap: hrefs.nullBitmap,
      valueOffsets: offsets,
      data,
    });
  }
}

/** `array` twice as long, with its values. */
function grown<Array extends Int32Array<ArrayBuffer> | Float64Array<ArrayBuffer>>(array: Array): Array {
  const larger = new (array.constructor as new (length: number) => Array)(array.length * 2);
  larger.set(array);
  return larger;
}

/**
 * Dictionary-encoded strings: an Int32 index per row into one dictionary that
 * grows over the whole file (the Arrow file format allows delta dictionaries,
 * not replacements), so each row group adds only its new values.
 */
class DictionaryColumn implements ColumnBuilder {
  readonly name: string;
  private indices: number[] = [];
  private readonly validity = new Validity();
  private readonly ids = new Map<string, number>();
  private fresh: string[] = [];
  private chunks: Arrow.Data<Arrow.Utf8>[] = [];
  private readonly dictType: Arrow.Dictionary<Arrow.Utf8, Arrow.Int32>;

  constructor(
    private readonly def: FieldDef,
    arrow: ArrowModule,
    id: number,
  ) {
    this.name = def.name;
    this.dictType = new arrow.Dictionary(new arrow.Utf8(), new arrow.Int32(), id);
  }
  add(records: Records, i: number, url: ParsedUrl | null): void {
    const value = this.def.value(records, i, url);
    if (value === null) {
      this.indices.push(-1);
      return;
    }
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(own(value), id);
      this.fresh.push(value);
    }
    this.indices.push(id);
  }
  type(): Arrow.DataType {
    return this.dictType;
  }
  take(arrow: ArrowModule): Arrow.Data {
    const n = this.indices.length;
    const keys = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const k = this.indices[i];
      this.validity.set(i, k >= 0);
      keys[i] = Math.max(k, 0);
    }
    const nullCount = this.validity.nulls;
    if (this.fresh.length > 0 || this.chunks.length === 0) {
      const builder = new Utf8Builder(false);
      for (const v of this.fresh) builder.add(v);
      this.chunks = [...this.chunks, builder.take(arrow)];
      this.fresh = [];
    }
    this.indices = [];
    const dictionary = new arrow.Vector(this.chunks);
    return arrow.makeData({
      type: this.dictType,
      length: n,
      nullCount,
      nullBitmap: this.validity.take(n),
      data: keys,
      dictionary,
    });
  }
}

/** Rows taken from a column: how many, and which are null. */
type Rows = { length: number; nullCount: number; nullBitmap: Uint8Array };

/** A column of numbers: each value stored by store(), which says whether it is one (else null). */
abstract class NumberColumn implements ColumnBuilder {
  readonly name: string;
  private readonly validity = new Validity();
  private length = 0;

  constructor(private readonly def: FieldDef) {
    this.name = def.name;
  }
  add(records: Records, i: number, url: ParsedUrl | null): void {
    const value = this.def.value(records, i, url);
    const n = this.length++;
    this.validity.set(n, this.store(n, value === null || value === "" ? Number.NaN : Number(value)));
  }
  take(arrow: ArrowModule): Arrow.Data {
    const n = this.length;
    this.length = 0;
    const nullCount = this.validity.nulls;
    return this.made(arrow, { length: n, nullCount, nullBitmap: this.validity.take(n) });
  }
  /** Store value `v` of row `n`; false where it is no value of the column's type. */
  protected abstract store(n: number, v: number): boolean;
  /** The Arrow data of the rows taken (`rows.length` of them), their validity given. */
  protected abstract made(arrow: ArrowModule, rows: Rows): Arrow.Data;
  abstract type(arrow: ArrowModule): Arrow.DataType;
}

/** 64-bit integers (line numbers, byte counts beyond 2 GB); a value that is not a number is null. */
class IntegerColumn extends NumberColumn {
  /**
   * Each value as two 32-bit words, the low one first: the Int64 in
   * little-endian memory, as apache-arrow lays it out (a BigInt a row cost
   * more than the rest of the column).
   */
  private words = new Int32Array(1 << 11);

  protected store(n: number, v: number): boolean {
    if (2 * n >= this.words.length) this.words = grown(this.words);
    const ok = Number.isSafeInteger(v);
    const high = ok ? Math.floor(v / 2 ** 32) : 0;
    // An Int32Array keeps a number modulo 2^32: the low word of `v`'s two's complement.
    this.words[2 * n] = ok ? v - high * 2 ** 32 : 0;
    this.words[2 * n + 1] = high;
    return ok;
  }
  protected made(arrow: ArrowModule, rows: Rows): Arrow.Data {
    const data = new BigInt64Array(this.words.slice(0, 2 * rows.length).buffer);
    return arrow.makeData({ type: new arrow.Int64(), ...rows, data });
  }
  type(arrow: ArrowModule): Arrow.DataType {
    return new arrow.Int64();
  }
}

/** 64-bit floats (durations, Unix times with a fraction); a value that is not a number is null. */
class DecimalColumn extends NumberColumn {
  private values = new Float64Array(1 << 10);

  protected store(n: number, v: number): boolean {
    if (n >= this.values.length) this.values = grown(this.values);
    this.values[n] = v;
    return Number.isFinite(v);
  }
  protected made(arrow: ArrowModule, rows: Rows): Arrow.Data {
    return arrow.makeData({ type: new arrow.Float64(), ...rows, data: this.values.slice(0, rows.length) });
  }
  type(arrow: ArrowModule): Arrow.DataType {
    return new arrow.Float64();
  }
}

/** The `valid` column: whether the row's URL parsed. */
export class ValidColumn {
  readonly name = "valid";
  private bits = new Validity();
  private length = 0;
  add(valid: boolean): void {
    this.bits.set(this.length++, valid);
  }
  type(arrow: ArrowModule): Arrow.DataType {
    return new arrow.Bool();
  }
  take(arrow: ArrowModule): Arrow.Data {
    const n = this.length;
    this.length = 0;
    return arrow.makeData({ type: new arrow.Bool(), length: n, nullCount: 0, data: this.bits.take(n) });
  }
}

/**
 * The builder of a field: integers typed, repetitive strings
 * dictionary-encoded when `dictionaries`, other pieces of the href copied
 * from `hrefs` (which RowGroups feeds every row).
 */
export function columnFor(
  def: FieldDef,
  arrow: ArrowModule,
  id: number,
  dictionaries: boolean,
  hrefs: Hrefs,
): ColumnBuilder {
  if (def.type === "integer") return new IntegerColumn(def);
  if (def.type === "decimal") return new DecimalColumn(def);
  if (dictionaries && REPETITIVE.has(def.name)) return new DictionaryColumn(def, arrow, id);
  if (def.name === "href") return new HrefColumn(hrefs);
  return def.piece === undefined ? new StringColumn(def) : new PieceColumn(def.name, def.piece, hrefs);
}
