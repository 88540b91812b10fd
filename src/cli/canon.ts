// swurl canon: the canonical form (canonicalize(), API.md section 7) of each
// line, one per line; --dedupe keeps the first of each.

import { canonicalize, parseStream, type CanonicalizeOptions } from "../index.js";
import { BULK_OPTIONS, UsageError, baseOption, parseCommandArgs, threadsOption } from "./args.js";
import { runBulk } from "./bulk.js";
import type { Command } from "./command.js";
import { openInput } from "./io.js";
import type { Emit, Work } from "./work.js";

export const canonWork: Work<CanonicalizeOptions, void> = {
  async run(source, options, emit) {
    // The base is the stream's: canonicalize() then takes each Url as parsed.
    const { base, ...rest } = options;
    for await (const batch of parseStream(source, { base })) {
      let text = "";
      for (let i = 0; i < batch.length; i++) {
        const url = batch.get(i);
        // A line that does not parse gives an empty line, so line N of the output is line N of the input.
        text += (url === null ? "" : canonicalize(url, rest)) + "\n";
      }
      await emit(text);
    }
  },
};

/**
 * --strip-param NAME: a name, or /PATTERN/FLAGS for a regular expression
 * tested against each name (e.g. '/^utm_/').
 */
export function stripPattern(value: string): string | RegExp {
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
  dedupe: { type: "boolean" },
  "sort-query": { type: "boolean" },
  "strip-param": { type: "string", multiple: true },
  "keep-fragment": { type: "boolean" },
} as const;

export const canonCommand: Command = {
  name: "canon",
  summary: "the canonical form of each URL, for crawl frontiers and dedup",
  help: `Usage: swurl canon [FILE|-] [options]

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
      --base URL           resolve each line against URL
      --threads N          read FILE with N worker threads (same output, in order)
  -h, --help               show this help
`,
  async run(args, { stdout, script }) {
    const { values, file } = parseCommandArgs("canon", args, OPTIONS);
    if (values.help) return stdout.write(canonCommand.help);
    const options: CanonicalizeOptions = {
      base: baseOption("canon", values.base),
      keepFragment: values["keep-fragment"] === true,
      sortQuery: values["sort-query"] === true,
      stripParams: values["strip-param"]?.map(stripPattern),
    };
    const threads = threadsOption("canon", values.threads);
    const input = await openInput(file);
    const write: Emit = (text) => stdout.write(text);
    await runBulk(input, { name: "canon", work: canonWork, options, threads, script }, values.dedupe ? dedupe(write) : write);
  },
};
