// swurl parse: one row per input line with the URL's components, in JSON
// Lines, TSV or CSV.

import {
  BULK_OPTIONS,
  INPUT_HELP,
  inputSpec,
  parseCommandArgs,
  ROUTES_HELP,
  ROUTES_OPTIONS,
  threadsOption,
} from "./args.js";
import { UsageError } from "./errors.js";
import { runBulk } from "./bulk.js";
import type { Command } from "./command.js";
import { FIELD_NAMES, parseFields, recordKeys } from "./fields.js";
import { FILTER_HELP, FILTER_OPTIONS, kept, recordFilter, type RecordFilter } from "./filter.js";
import { columnarSink, loadColumnarPackages, type ColumnarFormat } from "./columnar.js";
import { DEFAULT_FIELDS, isColumnar, parseFormat, rowFormat, type TextFormatName } from "./format.js";
import { openInputs, openOutput, type Output } from "./io.js";
import { kernelRead, readRecords, type InputSpec } from "./records.js";
import type { Work } from "./work.js";

export interface ParseOptions {
  format: TextFormatName;
  /** The --fields list (names: the definitions hold functions, which cannot go to a worker thread). */
  fields: string;
  input: InputSpec;
  filter: RecordFilter;
}

export const parseWork: Work<ParseOptions, void> = {
  async run(source, { format, fields, input, filter }, emit) {
    const rows = rowFormat(format, parseFields("parse", fields, input));
    for await (const records of readRecords(source, input, recordKeys(fields.split(",")))) {
      let text = "";
      for (let i = 0; i < records.length; i++) {
        const url = records.url(i);
        if (kept(filter, url)) text += rows.row(records, i, url);
      }
      await emit(text);
    }
  },
};

/** Parquet and Arrow: written in the main thread to `out`, row group by row group. */
function columnarWork(format: ColumnarFormat, out: Output): Work<Omit<ParseOptions, "format">, void> {
  return {
    async run(source, { fields, input, filter }) {
      const sink = await columnarSink(format, parseFields("parse", fields, input), out);
      for await (const records of readRecords(source, input, recordKeys(fields.split(",")))) {
        for (let i = 0; i < records.length; i++) {
          const url = records.url(i);
          if (!kept(filter, url)) continue;
          const full = sink.add(records, i, url);
          if (full !== null) await full;
        }
      }
      await sink.close();
    },
  };
}

const OPTIONS = {
  ...BULK_OPTIONS,
  ...FILTER_OPTIONS,
  ...ROUTES_OPTIONS,
  format: { type: "string", short: "f" },
  fields: { type: "string" },
  "no-header": { type: "boolean" },
  output: { type: "string", short: "o" },
} as const;

export const parseCommand: Command = {
  name: "parse",
  summary: "one row per line with the URL's parts, as JSON Lines, TSV or CSV",
  help: `Usage: swurl parse [FILE|-]... [options]

Parse each line of FILE (or standard input) as a URL, as browsers and
Node.js do (WHATWG URL Standard), and write one row per line, in input
order. A line that does not parse is marked, never dropped.

Options:
  -f, --format FORMAT  jsonl (default), tsv, csv, parquet or arrow
  -o, --output FILE    write FILE instead of standard output
      --fields LIST    the fields of a row, comma-separated, from
                       ${FIELD_NAMES.join(",")}
                       (default: ${DEFAULT_FIELDS});
                       input is the line as read, line its number (from
                       1), scheme the protocol without ":", domain, suffix
                       and subdomain by the Public Suffix List, path the
                       pathname decoded, param:NAME the first value of a
                       query parameter (decoded). With --input, also the
                       record's own fields: an access log's client, ident,
                       user, time, request, method, target, version,
                       status, bytes, referer, agent; a JSON key path; a
                       CSV/TSV column (field:NAME for one named like a
                       URL field); route, with --routes, the first route
                       the URL matches
      --no-header      tsv, csv: leave out the line of column names
      --threads N      read FILE with N worker threads (same output, in order)
  -h, --help           show this help

${INPUT_HELP}
${FILTER_HELP}
${ROUTES_HELP}
Formats:
  jsonl  a JSON object per line with the fields; a line that does not parse
         is {"input":"<the line>","error":"invalid"} (with the fields that
         are not the URL's: line, the record's own); no value is null
  tsv    a header line, then the fields and a "valid" column (true/false);
         a failure has empty fields (but input). No quoting: a backslash,
         tab, LF or CR in a value is written \\\\, \\t, \\n or \\r
  csv    as tsv, in RFC 4180 CSV: lines end with CRLF, a value holding a
         comma, a double quote, CR or LF is quoted and its quotes doubled
  parquet  a Parquet file (Snappy, row groups of 32,768 rows written as the
         input is read): a column per field and "valid" (boolean); line,
         status and bytes are 64-bit integers; a failure row has null in
         the URL's columns. Binary: not to a terminal (use --output)
  arrow  the same columns as an Arrow IPC file (Feather v2); scheme, host,
         domain and other repetitive strings dictionary-encoded

Input is UTF-8 (invalid bytes read as U+FFFD), one URL per line (LF or
CRLF); a leading byte order mark is ignored.
`,
  async run(args, { stdout, script }) {
    const { values, files } = parseCommandArgs("parse", args, OPTIONS);
    if (values.help) return stdout.write(parseCommand.help);
    const format = parseFormat("parse", values.format);
    const fields = values.fields ?? DEFAULT_FIELDS;
    const names = fields.split(",").map((f) => f.trim());
    // The text of every record is kept when a field reads it (input, or a field of an access-log line).
    const spec = inputSpec("parse", values, false);
    const defs = parseFields("parse", fields, spec);
    const options = { fields: names.join(","), input: spec, filter: recordFilter("parse", values) };
    const threads = threadsOption("parse", values.threads);
    if (isColumnar(format) && values.output === undefined && process.stdout.isTTY === true) {
      throw new UsageError(
        `parse: --format ${format} is binary; write it with --output FILE or redirect standard output to a file`,
      );
    }
    if (isColumnar(format)) await loadColumnarPackages(format);
    const input = await openInputs(files);
    const out = values.output === undefined ? stdout : await openOutput(values.output);
    const bulk = {
      name: "parse",
      threads,
      script,
      splittable: kernelRead(spec) && !names.includes("line"),
      streamsRows: values.output === undefined,
    };
    if (isColumnar(format)) {
      // One writer, fed in input order: no threads.
      await runBulk(input, { ...bulk, work: columnarWork(format, out), options, threads: 1 }, async () => {});
    } else {
      if (!values["no-header"]) await out.write(rowFormat(format, defs).header());
      await runBulk(input, { ...bulk, work: parseWork, options: { ...options, format } }, (text) => out.write(text));
    }
    await out.close();
  },
};
