// Counts of values whose number of distinct values has no bound (paths,
// query parameters, user agents): at most CAP_KEYS are kept. When a count
// table doubles past that, the rarest values are dropped and their counts
// added up in `dropped`; the top of the table is then a lower bound and the
// report says so. Memory stays bounded however large the log. Plain data
// (a Map and a number), so that a worker thread can post it.

import { own } from "../own.js";
import { type Durations, joinDurations } from "./durations.js";

/** Distinct values kept after a prune: far more than any --top shows. */
export const CAP_KEYS = 100_000;

/** How a record without a value for a --by key is counted. */
export const NO_VALUE = "(none)";

export interface TopCounts {
  counts: Map<string, number>;
  /** Occurrences of the values dropped as rare. */
  dropped: number;
  /** With `stats --sum`: each value's sum of the records' field (a dropped value's with it). */
  sums?: Map<string, number>;
  /** Where the input has durations: each value's (durations.ts), for its percentiles. */
  durations?: Map<string, Durations>;
  /**
   * A table of counts read in place beside `counts`, where the value's
   * count is the two added up (countTable()): the kernel's tally of
   * pathnames or hosts, which other lists read too, so that a table of
   * hundreds of thousands of keys is neither copied nor made strings.
   */
  table?: CountTable;
}

/** A table of counts as the report reads it: its size, a value's count, its largest counts. */
export interface CountTable {
  readonly size: number;
  /** The count of `key` (0: none). */
  count(key: string): number;
  /** The `n` largest counts in report order (before()): [value, count]. */
  top(n: number): [string, number][];
}

/** Whether entry `a` comes before `b`: the larger count, ties in name order so the report is the same on every run. */
function before(a: [string, number], b: [string, number]): boolean {
  return a[1] > b[1] || (a[1] === b[1] && a[0] < b[0]);
}

/** Longer tops than this are sorted whole (top()). */
const SELECT_TOP = 64;

/** Entries of a table, each given to `fn` (as Map.prototype.forEach gives them). */
type Entries = (fn: (count: number, key: string) => void) => void;

/**
 * The `n` first of `entries` in report order. A table holds up to hundreds
 * of thousands of values and a report shows a few: the best `n` are kept in
 * a sorted array as the entries go by, where a sort of the whole table cost
 * more than the rest of the report. Each entry is placed by a walk of up to
 * `n`, so a long top is sorted whole.
 */
function top(entries: Entries, n: number): [string, number][] {
  const best: [string, number][] = [];
  if (n > SELECT_TOP) {
    entries((count, key) => {
      best.push([key, count]);
    });
    return best.sort((a, b) => (before(a, b) ? -1 : 1)).slice(0, n);
  }
  if (n === 0) return best;
  // An entry array is made only for a value that gets in.
  entries((count, key) => {
    if (best.length === n) {
      const [lastKey, lastCount] = best[n - 1];
      if (count < lastCount || (count === lastCount && key > lastKey)) return;
    }
    const entry: [string, number] = [key, count];
    let at = best.length === n ? n - 1 : best.length;
    while (at > 0 && before(entry, best[at - 1])) at--;
    if (best.length === n) best.pop();
    best.splice(at, 0, entry);
  });
  return best;
}

/** `map` as a count table. */
export function mapTable(map: Map<string, number>): CountTable {
  return {
    size: map.size,
    count: (key) => map.get(key) ?? 0,
    top: (n) => top((fn) => map.forEach(fn), n),
  };
}

/**
 * The counts of `t`, its `table` added in, as a table. The values of
 * `counts` are looked up in the table; of the table's own, only its top n
 * can be in the top n: a value of `counts` (counted at least once) only
 * moves up, so each of the table's top n still comes before any value the
 * table's top leaves out.
 */
export function countTable(t: TopCounts): CountTable {
  const { counts, table } = t;
  if (table === undefined) return mapTable(counts);
  let size = table.size;
  for (const key of counts.keys()) if (table.count(key) === 0) size++;
  return {
    size,
    count: (key) => (counts.get(key) ?? 0) + table.count(key),
    top(n) {
      const candidates = table.top(n).filter(([key]) => !counts.has(key));
      return top((fn) => {
        counts.forEach((count, key) => {
          fn(count + table.count(key), key);
        });
        for (const [key, count] of candidates) fn(count, key);
      }, n);
    },
  };
}

/** Empty counts; `summed`: with sums; `timed`: with durations. */
export function emptyCounts(summed = false, timed = false): TopCounts {
  const t: TopCounts = { counts: new Map(), dropped: 0 };
  if (summed) t.sums = new Map();
  if (timed) t.durations = new Map();
  return t;
}

/**
 * Count `by` more of `key`, whose records' field adds up to `sum` (kept
 * where `t` has sums) and whose duration is `seconds` (null: none, or a
 * histogram of several records' durations, which `t` may keep: its owner
 * does not use it after).
 */
export function countValue(t: TopCounts, key: string, by = 1, sum = 0, seconds: Durations | null = null): void {
  const n = t.counts.get(key);
  let owned = key;
  if (n !== undefined) {
    t.counts.set(key, n + by);
    t.sums?.set(key, t.sums.get(key)! + sum);
  } else {
    owned = own(key);
    t.counts.set(owned, by);
    t.sums?.set(owned, sum);
  }
  if (t.durations !== undefined && seconds !== null) {
    const d = t.durations.get(owned);
    if (d === undefined) t.durations.set(owned, seconds);
    else if (typeof d === "number") t.durations.set(owned, joinDurations(d, seconds));
    else joinDurations(d, seconds);
  }
  if (n === undefined && t.counts.size > 2 * CAP_KEYS) prune(t);
}

/**
 * Keep the CAP_KEYS most frequent values, of equal counts those counted
 * first, in that order (the larger count first, then the order counted).
 */
function prune(t: TopCounts): void {
  // A sort by count, stable, without comparing entries: the keys grouped by
  // their count (a table of hundreds of thousands of keys has few distinct
  // counts), the groups in decreasing count, each in the order counted.
  const byCount = new Map<number, string[]>();
  for (const [key, n] of t.counts) {
    const keys = byCount.get(n);
    if (keys === undefined) byCount.set(n, [key]);
    else keys.push(key);
  }
  const counts = new Map<string, number>();
  let room = CAP_KEYS;
  for (const n of [...byCount.keys()].sort((a, b) => b - a)) {
    const keys = byCount.get(n) as string[];
    const taken = Math.min(room, keys.length);
    for (let i = 0; i < taken; i++) counts.set(keys[i] as string, n);
    t.dropped += n * (keys.length - taken);
    room -= taken;
  }
  t.counts = counts;
  const { sums, durations } = t;
  if (sums !== undefined) {
    t.sums = new Map();
    for (const key of counts.keys()) t.sums.set(key, sums.get(key)!);
  }
  if (durations !== undefined) {
    t.durations = new Map();
    for (const key of counts.keys()) {
      const h = durations.get(key);
      if (h !== undefined) t.durations.set(key, h);
    }
  }
}

/** `b` added into `a` (`b` is not used after: an empty `a` of the same kind takes its tables). */
export function mergeCounts(a: TopCounts, b: TopCounts): TopCounts {
  const sameKind =
    (a.sums === undefined) === (b.sums === undefined) && (a.durations === undefined) === (b.durations === undefined);
  // A table is the one kernel tally of a total (totalTally()), added in once.
  if (b.table !== undefined) a.table = b.table;
  if (a.counts.size === 0 && a.dropped === 0 && sameKind) {
    a.counts = b.counts;
    a.dropped = b.dropped;
    if (b.sums !== undefined) a.sums = b.sums;
    if (b.durations !== undefined) a.durations = b.durations;
    return a;
  }
  for (const [k, n] of b.counts) countValue(a, k, n, b.sums?.get(k) ?? 0, b.durations?.get(k) ?? null);
  a.dropped += b.dropped;
  return a;
}
