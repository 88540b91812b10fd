// swurl parse: one row per input line with the URL's components, in JSON
// Lines, TSV or CSV.

import { BULK_OPTIONS, INPUT_HELP, inputSpec, parseCommandArgs, threadsOption } from "./args";
import { runBulk } from "./bulk";
import type { Command } from "./command";
import { DEFAULT_FIELDS, FIELDS, parseFields, parseFormat, rowFormat, type Field, type FormatName } from "./format";
import { openInputs } from "./io";
import { kernelRead, readRecords, type InputSpec } from "./records";
import type { Work } from "./work";

export interface ParseOptions {
  format: FormatName;
  fields: Field[];
  input: InputSpec;
}

export const parseWork: Work<ParseOptions, void> = {
  async run(source, { format, fields, input }, emit) {
    const rows = rowFormat(format, fields);
    for await (const records of readRecords(source, input, [])) {
      let text = "";
      for (let i = 0; i < records.length; i++) {
        const url = records.url(i);
        text += url === null ? rows.failure(records.text(i)) : rows.row(url, records.text(i));
      }
      await emit(text);
    }
  },
};

const OPTIONS = {
  ...BULK_OPTIONS,
  format: { type: "string", short: "f" },
  fields: { type: "string" },
  "no-header": { type: "boolean" },
} as const;

export const parseCommand: Command = {
  name: "parse",
  summary: "one row per line with the URL's parts, as JSON Lines, TSV or CSV",
  help: `Usage: swurl parse [FILE|-]... [options]

Parse each line of FILE (or standard input) as a URL, as browsers and
Node.js do (WHATWG URL Standard), and write one row per line, in input
order. A line that does not parse is marked, never dropped.

Options:
  -f, --format FORMAT  jsonl (default), tsv or csv
      --fields LIST    the fields of a row, comma-separated, from
                       ${FIELDS.join(",")}
                       (default: ${DEFAULT_FIELDS.join(",")});
                       input is the line as read
      --no-header      tsv, csv: leave out the line of column names
      --threads N      read FILE with N worker threads (same output, in order)
  -h, --help           show this help

${INPUT_HELP}
Formats:
  jsonl  a JSON object per line with the fields; a line that does not parse
         is {"input":"<the line>","error":"invalid"}
  tsv    a header line, then the fields and a "valid" column (true/false);
         a failure has empty fields (but input). No quoting: a backslash,
         tab, LF or CR in a value is written \\\\, \\t, \\n or \\r
  csv    as tsv, in RFC 4180 CSV: lines end with CRLF, a value holding a
         comma, a double quote, CR or LF is quoted and its quotes doubled

Input is UTF-8 (invalid bytes read as U+FFFD), one URL per line (LF or
CRLF); a leading byte order mark is ignored.
`,
  async run(args, { stdout, script }) {
    const { values, files } = parseCommandArgs("parse", args, OPTIONS);
    if (values.help) return stdout.write(parseCommand.help);
    const fields = parseFields("parse", values.fields);
    const options: ParseOptions = {
      format: parseFormat("parse", values.format),
      fields,
      input: inputSpec("parse", values, false, fields.includes("input")),
    };
    const threads = threadsOption("parse", values.threads);
    const input = await openInputs(files);
    if (!values["no-header"]) await stdout.write(rowFormat(options.format, options.fields).header());
    await runBulk(input, { name: "parse", work: parseWork, options, threads, script, splittable: kernelRead(options.input), streamsRows: true }, (text) => stdout.write(text));
  },
};
