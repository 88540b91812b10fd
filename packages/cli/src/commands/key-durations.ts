// The durations of a ByteCounts table's keys (ByteKeys indices), for the
// percentiles of `stats --by`: each key keeps its first record's duration as
// a number, in an array of numbers, and a histogram once it has two
// (durations.ts Durations). In a log of mostly distinct paths most keys have
// one record, and a Map for each would be garbage for the collector.

import { type Durations, type Histogram, joinDurations } from "./durations.js";

export class KeyDurations {
  /** Per key, its records' durations once two have one (undefined before). */
  private histograms: (Histogram | undefined)[];
  /** Per key without a histogram, its one record's duration in seconds (NaN: none yet). */
  private lone: Float64Array;

  /** Room for `n` keys, none with a duration yet. */
  constructor(n: number) {
    // Filled, not sized: holes would make the array a dictionary.
    this.histograms = new Array(n).fill(undefined);
    this.lone = new Float64Array(n).fill(Number.NaN);
  }

  /** Key `i`'s records' durations: a histogram, one duration, or null (none). */
  get(i: number): Durations | null {
    const histogram = this.histograms[i];
    if (histogram !== undefined) return histogram;
    const seconds = this.lone[i] as number;
    return Number.isNaN(seconds) ? null : seconds;
  }

  /** Key `i`'s records' durations, with `seconds` (one, or a histogram of several) added. */
  add(i: number, seconds: Durations): void {
    const { histograms, lone } = this;
    const histogram = histograms[i];
    const first = lone[i] as number;
    if (histogram !== undefined) joinDurations(histogram, seconds);
    else if (!Number.isNaN(first)) histograms[i] = joinDurations(first, seconds);
    else if (typeof seconds === "number") lone[i] = seconds;
    else histograms[i] = seconds;
  }

  /** Room for `n` keys. */
  grow(n: number): void {
    const lone = new Float64Array(n).fill(Number.NaN);
    lone.set(this.lone);
    this.lone = lone;
    // Pushed one by one: the array stays dense and is not copied.
    while (this.histograms.length < n) this.histograms.push(undefined);
  }
}
