// The property of the CLI's readers (issue #25): every reader (lines,
// combined, common, jsonl, csv, tsv; gzip; several files), run in-process
// through the code the command runs (packages/cli/src/input/records.ts readRecords(), and
// packages/cli/src/io.ts openInputs() for files, bundled with the kernel as
// packages/cli/build/cli.js is), gives the rows that an independent reference reader in
// this file gives: csv-parse for CSV, JSON.parse per line, a grammar of the
// Combined and Common Log Formats written here. Inputs are random files of
// hostile pieces, read in chunks and kernel blocks whose sizes are parameters,
// so that their boundaries fall at every byte.
//
// test/cli/reader-properties.test.ts runs it with a fixed seed; `npm run
// fuzz -- --property cli` (scripts/fuzz.mjs) for as long as asked.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { parse as csvParse } from "csv-parse/sync";
import fc from "fast-check";
import { parse as publicSuffix } from "tldts";
import { bundleSource, KERNEL_JS, wasmText } from "../../scripts/bundle.mjs";
import type { openInputs as OpenInputs } from "../../packages/cli/src/io";
import type { InputFormat, InputSpec, readRecords as ReadRecords } from "../../packages/cli/src/input/records";
import type { statsTotal as StatsTotal, statsWork as StatsWork } from "../../packages/cli/src/commands/stats";
import { addDuration, type Histogram, histogramOf } from "../../packages/cli/src/commands/durations";
import type {
  durationUnit as DurationUnit,
  formatField as FormatField,
} from "../../packages/cli/src/input/program-records";
import {
  COMMON_FIELDS,
  DEFINITIONS,
  type Definition,
  FORMATS,
  formatLines,
  formatReference,
  isFormat,
} from "./format-properties";

/** The CLI's modules, bundled with the kernel as scripts/build.mjs makes the CLI. */
export interface Cli {
  readRecords: typeof ReadRecords;
  openInputs: typeof OpenInputs;
  setBlockSizes(bytes: number, lines: number): void;
  setLineCap(bytes: number): void;
  MAX_LINE: number;
  parse(
    input: string,
    base?: string,
  ): { href: string; protocol: string; hostname: string; pathname: string; search: string } | null;
  statsWork: typeof StatsWork;
  statsTotal: typeof StatsTotal;
  formatField: typeof FormatField;
  durationUnit: typeof DurationUnit;
}

export async function loadCli(): Promise<Cli> {
  const entry = [
    `export { readRecords } from "./packages/cli/src/input/records";`,
    `export { statsTotal, statsWork } from "./packages/cli/src/commands/stats";`,
    `export { durationUnit, formatField } from "./packages/cli/src/input/program-records";`,
    `export { openInputs } from "./packages/cli/src/io";`,
    `export { setBlockSizes } from "./src/bulk/stream";`,
    `export { MAX_LINE, setLineCap } from "./packages/cli/src/input/line-cap";`,
    `export { parse } from "./src/index";`,
  ].join("\n");
  const text = await bundleSource(entry, "ts", {
    platform: "node",
    ...KERNEL_JS,
    plugins: [wasmText],
  });
  return (await import(
    /* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(text).toString("base64")}`
  )) as Cli;
}

const BASE = "https://www.example.com/";
const ORIGIN = "https://www.example.com";

/** A case: a file's text as bytes (a latin1 string: one char a byte, JSON-safe), how it is cut and read. */
export interface ReaderCase {
  format: InputFormat;
  /** The --log-format definition of a "log-format" case (none: nginx's). */
  definition?: Definition;
  /** The input's bytes, one char a byte. */
  bytes: string;
  /** Bytes per chunk of the source; kernel block bytes and lines (src/bulk/stream.ts). */
  chunk: number;
  block: number;
  blockLines: number;
  /** Where the input is cut into files (byte offsets), and which files are gzip. */
  cuts: number[];
  gzip: boolean;
  /** Bytes of a line at most (none: the command's own cap, which no case reaches). */
  cap?: number;
}

// ---------------------------------------------------------------------------
// Hostile pieces.

/** UTF-8 of a string as one char a byte. */
const utf8 = (s: string) => Buffer.from(s, "utf8").toString("latin1");

const INVALID_UTF8 = ["\xC3", "\x80", "\xED\xA0\x80", "\xF0\x9F", "\xC0\xAF"];
const TEXT_PIECES = [
  "",
  " ",
  "\t",
  "-",
  "http://a.example/",
  "https://b.example:8080/p?q=1#f",
  "/path",
  "//evil.example/x",
  "/\\x",
  "%2F",
  "?q",
  "#h",
  ",",
  '"',
  "\\",
  "\\x41",
  "\\t",
  "\x00",
  "\r",
  "\uFEFF",
  "é",
  "https://例え.テスト/パス",
  "*",
  "mailto:x@y",
  "{",
  "}",
  ":",
].map(utf8);

const piece = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...TEXT_PIECES) },
  { weight: 2, arbitrary: fc.constantFrom(...INVALID_UTF8) },
  // Longer than a chunk and a block.
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 700 }).map((n) => "a".repeat(n)) },
);
const text = fc.array(piece, { maxLength: 5 }).map((p) => p.join(""));
/** Text without the bytes a format treats as structure. */
export const plain = (banned: RegExp) => text.map((t) => t.replace(banned, ""));

/** A line of the Combined (or Common) Log Format, well-formed or broken in one place. */
export const logLine = fc
  .record({
    client: fc.constantFrom("203.0.113.9", "::1", "-", "", "a b"),
    time: fc.constantFrom("[10/Oct/2024:13:55:36 +0000]", "[]", "10/Oct/2024", "[x"),
    method: fc.constantFrom("GET", "CONNECT", "OPTIONS", "", "POST"),
    target: plain(/["]/g),
    version: fc.constantFrom(" HTTP/1.1", "", " HTTP/1.0 extra"),
    status: fc.constantFrom("200", "404", "-", "abc", "", "0200"),
    bytes: fc.constantFrom("2326", "-", "0", "1x"),
    referer: fc.option(plain(/["]/g), { nil: null }),
    agent: fc.option(plain(/["]/g), { nil: null }),
    extra: fc.constantFrom("", ' "203.0.113.1"', " x", "x"),
    spaces: fc.constantFrom(" ", "  "),
  })
  .map(({ client, time, method, target, version, status, bytes, referer, agent, extra, spaces }) => {
    const quote = (s: string) => `"${s}"`;
    let line = `${client} - - ${time} ${quote(`${method}${spaces}${target}${version}`)} ${status} ${bytes}`;
    if (referer !== null) line += ` ${quote(referer)}`;
    if (agent !== null) line += ` ${quote(agent)}`;
    return line + extra;
  });

const jsonLine = fc.oneof(
  text.map((u) => utf8(JSON.stringify({ url: Buffer.from(u, "latin1").toString("utf8"), id: 1 }))),
  fc.constantFrom('{"url":""}', '{"url":5}', '{"url":null}', "{}", "[1]", '"x"', "{broken", '{"url":"-"}'),
  text,
  // A value nested deeper than a recursive reader or writer could go (issue #36 item 11), before or after the URL.
  fc.tuple(fc.integer({ min: 1, max: 20_000 }), fc.boolean()).map(([depth, first]) => {
    const deep = `"v":${"[".repeat(depth)}${"]".repeat(depth)}`;
    return first ? `{${deep},"url":"http://deep.example/"}` : `{"url":"http://deep.example/",${deep}}`;
  }),
);

/**
 * A CSV field: plain (no quote, comma, CR or LF) or quoted (quotes doubled,
 * line breaks kept), over several lines, blank ones and lines of a quote
 * alone among them (a record read a line at a time: issue #36 item 3).
 */
const csvField = fc.oneof(
  plain(/[",\r\n]/g),
  fc
    .tuple(text, fc.array(fc.constantFrom("", "\n", "\r\n", '"', ",", "\n\n", '\n"\n', "#"), { maxLength: 6 }), text)
    .map(([a, inner, b]) => `"${(a + inner.join("") + b).replaceAll('"', '""')}"`),
);
const csvLine = fc
  .tuple(csvField, csvField, fc.boolean())
  .map(([id, url, third]) => `${id},${url}${third ? ",x" : ""}`);
const tsvLine = fc
  .tuple(plain(/[\t\n\r]/g), plain(/[\t\n\r]/g), fc.boolean())
  .map(([id, url, third]) => `${id}\t${url}${third ? "\tx" : ""}`);

const LINE: Partial<Record<InputFormat, fc.Arbitrary<string>>> = {
  lines: plain(/\n/g),
  combined: fc.oneof({ weight: 4, arbitrary: logLine }, { weight: 1, arbitrary: plain(/\n/g) }),
  common: fc.oneof({ weight: 4, arbitrary: logLine }, { weight: 1, arbitrary: plain(/\n/g) }),
  jsonl: jsonLine.map((l) => l.replaceAll("\n", "")),
  csv: csvLine,
  tsv: tsvLine,
  ...Object.fromEntries(FORMATS.map((f) => [f, formatLines(f)])),
};
/** The lines of each --log-format definition. */
const DEFINITION_LINE = Object.fromEntries(
  Object.keys(DEFINITIONS).map((d) => [d, formatLines("log-format", d as Definition)]),
) as Record<Definition, fc.Arbitrary<string>>;

/** What a case reads: a format, and a "log-format" case's definition. */
const READS: { format: InputFormat; definition?: Definition }[] = [
  "lines",
  "combined",
  "common",
  "jsonl",
  "csv",
  "tsv",
  ...FORMATS,
].flatMap((format) =>
  format === "log-format"
    ? Object.keys(DEFINITIONS).map((d) => ({ format, definition: d as Definition }))
    : [{ format: format as InputFormat }],
);
const HEADER: Partial<Record<InputFormat, string>> = { csv: "id,url", tsv: "id\turl" };

/** Cases of files of up to `maxLines` lines (the test's are small; the fuzz script's larger, for more lines a case). */
export const readerCases = (maxLines: number): fc.Arbitrary<ReaderCase> =>
  fc
    .constantFrom(...READS)
    .chain(({ format, definition }) =>
      fc.record({
        format: fc.constant(format),
        definition: fc.constant(definition),
        lines: fc.array(
          fc.tuple(
            fc.oneof(definition === undefined ? LINE[format]! : DEFINITION_LINE[definition], fc.constantFrom("", " ")),
            fc.constantFrom("\n", "\r\n"),
          ),
          {
            maxLength: maxLines,
            size: "max",
          },
        ),
        bom: fc.boolean(),
        header: fc.boolean(),
        final: fc.boolean(),
        chunk: fc.integer({ min: 1, max: 97 }),
        block: fc.integer({ min: 1, max: 400 }),
        blockLines: fc.integer({ min: 1, max: 9 }),
        cuts: fc.array(fc.nat(), { maxLength: 3 }),
        gzip: fc.boolean(),
        // A cap on a line's length (input/line-cap.ts) that some lines are over, in the formats whose reference models it.
        cap: ["lines", "combined", "common", "jsonl"].includes(format)
          ? fc.option(fc.integer({ min: 1, max: 300 }))
          : fc.constant(null),
      }),
    )
    .map(({ format, definition, lines, bom, header, final, chunk, block, blockLines, cuts, gzip, cap }) => {
      // A header alone is a case too (no lines).
      const all: [string, string][] =
        HEADER[format] !== undefined && header ? [[HEADER[format]!, "\r\n"], ...lines] : lines;
      let bytes = all.map(([l, end]) => l + end).join("");
      if (!final && all.length > 0) bytes = bytes.slice(0, -all[all.length - 1][1].length);
      if (bom) bytes = "\xEF\xBB\xBF" + bytes;
      return {
        format,
        ...(definition === undefined ? {} : { definition }),
        bytes,
        chunk,
        block,
        blockLines,
        cuts: [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b),
        gzip,
        ...(cap === null ? {} : { cap }),
      };
    });

export const readerCase = readerCases(30);

// ---------------------------------------------------------------------------
// The reference readers.

/** A row: the record's first line, its text, its URL's href (null: none), the fields the reader names. */
export interface Row {
  line: number;
  text: string;
  href: string | null;
  fields: Record<string, string | null>;
}
type Rows = Row[] | "error";

/** The bytes a list of files gives when read in order: an LF after a file that does not end with one. */
function joined(parts: string[]): string {
  return parts.map((p, i) => (i < parts.length - 1 && p !== "" && !p.endsWith("\n") ? p + "\n" : p)).join("");
}

/** The text's lines (split at LF, a CR before it dropped; no line after a final LF), numbered from 1. */
function splitLines(text: string): { n: number; line: string }[] {
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  const ended = text.endsWith("\n") ? lines.length : lines.length - 1;
  return lines.map((l, i) => ({ n: i + 1, line: i < ended && l.endsWith("\r") ? l.slice(0, -1) : l }));
}

const decode = (bytes: string) => new TextDecoder().decode(Buffer.from(bytes, "latin1"));

/** Apache's C-style escapes of whitespace, by the letter's byte: \b \n \r \t \v. */
const APACHE_WHITESPACE: Record<number, number> = { 98: 0x08, 110: 0x0a, 114: 0x0d, 116: 0x09, 118: 0x0b };

/** An access-log field's escapes undone (\xHH a byte, \n and the like the whitespace, \c the char), written apart from the CLI's. */
function unescapeRef(field: string): string {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(unescapedRefBytes(field));
}

const fatalUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * A URL field's escapes undone as URL text: each UTF-8 sequence its character,
 * a byte that starts none %HH (a sequence is the shortest run of bytes that a
 * fatal decoder takes whole: UTF-8 is prefix-free).
 */
function unescapeUrlRef(field: string): string {
  const bytes = unescapedRefBytes(field);
  let out = "";
  for (let i = 0; i < bytes.length; ) {
    let n = 1;
    let text: string | null = null;
    for (; n <= 4 && i + n <= bytes.length && text === null; n++) {
      try {
        text = fatalUtf8.decode(bytes.subarray(i, i + n));
      } catch {
        text = null;
      }
    }
    if (text === null) {
      out += `%${bytes[i].toString(16).toUpperCase().padStart(2, "0")}`;
      i++;
    } else {
      out += text;
      i += n - 1;
    }
  }
  return out;
}

/** The bytes of an access-log field with its escapes undone. */
function unescapedRefBytes(field: string): Uint8Array {
  const bytes: number[] = [];
  const raw = Buffer.from(field, "utf8");
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === 0x5c && i + 1 < raw.length) {
      const hex = raw.subarray(i + 2, i + 4).toString("latin1");
      if (raw[i + 1] === 0x78 && /^[0-9a-fA-F]{2}$/.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 3;
      } else if (APACHE_WHITESPACE[raw[i + 1]] !== undefined) {
        bytes.push(APACHE_WHITESPACE[raw[i + 1]]);
        i += 1;
      } else {
        // The escaped char, whole (it may be several bytes).
        let j = i + 2;
        while (j < raw.length && (raw[j] & 0xc0) === 0x80) j++;
        bytes.push(...raw.subarray(i + 1, j));
        i = j - 1;
      }
    } else {
      bytes.push(raw[i]);
    }
  }
  return Uint8Array.from(bytes);
}

/** A log line read by the grammar, a scanner of its own: null where it does not match. */
function scanLog(line: string, combined: boolean): Record<string, string | null> | null {
  let i = 0;
  const word = () => {
    const start = i;
    while (i < line.length && line[i] !== " ") i++;
    return i > start ? line.slice(start, i) : null;
  };
  const sp = () => {
    if (line[i] !== " " || i + 1 >= line.length) return false;
    i++;
    return true;
  };
  const quotedAt = () => {
    if (line[i] !== '"') return null;
    let j = i + 1;
    while (j < line.length && line[j] !== '"') j += line[j] === "\\" ? 2 : 1;
    if (j >= line.length) return null;
    const v = line.slice(i + 1, j);
    i = j + 1;
    return v;
  };
  const num = () => {
    const m = /^(?:-|[0-9]+)/.exec(line.slice(i));
    if (m === null) return null;
    i += m[0].length;
    return m[0];
  };
  const client = word();
  if (client === null || !sp()) return null;
  const ident = word();
  if (ident === null || !sp()) return null;
  const user = word();
  if (user === null || !sp() || line[i] !== "[") return null;
  const close = line.indexOf("]", i);
  if (close <= i + 1) return null;
  const time = line.slice(i + 1, close);
  i = close + 1;
  if (!sp()) return null;
  const request = quotedAt();
  if (request === null || !sp()) return null;
  const status = num();
  if (status === null || !sp()) return null;
  const bytes = num();
  if (bytes === null || (i < line.length && line[i] !== " ")) return null;
  const after = i;
  let referer: string | null = null;
  let agent: string | null = null;
  if (sp()) {
    const r = quotedAt();
    if (r !== null && sp()) {
      const a = quotedAt();
      if (a !== null && (i === line.length || line[i] === " ")) {
        referer = r;
        agent = a;
      }
    }
  }
  if (combined && agent === null) return null;
  i = after;
  const none = (v: string | null) => (v === null || v === "-" ? null : v);
  const first = request.indexOf(" ");
  const last = request.lastIndexOf(" ");
  const target = first <= 0 ? null : request.slice(first + 1, last > first ? last : undefined).replace(/^ +| +$/g, "");
  const version = first <= 0 || last <= first ? null : none(unescapeRef(request.slice(last + 1)));
  return {
    client: none(client),
    ident: none(ident),
    user: none(user),
    request: none(unescapeRef(request)),
    version,
    status: none(status),
    bytes: none(bytes),
    method: first <= 0 ? null : none(unescapeRef(request.slice(0, first))),
    target: target === null ? null : none(unescapeRef(target)),
    targetUrl: target === null ? null : none(unescapeUrlRef(target)),
    referer: referer === null ? null : none(unescapeRef(referer)),
    agent: agent === null ? null : none(unescapeRef(agent)),
    time: none(time),
  };
}

/** The URL of a request by the form of its target (RFC 9112 section 3.2), with the CLI's parse(). */
function requestHref(cli: Cli, fields: Record<string, string | null>): string | null {
  const { method, targetUrl: target } = fields;
  if (method === null || target === null || target === "" || target === "*") return null;
  if (method === "CONNECT") {
    return /^(\[[^\]\s]*\]|[^\s/?#@[\]\\:]+):\d+$/.test(target) ? (cli.parse(`//${target}`, BASE)?.href ?? null) : null;
  }
  if (target.startsWith("/")) return cli.parse(ORIGIN + target)?.href ?? null;
  return cli.parse(target)?.href ?? null;
}

const LOG_FIELDS = ["client", "status", "bytes", "method", "target", "referer", "agent"];
const TABLE_FIELDS = ["id"];
const TSV_UNESCAPES: Record<string, string> = { "\\\\": "\\", "\\t": "\t", "\\n": "\n", "\\r": "\r" };

/** What the CLI's reader must give for `c`. */
export function referenceRows(cli: Cli, c: ReaderCase, bytes: string): Rows {
  const text = decode(bytes);
  // Lines over the cap, by number: their bytes (a CR and a byte order mark count), and the row that stands for each.
  const over = new Map<number, string>();
  if (c.cap !== undefined)
    for (const [i, raw] of bytes.split("\n").entries())
      if (raw.length > c.cap)
        over.set(i + 1, `(a line of ${raw.length} bytes, over the cap of ${c.cap} bytes: not read)`);
  const cutRow = (n: number, names: readonly string[]): Row | null => {
    const placeholder = over.get(n);
    if (placeholder === undefined) return null;
    return { line: n, text: placeholder, href: null, fields: Object.fromEntries(names.map((k) => [k, null])) };
  };
  // A field's URL: "-" is none (a line of --input lines is a URL whatever it holds).
  const href = (u: string | null | undefined) =>
    u === null || u === undefined || u === "-" ? null : (cli.parse(u, BASE)?.href ?? null);
  const blank = (l: string) => l.trim() === "";
  switch (c.format) {
    case "lines":
      return splitLines(text).map(
        ({ n, line }) =>
          cutRow(n, []) ?? {
            line: n,
            text: line,
            href: cli.parse(line, BASE)?.href ?? null,
            fields: {},
          },
      );
    case "combined":
    case "common":
      return splitLines(text)
        .filter(({ n, line }) => over.has(n) || !/^[ \t]*$/.test(line))
        .map(({ n, line }) => {
          const cut = cutRow(n, LOG_FIELDS);
          if (cut !== null) return cut;
          const f = scanLog(line, c.format === "combined");
          const fields = Object.fromEntries(LOG_FIELDS.map((k) => [k, f?.[k] ?? null]));
          return { line: n, text: line, href: f === null ? null : requestHref(cli, f), fields };
        });
    case "log-format":
    case "vcombined":
    case "vcommon":
    case "w3c":
    case "cloudfront":
    case "cloudstorage":
    case "awselb":
    case "awsalb":
    case "awss3":
    case "squid":
    case "traefikclf":
    case "caddy":
      return formatReference(
        c.format,
        splitLines(text),
        {
          unescape: unescapeRef,
          unescapeUrl: unescapeUrlRef,
          parse: cli.parse,
          base: BASE,
        },
        c.definition,
      );
    case "jsonl":
      return splitLines(text)
        .filter(({ n, line }) => over.has(n) || !blank(line))
        .map(({ n, line }) => {
          const cut = cutRow(n, []);
          if (cut !== null) return cut;
          let url: string | null = null;
          try {
            const v: unknown = JSON.parse(line);
            const u = typeof v === "object" && v !== null ? (v as { url?: unknown }).url : undefined;
            url = typeof u === "string" ? u : null;
          } catch {
            url = null;
          }
          return { line: n, text: line, href: href(url), fields: {} };
        });
    case "tsv": {
      const rows = splitLines(text).filter(({ line }) => !blank(line));
      if (rows.length === 0) return [];
      const header = rows[0].line.split("\t");
      const urlAt = header.indexOf("url");
      if (urlAt === -1 || header.indexOf("id") === -1) return "error";
      return rows.slice(1).map(({ n, line }) => {
        const cells = line.split("\t").map((cell) => cell.replace(/\\[\\tnr]/g, (e) => TSV_UNESCAPES[e]));
        return { line: n, text: line, href: href(cells[urlAt]), fields: { id: cells[0] } };
      });
    }
    case "csv": {
      let records: { record: string[]; info: { bytes: number } }[];
      try {
        records = csvParse(text, {
          bom: true,
          info: true,
          relax_column_count: true,
          record_delimiter: ["\r\n", "\n"],
          skip_empty_lines: false,
        }) as unknown as typeof records;
      } catch {
        return "error";
      }
      const rows: Row[] = [];
      let header: string[] | null = null;
      // Records are the text in order (info.bytes: the UTF-8 byte where each ends, after its delimiter); a
      // record's first line is 1 + the LFs before it.
      const utf8Text = Buffer.from(text, "utf8");
      let start = 0;
      let line = 1;
      for (const { record, info } of records) {
        const raw = utf8Text.subarray(start, info.bytes).toString("utf8");
        start = info.bytes;
        const body = raw.replace(/\r?\n$/, "");
        const first = line;
        line += raw.match(/\n/g)?.length ?? 0;
        if (blank(body)) continue;
        if (header === null) {
          header = record;
          if (!header.includes("url") || !header.includes("id")) return "error";
          continue;
        }
        rows.push({
          line: first,
          text: body,
          href: href(record[header.indexOf("url")]),
          fields: { id: record[header.indexOf("id")] ?? null },
        });
      }
      return rows;
    }
    default:
      throw new Error(`no reference reader for ${c.format}`);
  }
}

// ---------------------------------------------------------------------------
// The CLI's reader.

/** The chunks of `bytes`, `size` bytes each. */
async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

/** The parts a case's input is cut into. */
function partsOf(c: ReaderCase): string[] {
  const parts: string[] = [];
  let at = 0;
  for (const cut of c.cuts) {
    parts.push(c.bytes.slice(at, cut));
    at = cut;
  }
  parts.push(c.bytes.slice(at));
  return parts;
}

/** Whether case `c` is an access log: the kernel's formats and those a program reads. */
export function logCase(c: ReaderCase): boolean {
  return c.format === "combined" || c.format === "common" || isFormat(c.format);
}

/** How the CLI reads case `c`. */
function specOf(c: ReaderCase): InputSpec {
  const log = logCase(c);
  return {
    format: c.format,
    logFormat: c.format === "log-format" ? DEFINITIONS[c.definition ?? "nginx"] : undefined,
    field: c.format === "lines" ? "" : log ? "request" : "url",
    baseField: undefined,
    base: BASE,
    skipBlank: c.format !== "lines",
    skipComments: false,
  };
}

/**
 * The bytes of case `c` as the CLI reads them: its files through openInputs()
 * (written to `dir`) when it is several files or gzip, else its chunks.
 */
async function sourceOf(cli: Cli, c: ReaderCase, dir: string): Promise<AsyncIterable<Uint8Array>> {
  const parts = partsOf(c);
  if (parts.length === 1 && !c.gzip) return chunked(Buffer.from(c.bytes, "latin1"), c.chunk);
  const files = parts.map((p, i) => {
    const file = path.join(dir, `part${i}`);
    const bytes = Buffer.from(p, "latin1");
    writeFileSync(file, c.gzip ? gzipSync(bytes) : bytes);
    return file;
  });
  const input = await cli.openInputs(files);
  return (async function* () {
    try {
      yield* input.chunks(() => {});
    } finally {
      await input.close();
    }
  })();
}

/** The rows the CLI's reader gives for `c` (through openInputs() when it is several files or gzip). */
export async function cliRows(cli: Cli, c: ReaderCase): Promise<Rows> {
  const table = c.format === "csv" || c.format === "tsv";
  const spec = specOf(c);
  const names =
    c.format === "combined" || c.format === "common"
      ? LOG_FIELDS
      : isFormat(c.format)
        ? COMMON_FIELDS
        : table
          ? TABLE_FIELDS
          : [];
  cli.setBlockSizes(c.block, c.blockLines);
  cli.setLineCap(c.cap ?? cli.MAX_LINE);
  let dir: string | null = null;
  try {
    dir = mkdtempSync(path.join(tmpdir(), "swurl-readers-"));
    const source = await sourceOf(cli, c, dir);
    const rows: Row[] = [];
    for await (const records of cli.readRecords(source, spec, table ? ["id"] : [])) {
      for (let i = 0; i < records.length; i++) {
        const fields = Object.fromEntries(names.map((k) => [k, records.field(i, k)]));
        rows.push({ line: records.line(i), text: records.text(i), href: records.url(i)?.href ?? null, fields });
      }
    }
    return rows;
  } catch (e) {
    // A usage error (a CSV quote left open, a header without the column) is the one error a reader may give.
    if ((e as Error).name === "UsageError") return "error";
    throw e;
  } finally {
    cli.setBlockSizes(1 << 20, 1 << 16);
    cli.setLineCap(cli.MAX_LINE);
    if (dir !== null) rmSync(dir, { recursive: true, force: true });
  }
}

/** The differences between the CLI's rows and the reference's for `c`: [] when there is none. */
export async function readerDifferences(cli: Cli, c: ReaderCase): Promise<string[]> {
  const got = await cliRows(cli, c);
  const expected = referenceRows(cli, c, joined(partsOf(c)));
  if (got === "error" || expected === "error") {
    return got === expected
      ? []
      : [
          `${c.format}: reader ${JSON.stringify(got).slice(0, 300)}, reference ${JSON.stringify(expected).slice(0, 300)}`,
        ];
  }
  const problems: string[] = [];
  if (got.length !== expected.length) problems.push(`${c.format}: ${got.length} rows, reference ${expected.length}`);
  for (let i = 0; i < Math.min(got.length, expected.length) && problems.length < 5; i++) {
    const a = JSON.stringify(got[i]);
    const b = JSON.stringify(expected[i]);
    if (a !== b) problems.push(`${c.format} row ${i}: reader ${a.slice(0, 400)}\n  reference ${b.slice(0, 400)}`);
  }
  return problems;
}

/** Lines in a case's input, for the fuzz script's count. */
export function caseLines(c: ReaderCase): number {
  return c.bytes.split("\n").length;
}

// ---------------------------------------------------------------------------
// `stats --by`: every access-log field, and the URL parts counted from the
// kernel's tallies, against counts of the reference reader's values; in the
// formats a program reads, every common name the format answers to.

/** Every field of a Common or Combined Log Format line, the request split in three. */
const LOG_LINE_FIELDS = "client ident user time request method target version status bytes referer agent".split(" ");
/**
 * The URL parts of the kernel's tallies, the path worked out of the
 * pathname, the domain of the hostname, and the search (read from the
 * batches' hrefs).
 */
const URL_PART_KEYS = ["scheme", "protocol", "hostname", "domain", "pathname", "path", "search"];

/** A pathname (ASCII, as a serializer writes it) percent-decoded, its bytes read as UTF-8 (invalid ones as U+FFFD). */
function decodedPath(pathname: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < pathname.length; i++) {
    const hex = pathname.slice(i + 1, i + 3);
    if (pathname[i] === "%" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(pathname.charCodeAt(i));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}
/** The --by keys the group property counts of combined and common: every field of the log, and the URL parts. */
const GROUP_KEYS = [...LOG_LINE_FIELDS, ...URL_PART_KEYS];

/** A status or size as the command counts it: its digits without leading zeros; none where it is not digits. */
function integerRef(v: string | null): string | null {
  return v !== null && /^[0-9]+$/.test(v) && Number.isSafeInteger(Number(v)) ? String(Number(v)) : null;
}

/**
 * A decimal field's value as the command counts it: the number's digits
 * without the zeros that add nothing; one with an exponent (a JSON log's) as
 * JavaScript writes the number.
 */
function decimalRef(v: string | null): string | null {
  if (v !== null && /^[0-9]+(\.[0-9]+)?[eE][-+]?[0-9]+$/.test(v)) return String(Number(v));
  if (v === null || !/^[0-9]+(\.[0-9]+)?$/.test(v)) return null;
  return v
    .replace(/^0+(?=[0-9])/, "")
    .replace(/(\.[0-9]*?)0+$/, "$1")
    .replace(/\.$/, "");
}

/** The value of --by `key` of a log line whose fields the reference read (null: no match) and whose URL is `href`. */
function groupValueRef(cli: Cli, key: string, fields: Record<string, string | null> | null, href: string | null) {
  const url = href === null ? null : cli.parse(href);
  switch (key) {
    case "scheme":
      return url === null ? null : url.protocol.slice(0, -1);
    case "protocol":
      return url?.protocol ?? null;
    case "hostname":
      return url?.hostname ?? null;
    case "domain": {
      // The registrable domain by the Public Suffix List's ICANN and private sections; none for an IP address.
      const host = url?.hostname ?? "";
      const d = host === "" || host.startsWith("[") ? null : publicSuffix(host, { allowPrivateDomains: true });
      return d === null || d.isIp ? null : d.domain;
    }
    case "pathname":
      return url?.pathname ?? null;
    case "path":
      return url === null ? null : decodedPath(url.pathname);
    case "search":
      return url?.search ?? null;
    case "status":
    case "bytes":
      return integerRef(fields?.[key] ?? null);
  }
  return fields?.[key] ?? null;
}

/**
 * A decimal's value in whole millionths, rounded half up, as `stats --sum`
 * adds it: by BigInt arithmetic on its digits and exponent (0 for none).
 */
function millionthsRef(v: string | null): number {
  const m = v === null ? null : /^([0-9]+)(?:\.([0-9]+))?(?:e([-+]?[0-9]+))?$/i.exec(v);
  if (m === null) return 0;
  const fraction = m[2] ?? "";
  const digits = BigInt(m[1] + fraction);
  const shift = Number(m[3] ?? 0) - fraction.length + 6;
  if (shift >= 0) return Number(digits * 10n ** BigInt(shift));
  const divisor = 10n ** BigInt(-shift);
  const rest = digits % divisor;
  return Number(digits / divisor + (2n * rest >= divisor ? 1n : 0n));
}

/** The --by keys of a log case, and each record's values of them by the reference reader (null: none). */
interface GroupReference {
  keys: string[];
  /**
   * Per record: the value of each key, what it adds to each --sum field of
   * `summed` (an integer's value, a decimal's millionths), its duration in
   * seconds (null: none).
   */
  records: { values: (string | null)[]; sums: number[]; seconds: number | null }[];
  /** The fields --sum adds up: the size, and a duration that is a number field. */
  summed: string[];
}

function groupReference(cli: Cli, c: ReaderCase): GroupReference {
  if (c.format === "combined" || c.format === "common") {
    const records = splitLines(decode(joined(partsOf(c))))
      .filter(({ line }) => !/^[ \t]*$/.test(line))
      .map(({ line }) => {
        const fields = scanLog(line, c.format === "combined");
        const href = fields === null ? null : requestHref(cli, fields);
        const values = GROUP_KEYS.map((key) => groupValueRef(cli, key, fields, href));
        return { values, sums: [Number(integerRef(fields?.bytes ?? null) ?? 0)], seconds: null };
      });
    return { keys: GROUP_KEYS, records, summed: ["bytes"] };
  }
  // A program's format: the common names it answers to, an integer or decimal one as the command counts it, and the URL parts.
  const spec = specOf(c);
  const fieldKeys = COMMON_FIELDS.filter((k) => cli.formatField(spec, k) !== null);
  const integer = (k: string) => cli.formatField(spec, k) === "integer";
  const decimal = (k: string) => cli.formatField(spec, k) === "decimal";
  const rows = referenceRows(cli, c, joined(partsOf(c)));
  if (rows === "error") throw new Error(`${c.format}: no reference rows`);
  // A duration in the format's unit: a number not below 0 ("-" and -1 are none).
  const unit = cli.durationUnit(spec);
  const seconds = (v: string | null) => {
    const n = v === null ? Number.NaN : Number(v);
    return unit !== null && Number.isFinite(n) && n >= 0 ? n * unit : null;
  };
  const summed = ["bytes", "duration"].filter((k) => integer(k) || decimal(k));
  const records = rows.map(({ fields, href }) => ({
    values: [
      ...fieldKeys.map((k) => (integer(k) ? integerRef(fields[k]) : decimal(k) ? decimalRef(fields[k]) : fields[k])),
      ...URL_PART_KEYS.map((k) => groupValueRef(cli, k, null, href)),
    ],
    sums: summed.map((k) => (integer(k) ? Number(integerRef(fields[k]) ?? 0) : millionthsRef(decimalRef(fields[k])))),
    seconds: seconds(fields.duration),
  }));
  return { keys: [...fieldKeys, ...URL_PART_KEYS], records, summed };
}

/** `stats --by` `keys` (with `sum`: and --sum FIELD) of a log case `c`, run in-process. */
async function groupTotal(cli: Cli, c: ReaderCase, keys: string[], sum: string | undefined) {
  const options = { input: specOf(c), filter: { valid: null, schemes: null, time: null }, by: keys, sum };
  cli.setBlockSizes(c.block, c.blockLines);
  const dir = mkdtempSync(path.join(tmpdir(), "swurl-groups-"));
  try {
    return cli.statsTotal([await cli.statsWork.run(await sourceOf(cli, c, dir), options, async () => {})], options);
  } finally {
    cli.setBlockSizes(1 << 20, 1 << 16);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The differences between `stats --by` each key's counts (and, with --sum
 * FIELD, each value's sum of sizes or durations) and the reference's for a
 * log case `c`: [] when there is none.
 */
export async function groupDifferences(cli: Cli, c: ReaderCase): Promise<string[]> {
  const { keys, records, summed } = groupReference(cli, c);
  const expected = keys.map(() => new Map<string, number>());
  // Per --sum field, per key: each value's sum.
  const sums = summed.map(() => keys.map(() => new Map<string, number>()));
  const durations = keys.map(() => new Map<string, Histogram>());
  for (const { values, sums: added, seconds } of records) {
    keys.forEach((_, k) => {
      const v = values[k] ?? "(none)";
      expected[k].set(v, (expected[k].get(v) ?? 0) + 1);
      for (let f = 0; f < summed.length; f++) sums[f][k].set(v, (sums[f][k].get(v) ?? 0) + added[f]);
      if (seconds === null) return;
      if (!durations[k].has(v)) durations[k].set(v, new Map());
      addDuration(durations[k].get(v)!, seconds);
    });
  }
  const sorted = (m: Map<string, number | Histogram> | undefined) =>
    JSON.stringify(
      [...(m ?? [])]
        .map(([k, v]): [string, unknown] => [k, typeof v === "number" ? v : [...v].sort(([a], [b]) => a - b)])
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  const problems: string[] = [];
  for (const sum of [undefined, ...summed]) {
    const total = await groupTotal(cli, c, keys, sum);
    keys.forEach((key, k) => {
      const what = `${c.format} --by ${key}${sum === undefined ? "" : ` --sum ${sum}`}`;
      // A group from the kernel's tally reads that table beside its other counts (TopCounts.table): the two added up.
      const { counts, table } = total.groups[k];
      const all = new Map(counts);
      for (const [value, n] of table?.top(table.size) ?? []) all.set(value, (all.get(value) ?? 0) + n);
      const [got, want] = [sorted(all), sorted(expected[k])];
      if (got !== want) problems.push(`${what}: ${got.slice(0, 300)}, reference ${want.slice(0, 300)}`);
      // Each value's durations: one or a histogram of its records' (an empty one is none).
      const timed = new Map(
        [...(total.groups[k].durations ?? [])]
          .map(([v, d]) => [v, histogramOf(d)] as const)
          .filter(([, h]) => h.size > 0),
      );
      const [gotTimes, wantTimes] = [sorted(timed), sorted(durations[k])];
      if (gotTimes !== wantTimes)
        problems.push(`${what}: durations ${gotTimes.slice(0, 300)}, reference ${wantTimes.slice(0, 300)}`);
      if (sum === undefined) return;
      const [gotSums, wantSums] = [sorted(total.groups[k].sums), sorted(sums[summed.indexOf(sum)][k])];
      if (gotSums !== wantSums)
        problems.push(`${what}: sums ${gotSums.slice(0, 300)}, reference ${wantSums.slice(0, 300)}`);
    });
  }
  return problems;
}
