// swurl canon: the canonical form (canonicalize(), docs/api.md section 7) of each
// line, one per line; --dedupe keeps the first of each.

import { type CanonicalizeOptions, createSwurl, type ProfileOptions } from "swurl";
import { DedupeModule } from "../dedupe/module.js";
import {
  BULK_OPTIONS,
  commandOutput,
  INPUT_HELP,
  inputSpec,
  OUTPUT_OPTIONS,
  parseCommandArgs,
  sizeOption,
  threadsOption,
} from "./args.js";
import { Dedupe, type DedupeOptions, type WriteBytes } from "../dedupe/dedupe.js";
import { surtOrderKey } from "../dedupe/surt-order.js";
import { SortedRuns } from "../dedupe/sorted-runs.js";
import { MAX_BUDGET } from "../dedupe/dedupe-table.js";
import { UsageError } from "../errors.js";
import { runBulk } from "../threads/bulk.js";
import { FILTER_HELP, FILTER_OPTIONS, kept, recordFilter, type RecordFilter } from "../input/filter.js";
import type { Command } from "../command.js";
import { openInputs } from "../io.js";
import { rangeRead, readRecords, type InputSpec } from "../input/records.js";
import type { Work } from "../work.js";
import { canonicalKey, profileOptions, surtKey } from "../output/keys.js";
import { addFailures, type Failures, noFailures, writeFailureHint } from "../input/failure-hint.js";

/** --memory: 512M unless given; 1K at least (a handful of URLs: the tests force spills with it). */
const DEFAULT_MEMORY = 512 * 2 ** 20;
const MIN_MEMORY = 2 ** 10;

interface CanonOptions {
  filter: RecordFilter;
  /** canonicalize()'s options, but the base: the records' URLs are parsed against it already. */
  canonical: Omit<CanonicalizeOptions, "base"> | ProfileOptions;
  /** Write SURT keys instead (--surt). */
  surt: boolean;
  input: InputSpec;
}

export const canonWork: Work<CanonOptions, Failures> = {
  async run(source, { canonical, surt, input, filter }, emit) {
    const failures = noFailures();
    for await (const records of readRecords(source, input, [])) {
      let text = "";
      let invalid = 0;
      for (let i = 0; i < records.length; i++) {
        const url = records.url(i);
        if (url === null) invalid++;
        if (!kept(filter, url, records, i)) continue;
        // A record that does not parse gives an empty line, so line N of the output is record N of the input.
        const key = surt ? surtKey(records, i, url, input) : canonicalKey(records, i, url, input, canonical);
        text += (key ?? "") + "\n";
      }
      addFailures(failures, records, invalid);
      await emit(text);
    }
    return failures;
  },
};

/**
 * --strip-param NAME: a name, or /PATTERN/FLAGS for a regular expression
 * tested against each name (e.g. '/^utm_/').
 */
function stripPattern(value: string): string | RegExp {
  const re = /^\/(.*)\/([a-z]*)$/s.exec(value);
  if (re === null) return value;
  try {
    return new RegExp(re[1], re[2]);
  } catch (e) {
    throw new UsageError(`canon: --strip-param ${value}: ${(e as Error).message}`);
  }
}

/** The orders of --sort: SURT's (surt-order.ts). */
const SORT_ORDERS = ["surt"];

/** --dedupe's options, or null without --dedupe (then its options are errors). */
function dedupeOptions(values: {
  dedupe?: boolean;
  memory?: string;
  "temp-dir"?: string;
  sort?: string;
  fingerprint?: boolean;
}): (DedupeOptions & { sort: boolean }) | null {
  if (values.dedupe !== true) {
    for (const name of ["memory", "temp-dir", "sort", "fingerprint"] as const)
      if (values[name] !== undefined) throw new UsageError(`canon: --${name} needs --dedupe`);
    return null;
  }
  if (values.sort !== undefined && !SORT_ORDERS.includes(values.sort))
    throw new UsageError(
      `canon: unknown --sort order ${JSON.stringify(values.sort)}; expected ${SORT_ORDERS.join(", ")}`,
    );
  return {
    memory: sizeOption("canon", "memory", values.memory, DEFAULT_MEMORY, MIN_MEMORY, MAX_BUDGET),
    tempDir: values["temp-dir"] ?? null,
    sort: values.sort !== undefined,
    fingerprint: values.fingerprint === true,
  };
}

const OPTIONS = {
  ...BULK_OPTIONS,
  ...FILTER_OPTIONS,
  ...OUTPUT_OPTIONS,
  dedupe: { type: "boolean" },
  memory: { type: "string" },
  "temp-dir": { type: "string" },
  sort: { type: "string" },
  fingerprint: { type: "boolean" },
  "sort-query": { type: "boolean" },
  "strip-param": { type: "string", multiple: true },
  "keep-fragment": { type: "boolean" },
  profile: { type: "string" },
  surt: { type: "boolean" },
} as const;

/** The canonical form --profile, --surt and swurl's own options ask for; they do not mix. */
function canonicalOptions(values: {
  profile?: string;
  surt?: boolean;
  "keep-fragment"?: boolean;
  "sort-query"?: boolean;
  "strip-param"?: string[];
}): Omit<CanonicalizeOptions, "base"> | ProfileOptions {
  const own = values["keep-fragment"] === true || values["sort-query"] === true || values["strip-param"] !== undefined;
  if (values.surt === true && values.profile !== undefined)
    throw new UsageError("canon: --surt writes SURT keys; it takes no --profile");
  if ((values.surt === true || values.profile !== undefined) && own) {
    throw new UsageError(
      `canon: --sort-query, --strip-param and --keep-fragment are options of swurl's own form, not of ${values.surt === true ? "--surt" : "a --profile"}`,
    );
  }
  if (values.profile !== undefined) return profileOptions("canon", values.profile);
  return {
    keepFragment: values["keep-fragment"] === true,
    sortQuery: values["sort-query"] === true,
    stripParams: values["strip-param"]?.map(stripPattern),
  };
}

export const canonCommand: Command = {
  name: "canon",
  summary: "the canonical form of each URL, for crawl frontiers and dedup",
  help: `Usage: swurl canon [FILE|-]... [options]

Write the canonical form of each line of FILE (or standard input), one per
line: the WHATWG parse, without the fragment, with escapes of unreserved
characters (A-Z a-z 0-9 - . _ ~) decoded and the hex digits of the others
upper-cased, and without an empty "?". Default ports are dropped, scheme
and host lower-cased. A line that does not parse gives an empty line (--surt
and the surt and safe-browsing profiles take a line without a scheme as
http: and write its key), so the output has as many lines as the input
(unless --dedupe).

Options:
  -o, --output FILE        write FILE instead of standard output, all or
                           nothing (FILE is replaced once the run succeeds)
      --dedupe             write each canonical URL once, in the order of
                           first occurrences, and leave out lines that do not
                           parse; exact at any size (see --memory)
      --memory SIZE        memory for --dedupe's set of URLs (default 512M;
                           K, M, G; at most 1G); past it, URLs are spilled to
                           a temporary folder and deduped from there
      --temp-dir DIR       where that folder goes (default: the system's,
                           $TMPDIR or /tmp); it is removed at the end
      --fingerprint        with --dedupe: hold a 64-bit hash of each URL
                           instead of the URL (2 to 3 times as many URLs in
                           memory; two URLs with the same hash count as one:
                           the chance of any such pair is at most
                           n^2/2^65 for n distinct URLs)
      --sort surt          with --dedupe: write the URLs sorted by their SURT
                           key (com,example)/path?query: by host, its labels
                           reversed), then by their bytes, for politeness
                           queues (half of --memory goes to the sort)
      --sort-query         sort query parameters by name (same names keep
                           their order)
      --strip-param NAME   remove query parameters named NAME; /REGEXP/FLAGS
                           removes those whose name matches ('/^utm_/');
                           may be repeated
      --keep-fragment      keep the fragment (#...)
      --profile NAME       the key another crawler makes, exactly (docs/canonical.md):
                           w3lib (Scrapy), safe-browsing, surt (the Wayback
                           Machine's canonical URL), normalize-url, crawlee;
                           each with its own defaults. It reads each line as
                           written (with --base or --input: the URL as parsed)
      --surt               write the SURT key of each URL instead
                           (com,example)/path?query, as the Wayback Machine's
                           CDX and Common Crawl's index write it)
      --threads N          read FILE in N threads (same output, in order; a
                           compressed FILE: one inflates, another parses)
  -h, --help               show this help

${INPUT_HELP}
${FILTER_HELP}`,
  async run(args, context) {
    const { script } = context;
    const { values, files } = parseCommandArgs("canon", args, OPTIONS);
    if (values.help) return context.stdout.write(canonCommand.help);
    const spec = inputSpec("canon", values, false);
    const options: CanonOptions = {
      canonical: canonicalOptions(values),
      surt: values.surt === true,
      input: spec,
      filter: recordFilter("canon", values, spec),
    };
    const threads = threadsOption("canon", values.threads);
    const dedupe = dedupeOptions(values);
    const input = await openInputs(files);
    const stdout = await commandOutput(values.output, context.stdout);
    const bulk = {
      name: "canon",
      work: canonWork,
      options,
      threads,
      script,
      splittable: rangeRead(options.input),
      streamsRows: values.output === undefined,
      emits: true,
      hint: values.input === undefined && values["log-format"] === undefined,
    };
    if (dedupe === null) {
      const run = await runBulk<CanonOptions, Failures>(input, bulk, (text) => stdout.write(text));
      await stdout.close();
      return writeFailureHint(options.input, run.results);
    }
    // --sort: the deduped URLs go to the sort, which takes half the memory.
    // The keys come from an API of their own: the canonical forms are made in the default one's memory.
    const linesAreKeys = options.surt || (options.canonical as ProfileOptions).profile === "surt";
    const sorted = dedupe.sort
      ? new SortedRuns(surtOrderKey(createSwurl().surt, linesAreKeys), dedupe.memory / 2, dedupe.tempDir)
      : null;
    const write: WriteBytes =
      sorted === null
        ? (bytes) => stdout.write(bytes)
        : async (bytes) => sorted.add(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("latin1"));
    const deduped = new Dedupe(
      new DedupeModule(),
      { ...dedupe, memory: sorted === null ? dedupe.memory : dedupe.memory / 2 },
      write,
    );
    try {
      const run = await runBulk<CanonOptions, Failures>(input, bulk, (text) => deduped.add(text));
      await deduped.finish();
      await sorted?.finish((text) => stdout.write(text));
      await stdout.close();
      writeFailureHint(options.input, run.results);
    } finally {
      deduped.close();
      sorted?.close();
    }
  },
};
