// swurl parse: one row per input line with the URL's components, in JSON
// Lines, TSV or CSV.

import { INPUT_HELP, inputSpec, parseCommandArgs, RECORD_OPTIONS, ROUTES_HELP, threadsOption } from "./args.js";
import { UsageError } from "../errors.js";
import { runBulk } from "../threads/bulk.js";
import type { Command } from "../command.js";
import { FIELD_NAMES, parseFields, recordKeys, type FieldDef } from "../output/fields.js";
import { loadFor } from "../output/public-suffix.js";
import { FILTER_HELP, kept, recordFilter, type RecordFilter } from "../input/filter.js";
import { columnarSink, loadColumnarPackages, type ColumnarFormat } from "../output/columnar.js";
import { DEFAULT_FIELDS, isColumnar, parseFormat, rowFormat, type TextFormatName } from "../output/format.js";
import { openInputs, openOutput, type Output } from "../io.js";
import { rangeRead, readRecords, type InputSpec, type Records } from "../input/records.js";
import type { ParsedUrl } from "swurl";
import type { Work } from "../work.js";
import { mark, type ThreadTrace, writeTrace } from "../trace.js";
import { addFailures, type Failures, noFailures, writeFailureHint } from "../input/failure-hint.js";

interface ParseOptions {
  format: TextFormatName;
  /** The --fields list (names: the definitions hold functions, which cannot go to a worker thread). */
  fields: string;
  input: InputSpec;
  filter: RecordFilter;
  /** --profile: the canonicalize() profile of the canonical field. */
  profile: string | undefined;
}

export const parseWork: Work<ParseOptions, Failures> = {
  async run(source, { format, fields, input, filter, profile }, emit) {
    mark("format");
    const defs = parseFields("parse", fields, input, profile);
    await loadFor(defs);
    const rows = rowFormat(format, defs);
    const failures = noFailures();
    for await (const records of readRecords(source, input, recordKeys(fields.split(",")))) {
      let text = "";
      let invalid = 0;
      for (let i = 0; i < records.length; i++) {
        const url = records.url(i);
        if (url === null) invalid++;
        if (kept(filter, url, records, i)) text += rows.row(records, i, url);
      }
      addFailures(failures, records, invalid);
      await emit(text);
    }
    return failures;
  },
};

/**
 * The columns of Parquet and Arrow without --fields: line first and, last,
 * input where the URL does not parse (null where it does), so that a failure
 * row can be traced as in JSON Lines.
 */
const COLUMNAR_DEFAULT_FIELDS = `line,${DEFAULT_FIELDS},input`;

/** The definitions of `fields`; `defaulted`: input is given for failure rows only (COLUMNAR_DEFAULT_FIELDS). */
function columnarFields(
  fields: string,
  input: InputSpec,
  defaulted: boolean,
  profile: ParseOptions["profile"],
): FieldDef[] {
  const defs = parseFields("parse", fields, input, profile);
  if (!defaulted) return defs;
  return defs.map((d) =>
    d.name === "input"
      ? { ...d, value: (r: Records, i: number, url: ParsedUrl | null) => (url === null ? r.text(i) : null) }
      : d,
  );
}

/** Parquet and Arrow: written in the main thread to `out`, row group by row group. */
function columnarWork(
  format: ColumnarFormat,
  out: Output,
  defaulted: boolean,
): Work<Omit<ParseOptions, "format">, Failures> {
  return {
    async run(source, { fields, input, filter, profile }) {
      mark("format");
      const defs = columnarFields(fields, input, defaulted, profile);
      await loadFor(defs);
      const sink = await columnarSink(format, defs, out);
      const failures = noFailures();
      for await (const records of readRecords(source, input, recordKeys(fields.split(",")))) {
        let invalid = 0;
        for (let i = 0; i < records.length; i++) {
          const url = records.url(i);
          if (url === null) invalid++;
          if (!kept(filter, url, records, i)) continue;
          const full = sink.add(records, i, url);
          if (full !== null) await full;
        }
        addFailures(failures, records, invalid);
      }
      await sink.close();
      return failures;
    },
  };
}

const OPTIONS = {
  ...RECORD_OPTIONS,
  format: { type: "string", short: "f" },
  fields: { type: "string" },
  "no-header": { type: "boolean" },
  profile: { type: "string" },
} as const;

export const parseCommand: Command = {
  name: "parse",
  summary: "one row per line with the URL's parts, as JSON Lines, TSV, CSV, Parquet or Arrow",
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
                       URL field). canonical is the canonical form
                       (canonicalize(), with --profile), surt the SURT key;
                       route, with --routes, the first route the URL
                       matches; hour and day, the UTC hour
                       (2026-10-10T13Z) and day of an access log's time
      --profile NAME   the profile of the canonical field: w3lib,
                       safe-browsing, surt, normalize-url, crawlee
                       (docs/canonical.md); canonical and surt read each
                       line as written (with --base or --input: the URL
                       as parsed)
      --no-header      tsv, csv: leave out the line of column names
      --threads N      read FILE in N threads (same output, in order; a
                       compressed FILE: one inflates, another parses;
                       not for parquet and arrow, written by one thread)
      --trace          each thread's time by phase (read, parse, format,
                       write, wait), on stderr at the end
  -h, --help           show this help

${INPUT_HELP}
${FILTER_HELP}
${ROUTES_HELP}
Formats:
  jsonl  a JSON object per line with the fields; a line that does not parse
         is {"input":"<the line>","error":"invalid"} (with the fields that
         are not the URL's: line, the record's own); a field without a
         value (the domain of an IP address, a log's "-", a missing JSON
         key) is null; line, status, bytes and the numbers of JSON input
         are JSON numbers
  tsv    a header line, then the fields and a "valid" column (true/false);
         a failure has empty fields (but input). No quoting: a backslash,
         tab, LF or CR in a value is written \\\\, \\t, \\n or \\r
  csv    as tsv, in RFC 4180 CSV: lines end with CRLF, a value holding a
         comma, a double quote, CR or LF is quoted and its quotes doubled
  parquet  a Parquet file (Snappy, row groups of 32,768 rows written as the
         input is read): a column per field and "valid" (boolean); line,
         status and bytes are 64-bit integers; a failure row has null in
         the URL's columns. Without --fields, the columns are line, the
         default fields and input, which holds the line where the URL does
         not parse (null where it does). Binary: not to a terminal (use
         --output)
  arrow  the same columns as an Arrow IPC file (Feather v2); scheme, host,
         domain and other repetitive strings dictionary-encoded

Input is UTF-8 (invalid bytes read as U+FFFD), one URL per line (LF or
CRLF); a leading byte order mark is ignored, and a file that starts with a
UTF-16 one is decoded from UTF-16. Without --input, a hint on stderr says
when the input looks like an access log, JSON Lines, CSV or TSV.
`,
  async run(args, { stdout, script }) {
    const { values, files } = parseCommandArgs("parse", args, OPTIONS);
    if (values.help) return stdout.write(parseCommand.help);
    const format = parseFormat("parse", values.format);
    const fields = values.fields ?? (isColumnar(format) ? COLUMNAR_DEFAULT_FIELDS : DEFAULT_FIELDS);
    const names = fields.split(",").map((f) => f.trim());
    // The text of every record is kept when a field reads it (input, or a field of an access-log line).
    const spec = inputSpec("parse", values, false);
    const defs = parseFields("parse", fields, spec, values.profile);
    if (values.profile !== undefined && !names.includes("canonical"))
      throw new UsageError("parse: --profile is the profile of the canonical field, which --fields does not name");
    const options = {
      fields: names.join(","),
      input: spec,
      filter: recordFilter("parse", values, spec),
      profile: values.profile,
    };
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
      splittable: rangeRead(spec) && !names.includes("line"),
      streamsRows: values.output === undefined,
      emits: true,
      hint: values.input === undefined && values["log-format"] === undefined,
      trace: values.trace,
    };
    let run: { results: Failures[]; traces: ThreadTrace[] };
    if (isColumnar(format)) {
      const work = columnarWork(format, out, values.fields === undefined);
      run = await runBulk(input, { ...bulk, work, options, oneWriter: format }, async () => {});
    } else {
      if (!values["no-header"]) await out.write(rowFormat(format, defs).header());
      const work = { ...bulk, work: parseWork, options: { ...options, format } };
      run = await runBulk(input, work, (text) => out.write(text));
    }
    await out.close();
    writeFailureHint(spec, run.results);
    if (values.trace) writeTrace(run.traces);
  },
};
