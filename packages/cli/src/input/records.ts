// The records of an input, batch by batch: one per line not skipped (one per
// CSV record), each with its URL (parsed, or null), its 1-based line number,
// its text and its fields. Lines of URLs and access logs go to the kernel as
// they are read (parseStream; the kernel finds a log line's URL field itself);
// JSON Lines, CSV and TSV are split in JavaScript and their URLs parsed in
// one parseBatch() per block (or one by one against a per-record base).

import { parse, parseBatch, parseStream, type UrlBatch } from "swurl";
import { traced } from "../trace.js";
import type { LogField, ParsedUrl } from "swurl";
import { UsageError } from "../errors.js";
import {
  ACCESS_LOG_FIELDS,
  accessLogFields,
  csvCells,
  oddQuotes,
  jsonPath,
  jsonText,
  jsonUrl,
  tsvCells,
  type FieldReader,
} from "./log-fields.js";
import { LineCap } from "./line-cap.js";
import { LOG_FORMATS } from "./log-formats.js";
import type { FieldKeys, KeyField } from "./program-keys.js";
import { programRecords, standAloneLines } from "./program-records.js";

export const INPUT_FORMATS = ["lines", "combined", "common", "jsonl", "csv", "tsv", ...LOG_FORMATS] as const;
/** The --input formats, and "log-format": lines read by the program of a --log-format definition. */
export type InputFormat = (typeof INPUT_FORMATS)[number] | "log-format";

/** How to read an input: plain data, so that worker threads get it too. */
export interface InputSpec {
  format: InputFormat;
  /** The URL's field: request or referer (access logs), a key path (jsonl), a header name or column number (csv, tsv). */
  field: string;
  /** The field of each record's base URL (jsonl, csv, tsv), or undefined. */
  baseField: string | undefined;
  base: string | undefined;
  /** Blank lines are no records (always for the formats other than lines). */
  skipBlank: boolean;
  skipComments: boolean;
  /** The patterns of --routes FILE (routes.ts), for the route field. */
  routes?: string[];
  /** The definition of --log-format (format "log-format"). */
  logFormat?: string;
}

/** The default URL field of each format: the request of the log formats. */
export function defaultField(format: InputFormat): string {
  if (format === "lines") return "";
  return format === "jsonl" || format === "csv" || format === "tsv" ? "url" : "request";
}

/** Whether the format is an access log read by a program (log-program.ts) or as Caddy's JSON. */
export function programRead(format: InputFormat): boolean {
  return format === "log-format" || (LOG_FORMATS as readonly string[]).includes(format);
}

/** A batch of URLs from its line `from` on. */
interface BatchFrom {
  batch: UrlBatch;
  from: number;
}

/** The batches that hold a block's URLs, and where each record's is. */
export interface UrlBatches {
  /** Each batch and its first line that is a record's, for a tally of them (UrlTally.add()). */
  readonly batches: readonly BatchFrom[];
  /** Whether record `i`'s URL is a valid line of a batch. */
  valid(i: number): boolean;
  /** The batch that holds record `i`'s URL (an index of `batches`; -1: none). */
  batchOf(i: number): number;
  /** Record `i`'s line in that batch. */
  lineOf(i: number): number;
}

/**
 * A block of input records. A block is read whole before the next is asked
 * for, and its readers may use their buffers again for the next block: a
 * record's text and fields are taken from a block while it is the current
 * one (as strings where they are kept), never from an earlier block.
 */
export interface Records {
  readonly length: number;
  /** Lines of this block skipped as blank or comments. */
  readonly skipped: number;
  /** Records of this block without the URL's field (JSON Lines, CSV, TSV; 0 for the formats the kernel reads). */
  readonly missing: number;
  /** The URL of record `i`, or null where there is none or it does not parse. */
  url(i: number): ParsedUrl | null;
  /** The 1-based line number where record `i` starts. */
  line(i: number): number;
  /** The text of record `i` as read. */
  text(i: number): string;
  /** Field `name` of record `i` (a log field, a JSON key path, a column). */
  field(i: number, name: string): string | null;
  /**
   * Records read as one UrlBatch: the batch, its first line that is a
   * record's, and the batch line of each record.
   */
  readonly fromBatch?: { batch: UrlBatch; from: number; line(i: number): number };
  /** Where the library parsed the block's URLs in batches (UrlBatch). */
  readonly urlBatches?: UrlBatches;
  /** The keys of the log fields asked for, a record's after another's, where a program read the block (program-keys.ts). */
  readonly fieldKeys?: FieldKeys;
  /** Field `name` of record `i` as JSON text where the input is JSON Lines (a number stays one). */
  json?(i: number, name: string): string | null;
}

/** A FieldReader over a record's text, made when a field is first asked for, kept for the next ask. */
function cachedFields(make: (i: number) => FieldReader): (i: number, name: string) => string | null {
  let at = -1;
  let reader: FieldReader = () => null;
  return (i, name) => {
    if (i !== at) {
      reader = make(i);
      at = i;
    }
    return reader(name);
  };
}

/**
 * The chunks of a byte range of a file cut at any byte (threads.ts): they
 * start with the end of the line before the range's first line, or with the
 * LF before it, a first line that is not the range's.
 */
export class RangeChunks implements AsyncIterable<Uint8Array> {
  constructor(private readonly chunks: AsyncIterable<Uint8Array>) {}
  [Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    return this.chunks[Symbol.asyncIterator]();
  }
}

/**
 * Records of lines of URLs or of access-log lines: the kernel's batches, less
 * the skipped lines and, for RangeChunks, the first line.
 */
async function* kernelRecords(
  source: AsyncIterable<Uint8Array>,
  spec: InputSpec,
  logKeys: readonly LogField[],
): AsyncGenerator<Records> {
  /** Rows of the next batch that are not the input's: 1 for the first line of RangeChunks, read only to be dropped. */
  let drop = source instanceof RangeChunks ? 1 : 0;
  const accessLog = spec.format === "lines" ? undefined : (spec.field as "request" | "referer");
  let lineBase = -drop;
  const options = {
    base: spec.base,
    accessLog,
    logFormat: spec.format === "combined" ? ("combined" as const) : ("common" as const),
    logKeys,
    skipBlank: spec.skipBlank,
    skipComments: spec.skipComments,
  };
  for await (const batch of traced(parseStream(source, options), "parse")) {
    const from = drop;
    const rows = keptRows(batch, drop);
    const skipped = batch.skipped - (drop > 0 && batch.isSkipped(0) ? 1 : 0);
    drop = 0;
    const first = lineBase + 1;
    lineBase += batch.length;
    // The batch gives a line's text (UrlBatch.line()) from the block it was parsed from.
    const text = rows === null ? (i: number) => batch.line(i) : (i: number) => batch.line(rows[i]);
    yield {
      length: rows === null ? batch.length : rows.length,
      skipped,
      missing: 0,
      fromBatch: { batch, from, line: rows === null ? (i) => i : (i) => rows[i] },
      urlBatches: {
        batches: [{ batch, from }],
        valid: rows === null ? (i) => batch.isValid(i) : (i) => batch.isValid(rows[i]),
        batchOf: () => 0,
        lineOf: rows === null ? (i) => i : (i) => rows[i],
      },
      url: rows === null ? (i) => batch.get(i) : (i) => batch.get(rows[i]),
      line: rows === null ? (i) => first + i : (i) => first + rows[i],
      text,
      field: cachedFields((i) => {
        const fields = accessLogFields(text(i), spec.format === "combined") as Record<string, string | null>;
        return (name) => fields[name] ?? null;
      }),
    };
  }
}

/** The rows of `batch` from `from` on that are records (not skipped); null when that is all of them. */
function keptRows(batch: UrlBatch, from: number): number[] | null {
  if (batch.skipped === 0 && from === 0) return null;
  const rows: number[] = [];
  for (let i = from; i < batch.length; i++) if (!batch.isSkipped(i)) rows.push(i);
  return rows;
}

/**
 * The text lines of a byte stream (UTF-8, a BOM dropped), a block at a
 * time, split at LF: a CR before it stays, for the record's end to drop (a
 * CSV field in quotes keeps its CR LF). `last`: the block holds the last
 * line, which no LF ends (a CR there is the line's).
 */
async function* textLines(source: AsyncIterable<Uint8Array>): AsyncGenerator<{ lines: string[]; last: boolean }> {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of source) {
    pending += decoder.decode(chunk, { stream: true });
    const cut = pending.lastIndexOf("\n");
    if (cut === -1) continue;
    yield { lines: pending.slice(0, cut).split("\n"), last: false };
    pending = pending.slice(cut + 1);
  }
  pending += decoder.decode();
  if (pending !== "") yield { lines: [pending], last: true };
}

/** A record of one of the text formats: its fields, and the URL in one of them. */
interface TextRecord {
  field: FieldReader;
  /** A field as JSON text (JSON Lines: a number stays a number); absent in the other formats. */
  json?: FieldReader;
  url: FieldReader;
}

/** How a record's fields are read in one of the text formats. */
interface TextFormat {
  read(text: string): TextRecord;
}

const NO_FIELDS: TextRecord = { field: () => null, url: () => null };

function jsonlFormat(): TextFormat {
  return {
    read(text) {
      let object: unknown;
      try {
        object = JSON.parse(text);
      } catch {
        // A line that is not JSON has no fields: a record without a URL, quoted among the failures.
        return NO_FIELDS;
      }
      // A number or an object where the URL should be is no URL (but a field, as JSON).
      return {
        field: (name) => jsonPath(object, name),
        json: (name) => jsonText(object, name),
        url: (name) => jsonUrl(object, name),
      };
    },
  };
}

/** A column: a 1-based number, or a name of the header. */
function columnIndex(name: string, header: string[] | null): number {
  if (/^[1-9]\d*$/.test(name)) return Number(name) - 1;
  return header === null ? -1 : header.indexOf(name);
}

/**
 * CSV and TSV: with a URL field given by name, the first record is the header
 * (names the columns); by number, every record is data.
 */
function tableFormat(cells: (text: string) => string[], header: string[] | null): TextFormat {
  return {
    read(text) {
      const row = cells(text);
      const field = (name: string) => {
        const i = columnIndex(name, header);
        return i >= 0 && i < row.length ? row[i] : null;
      };
      return { field, url: field };
    },
  };
}

/** Check that the fields named exist in a header (a misspelt column is a usage error, not a column of nulls). */
function checkColumns(spec: InputSpec, header: string[], names: string[]): void {
  for (const name of names) {
    if (columnIndex(name, header) === -1) {
      throw new UsageError(`no column ${JSON.stringify(name)} in the ${spec.format} header (${header.join(", ")})`);
    }
  }
}

/** A URL field's text; "-" (a log's "no value") is no URL. */
function urlText(field: string | null): string | null {
  return field === "-" ? null : field;
}

/** Records of JSON Lines, CSV or TSV. `columns`: the field names the command reads, checked against a header. */
async function* textRecords(
  source: AsyncIterable<Uint8Array>,
  spec: InputSpec,
  columns: string[],
): AsyncGenerator<Records> {
  const table = spec.format === "csv" || spec.format === "tsv";
  const cells = spec.format === "csv" ? csvCells : tsvCells;
  const headed = table && !/^[1-9]\d*$/.test(spec.field);
  let format: TextFormat | null = table ? (headed ? null : tableFormat(cells, null)) : jsonlFormat();
  let lineNumber = 0;
  // A CSV record whose quoted field goes on to the next line: its lines so
  // far, joined once it ends. Each line's quotes are counted once, as it
  // comes, so that a field over n lines costs n, not n^2.
  const open: string[] = [];
  let openLine = 0;
  for await (const { lines: block, last } of textLines(source)) {
    const texts: string[] = [];
    const lines: number[] = [];
    const readers: TextRecord[] = [];
    let skipped = 0;
    for (const l of block) {
      lineNumber++;
      let text = l;
      let line = lineNumber;
      if (open.length === 0 && (l.trim() === "" || (spec.skipComments && l.startsWith("#")))) {
        skipped++;
        continue;
      }
      // An odd number of quotes in a line opens a quoted field, or closes the one open.
      if (spec.format === "csv" && oddQuotes(l) !== open.length > 0) {
        if (open.length === 0) openLine = line;
        open.push(l);
        continue;
      }
      if (open.length > 0) {
        open.push(l);
        text = open.join("\n");
        line = openLine;
        open.length = 0;
      }
      // A record ends with LF or CR LF.
      if (text.endsWith("\r") && !last) text = text.slice(0, -1);
      if (format === null) {
        const header = cells(text);
        checkColumns(spec, header, [spec.field, ...(spec.baseField === undefined ? [] : [spec.baseField]), ...columns]);
        format = tableFormat(cells, header);
        continue;
      }
      texts.push(text);
      lines.push(line);
      readers.push(format.read(text));
    }
    if (texts.length === 0 && skipped === 0) continue;
    let missing = 0;
    for (const r of readers) if (r.field(spec.field) === null) missing++;
    const urls = readers.map((r) => urlText(r.url(spec.field)));
    const parsed = parseUrls(
      urls,
      spec.baseField === undefined ? null : readers.map((r) => urlText(r.url(spec.baseField!))),
      spec.base,
    );
    yield {
      length: texts.length,
      skipped,
      missing,
      url: parsed,
      line: (i) => lines[i],
      text: (i) => texts[i],
      field: (i, name) => readers[i].field(name),
      json: (i, name) => (readers[i].json ?? readers[i].field)(name),
    };
  }
  if (open.length > 0)
    throw new UsageError(`${spec.format}: line ${openLine}: a quoted field is not closed before the end of the input`);
}

/**
 * Parse the URL texts of a block (null: none). With bases (a base field),
 * each record against its own, one by one; else all of them in one kernel
 * call, as lines: the parser drops tabs and newlines from a URL anyway
 * (#concept-basic-url-parser, "remove all ASCII tab or newline"), so taking
 * them out first changes nothing and keeps one URL a line.
 */
function parseUrls(
  urls: (string | null)[],
  bases: (string | null)[] | null,
  base: string | undefined,
): (i: number) => ParsedUrl | null {
  if (bases !== null) {
    const parsed = urls.map((u, i) => {
      // A record without its page's URL (no field, "-" or empty) is resolved against --base, if any.
      const own = bases[i];
      const b = own === null || own === "" ? base : own;
      return u === null ? null : b === undefined ? parse(u) : parse(u, b);
    });
    return (i) => parsed[i];
  }
  // Each URL ends with its LF: an empty last one is a line too (a final LF alone adds none). An
  // empty first line keeps a URL that starts with U+FEFF whole (parseBatch skips a byte order mark).
  const text = urls.map((u) => (u === null ? "" : u.replace(/[\t\n\r]/g, "")) + "\n").join("");
  const batch = parseBatch("\n" + text, { base });
  return (i) => (urls[i] === null ? null : batch.get(i + 1));
}

/** Whether the kernel reads this input's lines (a list of URLs or an access log). */
function kernelRead(spec: InputSpec): boolean {
  return spec.format === "lines" || spec.format === "combined" || spec.format === "common";
}

/**
 * Whether a file of this input can be cut into ranges for threads
 * (RangeChunks): the inputs the kernel reads, and the formats a program
 * reads whose lines stand alone.
 */
export function rangeRead(spec: InputSpec): boolean {
  return kernelRead(spec) || (programRead(spec.format) && standAloneLines(spec));
}

/**
 * Whether the library parses the URLs of every block of this input in
 * batches (Records.urlBatches), which the kernel's tally counts: the inputs
 * the kernel reads, and the formats a program (or Caddy's reader) reads.
 */
export function batchedUrls(spec: InputSpec): boolean {
  return kernelRead(spec) || programRead(spec.format);
}

/**
 * The records of `source` read as `spec` says; `columns`: the fields the
 * command will read (checked against a CSV/TSV header); `keys`: the
 * access-log fields whose keys the reader places beside each record, where
 * the kernel reads the log (UrlBatch.logKeys()) or a program does
 * (Records.fieldKeys).
 */
export async function* readRecords(
  source: AsyncIterable<Uint8Array>,
  spec: InputSpec,
  columns: string[],
  keys: readonly KeyField[] = [],
): AsyncGenerator<Records> {
  // Lines over the cap are failure rows, never held (line-cap.ts).
  const cap = new LineCap();
  const range = source instanceof RangeChunks;
  const capped = cap.chunks(source, range);
  const lines = range ? new RangeChunks(capped) : capped;
  const records = kernelRead(spec)
    ? kernelRecords(
        lines,
        spec,
        ACCESS_LOG_FIELDS.filter((f) => keys.some((k) => k.name === f)),
      )
    : programRead(spec.format)
      ? programRecords(lines, spec, keys, range)
      : textRecords(capped, spec, columns);
  for await (const block of records) yield cap.records(block);
}
