// Counts of values whose number of distinct values has no bound (paths,
// query parameters, user agents): at most CAP_KEYS are kept. When a count
// table doubles past that, the rarest values are dropped and their counts
// added up in `dropped`; the top of the table is then a lower bound and the
// report says so. Memory stays bounded however large the log. Plain data
// (a Map and a number), so that a worker thread can post it.

import { own } from "../own.js";

/** Distinct values kept after a prune: far more than any --top shows. */
export const CAP_KEYS = 100_000;

export interface TopCounts {
  counts: Map<string, number>;
  /** Occurrences of the values dropped as rare. */
  dropped: number;
  /** With `stats --sum`: each value's sum of the records' field (a dropped value's with it). */
  sums?: Map<string, number>;
}

/** Empty counts; `summed`: with sums. */
export function emptyCounts(summed = false): TopCounts {
  return summed ? { counts: new Map(), dropped: 0, sums: new Map() } : { counts: new Map(), dropped: 0 };
}

/** Count `by` more of `key`, whose records' field adds up to `sum` (kept where `t` has sums). */
export function countValue(t: TopCounts, key: string, by = 1, sum = 0): void {
  const n = t.counts.get(key);
  if (n !== undefined) {
    t.counts.set(key, n + by);
    t.sums?.set(key, t.sums.get(key)! + sum);
    return;
  }
  const owned = own(key);
  t.counts.set(owned, by);
  t.sums?.set(owned, sum);
  if (t.counts.size > 2 * CAP_KEYS) prune(t);
}

/** Keep the CAP_KEYS most frequent values. */
function prune(t: TopCounts): void {
  const entries = [...t.counts].sort((a, b) => b[1] - a[1]);
  for (let i = CAP_KEYS; i < entries.length; i++) t.dropped += entries[i][1];
  const kept = entries.slice(0, CAP_KEYS);
  t.counts = new Map(kept);
  const { sums } = t;
  if (sums !== undefined) t.sums = new Map(kept.map(([k]) => [k, sums.get(k)!]));
}

/** `b` added into `a`. */
export function mergeCounts(a: TopCounts, b: TopCounts): TopCounts {
  for (const [k, n] of b.counts) countValue(a, k, n, b.sums?.get(k) ?? 0);
  a.dropped += b.dropped;
  return a;
}
