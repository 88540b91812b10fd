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
}

export function emptyCounts(): TopCounts {
  return { counts: new Map(), dropped: 0 };
}

export function countValue(t: TopCounts, key: string, by = 1): void {
  const n = t.counts.get(key);
  if (n !== undefined) {
    t.counts.set(key, n + by);
    return;
  }
  t.counts.set(own(key), by);
  if (t.counts.size > 2 * CAP_KEYS) prune(t);
}

/** Keep the CAP_KEYS most frequent values. */
function prune(t: TopCounts): void {
  const entries = [...t.counts].sort((a, b) => b[1] - a[1]);
  for (let i = CAP_KEYS; i < entries.length; i++) t.dropped += entries[i][1];
  t.counts = new Map(entries.slice(0, CAP_KEYS));
}

/** `b` added into `a`. */
export function mergeCounts(a: TopCounts, b: TopCounts): TopCounts {
  for (const [k, n] of b.counts) countValue(a, k, n);
  a.dropped += b.dropped;
  return a;
}
