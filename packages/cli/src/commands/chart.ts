// Plain-text bar charts: a label, a count, a bar and a share per row, the
// bars drawn with block characters to an eighth of a cell. Colour (ANSI) only
// when the output is a terminal that wants it.

import { formatCount, formatPercent } from "../units.js";
import { formatSeconds } from "./durations.js";

const EIGHTHS = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];

/** A bar of `value / max` of `width` cells (at least a sliver for any value above 0). */
export function bar(value: number, max: number, width: number): string {
  if (max <= 0 || value <= 0) return "";
  const eighths = Math.max(1, Math.round((value / max) * width * 8));
  return "█".repeat(eighths >> 3) + EIGHTHS[eighths & 7];
}

export interface Style {
  heading(s: string): string;
  bar(s: string): string;
  dim(s: string): string;
}

export const PLAIN: Style = { heading: (s) => s, bar: (s) => s, dim: (s) => s };
const ANSI: Style = {
  heading: (s) => `\x1b[1m${s}\x1b[22m`,
  bar: (s) => `\x1b[36m${s}\x1b[39m`,
  dim: (s) => `\x1b[2m${s}\x1b[22m`,
};

/** Colour for a terminal, unless NO_COLOR is set (no-color.org); plain text for files and pipes. */
export function styleFor(stream: NodeJS.WriteStream): Style {
  const noColor = process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== "";
  return stream.isTTY === true && !noColor ? ANSI : PLAIN;
}

export interface ChartRow {
  label: string;
  count: number;
  /** With `stats --sum`: the sum of the field over the rows' records. */
  sum?: number;
  /** Where the input has durations: the percentiles of the row's records' (seconds). */
  p50?: number;
  p95?: number;
  p99?: number;
}

/** Width of the bar column. */
const BAR_WIDTH = 30;
/** Longer labels (hosts can be long) are cut, so the bars stay on screen. */
const LABEL_MAX = 40;

function fitLabel(label: string): string {
  return label.length <= LABEL_MAX ? label : label.slice(0, LABEL_MAX - 1) + "…";
}

/**
 * One line per row: the label, the count, a bar scaled to the largest count
 * shown and the share of `total`, then its sum (written by `formatSum`) and
 * its percentiles where it has them.
 */
export function chart(
  rows: ChartRow[],
  total: number,
  style: Style,
  formatSum: (sum: number) => string = formatCount,
): string[] {
  const max = Math.max(0, ...rows.map((r) => r.count));
  const labels = rows.map((r) => fitLabel(r.label));
  const labelWidth = Math.max(0, ...labels.map((l) => l.length));
  const counts = rows.map((r) => formatCount(r.count));
  const countWidth = Math.max(0, ...counts.map((c) => c.length));
  return rows.map((r, i) => {
    const b = bar(r.count, max, BAR_WIDTH);
    let sum = r.sum === undefined ? "" : `  sum ${formatSum(r.sum)}`;
    if (r.p50 !== undefined)
      sum += `  p50 ${formatSeconds(r.p50)}  p95 ${formatSeconds(r.p95!)}  p99 ${formatSeconds(r.p99!)}`;
    return `  ${labels[i].padEnd(labelWidth)}  ${counts[i].padStart(countWidth)}  ${style.bar(b)}${" ".repeat(BAR_WIDTH + 1 - b.length)}${style.dim(formatPercent(r.count, total).padStart(6))}${sum}`;
  });
}
