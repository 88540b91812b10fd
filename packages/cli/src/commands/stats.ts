// swurl stats: what a list of URLs holds (valid and invalid lines, schemes,
// top hosts and registrable domains, shape) and how fast it was read.

import {
  commandOutput,
  INPUT_HELP,
  inputSpec,
  integerOption,
  parseCommandArgs,
  RECORD_OPTIONS,
  ROUTES_HELP,
  threadsOption,
} from "./args.js";
import { UsageError } from "../errors.js";
import { fieldDef, recordKeys, type FieldDef } from "../output/fields.js";
import { loadFor, loadPublicSuffixList } from "../output/public-suffix.js";
import { fromKernel, GroupCounter } from "./by-groups.js";
import { FILTER_HELP, kept, recordFilter, type RecordFilter } from "../input/filter.js";
import { runBulk } from "../threads/bulk.js";
import { failureCause } from "../input/failure-hint.js";
import { PLAIN, styleFor } from "./chart.js";
import type { Command } from "../command.js";
import { openInputs } from "../io.js";
import { batchedUrls, rangeRead, readRecords, type InputSpec } from "../input/records.js";
import { durationUnit, isRequestTime } from "../input/program-records.js";
import { jsonReport, summarize, textReport } from "./report.js";
import { createTally, type UrlTally } from "swurl";
import { addBlock, addFiltered, addInvalid, addUrl, emptyTally, type Tally, totalTally } from "./tally.js";
import { CAP_KEYS } from "./top-counts.js";
import type { Work } from "../work.js";
import { back, mark, writeTrace } from "../trace.js";

interface StatsOptions {
  input: InputSpec;
  filter: RecordFilter;
  /** The --by keys, as field names (fields.ts). */
  by: string[];
  /** The --sum field (an integer or a decimal field), or undefined. */
  sum?: string;
}

/** A --by key as a field: "host" is the hostname (the port is a key of its own). */
function byField(key: string): string {
  return key === "host" ? "hostname" : key;
}

/**
 * Whether the kernel may count the URLs (createTally()): every URL that parses
 * is counted, so with no filter or --valid-only (no --scheme, --since, --until).
 */
function kernelCounts(filter: RecordFilter): boolean {
  return filter.valid !== false && filter.schemes === null && filter.time === null;
}

/** Whether the kernel counts the input's URLs: then GroupCounter counts --by keys its faster ways. */
function kernelGroups({ input, filter }: StatsOptions): boolean {
  return kernelCounts(filter) && batchedUrls(input);
}

/**
 * What a thread of stats keeps over its ranges (null until its first range
 * makes it): the kernel's tally of the URLs, and the counter of the --by
 * keys with the tally it counts into, so that a key's values become strings
 * (their histograms, their sums) once a thread, not once a range.
 */
interface StatsCarry {
  urls: UrlTally | null;
  groups: { counter: GroupCounter; tally: Tally } | null;
}

export const statsWork: Work<StatsOptions, Tally, StatsCarry> = {
  async run(source, options, _emit, carry) {
    mark("tally");
    const { input, filter, by, sum } = options;
    const unit = durationUnit(input);
    const tally = emptyTally(by.length, sum !== undefined, unit !== null);
    const sumDef = sum === undefined ? null : fieldDef("stats", sum, input);
    const defs = byDefs(options);
    await loadFor(defs);
    const counter = (into: Tally) => new GroupCounter(into, defs, kernelGroups(options), sumDef, unit);
    // In a thread of a threaded run, one counter for all its ranges (finish()).
    let groups: GroupCounter;
    if (carry === undefined) groups = counter(tally);
    else {
      if (carry.groups === null) {
        const into = emptyTally(by.length, sum !== undefined, unit !== null);
        carry.groups = { counter: counter(into), tally: into };
      }
      groups = carry.groups.counter;
    }
    // The URLs of the batches the kernel read are counted there (createTally),
    // without a string a line; failures and the other formats' records here.
    // In a thread of a threaded run, one for all its ranges (finish()).
    let urls: UrlTally | null = null;
    if (kernelCounts(filter))
      urls = carry === undefined ? createTally({ paths: CAP_KEYS }) : (carry.urls ??= createTally({ paths: CAP_KEYS }));
    const columns = recordKeys(sum === undefined ? by : [...by, sum]);
    for await (const records of readRecords(source, input, columns, groups.keyFields)) {
      addBlock(tally, records);
      groups.block(records);
      let counted: ((i: number) => boolean) | null = null;
      if (urls !== null && records.urlBatches !== undefined) {
        for (const { batch, from } of records.urlBatches.batches) urls.add(batch, from);
        counted = records.urlBatches.valid;
      }
      for (let i = 0; i < records.length; i++) {
        if (counted?.(i)) {
          groups.count(records, i, true);
          continue;
        }
        const url = records.url(i);
        if (!kept(filter, url, records, i)) {
          addFiltered(tally);
          continue;
        }
        if (url === null) addInvalid(tally, records.text(i), records.line(i));
        else addUrl(tally, url);
        groups.count(records, i, false, url);
      }
    }
    if (carry === undefined) {
      groups.finish();
      tally.urlCounts = urls;
    }
    return tally;
  },
  carry: () => ({ urls: null, groups: null }),
  finish({ urls, groups }, { by, sum, input }) {
    groups?.counter.finish();
    return {
      ...(groups?.tally ?? emptyTally(by.length, sum !== undefined, durationUnit(input) !== null)),
      urlCounts: urls,
    };
  },
  portable(tally) {
    if (tally.urlCounts === null || tally.urlCounts instanceof Uint8Array) return tally;
    const before = mark("merge");
    const bytes = tally.urlCounts.serialize();
    back(before);
    return { ...tally, urlCounts: bytes };
  },
};

/** The tallies of the pieces of an input (statsWork's results), added up with their --by counts. */
export function statsTotal(results: Tally[], options: StatsOptions): Tally {
  return totalTally(results, kernelGroups(options) ? fromKernel(byDefs(options)) : undefined);
}

/**
 * The report's hint, as a sentence: the cause failure-hint.ts names where
 * most records failed (not a few stray lines, such as "-" for a request).
 * The records are the lines not skipped.
 */
function reportHint(spec: InputSpec, t: Tally): string | null {
  const cause = failureCause(spec, { records: t.lines - t.skipped, invalid: t.invalid, missing: t.missing });
  return cause === null ? null : `${cause[0].toUpperCase()}${cause.slice(1)}.`;
}

/**
 * Refuse a --sum field that does not add up: text, and the time of the
 * request. Whether its values are seconds: a decimal field is a duration
 * (added in millionths, millionths.ts).
 */
function checkSum(name: string, input: InputSpec): boolean {
  const def = fieldDef("stats", name, input);
  if (def.type === "text") {
    throw new UsageError(
      `stats: --sum ${name}: not a number field (bytes, status, port, line, or a duration such as request_time)`,
    );
  }
  if (def.type === "decimal" && isRequestTime(input, def.logField ?? name))
    throw new UsageError(`stats: --sum ${name}: the time of the request is a point in time, which does not add up`);
  return def.type === "decimal";
}

/** The --by keys as fields; with --sum or durations, none from the kernel's tallies, which have neither. */
function byDefs({ input, by, sum }: StatsOptions): FieldDef[] {
  const defs = by.map((key) => fieldDef("stats", byField(key), input));
  return sum === undefined && durationUnit(input) === null ? defs : defs.map((def) => ({ ...def, tally: undefined }));
}

const OPTIONS = {
  ...RECORD_OPTIONS,
  by: { type: "string", multiple: true },
  sum: { type: "string" },
  order: { type: "string" },
  top: { type: "string" },
  json: { type: "boolean" },
} as const;

export const statsCommand: Command = {
  name: "stats",
  summary: "totals, failures, schemes, top hosts and domains, throughput",
  help: `Usage: swurl stats [FILE|-]... [options]

Read FILE (or standard input), one URL per line, and report: valid and
invalid lines (with the first invalid ones), schemes, the top hosts and
registrable domains (Public Suffix List, private section included, as
browsers count sites), how many URLs have a query, fragment, port,
credentials, IP-address or IDN host, and the time taken and MB/s
(1 MB = 10^6 bytes).

Options:
      --top N        how many values of each list to show (default 10)
      --by KEY       the top values of KEY (may be repeated): host, domain,
                     suffix, path (decoded), pathname, scheme, port,
                     param:NAME, route (with --routes), hour and day
                     (UTC, of an access log's time), any field of
                     swurl parse --fields, and a record's own (status,
                     method, vhost, agent, a JSON key...)
      --sum FIELD    with each --by value, the sum of its records' FIELD:
                     an integer (bytes, status, port, line) or a duration
                     in seconds (request_time, to the microsecond)
      --order sum    the top values of each --by key by their --sum, not
                     by their number of records (default: --order count)
      --json         the numbers as JSON instead of the text report
  -o, --output FILE  write the report to FILE (replaced once it is written)
      --threads N    read FILE in N threads (a compressed FILE: one inflates,
                     another parses)
      --trace        each thread's time by phase (read, parse, tally, merge,
                     wait), on stderr at the end
  -h, --help         show this help

${INPUT_HELP}
${FILTER_HELP}
${ROUTES_HELP}
Memory grows with the number of distinct hosts, not with the input size.
`,
  async run(args, context) {
    const { script } = context;
    const { values, files } = parseCommandArgs("stats", args, OPTIONS);
    if (values.help) return context.stdout.write(statsCommand.help);
    const by = (values.by ?? []).flatMap((b) => b.split(",")).map((b) => b.trim());
    if (by.some((b) => b === "")) throw new UsageError("stats: --by needs a key");
    const spec = inputSpec("stats", values, true);
    const options: StatsOptions = {
      input: spec,
      filter: recordFilter("stats", values, spec),
      by,
      sum: values.sum,
    };
    // Bad keys are usage errors now, not in the middle of the input.
    for (const key of by) fieldDef("stats", byField(key), options.input);
    let sumInSeconds = false;
    if (values.sum !== undefined) {
      if (by.length === 0) throw new UsageError("stats: --sum adds up a field for each --by value: it needs --by");
      sumInSeconds = checkSum(values.sum, options.input);
    }
    const order = values.order ?? "count";
    if (order !== "count" && order !== "sum") throw new UsageError(`stats: --order ${order}: expected count or sum`);
    if (order === "sum" && values.sum === undefined)
      throw new UsageError("stats: --order sum orders each --by key's values by their --sum: it needs --sum");
    const top = integerOption("stats", "top", values.top, 10, 0, 1_000_000);
    const threads = threadsOption("stats", values.threads);
    const input = await openInputs(files);
    const stdout = await commandOutput(values.output, context.stdout);
    const splittable = rangeRead(options.input) && !by.includes("line") && values.sum !== "line";
    const bulk = {
      name: "stats",
      work: statsWork,
      options,
      threads,
      script,
      splittable,
      streamsRows: false,
      emits: false,
      hint: values.input === undefined && values["log-format"] === undefined,
      reportsDamage: true,
      trace: values.trace,
    };
    const run = await runBulk<StatsOptions, Tally>(input, bulk, async () => {});
    await loadPublicSuffixList();
    mark("merge");
    const total = statsTotal(run.results, options);
    const summary = summarize(total, { ...run, input: input.name }, top, by, {
      hint: reportHint(options.input, total),
      sumInSeconds,
      bySum: order === "sum",
    });
    const style = values.output === undefined ? styleFor(process.stdout) : PLAIN;
    mark("write");
    await stdout.write(values.json ? jsonReport(summary) : textReport(summary, style));
    if (values.trace) writeTrace(run.traces);
    // The report counts the whole lines before the damage; the run still fails (and --output FILE is not written).
    if (input.damage !== null) throw input.damage;
    await stdout.close();
  },
};
