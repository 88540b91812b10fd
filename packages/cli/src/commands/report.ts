// The report of `swurl stats`: from a tally to text for people (with bar
// charts) or JSON for programs.

import { chart, type ChartRow, type Style } from "./chart.js";
import { publicSuffixList } from "../output/public-suffix.js";
import type { Tally } from "./tally.js";
import { type CountTable, countTable, mapTable, type TopCounts } from "./top-counts.js";
import { formatSeconds, percentiles } from "./durations.js";
import { MILLION } from "./millionths.js";
import { formatBytes, formatCount, formatDuration, formatPercent } from "../units.js";

export interface Run {
  /** The input's name: a path or "standard input". */
  input: string;
  bytes: number;
  seconds: number;
  threads: number;
}

/** What the report says, worked out from a tally. */
interface Summary {
  input: string;
  lines: number;
  valid: number;
  invalid: number;
  /** Blank and comment lines, neither valid nor invalid. */
  skipped: number;
  /** Records left out by the filters. */
  filtered: number;
  bytes: number;
  seconds: number;
  megabytesPerSecond: number;
  threads: number;
  schemes: ChartRow[];
  distinctHosts: number;
  topHosts: ChartRow[];
  distinctDomains: number;
  topDomains: ChartRow[];
  /** URLs with a host that has no registrable domain (IP addresses, "localhost", ...). */
  withoutDomain: number;
  withHost: number;
  withQuery: number;
  withFragment: number;
  withCredentials: number;
  withPort: number;
  ipHosts: number;
  idnHosts: number;
  invalidSamples: { line: number; text: string }[];
  topPaths: TopList;
  /** One per --by key. */
  groups: (TopList & { by: string })[];
  /** Where the --sum field is a duration: the unit of its sums. */
  sumUnit?: "seconds";
  /** Advice on the failures (an option that would make them parse), or null. */
  hint: string | null;
}

/** The top of a count table. */
interface TopList {
  /** The distinct values counted: all of them while `dropped` is 0, else the ones kept (a lower bound). */
  distinct: number;
  top: ChartRow[];
  /** Occurrences of rare values dropped to bound memory (topcounts.ts): then the counts are lower bounds. */
  dropped: number;
}

const round = (seconds: number) => Number(seconds.toPrecision(3));

/**
 * `t`'s `n` top values, by count or, `bySum`, by their sums; `sumDivisor`:
 * what its sums are counted in (MILLION: millionths of seconds).
 */
function topList(t: TopCounts, n: number, sumDivisor = 1, bySum = false): TopList {
  const table = countTable(t);
  const { sums, durations } = t;
  // By sum: the sums are a table of their own, ordered as counts are (ties in name order).
  const rows: ChartRow[] =
    bySum && sums !== undefined
      ? mapTable(sums)
          .top(n)
          .map(([label]) => ({ label, count: table.count(label) }))
      : top(table, n);
  if (sums !== undefined) for (const row of rows) row.sum = sums.get(row.label)! / sumDivisor;
  if (durations !== undefined) {
    for (const row of rows) {
      const p = percentiles(durations.get(row.label) ?? new Map());
      // Three significant digits: the histogram's buckets are 1% wide.
      if (p !== null) Object.assign(row, { p50: round(p.p50), p95: round(p.p95), p99: round(p.p99) });
    }
  }
  return { distinct: table.size, top: rows, dropped: t.dropped };
}

const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;
/** Inputs smaller than this take ~0.2 s, most of it warm-up (measured: 1 MB/s on 220 kB, 30-40 MB/s from 20 MB). */
const WARM_UP_BYTES = 2e6;
const IDN = /(?:^|\.)xn--/;

/** The `n` largest counts of `table`, in report order, as chart rows. */
function top(table: CountTable, n: number): ChartRow[] {
  return table.top(n).map(([label, count]) => ({ label, count }));
}

/** What a report says beside the counts. */
interface Notes {
  /** Advice on the failures, or null. */
  hint: string | null;
  /** Whether the --sum field is a duration in seconds (the tally's sums are then millionths). */
  sumInSeconds: boolean;
  /** Whether each --by key's top values are those of the largest sums (--order sum), not of the most records. */
  bySum: boolean;
}

export function summarize(
  t: Tally,
  run: Run,
  topN: number,
  by: string[],
  { hint, sumInSeconds, bySum }: Notes = { hint: null, sumInSeconds: false, bySum: false },
): Summary {
  // Registrable domains (eTLD+1) by the Public Suffix List, private section
  // included (foo.github.io is its own site), as browsers draw site lines.
  // Worked out once per distinct host, not per URL.
  const domains = new Map<string, number>();
  let withoutDomain = 0;
  let withHost = 0;
  let ipHosts = 0;
  let idnHosts = 0;
  for (const [host, n] of t.hosts) {
    withHost += n;
    if (host.startsWith("[") || IPV4.test(host)) ipHosts += n;
    if (IDN.test(host)) idnHosts += n;
    const domain = publicSuffixList().getDomain(host, { allowPrivateDomains: true });
    if (domain === null) withoutDomain += n;
    else domains.set(domain, (domains.get(domain) ?? 0) + n);
  }
  return {
    input: run.input,
    lines: t.lines,
    valid: t.lines - t.invalid - t.skipped - t.filtered,
    invalid: t.invalid,
    skipped: t.skipped,
    filtered: t.filtered,
    bytes: run.bytes,
    seconds: Math.round(run.seconds * 1000) / 1000,
    // Three significant digits: a small input's rate is a fraction of 1 MB/s, not 0.
    megabytesPerSecond: run.seconds > 0 ? Number((run.bytes / 1e6 / run.seconds).toPrecision(3)) : 0,
    threads: run.threads,
    schemes: top(mapTable(t.schemes), topN),
    distinctHosts: t.hosts.size,
    topHosts: top(mapTable(t.hosts), topN),
    distinctDomains: domains.size,
    topDomains: top(mapTable(domains), topN),
    withoutDomain,
    withHost,
    withQuery: t.withQuery,
    withFragment: t.withFragment,
    withCredentials: t.withCredentials,
    withPort: t.withPort,
    ipHosts,
    idnHosts,
    invalidSamples: t.invalidSamples.map(([line, text]) => ({ line, text })),
    topPaths: topList(t.paths, topN),
    groups: by.map((key, k) => ({ by: key, ...topList(t.groups[k], topN, sumInSeconds ? MILLION : 1, bySum) })),
    ...(sumInSeconds ? { sumUnit: "seconds" as const } : {}),
    hint,
  };
}

/** The report for people. */
export function textReport(s: Summary, style: Style): string {
  const out: string[] = [];
  const section = (title: string, note = "") => out.push("", style.heading(title) + (note && style.dim(`  ${note}`)));
  const rate = `${formatBytes(s.megabytesPerSecond * 1e6)}/s`;
  const threads = s.threads > 1 ? `, ${s.threads} threads` : "";
  out.push(style.heading(`swurl stats: ${s.input}`));
  // On a small input the time is mostly the JIT compilers warming up, not the parsing.
  const warmUp = s.bytes < WARM_UP_BYTES ? "; at this size mostly warm-up" : "";
  out.push(
    `${formatCount(s.lines)} ${s.lines === 1 ? "line" : "lines"}, ${formatBytes(s.bytes)} in ${formatDuration(s.seconds)} (${rate}${threads}${warmUp})`,
  );

  section("URLs");
  const urls = [
    { label: "valid", count: s.valid },
    { label: "invalid", count: s.invalid },
  ];
  if (s.skipped > 0) urls.push({ label: "skipped", count: s.skipped });
  if (s.filtered > 0) urls.push({ label: "filtered", count: s.filtered });
  out.push(...chart(urls, s.lines, style));
  if (s.skipped > 0) out.push(style.dim("  skipped: blank lines, and comments with --skip-comments"));
  if (s.lines === 0) return out.join("\n") + "\n";

  // --top 0 shows no list: the counts only.
  if (s.schemes.length > 0) {
    section("Schemes");
    out.push(...chart(s.schemes, s.valid, style));
  }

  if (s.withHost > 0 && s.topHosts.length > 0) {
    section(`Top hosts`, `${formatCount(s.distinctHosts)} distinct`);
    out.push(...chart(s.topHosts, s.valid, style));
    section(`Top registrable domains`, `${formatCount(s.distinctDomains)} distinct, by the Public Suffix List`);
    out.push(...chart(s.topDomains, s.valid, style));
    if (s.withoutDomain > 0)
      out.push(
        style.dim(
          `  ${formatCount(s.withoutDomain)} URLs have a host with no registrable domain (an IP address, a single label such as localhost, or not a DNS name)`,
        ),
      );
  }

  const list = (title: string, l: TopList, whole: number) => {
    // Past the table's bound the rarest values were dropped: the values kept are
    // only some of the distinct ones, and each count a lower bound.
    const distinct =
      l.dropped > 0
        ? `at least ${formatCount(l.distinct)} distinct, ${formatCount(l.dropped)} occurrences of rare values not counted (lower bounds)`
        : `${formatCount(l.distinct)} distinct`;
    section(title, distinct);
    out.push(...chart(l.top, whole, style, s.sumUnit === "seconds" ? formatSeconds : formatCount));
  };
  if (s.topPaths.top.length > 0) list("Top paths", s.topPaths, s.valid);
  for (const g of s.groups) if (g.top.length > 0) list(`By ${g.by}`, g, s.lines - s.skipped - s.filtered);

  section("Shape", "share of valid URLs");
  const shape: ChartRow[] = [
    { label: "with a query", count: s.withQuery },
    { label: "with a fragment", count: s.withFragment },
    { label: "with a port", count: s.withPort },
    { label: "with credentials", count: s.withCredentials },
    { label: "IP-address host", count: s.ipHosts },
    { label: "IDN (xn--) host", count: s.idnHosts },
    { label: "no host", count: s.valid - s.withHost },
  ];
  for (const row of shape) {
    out.push(
      `  ${row.label.padEnd(16)}  ${formatCount(row.count).padStart(formatCount(s.valid).length)}  ${style.dim(formatPercent(row.count, s.valid).padStart(6))}`,
    );
  }

  if (s.invalidSamples.length > 0) {
    section(
      "Invalid lines",
      s.invalid > s.invalidSamples.length ? `first ${s.invalidSamples.length} of ${formatCount(s.invalid)}` : "",
    );
    for (const { line, text } of s.invalidSamples) out.push(`  line ${formatCount(line)}: ${JSON.stringify(text)}`);
  }
  if (s.hint !== null) out.push("", style.dim(s.hint));
  return out.join("\n") + "\n";
}

/** The report for programs: the same numbers as JSON (lists of {label, count}, largest first). */
export function jsonReport(s: Summary): string {
  return JSON.stringify(s, null, 2) + "\n";
}
