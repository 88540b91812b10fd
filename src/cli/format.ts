// Output formats of `swurl parse`: one row per input line, in JSON Lines,
// TSV or CSV, with the fields the user picked.

import { UsageError } from "./args";

/** The fields a row can hold: the input line and the getters of the WHATWG URL API. */
export const FIELDS = [
  "input", "href", "origin", "protocol", "username", "password",
  "host", "hostname", "port", "pathname", "search", "hash",
] as const;
export type Field = (typeof FIELDS)[number];

/** What a row shows unless --fields says otherwise: the href and what it is made of, without credentials. */
export const DEFAULT_FIELDS: Field[] = ["href", "protocol", "hostname", "port", "pathname", "search", "hash"];

export const FORMATS = ["jsonl", "tsv", "csv"] as const;
export type FormatName = (typeof FORMATS)[number];

export function parseFormat(command: string, value: string | undefined): FormatName {
  if (value === undefined) return "jsonl";
  if ((FORMATS as readonly string[]).includes(value)) return value as FormatName;
  throw new UsageError(`${command}: unknown format ${JSON.stringify(value)}; expected ${FORMATS.join(", ")}`);
}

export function parseFields(command: string, value: string | undefined): Field[] {
  if (value === undefined) return DEFAULT_FIELDS;
  const fields = value.split(",").map((f) => f.trim());
  for (const [i, f] of fields.entries()) {
    if (!(FIELDS as readonly string[]).includes(f)) {
      throw new UsageError(`${command}: unknown field ${JSON.stringify(f)}; expected some of ${FIELDS.join(",")}`);
    }
    if (fields.indexOf(f) !== i) throw new UsageError(`${command}: field ${f} is named twice`);
  }
  return fields as Field[];
}

/** How rows are written in one format. Each string returned ends with the line break. */
export interface RowFormat {
  /** The first line (column names), or "" when the format has none. */
  header(): string;
  /** A URL that parsed: `values` in the order of the fields. */
  row(values: string[]): string;
  /** A line that did not parse. */
  failure(input: string): string;
}

/** JSON Lines: one object per line; a failure is {"input": ..., "error": "invalid"}. */
function jsonl(fields: Field[]): RowFormat {
  const keys = fields.map((f) => JSON.stringify(f) + ":");
  return {
    header: () => "",
    row(values) {
      let line = "{";
      for (let i = 0; i < keys.length; i++) line += (i === 0 ? "" : ",") + keys[i] + JSON.stringify(values[i]);
      return line + "}\n";
    },
    failure: (input) => `{"input":${JSON.stringify(input)},"error":"invalid"}\n`,
  };
}

/**
 * A table format: the fields plus a `valid` column ("true" / "false"); a failure
 * has every field empty but `input`.
 */
function table(fields: Field[], escape: (value: string) => string, separator: string, lineEnd: string): RowFormat {
  return {
    header: () => [...fields, "valid"].join(separator) + lineEnd,
    row: (values) => values.map(escape).join(separator) + separator + "true" + lineEnd,
    failure: (input) =>
      fields.map((f) => (f === "input" ? escape(input) : "")).join(separator) + separator + "false" + lineEnd,
  };
}

/** RFC 4180: a field holding a comma, a double quote, CR or LF is quoted, its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * TSV has no quoting: a backslash, tab, LF or CR in a value is written as
 * \\, \t, \n or \r (the convention of PostgreSQL's text format and of
 * "linear TSV"), so every row stays on one line with the same number of columns.
 */
export function tsvField(value: string): string {
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => TSV_ESCAPES[c]) : value;
}
const TSV_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

export function rowFormat(format: FormatName, fields: Field[]): RowFormat {
  switch (format) {
    case "jsonl":
      return jsonl(fields);
    case "tsv":
      return table(fields, tsvField, "\t", "\n");
    case "csv":
      // RFC 4180 section 2: "Each record is located on a separate line, delimited by a line break (CRLF)."
      return table(fields, csvField, ",", "\r\n");
  }
}
