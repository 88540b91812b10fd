// The counts of `stats --by KEY`, each key by the cheapest way its values can
// be had where the kernel reads the input (a list of URLs or an access log)
// and counts its URLs (createTally()):
//   - a URL part that is a key of the kernel's tallies (scheme, protocol,
//     hostname, pathname) or is worked out from one (domain, suffix,
//     subdomain, path): counted from those tallies once, at the end
//     (fromKernel()), nothing a line;
//   - an access-log field: its key placed beside the line's row by the
//     kernel as it reads the line's grammar (BatchOptions.logKeys), and
//     counted as bytes (byte-counts.ts), no string a line;
//   - anything else (and every key of the other inputs): the value's string,
//     a record at a time (FieldDef.value()).
// With --sum FIELD, each value also adds up its records' FIELD, read the same
// ways, and where the input has durations each value keeps a histogram of
// them (the kernel's tallies have neither: the URL parts are then counted a
// record at a time, see byDefs()).

import type { LogField, ParsedUrl } from "swurl";
import { ByteCounts } from "./byte-counts.js";
import type { FieldDef } from "../output/fields.js";
import { ACCESS_LOG_FIELDS } from "../input/log-fields.js";
import type { Records } from "../input/records.js";
import { addGroup, type KernelCounts, type Tally } from "./tally.js";
import { mapTable } from "./top-counts.js";

// A key's start in UrlBatch.logKeys() where the field has no value, and where its value is the wrapper's to work out.
const KEY_NONE = -1;
const KEY_WRAPPER = -2;

export class GroupCounter {
  /** Per key: its log field's values as bytes, where it is one. */
  private readonly bytes: (ByteCounts | null)[];
  /** Per key: records without a value among those counted as bytes, and the sum of their --sum field. */
  private readonly none: number[];
  private readonly noneSum: number[];
  /** The log fields whose keys the kernel places beside the lines' rows (BatchOptions.logKeys). */
  readonly logKeys: LogField[];
  /** Per key, and for the --sum field: its place among the block's keys of a line (-1: not read from them). */
  private readonly slots: number[];
  private sumSlot = -1;
  /** The keys of a line in the block. */
  private stride = 0;
  /** The keys of the block being read, where it has them, and the bytes they are offsets in. */
  private keys: Int32Array | null = null;
  private keyBytes: Uint8Array = new Uint8Array(0);
  private line: (i: number) => number = (i) => i;

  /**
   * The counter of `tally`'s groups, the --by keys `defs`; `tallied`: the
   * kernel reads the input and counts its URLs; `sum`: the --sum field (an
   * integer), or null.
   */
  constructor(
    private readonly tally: Tally,
    private readonly defs: FieldDef[],
    private readonly tallied: boolean,
    private readonly sum: FieldDef | null,
    /** The duration of record `i` in seconds, where the input has durations (null: none). */
    private readonly duration: ((records: Records, i: number) => number | null) | null = null,
  ) {
    // Byte counts have no durations (and the formats the kernel reads none either).
    const bytes = tallied && duration === null;
    this.bytes = defs.map((d) => (bytes && d.logField !== undefined ? new ByteCounts() : null));
    this.none = defs.map(() => 0);
    this.noneSum = defs.map(() => 0);
    const fields = defs.flatMap((d, k) => (this.bytes[k] === null ? [] : [d.logField!]));
    if (tallied && sum?.logField !== undefined) fields.push(sum.logField);
    this.logKeys = [...new Set(fields)].map((f) => ACCESS_LOG_FIELDS[f]);
    this.slots = defs.map(() => -1);
  }

  /** A new block of records. */
  block(records: Records): void {
    const keys = this.logKeys.length === 0 ? null : (records.fromBatch?.batch.logKeys() ?? null);
    this.keys = keys?.keys ?? null;
    if (keys === null) return;
    this.keyBytes = keys.bytes;
    this.line = records.fromBatch!.line;
    this.stride = keys.fields.length;
    const slot = (f: number | undefined) => (f === undefined ? -1 : keys.fields.indexOf(ACCESS_LOG_FIELDS[f]));
    this.defs.forEach((d, k) => {
      this.slots[k] = this.bytes[k] === null ? -1 : slot(d.logField);
    });
    this.sumSlot = this.tallied ? slot(this.sum?.logField) : -1;
  }

  /** Where record `i`'s key at `slot` starts in `keys` (its end is next). */
  private keyAt(i: number, slot: number): number {
    return 2 * (this.line(i) * this.stride + slot);
  }

  /** The --sum field of record `i` as a number (0 where it has none). */
  private sumOf(sum: FieldDef, records: Records, i: number, url: ParsedUrl | null | undefined): number {
    if (this.keys !== null && this.sumSlot >= 0) {
      const at = this.keyAt(i, this.sumSlot);
      const start = this.keys[at];
      if (start === KEY_NONE) return 0;
      if (start !== KEY_WRAPPER) {
        let n = 0;
        for (let p = start; p < this.keys[at + 1]; p++) n = 10 * n + this.keyBytes[p] - 0x30;
        return n;
      }
    }
    const v = sum.value(records, i, url === undefined ? records.url(i) : url);
    return v === null ? 0 : Number(v);
  }

  /**
   * Count record `i` of the block; `counted`: the kernel's tally counted its
   * URL; `url`: its URL where the caller has it (undefined: not asked for yet).
   */
  count(records: Records, i: number, counted: boolean, url?: ParsedUrl | null): void {
    const sum = this.sum === null ? 0 : this.sumOf(this.sum, records, i, url);
    const seconds = this.duration === null ? null : this.duration(records, i);
    const keys = this.keys;
    for (let k = 0; k < this.defs.length; k++) {
      const def = this.defs[k];
      if (counted && this.tallied && def.tally !== undefined) continue;
      const slot = this.slots[k];
      if (keys !== null && slot >= 0) {
        const at = this.keyAt(i, slot);
        const start = keys[at];
        if (start >= 0) {
          this.bytes[k]!.add(this.keyBytes, start, keys[at + 1], sum);
          continue;
        }
        if (start === KEY_NONE) {
          this.none[k]++;
          this.noneSum[k] += sum;
          continue;
        }
      }
      if (url === undefined) url = records.url(i);
      addGroup(this.tally, k, def.value(records, i, url), 1, sum, seconds);
    }
  }

  /** The counts kept as bytes, into the tally's groups. */
  finish(): void {
    this.bytes.forEach((bytes, k) => {
      bytes?.into(this.tally.groups[k]);
      if (this.none[k] > 0) addGroup(this.tally, k, null, this.none[k], this.noneSum[k]);
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
