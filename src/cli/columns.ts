// The columns of `swurl parse --format parquet|arrow`: one builder per
// field, filled a row at a time, turned into Apache Arrow data a row group at
// a time. The Arrow buffers are made directly (offsets, UTF-8 bytes, validity
// bitmaps): apache-arrow's generic vectorFromArray took ~3 µs a row for the
// seven default fields, more than parsing them (bench/parquet-writers.mjs).

import type * as Arrow from "apache-arrow";
import type { FieldDef } from "./fields";

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

/** UTF-8 strings: the values' bytes one after the other, and where each starts. */
function utf8Data(arrow: ArrowModule, values: (string | null)[], validity: Validity): Arrow.Data<Arrow.Utf8> {
  const n = values.length;
  const offsets = new Int32Array(n + 1);
  let chars = 0;
  for (const v of values) if (v !== null) chars += v.length;
  // Three bytes per UTF-16 unit at most; Buffer.write() says how many it took.
  let bytes = Buffer.allocUnsafe(Math.max(16, 3 * chars));
  let at = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    validity.set(i, v !== null);
    if (v !== null && v.length > 0) at += bytes.write(v, at, "utf8");
    offsets[i + 1] = at;
  }
  const nullCount = validity.nulls;
  bytes = bytes.subarray(0, at);
  return arrow.makeData({ type: new arrow.Utf8(), length: n, nullCount, nullBitmap: validity.take(n), valueOffsets: offsets, data: bytes });
}

class StringColumn implements ColumnBuilder {
  private values: (string | null)[] = [];
  private readonly validity = new Validity();
  constructor(readonly name: string) {}
  add(value: string | null): void {
    this.values.push(value);
  }
  type(arrow: ArrowModule): Arrow.DataType {
    return new arrow.Utf8();
  }
  take(arrow: ArrowModule): Arrow.Data {
    const data = utf8Data(arrow, this.values, this.validity);
    this.values = [];
    return data;
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
      this.ids.set(value, id);
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
      this.chunks = [...this.chunks, utf8Data(arrow, this.fresh, new Validity())];
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
  return dictionaries && REPETITIVE.has(def.name) ? new DictionaryColumn(def.name, arrow, id) : new StringColumn(def.name);
}
