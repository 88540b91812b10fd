// The columns of `swurl parse --format parquet|arrow`: one builder per
// field, filled a row at a time, turned into Apache Arrow data a row group at
// a time. The Arrow buffers are made directly (offsets, UTF-8 bytes, validity
// bitmaps): apache-arrow's generic vectorFromArray took ~3 µs a row for the
// seven default fields, more than parsing them (bench/parquet-writers.mjs).

import type * as Arrow from "apache-arrow";
import type { FieldDef } from "./fields.js";
import { own } from "./own.js";

type ArrowModule = typeof Arrow;

/**
 * Fields whose values repeat across rows (a log has few schemes, hosts,
 * methods, user agents): dictionary-encoded in Arrow files. Parquet writers
 * dictionary-encode every column chunk where that pays anyway.
 */
const REPETITIVE = new Set([
  "protocol", "scheme", "host", "hostname", "origin", "domain", "suffix", "subdomain",
  "method", "version", "agent", "ident", "user",
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
  add(value: string | null): void;
  /** The rows added since the last call, as Arrow data. */
  take(arrow: ArrowModule): Arrow.Data;
  type(arrow: ArrowModule): Arrow.DataType;
}

/**
 * UTF-8 strings as Arrow lays them out: the values' bytes one after the
 * other, and where each starts. The strings are encoded a few hundred at a
 * time as they come, not kept for the whole row group: a row group's worth of
 * strings outlived the young generation and the collector took ~20% of
 * `parse --format parquet` (measured on a 60 MB log). Strings known to be
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
    if (this.length + 1 >= this.offsets.length) {
      const larger = new Int32Array(this.offsets.length * 2);
      larger.set(this.offsets);
      this.offsets = larger;
    }
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
      for (const v of pending) this.offsets[++row] = this.at += v.length === 0 ? 0 : this.bytes.write(v, this.at, "utf8");
    }
    this.pending = [];
  }

  /** The strings added since the last call, as Arrow data. */
  take(arrow: ArrowModule): Arrow.Data<Arrow.Utf8> {
    this.encode();
    const n = this.length;
    const nullCount = this.validity.nulls;
    const data = arrow.makeData({
      type: new arrow.Utf8(), length: n, nullCount, nullBitmap: this.validity.take(n),
      valueOffsets: this.offsets.slice(0, n + 1), data: this.bytes.subarray(0, this.at),
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
  private readonly builder: Utf8Builder;
  constructor(readonly name: string, ascii: boolean) {
    this.builder = new Utf8Builder(ascii);
  }
  add(value: string | null): void {
    this.builder.add(value);
  }
  type(arrow: ArrowModule): Arrow.DataType {
    return new arrow.Utf8();
  }
  take(arrow: ArrowModule): Arrow.Data {
    return this.builder.take(arrow);
  }
}

/**
 * Dictionary-encoded strings: an Int32 index per row into one dictionary that
 * grows over the whole file (the Arrow file format allows delta dictionaries,
 * not replacements), so each row group adds only its new values.
 */
class DictionaryColumn implements ColumnBuilder {
  private indices: number[] = [];
  private readonly validity = new Validity();
  private readonly ids = new Map<string, number>();
  private fresh: string[] = [];
  private chunks: Arrow.Data<Arrow.Utf8>[] = [];
  private readonly dictType: Arrow.Dictionary<Arrow.Utf8, Arrow.Int32>;

  constructor(readonly name: string, arrow: ArrowModule, id: number) {
    this.dictType = new arrow.Dictionary(new arrow.Utf8(), new arrow.Int32(), id);
  }
  add(value: string | null): void {
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
      keys[i] = k < 0 ? 0 : k;
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
    return arrow.makeData({ type: this.dictType, length: n, nullCount, nullBitmap: this.validity.take(n), data: keys, dictionary });
  }
}

/** 64-bit integers (line numbers, byte counts beyond 2 GB); a value that is not a number is null. */
class IntegerColumn implements ColumnBuilder {
  private values: number[] = [];
  constructor(readonly name: string) {}
  add(value: string | null): void {
    this.values.push(value === null || value === "" ? NaN : Number(value));
  }
  type(arrow: ArrowModule): Arrow.DataType {
    return new arrow.Int64();
  }
  take(arrow: ArrowModule): Arrow.Data {
    const n = this.values.length;
    const data = new BigInt64Array(n);
    const validity = new Validity();
    for (let i = 0; i < n; i++) {
      const v = this.values[i];
      const ok = Number.isSafeInteger(v);
      validity.set(i, ok);
      if (ok) data[i] = BigInt(v);
    }
    this.values = [];
    const nullCount = validity.nulls;
    return arrow.makeData({ type: new arrow.Int64(), length: n, nullCount, nullBitmap: validity.take(n), data });
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

/** The builder of a field: integers typed, repetitive strings dictionary-encoded when `dictionaries`. */
export function columnFor(def: FieldDef, arrow: ArrowModule, id: number, dictionaries: boolean): ColumnBuilder {
  if (def.type === "integer") return new IntegerColumn(def.name);
  return dictionaries && REPETITIVE.has(def.name) ? new DictionaryColumn(def.name, arrow, id) : new StringColumn(def.name, def.inHref);
}
