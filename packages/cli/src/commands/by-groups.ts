// The counts of `stats --by KEY`, each key by the cheapest way its values can
// be had where the kernel reads the input (a list of URLs or an access log)
// and counts its URLs (createTally()):
//   - a URL part that is a key of the kernel's tallies (scheme, protocol,
//     hostname, pathname) or is worked out from one (domain, suffix,
//     subdomain, path): counted from those tallies once, at the end
//     (fromKernel()), nothing a line;
//   - an access-log field: read from the line's bytes (log-line.ts) and
//     counted as bytes (byte-counts.ts), no string a line;
//   - anything else (and every key of the other inputs): the value's string,
//     a record at a time (FieldDef.value()).
// With --sum FIELD, each value also adds up its records' FIELD, read the same
// ways, and where the input has durations each value keeps a histogram of
// them (the kernel's tallies have neither: the URL parts are then counted a
// record at a time, see byDefs()).

import type { ParsedUrl } from "swurl";
import { ByteCounts } from "./byte-counts.js";
import type { FieldDef } from "../output/fields.js";
import { KEY, LogLineReader, NO_VALUE } from "../input/log-line.js";
import { ACCESS_LOG_FIELDS } from "../input/log-fields.js";
import type { InputSpec, Records } from "../input/records.js";
import { addGroup, type KernelCounts, type Tally } from "./tally.js";
import { mapTable } from "./top-counts.js";

export class GroupCounter {
  private readonly reader: LogLineReader;
  /** Per key: its log field's values as bytes, where it is one. */
  private readonly bytes: (ByteCounts | null)[];
  /** Per key: records without a value among those counted as bytes, and the sum of their --sum field. */
  private readonly none: number[];
  private readonly noneSum: number[];
  /** The lines of the block being read, where a key or the --sum field is a log field. */
  private lines: { bytes: Uint8Array; ranges: Int32Array } | null = null;
  private line: (i: number) => number = (i) => i;
  /** Whether the record being counted matched the log's grammar (-1: not read yet), and where it starts. */
  private read = -1;
  private start = 0;
  /** Whether a key or the --sum field is the referer or the user agent, the fields after the size. */
  private readonly tail: boolean;

  /**
   * The counter of `tally`'s groups, the --by keys `defs` of an input read as
   * `input`; `tallied`: the kernel reads the input and counts its URLs; `sum`:
   * the --sum field (an integer), or null.
   */
  constructor(
    private readonly tally: Tally,
    private readonly defs: FieldDef[],
    input: InputSpec,
    private readonly tallied: boolean,
    private readonly sum: FieldDef | null,
    /** The duration of record `i` in seconds, where the input has durations (null: none). */
    private readonly duration: ((records: Records, i: number) => number | null) | null = null,
  ) {
    this.reader = new LogLineReader(input.format === "combined");
    // Byte counts have no durations (and the formats the kernel reads none either).
    const bytes = tallied && duration === null;
    this.bytes = defs.map((d) => (bytes && d.logField !== undefined ? new ByteCounts() : null));
    this.none = defs.map(() => 0);
    this.noneSum = defs.map(() => 0);
    const size = ACCESS_LOG_FIELDS.indexOf("bytes");
    this.tail = [...defs, ...(sum === null ? [] : [sum])].some((d) => (d.logField ?? -1) > size);
  }

  /** A new block of records. */
  block(records: Records): void {
    const fromBytes = this.bytes.some((b) => b !== null) || (this.tallied && this.sum?.logField !== undefined);
    if (records.fromBatch === undefined || !fromBytes) {
      this.lines = null;
      return;
    }
    this.lines = records.fromBatch.batch.lineBytes();
    this.line = records.fromBatch.line;
    this.reader.block(this.lines.bytes);
  }

  /**
   * Whether record `i`'s line matches the log's grammar (read once a record);
   * false without the lines' bytes. `counted`: the kernel read the line, so
   * it matches, and the fields after the size are read only where asked for.
   */
  private matches(i: number, counted: boolean): boolean {
    if (this.read < 0) {
      const row = this.line(i);
      this.start = this.lines!.ranges[2 * row];
      this.read = this.reader.read(this.start, this.lines!.ranges[2 * row + 1], counted && !this.tail) ? 1 : 0;
    }
    return this.read === 1;
  }

  /** The --sum field of record `i` as a number (0 where it has none). */
  private sumOf(
    sum: FieldDef,
    records: Records,
    i: number,
    counted: boolean,
    url: ParsedUrl | null | undefined,
  ): number {
    if (this.lines !== null && sum.logField !== undefined) {
      const found = this.matches(i, counted) ? this.reader.valueOf(sum.logField, this.start) : NO_VALUE;
      if (found === NO_VALUE) return 0;
      if (found === KEY) {
        let n = 0;
        for (let p = this.reader.keyStart; p < this.reader.keyEnd; p++) n = 10 * n + this.lines.bytes[p] - 0x30;
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
    this.read = -1;
    const sum = this.sum === null ? 0 : this.sumOf(this.sum, records, i, counted, url);
    const seconds = this.duration === null ? null : this.duration(records, i);
    for (let k = 0; k < this.defs.length; k++) {
      const def = this.defs[k];
      if (counted && this.tallied && def.tally !== undefined) continue;
      const bytes = this.bytes[k];
      if (bytes !== null && this.lines !== null) {
        const found = this.matches(i, counted) ? this.reader.valueOf(def.logField!, this.start) : NO_VALUE;
        if (found === KEY) {
          bytes.add(this.lines.bytes, this.reader.keyStart, this.reader.keyEnd, sum);
          continue;
        }
        if (found === NO_VALUE) {
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
