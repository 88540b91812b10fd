// The counts behind `swurl stats`, gathered one URL at a time. A tally is
// plain data (numbers, strings, Maps), so a worker thread can post its share
// to the main thread, where the shares are merged in input order.

import { createTally, type ParsedUrl, type TallyCounts, type TallySummary, type UrlTally } from "swurl";
import { own } from "../own.js";
import type { Durations } from "./durations.js";
import type { Records } from "../input/records.js";
import { CAP_KEYS, countValue, emptyCounts, mergeCounts, NO_VALUE, type TopCounts } from "./top-counts.js";

/** How many invalid lines the report quotes. */
const INVALID_SAMPLES = 5;
/** Invalid lines are quoted up to this many characters. */
const SAMPLE_CHARS = 120;

/** The library's counts of the valid URLs (schemes, hosts, with a query, ...), and the command's of the lines. */
export interface Tally
  extends Pick<TallyCounts, "schemes" | "hosts" | "withQuery" | "withFragment" | "withCredentials" | "withPort"> {
  /** Lines read (records and skipped lines). */
  lines: number;
  invalid: number;
  /** Blank and comment lines, neither valid nor invalid. */
  skipped: number;
  /** Records left out by --valid-only, --invalid-only or --scheme. */
  filtered: number;
  /** Records without the URL's field (failure-hint.ts): counted as invalid or filtered too. */
  missing: number;
  /**
   * The lines of the input this piece read, all counted as it reads them
   * (`lines` counts the URLs createTally() counted only in totalTally()):
   * the next piece's lines are numbered on from its end.
   */
  span: number;
  /** The first few invalid lines: line number (from 1) and text. */
  invalidSamples: [number, string][];
  /** Counts by pathname (valid URLs). */
  paths: TopCounts;
  /** Counts by each --by key's value, in --by order. */
  groups: TopCounts[];
  /**
   * The URLs counted by createTally(): the tally itself in the thread that
   * counted them, its bytes (serialize()) once it crossed to another;
   * added in by totalTally().
   */
  urlCounts: UrlTally | Uint8Array | null;
}

/** A tally with `groups` --by keys (`summed`: with --sum; `timed`: with durations). */
export function emptyTally(groups: number, summed = false, timed = false): Tally {
  return {
    lines: 0,
    invalid: 0,
    skipped: 0,
    filtered: 0,
    missing: 0,
    span: 0,
    schemes: new Map(),
    hosts: new Map(),
    withQuery: 0,
    withFragment: 0,
    withCredentials: 0,
    withPort: 0,
    invalidSamples: [],
    paths: emptyCounts(),
    groups: Array.from({ length: groups }, () => emptyCounts(summed, timed)),
    urlCounts: null,
  };
}

/**
 * The value of the record for --by key `k` (null: none, counted as such),
 * `by` times, adding `sum` to its --sum and `seconds` to its durations.
 */
export function addGroup(
  t: Tally,
  k: number,
  value: string | null,
  by = 1,
  sum = 0,
  seconds: Durations | null = null,
): void {
  countValue(t.groups[k], value ?? NO_VALUE, by, sum, seconds);
}

function increment(map: Map<string, number>, key: string, by = 1): void {
  const n = map.get(key);
  if (n === undefined) map.set(own(key), by);
  else map.set(key, n + by);
}

export function addUrl(t: Tally, url: ParsedUrl): void {
  t.lines++;
  increment(t.schemes, url.protocol.slice(0, -1));
  const host = url.hostname;
  if (host !== "") increment(t.hosts, host);
  if (url.search !== "") t.withQuery++;
  if (url.hash !== "") t.withFragment++;
  if (url.username !== "" || url.password !== "") t.withCredentials++;
  if (url.port !== "") t.withPort++;
  countValue(t.paths, url.pathname);
}

/**
 * The counts of the URLs counted in the kernel (UrlTally.summary()), the
 * schemes and hosts made Maps (the report reads every host, for its
 * registrable domain); the paths, up to hundreds of thousands, stay a table
 * read in place, of which the report makes strings of the top few only.
 */
export interface KernelCounts extends Omit<TallySummary, "schemes" | "hosts"> {
  schemes: Map<string, number>;
  hosts: Map<string, number>;
}

/**
 * The URLs counted in the kernel as a tally of their own, with `groups`
 * empty --by counts: mergeTally() adds it in, as it adds a piece's.
 */
function countsTally(c: KernelCounts, groups: number): Tally {
  return {
    ...emptyTally(groups),
    lines: c.valid,
    withQuery: c.withQuery,
    withFragment: c.withFragment,
    withCredentials: c.withCredentials,
    withPort: c.withPort,
    schemes: c.schemes,
    hosts: c.hosts,
    paths: { counts: new Map(), table: c.paths, dropped: c.pathsDropped },
  };
}

/** An invalid record: its text and the number of the line where it starts. */
export function addInvalid(t: Tally, text: string, line: number): void {
  t.lines++;
  t.invalid++;
  if (t.invalidSamples.length < INVALID_SAMPLES) {
    t.invalidSamples.push([line, text.length > SAMPLE_CHARS ? text.slice(0, SAMPLE_CHARS) + "…" : text]);
  }
}

export function addFiltered(t: Tally): void {
  t.lines++;
  t.filtered++;
}

/** A block of records begun: its skipped lines, its records without the URL's field, and its lines' span. */
export function addBlock(t: Tally, block: Pick<Records, "length" | "skipped" | "missing">): void {
  t.lines += block.skipped;
  t.skipped += block.skipped;
  t.missing += block.missing;
  t.span += block.length + block.skipped;
}

/**
 * The tallies of the pieces of an input, in input order, added up: the
 * URL counts of every piece go into one createTally() (the first piece's
 * own, where it was counted in this thread: the main thread's share is not
 * made bytes and read back), whose keys are read here (KernelCounts), and
 * `fromKernel` adds to the --by counts what it works out of them.
 */
export function totalTally(pieces: Tally[], fromKernel?: (counts: KernelCounts, total: Tally) => void): Tally {
  const counted = pieces.flatMap((t) => (t.urlCounts === null ? [] : [t.urlCounts]));
  const total = pieces.reduce(mergeTally);
  if (counted.length > 0) {
    const live = counted.find((c): c is UrlTally => !(c instanceof Uint8Array));
    const urls = live ?? createTally({ paths: CAP_KEYS });
    for (const c of counted) if (c !== urls) urls.addSerialized(c instanceof Uint8Array ? c : c.serialize());
    const { schemes, hosts, ...summary } = urls.summary();
    const counts = { ...summary, schemes: schemes.toMap(), hosts: hosts.toMap() };
    mergeTally(total, countsTally(counts, total.groups.length));
    fromKernel?.(counts, total);
  }
  total.urlCounts = null;
  return total;
}

/** `b` (the input that follows `a`'s) added into `a`, but for their URL counts. */
function mergeTally(a: Tally, b: Tally): Tally {
  for (const [line, text] of b.invalidSamples) {
    if (a.invalidSamples.length < INVALID_SAMPLES) a.invalidSamples.push([a.span + line, text]);
  }
  a.span += b.span;
  a.lines += b.lines;
  a.invalid += b.invalid;
  a.skipped += b.skipped;
  a.filtered += b.filtered;
  a.missing += b.missing;
  for (const [k, n] of b.schemes) increment(a.schemes, k, n);
  for (const [k, n] of b.hosts) increment(a.hosts, k, n);
  a.withQuery += b.withQuery;
  a.withFragment += b.withFragment;
  a.withCredentials += b.withCredentials;
  a.withPort += b.withPort;
  mergeCounts(a.paths, b.paths);
  a.groups.forEach((g, k) => {
    mergeCounts(g, b.groups[k]);
  });
  return a;
}
