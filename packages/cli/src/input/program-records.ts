// Records of the log formats read by a program (--log-format, and the
// formats of log-formats.ts) or as Caddy's JSON: the lines are split from
// the bytes, each read into its fields, and the URLs of a block parsed in
// one parseBatch() per distinct virtual host (url-batches.ts).

import { CADDY_DECIMALS, CADDY_INTEGERS, CADDY_NAMES, CADDY_TIME, caddyLine } from "./caddy-log.js";
import { type BlockFields, hasField, type LineFields, LineList, ProgramFields } from "./line-fields.js";
import { UrlReader } from "./url-batches.js";
import { compileLogFormat, type Meaning } from "./log-format.js";
import {
  fieldsDirective,
  LOG_FORMATS,
  type LogFormatName,
  type ProgramFormat,
  programFormat,
  w3cProgram,
} from "./log-formats.js";
import type { FieldKind, LogProgram, TimeSyntax } from "./log-program.js";
import { ProgramKernel } from "./program-kernel.js";
import { type FieldKeys, type KeyField, ProgramKeys } from "./program-keys.js";
import type { InputSpec, Records } from "./records.js";

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const HASH = 0x23;

/** The WHATWG UTF-8 decoder (invalid sequences become U+FFFD), as a line's text is decoded. */
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** How the lines of an input are read: by a program (whose W3C directives may change it) or as Caddy's JSON. */
interface LineReader {
  /** Read lines [from, to) of a block (offsets `starts` and `ends` of `bytes`; `from` 0 starts a block). */
  read(bytes: Uint8Array, starts: Int32Array, ends: Int32Array, from: number, to: number): void;
  /** The fields of the block's lines read so far. */
  lines(): BlockFields;
  /** A line starting with "#" (W3C directives): taken in; true where the reader reads them. */
  directive(text: string): boolean;
  /** Whether the line [start, end) is the file's header. */
  header(bytes: Uint8Array, start: number, end: number): boolean;
  scheme: string | undefined;
  /** The keys of the block's lines read so far (a program's reader asked for keys), or undefined. */
  keys(bytes: Uint8Array): FieldKeys | undefined;
}

/**
 * The reader of a program format; with `keyFields`, the keys of those fields
 * too (program-keys.ts). The block's lines' fields are read from the
 * ranges when asked for (ProgramFields): the lines' URLs (url-batches.ts),
 * a field of a record.
 */
function programReader(format: ProgramFormat, keyFields: readonly KeyField[]): LineReader {
  /** null after a "#Fields:" directive that names a field twice: no line matches until the next. */
  let program: LogProgram | null = format.program;
  const header = format.header === undefined ? null : new TextEncoder().encode(format.header);
  const kernel = new ProgramKernel();
  const keys = keyFields.length === 0 ? null : new ProgramKeys(keyFields);
  const fields = new ProgramFields();
  return {
    read(bytes, starts, ends, from, to) {
      if (from === 0) {
        kernel.newBlock();
        keys?.newBlock();
        fields.newBlock(bytes);
      }
      // A block's lines read by no program where a "#Fields:" directive named a field twice.
      if (program === null) {
        fields.add(null, null, to - from);
        keys?.addNone(to - from);
        return;
      }
      const batch = kernel.run(program, bytes, starts, ends, from, to);
      fields.add(program, batch, to - from);
      keys?.add(program, bytes, batch, to - from);
    },
    lines: () => fields,
    directive(text) {
      if (format.directives === undefined) return false;
      const names = fieldsDirective(text);
      if (names !== null && names.length > 0) {
        const { separator, vocabulary, urlEncoded } = format.directives;
        program = new Set(names).size === names.length ? w3cProgram(names, separator, vocabulary, urlEncoded) : null;
      }
      return true;
    },
    header(bytes, start, end) {
      return header !== null && end - start >= header.length && header.every((b, i) => bytes[start + i] === b);
    },
    scheme: format.scheme,
    keys: (bytes) => keys?.block(bytes),
  };
}

/** The reader of Caddy's JSON lines: an object a line. */
function caddyReader(): LineReader {
  let lines: (LineFields | null)[] = [];
  return {
    read(bytes, starts, ends, from, to) {
      if (from === 0) lines = [];
      for (let i = from; i < to; i++) lines.push(caddyLine(utf8.decode(bytes.subarray(starts[i], ends[i]))));
    },
    lines: () => new LineList(lines),
    directive: () => false,
    header: () => false,
    scheme: undefined,
    keys: () => undefined,
  };
}

/** A program format by its name; the definition of --log-format for "log-format". */
function formatOf(spec: InputSpec): ProgramFormat {
  return spec.format === "log-format"
    ? { program: compileLogFormat(spec.logFormat!) }
    : programFormat(spec.format as Exclude<LogFormatName, "caddy">);
}

/** The reader of a format read by a program (with the keys of `keyFields`) or as Caddy's. */
function lineReader(spec: InputSpec, keyFields: readonly KeyField[]): LineReader {
  return spec.format === "caddy" ? caddyReader() : programReader(formatOf(spec), keyFields);
}

/** Whether [start, end) is blank: spaces and tabs, or nothing. */
function blank(bytes: Uint8Array, start: number, end: number): boolean {
  for (let p = start; p < end; p++) if (bytes[p] !== SPACE && bytes[p] !== TAB) return false;
  return true;
}

/** The records of `source` in a program format (or Caddy's), with the keys of `keyFields` where a program reads it. */
export async function* programRecords(
  source: AsyncIterable<Uint8Array>,
  spec: InputSpec,
  keyFields: readonly KeyField[] = [],
  range = false,
): AsyncGenerator<Records> {
  const reader = lineReader(spec, keyFields);
  const urlReader = new UrlReader(spec, reader.scheme);
  // The bytes of the next block: [0, held) of `buffer`, the start of a line no LF has ended yet.
  let buffer = new Uint8Array(0);
  let held = 0;
  let lineNumber = 0;
  // A range of a file (threads: RangeChunks) starts with the end of the line before it, another range's, which is
  // dropped; a byte order mark can only begin the file.
  let dropFirst = range;
  let first = !range;
  // Per record of a block: its bytes [starts, ends) and its line number. One set for every block: a block is
  // done with before the next is read (as the kernel's memory, the keys, the URLs' buffers).
  let starts: Int32Array = new Int32Array(1024);
  let ends: Int32Array = new Int32Array(1024);
  let lines: Int32Array = new Int32Array(1024);
  const block = (bytes: Uint8Array, end: number): Records => {
    let count = 0;
    let read = 0;
    let skipped = 0;
    let start = 0;
    /** The lines read: a directive may change the program, so the lines before it are read first. */
    const readLines = () => {
      if (read < count) reader.read(bytes, starts, ends, read, count);
      read = count;
    };
    // A UTF-8 byte order mark before the first line is none of it.
    if (first && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
    first = false;
    while (start < end) {
      let stop = bytes.indexOf(LF, start);
      if (stop === -1 || stop >= end) stop = end;
      const next = stop + 1;
      // A line ends with LF or CR LF; the last line, which no LF ends, keeps a CR of its own.
      if (stop < end && stop > start && bytes[stop - 1] === CR) stop--;
      lineNumber++;
      const comment = bytes[start] === HASH;
      if (comment) readLines();
      if (
        blank(bytes, start, stop) ||
        (comment && (reader.directive(utf8.decode(bytes.subarray(start, stop))) || spec.skipComments)) ||
        reader.header(bytes, start, stop)
      ) {
        skipped++;
      } else {
        if (count === starts.length) {
          starts = grown(starts);
          ends = grown(ends);
          lines = grown(lines);
        }
        starts[count] = start;
        ends[count] = stop;
        lines[count] = lineNumber;
        count++;
      }
      start = next;
    }
    readLines();
    const fields = reader.lines();
    const urls = urlReader.read(fields, count);
    const keys = reader.keys(bytes);
    return {
      ...(keys === undefined ? {} : { fieldKeys: keys }),
      urlBatches: urls,
      length: count,
      skipped,
      missing: 0,
      url: urls.url,
      line: (i) => lines[i],
      text: (i) => utf8.decode(bytes.subarray(starts[i], ends[i])),
      field: (i, name) => fields.field(i, name),
    };
  };
  for await (const chunk of source) {
    // The block owns its bytes (its records' fields are ranges of them): a chunk's buffer is read into
    // again (io.ts READ_RING). One buffer for every block, not a new one a chunk, whose pages would fault afresh.
    if (held + chunk.length > buffer.length) {
      const grown = new Uint8Array(Math.max(2 * buffer.length, held + chunk.length));
      grown.set(buffer.subarray(0, held));
      buffer = grown;
    }
    buffer.set(chunk, held);
    let length = held + chunk.length;
    if (dropFirst) {
      const lf = buffer.subarray(0, length).indexOf(LF);
      held = lf === -1 ? 0 : length - lf - 1;
      if (lf === -1) continue;
      buffer.copyWithin(0, lf + 1, length);
      length = held;
      dropFirst = false;
    }
    const bytes = buffer.subarray(0, length);
    const cut = bytes.lastIndexOf(LF);
    if (cut === -1) {
      held = length;
      continue;
    }
    yield block(bytes, cut + 1);
    // The line the chunk ends in, which the next chunk goes on with.
    buffer.copyWithin(0, cut + 1, length);
    held = length - cut - 1;
  }
  if (held > 0) yield block(buffer.subarray(0, held), held);
}

/**
 * Whether each line of this format stands alone, so that a file can be cut
 * into ranges for threads: no directive ("#Fields:", W3C's and CloudFront's)
 * gives the lines after it their meaning.
 */
export function standAloneLines(spec: InputSpec): boolean {
  return spec.format === "caddy" || formatOf(spec).directives === undefined;
}

/** `a` twice as long, its numbers kept. */
function grown(a: Int32Array): Int32Array {
  const b = new Int32Array(2 * a.length);
  b.set(a);
  return b;
}

/** The fields a format may have: its program's, or a W3C format's vocabulary (a "#Fields:" may name others too). */
function meaningsOf({ program, directives }: ProgramFormat): (Meaning & { name: string })[] {
  return directives === undefined
    ? program.fields
    : Object.entries(directives.vocabulary).map(([name, m]) => ({ name, ...m }));
}

/** The fields of the program format `spec` (meaningsOf()); none for an input of another kind. */
function programMeanings(spec: InputSpec): (Meaning & { name: string })[] {
  if (spec.format !== "log-format" && !(LOG_FORMATS as readonly string[]).includes(spec.format)) return [];
  return meaningsOf(formatOf(spec));
}

/** The syntax of an access-log format's time field; null where the input has none (or one of no known syntax). */
export function timeSyntax(spec: InputSpec): TimeSyntax | null {
  if (spec.format === "combined" || spec.format === "common") return "clf";
  if (spec.format === "caddy") return "epoch";
  const time = programMeanings(spec).find((f) => f.common === "time");
  // W3C: the date and the time of day, joined as ISO 8601 with a space.
  return time?.time === "date" ? "iso" : (time?.time ?? null);
}

/** The unit (in seconds) of an access-log format's duration field; null where it has none. */
export function durationUnit(spec: InputSpec): number | null {
  if (spec.format === "caddy") return 1;
  return programMeanings(spec).find((f) => f.common === "duration")?.unit ?? null;
}

/** Whether field `name` of an access-log format is the time of the request: by its common name, or the server's. */
export function isRequestTime(spec: InputSpec, name: string): boolean {
  if (name === "time") return true;
  if (spec.format === "caddy") return name === CADDY_TIME;
  return programMeanings(spec).some((f) => f.common === "time" && f.name === name);
}

/**
 * What field `name` of a program format is: its kind, or null where the
 * format has no such field. W3C formats (whose "#Fields:" may name any)
 * and Caddy's (any key path) have every field.
 */
export function formatField(spec: InputSpec, name: string): FieldKind | null {
  if (spec.format === "caddy")
    return CADDY_INTEGERS.has(name) ? "integer" : CADDY_DECIMALS.has(name) ? "decimal" : "text";
  const format = formatOf(spec);
  const meanings = meaningsOf(format);
  const known = meanings.find((f) => f.name === name) ?? meanings.find((f) => f.common === name);
  if (known !== undefined) return known.kind;
  return hasField(format.program, name) || format.directives !== undefined ? "text" : null;
}

/** The names of a program format's fields, for a message. */
export function formatFieldNames(spec: InputSpec): string[] {
  if (spec.format === "caddy") return CADDY_NAMES;
  const { program } = formatOf(spec);
  return [...new Set(program.fields.flatMap((f) => (f.common === undefined ? [f.name] : [f.name, f.common])))];
}
