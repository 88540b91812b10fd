// Counts of values whose number of distinct values has no bound (paths,
// query parameters, user agents): at most CAP_KEYS are kept. When a count
// table doubles past that, the rarest values are dropped and their counts
// added up in `dropped`; the top of the table is then a lower bound and the
// report says so. Memory stays bounded however large the log. Plain data
// (a Map and a number), so that a worker thread can post it.

import { own } from "../own.js";
import { addDuration, type Histogram, mergeHistogram } from "./durations.js";

/** Distinct values kept after a prune: far more than any --top shows. */
export const CAP_KEYS = 100_000;

export interface TopCounts {
  counts: Map<string, number>;
  /** Occurrences of the values dropped as rare. */
  dropped: number;
  /** With `stats --sum`: each value's sum of the records' field (a dropped value's with it). */
  sums?: Map<string, number>;
  /** Where the input has durations: each value's (durations.ts), for its percentiles. */
  durations?: Map<string, Histogram>;
  /**
   * Counts beside `counts` where `counts` is a table that another list reads
   * too (the kernel's tally of pathnames or hosts, by-groups.ts): the list is
   * the two added up (countTable()), read without a copy of a table of
   * hundreds of thousands of keys.
   */
  more?: Map<string, number>;
}

/** A table of counts as the report reads it: each value once, with its count. */
export interface CountTable {
  readonly size: number;
  forEach(fn: (count: number, key: string) => void): void;
}

/** The counts of `t`, `more` added in (TopCounts), as a table. */
export function countTable(t: TopCounts): CountTable {
  const { counts, more } = t;
  if (more === undefined) return counts;
  let size = counts.size;
  for (const key of more.keys()) if (!counts.has(key)) size++;
  return {
    size,
    forEach(fn) {
      counts.forEach((n, key) => {
        fn(n + (more.get(key) ?? 0), key);
      });
      more.forEach((n, key) => {
        if (!counts.has(key)) fn(n, key);
      });
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
 * histogram of several records' durations).
 */
export function countValue(
  t: TopCounts,
  key: string,
  by = 1,
  sum = 0,
  seconds: number | Histogram | null = null,
): void {
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
    let h = t.durations.get(owned);
    if (h === undefined) t.durations.set(owned, (h = new Map()));
    if (typeof seconds === "number") addDuration(h, seconds);
    else mergeHistogram(h, seconds);
  }
  if (n === undefined && t.counts.size > 2 * CAP_KEYS) prune(t);
}

/** Keep the CAP_KEYS most frequent values. */
function prune(t: TopCounts): void {
  const entries = [...t.counts].sort((a, b) => b[1] - a[1]);
  for (let i = CAP_KEYS; i < entries.length; i++) t.dropped += entries[i][1];
  const kept = entries.slice(0, CAP_KEYS);
  t.counts = new Map(kept);
  const { sums, durations } = t;
  if (sums !== undefined) t.sums = new Map(kept.map(([k]) => [k, sums.get(k)!]));
  if (durations !== undefined)
    t.durations = new Map(kept.flatMap(([k]) => (durations.has(k) ? [[k, durations.get(k)!]] : [])));
}

/** `b` added into `a` (`b` is not used after: an empty `a` of the same kind takes its tables). */
export function mergeCounts(a: TopCounts, b: TopCounts): TopCounts {
  const sameKind =
    (a.sums === undefined) === (b.sums === undefined) && (a.durations === undefined) === (b.durations === undefined);
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
