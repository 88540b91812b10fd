// Durations of a group's requests (an access log's time taken), for the
// p50, p95 and p99 of `stats --by`: a histogram of logarithmic buckets, each
// 1% wider than the one before, so that a percentile is within 0.5% of the
// exact one however many requests a group has, and a group holds at most
// a few thousand buckets (1 us to a day). Plain data (a Map), so that a
// worker thread can post it, and added up bucket by bucket.

/** Bucket b holds the durations that round to STEP^b seconds. */
const LOG_STEP = Math.log(1.01);
/** The bucket of a duration of 0 (below any logarithm's). */
const ZERO = -1e6;

/** Bucket -> count. */
export type Histogram = Map<number, number>;
/**
 * A value's durations: one, in seconds, or a histogram of several. In a log
 * of mostly distinct paths most values have one record, and a Map for each
 * would be garbage for the collector to work through.
 */
export type Durations = number | Histogram;

interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
}

function bucket(seconds: number): number {
  return seconds <= 0 ? ZERO : Math.round(Math.log(seconds) / LOG_STEP);
}

/** The duration a bucket stands for, in seconds. */
function middle(b: number): number {
  return b === ZERO ? 0 : Math.exp(b * LOG_STEP);
}

/** Count `n` more durations of `seconds`. */
export function addDuration(h: Histogram, seconds: number, n = 1): void {
  const b = bucket(seconds);
  h.set(b, (h.get(b) ?? 0) + n);
}

/** `b` added into `a`. */
function mergeHistogram(a: Histogram, b: Histogram): void {
  for (const [k, n] of b) a.set(k, (a.get(k) ?? 0) + n);
}

/**
 * `a` and `b` together: `a` where it is a histogram (`b` added into it),
 * `b` where only it is one (`a` added), else a new histogram. A histogram
 * handed in may be the result: its owner does not use it after.
 */
export function joinDurations(a: Durations, b: Durations): Histogram {
  if (typeof a === "number") return joinDurations(histogramOf(b), a);
  if (typeof b === "number") addDuration(a, b);
  else mergeHistogram(a, b);
  return a;
}

/** `d` as a histogram (`d` itself where it is one). */
export function histogramOf(d: Durations): Histogram {
  if (typeof d !== "number") return d;
  const h: Histogram = new Map();
  addDuration(h, d);
  return h;
}

/**
 * The 50th, 95th and 99th percentiles (nearest rank: the smallest duration
 * at or below which that share of the durations lies), in seconds; null
 * for an empty histogram.
 */
export function percentiles(d: Durations): Percentiles | null {
  const buckets = [...histogramOf(d)].sort((x, y) => x[0] - y[0]);
  const total = buckets.reduce((s, [, n]) => s + n, 0);
  if (total === 0) return null;
  const at = (p: number) => {
    const rank = Math.ceil(p * total);
    let seen = 0;
    for (const [b, n] of buckets) {
      seen += n;
      if (seen >= rank) return middle(b);
    }
    return middle(buckets[buckets.length - 1][0]);
  };
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** A duration for people: 850 us, 12.3 ms, 1.24 s, 1500 s. */
export function formatSeconds(seconds: number): string {
  if (seconds < 1e-3) return `${significant(seconds * 1e6)} us`;
  if (seconds < 1) return `${significant(seconds * 1e3)} ms`;
  return `${significant(seconds)} s`;
}

/**
 * `value` (not negative) to three significant digits, without the zeros
 * that end a fraction: 590 stays 590, 12.50 is 12.5. From 1,000 on, the
 * whole number, where toPrecision() would write an exponent (1.50e+3).
 */
function significant(value: number): string {
  if (value >= 1000) return String(Math.round(value));
  const digits = value.toPrecision(3);
  return digits.includes(".") ? digits.replace(/\.?0+$/, "") : digits;
}
