// Output formats of `swurl parse`: one row per input line, in JSON Lines,
// TSV or CSV, with the fields the user picked.

import type { Url } from "../whatwg/url.js";
import { UsageError } from "./args.js";

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

/** The value of each URL field (all but input) of a Url. */
const GETTERS: Record<Exclude<Field, "input">, (url: Url) => string> = {
  href: (u) => u.href, origin: (u) => u.origin, protocol: (u) => u.protocol,
  username: (u) => u.username, password: (u) => u.password, host: (u) => u.host,
  hostname: (u) => u.hostname, port: (u) => u.port, pathname: (u) => u.pathname,
  search: (u) => u.search, hash: (u) => u.hash,
};

/** How rows are written in one format. Each row ends with its line break. */
export interface RowFormat {
  /** The first line (column names), or "" when the format has none. */
  header(): string;
  /** The row of a URL that parsed; `input` is the line (needed only with the input field). */
  row(url: Url, input: string): string;
  /** The row of a line that did not parse. */
  failure(input: string): string;
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

/** A string's JSON form without its quotes. */
function jsonContent(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

/** JSON Lines: one object per line; a failure is {"input": ..., "error": "invalid"}. */
function jsonl(fields: Field[]): RowFormat {
  const getters = fields.map((f) => (f === "input" ? null : GETTERS[f]));
  // {"f0":"v0","f1":"v1"}: the keys with their quotes are the even parts.
  const parts = fields.flatMap((f, i) => [(i === 0 ? "{" : '",') + JSON.stringify(f) + ':"', ""]);
  parts.push('"}\n');
  return {
    header: () => "",
    row(url, input) {
      const plain = !hasAny(url.href, JSON_SPECIAL);
      for (let i = 0; i < getters.length; i++) {
        const get = getters[i];
        parts[2 * i + 1] = get === null ? jsonContent(input) : plain ? get(url) : jsonContent(get(url));
      }
      return parts.join("");
    },
    failure: (input) => `{"input":${JSON.stringify(input)},"error":"invalid"}\n`,
  };
}

/** How a table format writes a value. */
interface Syntax {
  escape(value: string): string;
  /** The characters escape() changes that an href can hold. */
  inHref: readonly string[];
}

/**
 * A table format: the fields plus a `valid` column ("true" / "false"); a failure
 * has every field empty but `input`.
 */
function table(fields: Field[], syntax: Syntax, separator: string, lineEnd: string): RowFormat {
  const getters = fields.map((f) => (f === "input" ? null : GETTERS[f]));
  const parts = [...fields.map(() => ""), "true" + lineEnd];
  return {
    header: () => [...fields, "valid"].join(separator) + lineEnd,
    row(url, input) {
      const plain = !hasAny(url.href, syntax.inHref);
      for (let i = 0; i < getters.length; i++) {
        const get = getters[i];
        parts[i] = get === null ? syntax.escape(input) : plain ? get(url) : syntax.escape(get(url));
      }
      return parts.join(separator);
    },
    failure: (input) =>
      [...fields.map((f) => (f === "input" ? syntax.escape(input) : "")), "false" + lineEnd].join(separator),
  };
}

const CSV_SPECIAL = /[",\r\n]/;

/** RFC 4180: a field holding a comma, a double quote, CR or LF is quoted, its quotes doubled. */
export function csvField(value: string): string {
  return CSV_SPECIAL.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * TSV has no quoting: a backslash, tab, LF or CR in a value is written as
 * \\, \t, \n or \r (the convention of PostgreSQL's text format and of
 * "linear TSV"), so every row stays on one line with the same number of columns.
 */
const TSV_SPECIAL = /[\\\t\n\r]/;
export function tsvField(value: string): string {
  return TSV_SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => TSV_ESCAPES[c]) : value;
}
const TSV_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

export function rowFormat(format: FormatName, fields: Field[]): RowFormat {
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
