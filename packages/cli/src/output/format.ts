// Output formats of `swurl parse`: one row per input line, in JSON Lines,
// TSV or CSV, with the fields the user picked.

import type { ParsedUrl } from "swurl";
import { UsageError } from "../errors.js";
import type { ColumnarFormat } from "./columnar.js";
import type { FieldDef } from "./fields.js";
import type { FieldKind } from "../input/log-program.js";
import type { Records } from "../input/records.js";

/** What a row shows unless --fields says otherwise: the href and what it is made of, without credentials. */
export const DEFAULT_FIELDS = "href,protocol,hostname,port,pathname,search,hash";

/** The text formats, then the columnar ones (columnar.ts). */
const FORMATS = ["jsonl", "tsv", "csv", "parquet", "arrow"] as const;
type FormatName = (typeof FORMATS)[number];
export type TextFormatName = Exclude<FormatName, ColumnarFormat>;

export function isColumnar(format: FormatName): format is ColumnarFormat {
  return format === "parquet" || format === "arrow";
}

export function parseFormat(command: string, value: string | undefined): FormatName {
  if (value === undefined) return "jsonl";
  if ((FORMATS as readonly string[]).includes(value)) return value as FormatName;
  throw new UsageError(`${command}: unknown format ${JSON.stringify(value)}; expected ${FORMATS.join(", ")}`);
}

/** How rows are written in one format. Each row ends with its line break. */
interface RowFormat {
  /** The first line (column names), or "" when the format has none. */
  header(): string;
  /** The row of record `i`; `url` is its URL, or null where it has none (a failure row). */
  row(records: Records, i: number, url: ParsedUrl | null): string;
}

// A row is made by one join() of a parts array kept from row to row: about
// four times faster than adding its pieces up (measured on the kasztp corpus),
// and one flat string per row, not a tree of pieces for the GC.

/**
 * Every field but input is a piece of the href, which the WHATWG parser
 * writes in ASCII without controls (tabs and newlines are removed, other
 * controls percent-encoded), so a test of the href for the few characters a
 * format must escape tells whether any field needs escaping. includes() is
 * about twice as fast as a RegExp test here.
 */
function hasAny(href: string, chars: readonly string[]): boolean {
  for (const c of chars) if (href.includes(c)) return true;
  return false;
}

const JSON_SPECIAL = ['"', "\\"];
/**
 * The values of a number field written as JSON numbers: an integer of up to
 * 15 digits (one past 2^53 stays a string), a decimal as fields.ts
 * decimalValue() writes it.
 */
const NUMBER: Record<FieldKind, RegExp | null> = {
  text: null,
  integer: /^(?:0|[1-9]\d{0,14})$/,
  decimal: /^(?:0|[1-9]\d*)(?:\.\d+)?(?:e[-+]?\d+)?$/,
};

/**
 * JSON Lines: one object per line; a failure is {"input": ..., "error":
 * "invalid"} with the fields that are not the URL's (line, the record's own).
 */
function jsonl(fields: FieldDef[]): RowFormat {
  // {"f0":"v0","f1":"v1"}: the keys with their quotes are the even parts.
  const parts = fields.flatMap((f, i) => [(i === 0 ? "{" : ",") + JSON.stringify(f.name) + ":", ""]);
  parts.push("}\n");
  const others = fields.filter((f) => !f.ofUrl && f.name !== "input");
  // The record's numbers (line, an access log's status, bytes and durations) are JSON numbers; the URL's
  // port stays the string the URL API gives.
  const numeric = fields.map((f) => (f.ofUrl ? null : NUMBER[f.type]));
  const value = (v: string | null, plain: boolean, number: RegExp | null) =>
    v === null ? "null" : number?.test(v) ? v : plain ? `"${v}"` : JSON.stringify(v);
  /** A field of a row without a URL. */
  const failureValue = (f: FieldDef, records: Records, i: number) =>
    f.json === undefined ? value(f.value(records, i, null), false, NUMBER[f.type]) : (f.json(records, i) ?? "null");
  return {
    header: () => "",
    row(records, i, url) {
      if (url === null) {
        let row = `{"input":${JSON.stringify(records.text(i))},"error":"invalid"`;
        for (const f of others) row += `,${JSON.stringify(f.name)}:${failureValue(f, records, i)}`;
        return row + "}\n";
      }
      const plain = !hasAny(url.href, JSON_SPECIAL);
      for (let k = 0; k < fields.length; k++) {
        const f = fields[k];
        parts[2 * k + 1] =
          f.json === undefined
            ? value(f.value(records, i, url), plain && f.inHref, numeric[k])
            : (f.json(records, i) ?? "null");
      }
      return parts.join("");
    },
  };
}

/** How a table format writes a value. */
interface Syntax {
  escape(value: string): string;
  /** The characters escape() changes that an href can hold. */
  inHref: readonly string[];
}

/**
 * A table format: the fields plus a `valid` column ("true" / "false"); a
 * failure has the URL's fields empty.
 */
function table(fields: FieldDef[], syntax: Syntax, separator: string, lineEnd: string): RowFormat {
  const parts = [...fields.map(() => ""), ""];
  return {
    header: () => [...fields.map((f) => f.name), "valid"].join(separator) + lineEnd,
    row(records, i, url) {
      const plain = url !== null && !hasAny(url.href, syntax.inHref);
      for (let k = 0; k < fields.length; k++) {
        const f = fields[k];
        const v = f.value(records, i, url) ?? "";
        parts[k] = plain && f.inHref ? v : syntax.escape(v);
      }
      parts[fields.length] = (url === null ? "false" : "true") + lineEnd;
      return parts.join(separator);
    },
  };
}

const CSV_SPECIAL = /[",\r\n]/;

/** RFC 4180: a field holding a comma, a double quote, CR or LF is quoted, its quotes doubled. */
function csvField(value: string): string {
  return CSV_SPECIAL.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * TSV has no quoting: a backslash, tab, LF or CR in a value is written as
 * \\, \t, \n or \r (the convention of PostgreSQL's text format and of
 * "linear TSV"), so every row stays on one line with the same number of columns.
 */
const TSV_SPECIAL = /[\\\t\n\r]/;
function tsvField(value: string): string {
  return TSV_SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => TSV_ESCAPES[c]) : value;
}
const TSV_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

export function rowFormat(format: TextFormatName, fields: FieldDef[]): RowFormat {
  switch (format) {
    case "jsonl":
      return jsonl(fields);
    case "tsv":
      return table(fields, { escape: tsvField, inHref: ["\\"] }, "\t", "\n");
    case "csv":
      // RFC 4180 section 2: "Each record is located on a separate line, delimited by a line break (CRLF)."
      return table(fields, { escape: csvField, inHref: [",", '"'] }, ",", "\r\n");
  }
}
