// swurl canon: the canonical form (canonicalize(), docs/api.md section 7) of each
// line, one per line; --dedupe keeps the first of each.

import { canonicalize, type CanonicalizeOptions } from "../index.js";
import { BULK_OPTIONS, INPUT_HELP, inputSpec, parseCommandArgs, threadsOption } from "./args.js";
import { UsageError } from "./errors.js";
import { runBulk } from "./bulk.js";
import { FILTER_HELP, FILTER_OPTIONS, kept, recordFilter, type RecordFilter } from "./filter.js";
import type { Command } from "./command.js";
import { openInputs } from "./io.js";
import { kernelRead, readRecords, type InputSpec } from "./records.js";
import type { Emit, Work } from "./work.js";

interface CanonOptions {
  filter: RecordFilter;
  /** canonicalize()'s options, but the base: the records' URLs are parsed against it already. */
  canonical: Omit<CanonicalizeOptions, "base">;
  input: InputSpec;
}

export const canonWork: Work<CanonOptions, void> = {
  async run(source, { canonical, input, filter }, emit) {
    for await (const records of readRecords(source, input, [])) {
      let text = "";
      for (let i = 0; i < records.length; i++) {
        const url = records.url(i);
        if (!kept(filter, url)) continue;
        // A record that does not parse gives an empty line, so line N of the output is record N of the input.
        text += (url === null ? "" : canonicalize(url, canonical)) + "\n";
      }
      await emit(text);
    }
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

/** Emit only the first of each canonical URL, and no empty lines (failures). */
function dedupe(emit: Emit): Emit {
  const seen = new Set<string>();
  return (text) => {
    let kept = "";
    for (const line of text.split("\n")) {
      if (line === "" || seen.has(line)) continue;
      seen.add(line);
      kept += line + "\n";
    }
    return emit(kept);
  };
}

const OPTIONS = {
  ...BULK_OPTIONS,
  ...FILTER_OPTIONS,
  dedupe: { type: "boolean" },
  "sort-query": { type: "boolean" },
  "strip-param": { type: "string", multiple: true },
  "keep-fragment": { type: "boolean" },
} as const;

export const canonCommand: Command = {
  name: "canon",
  summary: "the canonical form of each URL, for crawl frontiers and dedup",
  help: `Usage: swurl canon [FILE|-]... [options]

Write the canonical form of each line of FILE (or standard input), one per
line: the WHATWG parse, without the fragment, with escapes of unreserved
characters (A-Z a-z 0-9 - . _ ~) decoded and the hex digits of the others
upper-cased, and without an empty "?". Default ports are dropped, scheme
and host lower-cased. A line that does not parse gives an empty line, so the
output has as many lines as the input (unless --dedupe).

Options:
      --dedupe             write each canonical URL once, at its first
                           occurrence, and leave out lines that do not parse
                           (keeps every distinct URL in memory)
      --sort-query         sort query parameters by name (same names keep
                           their order)
      --strip-param NAME   remove query parameters named NAME; /REGEXP/FLAGS
                           removes those whose name matches ('/^utm_/');
                           may be repeated
      --keep-fragment      keep the fragment (#...)
      --threads N          read FILE with N worker threads (same output, in order)
  -h, --help               show this help

${INPUT_HELP}
${FILTER_HELP}`,
  async run(args, { stdout, script }) {
    const { values, files } = parseCommandArgs("canon", args, OPTIONS);
    if (values.help) return stdout.write(canonCommand.help);
    const options: CanonOptions = {
      canonical: {
        keepFragment: values["keep-fragment"] === true,
        sortQuery: values["sort-query"] === true,
        stripParams: values["strip-param"]?.map(stripPattern),
      },
      input: inputSpec("canon", values, false),
      filter: recordFilter("canon", values),
    };
    const threads = threadsOption("canon", values.threads);
    const input = await openInputs(files);
    const write: Emit = (text) => stdout.write(text);
    await runBulk(
      input,
      {
        name: "canon",
        work: canonWork,
        options,
        threads,
        script,
        splittable: kernelRead(options.input),
        streamsRows: true,
      },
      values.dedupe ? dedupe(write) : write,
    );
  },
};
