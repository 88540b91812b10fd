// The counts of `stats --by KEY`, each key by the cheapest way its values can
// be had where the kernel reads the input (a list of URLs or an access log)
// and counts its URLs (createTally()):
//   - a URL part that is a key of the kernel's tallies (scheme, protocol,
//     hostname, pathname) or is worked out from one (domain, suffix,
//     subdomain, path): counted from those tallies once, at the end
//     (fromKernel()), nothing a line;
//   - an access-log field: its key placed beside the line's row by the
//     kernel as it reads the line's grammar (BatchOptions.logKeys), or
//     beside the record by the reader of a format a program reads, from the
//     program's ranges (program-keys.ts), and counted as bytes
//     (byte-counts.ts), no string a line;
//   - param:NAME: the first value's raw bytes in the URL's search, found in
//     the batch's hrefs (UrlBatch.searchRange(), query-param.ts) and counted
//     as bytes, decoded as URLSearchParams decodes a value once per distinct
//     key at the end (the keys that decode alike merged); a line whose query
//     names a parameter with "%" or "+" before it, or without an href in the
//     batch, is counted by its string;
//   - pathname, path and search: their bytes in the batch's hrefs
//     (UrlBatch.pathnameRange(), searchRange()), counted as bytes (a path
//     decoded once per distinct pathname at the end), where they are not
//     counted from the kernel's tallies (with --sum or durations, or a
//     search);
//   - route, where every route is a pathname pattern: the route depends on
//     the pathname alone, so it is kept per distinct pathname by its bytes
//     (UrlBatch.pathnameRange(), pathname-memo.ts) and matched once for it;
//     not from the kernel's paths table at the end, which past 200,000
//     distinct paths drops the rarest, so that the routes would be lower
//     bounds, and has no --sum or durations;
//   - anything else (and every key of the other inputs, and a line without
//     an href in the batch): the value's string, a record at a time
//     (FieldDef.value()).
// With --sum FIELD, each value also adds up its records' FIELD, read the same
// ways, and where the input has durations each value keeps a histogram of
// them, the duration read from its key's bytes where a program placed it
// (the kernel's tallies have neither: the URL parts are then counted a
// record at a time, see byDefs()).

import type { ParsedUrl, UrlBatch } from "swurl";
import { ByteCounts } from "./byte-counts.js";
import type { FieldDef } from "../output/fields.js";
import type { FieldKind } from "../input/log-program.js";
import { DIGIT_0, DIGIT_9, DOT, KEY_NONE, KEY_WRAPPER, type KeyField, SAFE_DIGITS } from "../input/program-keys.js";
import type { Records, UrlBatches } from "../input/records.js";
import { addDuration, type Histogram } from "./durations.js";
import { millionths, millionthsOf } from "./millionths.js";
import { addGroup, type KernelCounts, type Tally } from "./tally.js";
import { mapTable } from "./top-counts.js";
import { PathnameMemo } from "./pathname-memo.js";
import { formValue, PARAM_NONE, PARAM_UNSURE, QueryParam } from "./query-param.js";

/** A key's bytes as a duration: digits with a "." between them, at most 15 in all (Number() reads them so); -1 where they are not. */
function decimal(bytes: Uint8Array, a: number, b: number): number {
  let n = 0;
  let scale = 1;
  let dot = -1;
  if (b - a > SAFE_DIGITS + 1) return -1;
  for (let p = a; p < b; p++) {
    const c = bytes[p];
    if (c === DOT && dot === -1 && p > a && p < b - 1) dot = p;
    else if (c >= DIGIT_0 && c <= DIGIT_9) n = 10 * n + c - DIGIT_0;
    else return -1;
  }
  if (dot !== -1) for (let p = dot + 1; p < b; p++) scale *= 10;
  if (dot === -1 && b - a > SAFE_DIGITS) return -1;
  // An integer below 2^53 over a power of ten below 10^16: both exact, so the quotient is the decimal rounded once, as Number() rounds it.
  return n / scale;
}

export class GroupCounter {
  /** Per key: its log field's values as bytes, where it is one. */
  private readonly bytes: (ByteCounts | null)[];
  /** Per key: where it is a query parameter, its reader of a query's bytes. */
  private readonly params: (QueryParam | null)[];
  /** Per key: where its value depends on the pathname alone, its values by pathname. */
  private readonly memos: (PathnameMemo | null)[];
  /** Per key: records without a value among those counted as bytes, the sum of their --sum field, their durations. */
  private readonly none: number[];
  private readonly noneSum: number[];
  private readonly noneDurations: Histogram[];
  /**
   * The log fields whose keys the reader places beside the records
   * (BatchOptions.logKeys, program-keys.ts): the --by keys', the --sum
   * field's, the duration's (a field named twice where it is an integer
   * key and a duration).
   */
  readonly keyFields: KeyField[];
  /** Per key, the --sum field and the duration: its field among keyFields. */
  private readonly defKeys: (KeyField | null)[];
  private readonly sumKey: KeyField | null;
  private readonly durationKey: KeyField | null;
  /** Per key, and for the --sum field and the duration: its place among the block's keys of a line (-1: not read from them). */
  private readonly slots: number[];
  private sumSlot = -1;
  private durationSlot = -1;
  /** The keys of a line in the block. */
  private stride = 0;
  /** The keys of the block being read, where it has them, and the bytes they are offsets in. */
  private keys: Int32Array | null = null;
  private keyBytes: Uint8Array = new Uint8Array(0);
  private line: (i: number) => number = (i) => i;
  /** The batches that hold the block's URLs, where it has them, and each one's hrefs' bytes. */
  private urls: UrlBatches | null = null;
  private hrefs: Uint8Array[] = [];

  /**
   * The counter of `tally`'s groups, the --by keys `defs`; `tallied`: the
   * kernel reads the input and counts its URLs; `sum`: the --sum field (an
   * integer or a decimal), or null; `durationUnit`: where the input has
   * durations, its duration field's unit in seconds (null: none).
   */
  constructor(
    private readonly tally: Tally,
    private readonly defs: FieldDef[],
    private readonly tallied: boolean,
    private readonly sum: FieldDef | null,
    private readonly durationUnit: number | null = null,
  ) {
    this.bytes = defs.map((d) =>
      d.logField === undefined && d.param === undefined && d.batchRange === undefined
        ? null
        : new ByteCounts(durationUnit !== null),
    );
    this.params = defs.map((d) => (d.param === undefined ? null : new QueryParam(d.param)));
    this.memos = defs.map((d) => (d.ofPathname ? new PathnameMemo() : null));
    this.none = defs.map(() => 0);
    this.noneSum = defs.map(() => 0);
    this.noneDurations = defs.map(() => new Map());
    const fields = new Map<string, KeyField>();
    const keyOf = (name: string, kind: FieldKind): KeyField => {
      const id = `${name} ${kind}`;
      if (!fields.has(id)) fields.set(id, { name, kind });
      return fields.get(id)!;
    };
    this.defKeys = defs.map((d) => (d.logField === undefined ? null : keyOf(d.logField, d.type)));
    this.sumKey = sum?.logField === undefined ? null : keyOf(sum.logField, sum.type);
    this.durationKey = durationUnit === null ? null : keyOf("duration", "text");
    this.keyFields = [...fields.values()];
    this.slots = defs.map(() => -1);
  }

  /** A new block of records. */
  block(records: Records): void {
    const { fromBatch, urlBatches } = records;
    this.urls = urlBatches ?? null;
    this.hrefs = urlBatches?.batches.map(({ batch }) => batch.hrefBytes()) ?? [];
    const keys =
      this.keyFields.length === 0 ? null : fromBatch === undefined ? records.fieldKeys : fromBatch.batch.logKeys();
    this.keys = keys?.keys ?? null;
    if (keys === null || keys === undefined) return;
    this.keyBytes = keys.bytes;
    this.line = fromBatch === undefined ? (i) => i : fromBatch.line;
    this.stride = keys.fields.length;
    // The kernel's keys are in LOG_FIELDS order, by name; a program's in keyFields order.
    const slot = (f: KeyField | null) =>
      f === null ? -1 : fromBatch === undefined ? this.keyFields.indexOf(f) : keys.fields.indexOf(f.name);
    this.defKeys.forEach((f, k) => {
      this.slots[k] = slot(f);
    });
    this.sumSlot = slot(this.sumKey);
    this.durationSlot = slot(this.durationKey);
  }

  /** Where record `i`'s key at `slot` starts in `keys` (its end is next). */
  private keyAt(i: number, slot: number): number {
    return 2 * (this.line(i) * this.stride + slot);
  }

  /**
   * The --sum field of record `i` as a number (0 where it has none): an
   * integer field's value, a decimal field's in millionths (millionths.ts).
   */
  private sumOf(sum: FieldDef, records: Records, i: number, url: ParsedUrl | null | undefined): number {
    const decimal = sum.type === "decimal";
    if (this.keys !== null && this.sumSlot >= 0) {
      const at = this.keyAt(i, this.sumSlot);
      const start = this.keys[at];
      if (start === KEY_NONE) return 0;
      if (start !== KEY_WRAPPER) {
        const end = this.keys[at + 1];
        if (decimal) return Math.max(0, millionths(this.keyBytes, start, end));
        let n = 0;
        for (let p = start; p < end; p++) n = 10 * n + this.keyBytes[p] - DIGIT_0;
        return n;
      }
    }
    const v = sum.value(records, i, url === undefined ? records.url(i) : url);
    if (v === null) return 0;
    return decimal ? Math.max(0, millionthsOf(v)) : Number(v);
  }

  /** The duration of record `i` in seconds (its duration field in its unit; "-" or -1 is none), where the input has durations. */
  private secondsOf(unit: number, records: Records, i: number): number | null {
    if (this.keys !== null && this.durationSlot >= 0) {
      const at = this.keyAt(i, this.durationSlot);
      const start = this.keys[at];
      if (start === KEY_NONE) return null;
      const n = start === KEY_WRAPPER ? -1 : decimal(this.keyBytes, start, this.keys[at + 1]);
      if (n >= 0) return n * unit;
    }
    const text = records.field(i, "duration");
    const n = text === null ? Number.NaN : Number(text);
    return Number.isFinite(n) && n >= 0 ? n * unit : null;
  }

  /**
   * Count record `i` of the block; `counted`: the kernel's tally counted its
   * URL; `url`: its URL where the caller has it (undefined: not asked for yet).
   */
  count(records: Records, i: number, counted: boolean, url?: ParsedUrl | null): void {
    const sum = this.sum === null ? 0 : this.sumOf(this.sum, records, i, url);
    const seconds = this.durationUnit === null ? null : this.secondsOf(this.durationUnit, records, i);
    const keys = this.keys;
    // The batch that holds the record's URL (-1: none) and its line there,
    // found for the first key that reads them (-2: not yet).
    let b = -2;
    let batch: UrlBatch | null = null;
    let line = -1;
    for (let k = 0; k < this.defs.length; k++) {
      const def = this.defs[k];
      if (counted && this.tallied && def.tally !== undefined) continue;
      const slot = this.slots[k];
      if (keys !== null && slot >= 0) {
        const at = this.keyAt(i, slot);
        const start = keys[at];
        if (start >= 0) {
          this.bytes[k]!.add(this.keyBytes, start, keys[at + 1], sum, seconds);
          continue;
        }
        if (start === KEY_NONE) {
          this.addNone(k, sum, seconds);
          continue;
        }
      }
      if (b === -2) {
        b = this.urls === null ? -1 : this.urls.batchOf(i);
        batch = b < 0 ? null : this.urls!.batches[b].batch;
        line = b < 0 ? -1 : this.urls!.lineOf(i);
      }
      const param = this.params[k];
      if (batch !== null && param !== null) {
        const hrefs = this.hrefs[b];
        const search = batch.searchRange(line);
        const start = search === null ? PARAM_UNSURE : param.find(hrefs, search[0], search[1]);
        if (start >= 0) {
          this.bytes[k]!.add(hrefs, start, param.end, sum, seconds);
          continue;
        }
        if (start === PARAM_NONE) {
          this.addNone(k, sum, seconds);
          continue;
        }
      }
      const range = batch === null || def.batchRange === undefined ? null : def.batchRange(batch, line);
      if (range !== null) {
        this.bytes[k]!.add(this.hrefs[b], range[0], range[1], sum, seconds);
        continue;
      }
      const memo = this.memos[k];
      const pathname = batch === null || memo === null || !memo.paying ? null : batch.pathnameRange(line);
      if (pathname !== null) {
        let value = memo!.get(this.hrefs[b], pathname[0], pathname[1]);
        if (value === undefined) {
          if (url === undefined) url = records.url(i);
          value = def.value(records, i, url);
          memo!.keep(value);
        }
        addGroup(this.tally, k, value, 1, sum, seconds);
        continue;
      }
      if (url === undefined) url = records.url(i);
      addGroup(this.tally, k, def.value(records, i, url), 1, sum, seconds);
    }
  }

  /** A record without a value for key `k`, counted beside its values' bytes. */
  private addNone(k: number, sum: number, seconds: number | null): void {
    this.none[k]++;
    this.noneSum[k] += sum;
    if (seconds !== null) addDuration(this.noneDurations[k], seconds);
  }

  /** The counts kept as bytes, into the tally's groups (a query parameter's raw values decoded, those that decode alike merged). */
  finish(): void {
    this.bytes.forEach((bytes, k) => {
      bytes?.into(this.tally.groups[k], this.params[k] === null ? this.defs[k].fromRange : formValue);
      const durations = this.noneDurations[k];
      if (this.none[k] > 0)
        addGroup(this.tally, k, null, this.none[k], this.noneSum[k], durations.size === 0 ? null : durations);
    });
  }
}

/**
 * The counts of the --by keys `defs` that come from the kernel's tallies,
 * added to `total` from the tallies' counts (totalTally()).
 */
export function fromKernel(defs: FieldDef[]): (counts: KernelCounts, total: Tally) => void {
  return (counts, total) => {
    defs.forEach((def, k) => {
      if (def.tally === undefined) return;
      const { table, fold } = def.tally;
      const group = total.groups[k];
      // The records without a URL, counted a record at a time.
      const before = group.counts;
      const tallied = counts[table];
      let counted = 0;
      if (fold === undefined) {
        // The tally's table itself beside the counts of a record at a time, only read from now on
        // (the report's own list of it reads it too): a table of hundreds of thousands of paths is
        // neither copied nor made strings.
        group.table = tallied instanceof Map ? mapTable(tallied) : tallied;
        // Only the hosts' count is needed (below): a loop of hundreds of thousands of paths is not run for nothing.
        if (table === "hosts") for (const n of counts.hosts.values()) counted += n;
        // The hosts tally leaves out the hostname "" (a URL without a host).
        if (table === "hosts" && counts.valid > counted) before.set("", (before.get("") ?? 0) + counts.valid - counted);
      } else {
        group.counts = new Map();
        for (const [key, n] of tallied instanceof Map ? tallied : tallied.toMap()) {
          addGroup(total, k, fold(key), n);
          counted += n;
        }
        for (const [key, n] of before) addGroup(total, k, key, n);
        if (table === "hosts" && counts.valid > counted) addGroup(total, k, fold(""), counts.valid - counted);
      }
      if (table === "paths") total.groups[k].dropped += counts.pathsDropped;
    });
  };
}
