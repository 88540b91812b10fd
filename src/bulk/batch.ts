// parseBatch() (docs/api.md section 2): every line of a block of UTF-8 text parsed
// by the kernel in one call (assembly/batch.ts), which leaves a table of rows
// and one buffer of serialized hrefs; a UrlBatch makes the component strings
// only when one is asked for, as slices of one string of all the hrefs.
//
// Lifetime of a batch's data. The kernel works in one memory that every later
// call reuses: the next batch, and any parse() or split() in between. Ada's
// url_aggregator hands out string views that are valid only while the buffer
// lives; a UrlBatch instead takes its rows and its hrefs out of the kernel's
// memory before parseBatch() returns (one copy of the table into an
// Int32Array, one of the hrefs' bytes), so it stays right for as long
// as it is referenced, whatever runs after it. Throwing on a reused batch was
// the other choice; it would make a batch useless after any later call,
// including the next batch of a stream while the consumer still holds this
// one, to save copies that are a small part of a line's cost
// (bench/suites/batch.mjs measures it). A batch holds ROW_FIELDS * 4 = 32 bytes per line plus its
// hrefs (one byte a character).

import * as L from "../../assembly/layout.js";
import { expectOptions, isDetached, quote, typeName } from "../arguments/check.js";
import { align8, latin1String, MAX_MEMORY, type Arena } from "../kernel/arena.js";
import { BULK } from "../kernel/modules.js";
import type { parseApi } from "../whatwg/parse.js";
import type { UrlGetter } from "../whatwg/getters.js";
import * as C from "../whatwg/components.js";
import { ParsedUrl } from "../whatwg/url.js";
import { streamBatches, streamChunks, type Block, type StreamSource } from "./stream.js";
import { unescapeLogUrl } from "./log-escapes.js";
import { requestUrl } from "./request-target.js";

export interface BatchOptions {
  /** Parse each line against this base URL, as `parse(line, base)` does. */
  base?: string | ParsedUrl;
  /**
   * The lines are access-log lines (Common or Combined Log Format, as Apache
   * and nginx write them): parse the target of the request line
   * ("METHOD target PROTOCOL") or the referer instead of the whole line. A
   * line without that field ("-", too few quoted strings) fails.
   * A request target is read by its form (RFC 9112 section 3.2): a path
   * ("/a", "//a") is resolved against the base as a path, an absolute URL
   * parsed without it, CONNECT's "host:port" is "//host:port" against the
   * base, and "*" is no URL. A line that does not match the log format
   * (logFormat) has no field.
   */
  accessLog?: "request" | "referer";
  /**
   * The access-log format the lines must match: "common" (the default; a
   * Combined line matches it too) or "combined" (with referer and user agent).
   */
  logFormat?: "common" | "combined";
  /**
   * With `accessLog`: the fields of each line whose keys the kernel places
   * beside its row as it reads the line's grammar (UrlBatch.logKeys()), so
   * that a program counts a field's values from the bytes, with no string a
   * line.
   */
  logKeys?: readonly LogField[];
  /** Skip lines that are empty or only spaces and tabs: neither URLs nor failures (UrlBatch.isSkipped). */
  skipBlank?: boolean;
  /** Skip lines that start with "#". */
  skipComments?: boolean;
}

/**
 * The fields of a Common or Combined Log Format line, in line order (the
 * request also split in three, as requestParts() splits it): their indices
 * are the kernel's LOG_* (layout.ts).
 */
export const LOG_FIELDS = [
  "client",
  "ident",
  "user",
  "time",
  "request",
  "method",
  "target",
  "version",
  "status",
  "bytes",
  "referer",
  "agent",
] as const;
export type LogField = (typeof LOG_FIELDS)[number];

/** The kernel's batchMode() bits for `options`. */
function modeOf(options: BatchOptions | undefined): number {
  if (options === undefined) return 0;
  const { accessLog, logFormat, logKeys, skipBlank, skipComments } = options;
  if (accessLog !== undefined && accessLog !== "request" && accessLog !== "referer") {
    throw new TypeError(`options.accessLog must be "request" or "referer", got ${quote(String(accessLog))}`);
  }
  if (logFormat !== undefined && logFormat !== "common" && logFormat !== "combined") {
    throw new TypeError(`options.logFormat must be "common" or "combined", got ${quote(String(logFormat))}`);
  }
  return (
    (accessLog === "request" ? L.FIELD_REQUEST : accessLog === "referer" ? L.FIELD_REFERER : L.FIELD_NONE) |
    (logFormat === "combined" ? L.MODE_COMBINED : 0) |
    (skipBlank === true ? L.MODE_SKIP_BLANK : 0) |
    (skipComments === true ? L.MODE_SKIP_COMMENTS : 0) |
    (accessLog === undefined ? 0 : keyBits(logKeys ?? []))
  );
}

/** The kernel's MODE_KEYS_SHIFT bits of the log fields `fields`. */
function keyBits(fields: readonly LogField[]): number {
  let bits = 0;
  for (const f of fields) {
    const k = LOG_FIELDS.indexOf(f);
    if (k < 0) throw new TypeError(`options.logKeys: ${quote(String(f))} is not one of ${LOG_FIELDS.join(", ")}`);
    bits |= 1 << k;
  }
  return bits << L.MODE_KEYS_SHIFT;
}

/** The log fields of a mode's MODE_KEYS_SHIFT bits, in LOG_FIELDS order (a line's keys' order). */
function keyFields(mode: number): LogField[] {
  return LOG_FIELDS.filter((_, k) => (mode >>> L.MODE_KEYS_SHIFT) & (1 << k));
}

/**
 * The keys the kernel placed beside a batch's rows (BatchOptions.logKeys):
 * line `i`'s key of field `fields[k]` is the bytes [keys[j], keys[j + 1]) of
 * the batch's input, where j = 2 * (i * fields.length + k). A start of -1
 * is no value ("-", or a line that does not match the format); -2 a value
 * that only the line's text gives (a quoted field with an escape to undo, a
 * number of more than 15 digits). A key is the field as requestParts() and
 * unescapeLogField() would give it: "-" is no value, a status or size its
 * digits without leading zeros.
 */
export interface LineKeys {
  keys: Int32Array;
  fields: readonly LogField[];
}

/** No limit on the lines of one kernel block (parseBatch). */
const ALL_LINES = 2 ** 31 - 1;
/** The first output window: the hrefs are about as long as the lines, plus the base for relative ones. */
const MIN_WINDOW = 65536;

const encoder = /* @__PURE__ */ new TextEncoder();
/** The WHATWG UTF-8 decoder (invalid sequences become U+FFFD), keeping a BOM inside a line. */
const utf8Decoder = /* @__PURE__ */ new TextDecoder("utf-8", { ignoreBOM: true });

/** log2 of the bytes of hrefs made into one string at a time (64 KiB). */
const PIECE_BITS = 16;

/**
 * The hrefs (ASCII) as bytes outside the kernel's memory, sliced from
 * strings of 64 KiB of them, each made when a slice in it is first asked
 * for: a tally (tally.ts) reads the bytes and never asks, so counting a
 * batch decodes nothing. Pieces, not one string of the batch: Node.js makes
 * a string of about a megabyte and more outside V8's heap, and making and
 * freeing one a batch costs more than the rest of a loop that reads two
 * components of every URL. A slice across two pieces is decoded alone.
 */
class HrefBytes {
  private readonly pieces: (string | undefined)[] = [];

  constructor(readonly bytes: Uint8Array) {}

  slice(start: number, end: number): string {
    const k = start >> PIECE_BITS;
    const from = k << PIECE_BITS;
    if (end > from + (1 << PIECE_BITS)) return latin1String(this.bytes.subarray(start, end));
    const piece = (this.pieces[k] ??= latin1String(this.bytes.subarray(from, from + (1 << PIECE_BITS))));
    return piece.slice(start - from, end - from);
  }
}

/** The hrefs of a batch without any (every line failed). */
const NO_HREFS = /* @__PURE__ */ new HrefBytes(new Uint8Array(0));

/** The offset in the high half of a row word (ROW_NONE for none). */
function high(word: number): number {
  return word >>> 16;
}

/** The offset in the low half of a row word (ROW_NONE for none). */
function low(word: number): number {
  return word & L.ROW_NONE;
}

/** A packed offset as a record offset: ROW_NONE is NONE. */
function offset(packed: number): number {
  return packed === L.ROW_NONE ? L.NONE : packed;
}

/**
 * The byte ranges of the lines of `bytes` (a batch's input; `bom`: it starts
 * a file, a byte order mark is skipped), two words a line: start, end without
 * the LF or CR LF. The kernel's batchLines(), run again on the input when a
 * line's text is first asked for, so a batch whose lines nobody reads costs
 * nothing more.
 */
type LineFinder = (bytes: Uint8Array, bom: boolean) => Int32Array;

/** A batch's input, for line(): its text (a string is encoded when first asked for) and how its lines are found. */
interface BatchInput {
  text: Uint8Array | string;
  bom: boolean;
  find: LineFinder;
  /** The lines' keys, where the batch was asked for some. */
  keys: LineKeys | null;
}

/** A URL record unpacked from a batch row, for the ParsedUrl constructor to copy (one for all batches). */
const unpacked = /* @__PURE__ */ new Int32Array(L.URL_FIELDS);

/**
 * The results of parsing one URL per line: line `i` is `parse(line_i, base)`.
 *
 * A batch owns its results: they were copied out of the kernel's memory when
 * it was made, so it stays valid however many batches or parse() calls come
 * after it, until it is garbage-collected. It holds 32 bytes per line plus
 * its hrefs' bytes, and once a component is asked for one string of all its
 * hrefs; every string it returns is a slice of that string, which V8 keeps
 * whole while any slice of it is alive.
 */
export class UrlBatch implements Iterable<ParsedUrl | null> {
  /** The input as bytes, and its lines' ranges (LineFinder): made when a line is first asked for. */
  private bytes: Uint8Array | null = null;
  private ranges: Int32Array | null = null;
  /**
   * The bounds [from, to) in its row's href that the last *Bounds() call
   * found: fields, so that a component's getter and its range method share
   * one rule without an array a call.
   */
  private from = 0;
  private to = 0;

  /** @internal Made by parseBatch() and parseStream(). */
  constructor(
    /** One entry per input line. */
    readonly length: number,
    /** Lines that did not parse. */
    readonly failures: number,
    /** Lines skipped as blank or comments (BatchOptions.skipBlank, skipComments): neither URLs nor failures. */
    readonly skipped: number,
    private readonly rows: Int32Array,
    /** Every href of a BATCH_OK row, one after the other; rows say where. */
    private readonly hrefs: HrefBytes,
    /** Lines the kernel deferred to the single-URL path (UTS #46 hosts, blob: URLs, long hrefs) that parsed. */
    private readonly finished: Map<number, ParsedUrl>,
    private readonly input: BatchInput,
  ) {}

  /**
   * @internal The kernel's rows (layout.ts ROW_*, one per line) and the hrefs
   * they point into, as bytes, for tallies (tally.ts).
   */
  _rows(): { rows: Int32Array; hrefs: Uint8Array } {
    return { rows: this.rows, hrefs: this.hrefs.bytes };
  }

  /**
   * The keys of BatchOptions.logKeys (LineKeys), and the input they are
   * offsets in, to be read, not written; null where none were asked for.
   */
  logKeys(): (LineKeys & { bytes: Uint8Array }) | null {
    const { keys, text } = this.input;
    // An access log's input is bytes (parseBlock() encodes a string).
    return keys === null || typeof text === "string" ? null : { ...keys, bytes: text };
  }

  /** The row of line `i` in `rows`. */
  private row(i: number): number {
    if (i >>> 0 !== i || i >= this.length) {
      throw new RangeError(`UrlBatch: line ${String(i)} is not an index in [0, ${this.length})`);
    }
    return i * L.ROW_FIELDS;
  }

  private status(r: number): number {
    return this.rows[r + L.ROW_STATE] & L.ROW_STATUS_MASK;
  }

  /** The parsed URL of line `i`, or null where parse() fails (or the line was skipped): equal to `parse(line_i, base)`. */
  get(i: number): ParsedUrl | null {
    const r = this.row(i);
    const status = this.status(r);
    if (status === L.BATCH_OK) return new ParsedUrl(this.rowHref(r), this.record(r), 0);
    if (status === L.BATCH_DEFERRED) return this.finished.get(i)!;
    return null;
  }

  /** Whether line `i` parsed. */
  isValid(i: number): boolean {
    const status = this.status(this.row(i));
    return status === L.BATCH_OK || status === L.BATCH_DEFERRED;
  }

  /** Whether line `i` was skipped as blank or a comment (BatchOptions.skipBlank, skipComments). */
  isSkipped(i: number): boolean {
    return this.status(this.row(i)) === L.BATCH_SKIPPED;
  }

  /** The URL record (layout.ts URL_*) of the BATCH_OK row `r`, unpacked into `unpacked`. */
  private record(r: number): Int32Array {
    const w = this.rows;
    const u = unpacked;
    const host = w[r + L.ROW_HOST];
    const portPath = w[r + L.ROW_PORT_PATH];
    const after = w[r + L.ROW_QUERY_FRAGMENT];
    u[L.URL_HREF_END] = high(w[r + L.ROW_LENGTH_SCHEME]);
    u[L.URL_SCHEME_END] = low(w[r + L.ROW_LENGTH_SCHEME]);
    u[L.URL_USER_START] = high(w[r + L.ROW_USER]);
    u[L.URL_USER_END] = low(w[r + L.ROW_USER]);
    u[L.URL_PASS_START] = high(w[r + L.ROW_PASS]);
    u[L.URL_PASS_END] = low(w[r + L.ROW_PASS]);
    u[L.URL_HOST_START] = offset(high(host));
    u[L.URL_HOST_END] = low(host);
    u[L.URL_PORT_END] = high(portPath);
    const port = C.portFrom(low(host), high(portPath));
    u[L.URL_PORT] = port === high(portPath) ? L.NONE : Number(this.part(r, port, high(portPath)));
    u[L.URL_PATH_START] = low(portPath);
    u[L.URL_QUERY_START] = offset(high(after));
    u[L.URL_FRAGMENT_START] = offset(low(after));
    u[L.URL_FLAGS] = w[r + L.ROW_STATE] >> L.ROW_FLAGS_SHIFT;
    return u;
  }

  // The getters of ParsedUrl (#urlutils-members, components.ts), read straight from
  // the row, without making a ParsedUrl (an allocation and a dozen field
  // stores that one component does not need). Lines without a kernel row (failed,
  // or finished by parse()) go through get(). test/bulk/batch.test.ts checks every
  // accessor against parse() on every line.

  /** [from, to) of the href of the BATCH_OK row `r`. */
  private part(r: number, from: number, to: number): string {
    const start = this.rows[r + L.ROW_HREF];
    return this.hrefs.slice(start + from, start + to);
  }

  /** The href of the BATCH_OK row `r`. */
  private rowHref(r: number): string {
    return this.part(r, 0, high(this.rows[r + L.ROW_LENGTH_SCHEME]));
  }

  private fromUrl(i: number, component: UrlGetter): string | null {
    const url = this.get(i);
    return url === null ? null : url[component];
  }

  // Each getter reads the row words it needs once: a typed-array read costs a
  // bounds check, so reading the whole record field by field would cost more.

  /** `get(i).href` without making the ParsedUrl; null where line `i` did not parse. */
  href(i: number): string | null {
    const r = this.row(i);
    if (this.status(r) !== L.BATCH_OK) return this.fromUrl(i, "href");
    return this.rowHref(r);
  }
  /** `get(i).origin` (through the ParsedUrl: the origin depends on the scheme); null where line `i` did not parse. */
  origin(i: number): string | null {
    return this.fromUrl(i, "origin");
  }
  /** `get(i).protocol` without making the ParsedUrl; null where line `i` did not parse. */
  protocol(i: number): string | null {
    const r = this.row(i);
    if (this.status(r) !== L.BATCH_OK) return this.fromUrl(i, "protocol");
    return this.part(r, 0, C.protocolEnd(low(this.rows[r + L.ROW_LENGTH_SCHEME])));
  }
  /** `get(i).username` without making the ParsedUrl; null where line `i` did not parse. */
  username(i: number): string | null {
    const r = this.row(i);
    if (this.status(r) !== L.BATCH_OK) return this.fromUrl(i, "username");
    return this.packedPart(r, this.rows[r + L.ROW_USER]);
  }
  /** `get(i).password` without making the ParsedUrl; null where line `i` did not parse. */
  password(i: number): string | null {
    const r = this.row(i);
    if (this.status(r) !== L.BATCH_OK) return this.fromUrl(i, "password");
    return this.packedPart(r, this.rows[r + L.ROW_PASS]);
  }
  /** `get(i).host` without making the ParsedUrl; null where line `i` did not parse. */
  host(i: number): string | null {
    const r = this.row(i);
    if (this.status(r) !== L.BATCH_OK) return this.fromUrl(i, "host");
    const end = high(this.rows[r + L.ROW_PORT_PATH]);
    return this.part(r, C.hostFrom(high(this.rows[r + L.ROW_HOST]), end, L.ROW_NONE), end);
  }
  /** `get(i).hostname` without making the ParsedUrl; null where line `i` did not parse. */
  hostname(i: number): string | null {
    const r = this.row(i);
    if (this.status(r) !== L.BATCH_OK) return this.fromUrl(i, "hostname");
    this.hostnameBounds(r);
    return this.part(r, this.from, this.to);
  }
  /** `get(i).port` without making the ParsedUrl; null where line `i` did not parse. */
  port(i: number): string | null {
    const r = this.row(i);
    if (this.status(r) !== L.BATCH_OK) return this.fromUrl(i, "port");
    const end = high(this.rows[r + L.ROW_PORT_PATH]);
    return this.part(r, C.portFrom(low(this.rows[r + L.ROW_HOST]), end), end);
  }
  /** `get(i).pathname` without making the ParsedUrl; null where line `i` did not parse. */
  pathname(i: number): string | null {
    const r = this.row(i);
    if (this.status(r) !== L.BATCH_OK) return this.fromUrl(i, "pathname");
    this.pathnameBounds(r);
    return this.part(r, this.from, this.to);
  }
  /** `get(i).search` without making the ParsedUrl; null where line `i` did not parse. */
  search(i: number): string | null {
    const r = this.row(i);
    if (this.status(r) !== L.BATCH_OK) return this.fromUrl(i, "search");
    this.searchBounds(r);
    return this.part(r, this.from, this.to);
  }
  /** `get(i).hash` without making the ParsedUrl; null where line `i` did not parse. */
  hash(i: number): string | null {
    const r = this.row(i);
    if (this.status(r) !== L.BATCH_OK) return this.fromUrl(i, "hash");
    const end = high(this.rows[r + L.ROW_LENGTH_SCHEME]);
    return this.part(r, C.hashFrom(low(this.rows[r + L.ROW_QUERY_FRAGMENT]), end, L.ROW_NONE), end);
  }

  /**
   * The hrefs of the lines that parsed in the kernel, one after another, as
   * bytes (ASCII: the WHATWG serializer percent-encodes the rest), where
   * hostnameRange(), pathnameRange() and searchRange() point: to be read,
   * not written.
   */
  hrefBytes(): Uint8Array {
    return this.hrefs.bytes;
  }

  /**
   * The byte range [start, end) in hrefBytes() of `get(i).pathname`, for a
   * program that reads many lines' paths without a string a line; null
   * where line `i` has no href there (it failed, was skipped, or was
   * finished by parse(): get(i) gives its URL).
   */
  pathnameRange(i: number): [start: number, end: number] | null {
    const r = this.row(i);
    if (this.status(r) !== L.BATCH_OK) return null;
    this.pathnameBounds(r);
    return this.range(r);
  }

  /** The byte range in hrefBytes() of `get(i).hostname` (empty where that is ""), or null as pathnameRange() says. */
  hostnameRange(i: number): [start: number, end: number] | null {
    const r = this.row(i);
    if (this.status(r) !== L.BATCH_OK) return null;
    this.hostnameBounds(r);
    return this.range(r);
  }

  /** The byte range in hrefBytes() of `get(i).search` ("?" and the query; empty where that is ""), or null as pathnameRange() says. */
  searchRange(i: number): [start: number, end: number] | null {
    const r = this.row(i);
    if (this.status(r) !== L.BATCH_OK) return null;
    this.searchBounds(r);
    return this.range(r);
  }

  /** The last *Bounds() call's [from, to) in the href of the BATCH_OK row `r`, as offsets in hrefBytes(). */
  private range(r: number): [start: number, end: number] {
    const start = this.rows[r + L.ROW_HREF];
    return [start + this.from, start + this.to];
  }

  // Where a component lies in the href of the BATCH_OK row `r`, into from and
  // to: the one rule of its getter and its range method.

  private hostnameBounds(r: number): void {
    const host = this.rows[r + L.ROW_HOST];
    this.from = C.hostFrom(high(host), low(host), L.ROW_NONE);
    this.to = low(host);
  }

  private pathnameBounds(r: number): void {
    const after = this.rows[r + L.ROW_QUERY_FRAGMENT];
    this.from = low(this.rows[r + L.ROW_PORT_PATH]);
    this.to = C.pathEnd(high(after), low(after), high(this.rows[r + L.ROW_LENGTH_SCHEME]), L.ROW_NONE);
  }

  private searchBounds(r: number): void {
    const after = this.rows[r + L.ROW_QUERY_FRAGMENT];
    this.to = C.queryEnd(low(after), high(this.rows[r + L.ROW_LENGTH_SCHEME]), L.ROW_NONE);
    this.from = C.searchFrom(high(after), this.to, L.ROW_NONE);
  }

  /** Index of line `i`'s start in `ranges` (its end is next), finding the lines first if need be. */
  private lineAt(i: number): number {
    const at = 2 * (this.row(i) / L.ROW_FIELDS);
    this.lineBytes();
    return at;
  }

  /**
   * The batch's input as bytes (the bytes given to parseBatch(), a string's
   * UTF-8, or the stream's block) and every line's range in them, two numbers
   * a line: line `i` is [ranges[2 * i], ranges[2 * i + 1]), as lineRange(i)
   * says. For reading many lines' bytes without a string or an array a line;
   * both are the batch's own, to be read, not written.
   */
  lineBytes(): { bytes: Uint8Array; ranges: Int32Array } {
    if (this.ranges === null) {
      const { text, bom, find } = this.input;
      this.bytes = typeof text === "string" ? encoder.encode(text) : text;
      this.ranges = find(this.bytes, bom);
    }
    return { bytes: this.bytes!, ranges: this.ranges };
  }

  /**
   * The byte range [start, end) of line `i` in the batch's input, without its
   * LF or CR LF: in the bytes given to parseBatch() (of a string, its UTF-8
   * encoding), or in the block of the stream the batch was made of. With
   * `accessLog`, the whole line's range, not the field's.
   */
  lineRange(i: number): [start: number, end: number] {
    const at = this.lineAt(i);
    return [this.ranges![at], this.ranges![at + 1]];
  }

  /**
   * The text of line `i` as parsed: its bytes decoded the way the line was
   * (invalid UTF-8 as U+FFFD), without its line end; with `accessLog`, the
   * whole line. A skipped line gives its text too.
   */
  line(i: number): string {
    const at = this.lineAt(i);
    return utf8Decoder.decode(this.bytes!.subarray(this.ranges![at], this.ranges![at + 1]));
  }

  /** The range packed in `word` (start << 16 | end) of the href of row `r`. */
  private packedPart(r: number, word: number): string {
    return this.part(r, high(word), low(word));
  }

  /** Each line's ParsedUrl, or null for a line that did not parse. */
  *[Symbol.iterator](): IterableIterator<ParsedUrl | null> {
    for (let i = 0; i < this.length; i++) yield this.get(i);
  }
}

function checkMemory(bytes: number, fn: string): void {
  if (L.ARENA + bytes + L.SLACK > MAX_MEMORY) {
    // A stream's blocks are small: only a line of a gigabyte or more gets here.
    const advice = fn === "parseStream" ? "a line is too long" : "parseStream() takes input of any size";
    throw new RangeError(`${fn}: the batch needs more than 2 GiB of kernel memory; ${advice}`);
  }
}

/**
 * The bulk parsing API on `arena`; `parse` is the API's own parse(), which
 * finishes the deferred lines (no second parse() instance on the same memory).
 */
export function batchApi(arena: Arena, parse: ReturnType<typeof parseApi>["parse"]) {
  const kernel = arena.module(BULK);
  const result = L.RESULT >> 2;

  /** The base option as a ParsedUrl; null when it does not parse (then no line does); undefined when absent. */
  function baseOption(options: BatchOptions | undefined, fn: string): ParsedUrl | null | undefined {
    expectOptions(options, fn);
    if (options === undefined) return undefined;
    const { base } = options;
    if (base === undefined || base instanceof ParsedUrl) return base;
    if (typeof base !== "string")
      throw new TypeError(`${fn}: options.base must be a string or a ParsedUrl, got ${typeName(base)}`);
    return parse(base);
  }

  /** LineFinder: batchBegin() again on the batch's input, then batchLines(). */
  function findLines(bytes: Uint8Array, bom: boolean): Int32Array {
    const len = arena.inputBytes(bytes);
    const table = align8(L.ARENA + len + L.SLACK);
    const lines = kernel.batchBegin(L.ARENA, len, bom ? 1 : 0, ALL_LINES, 0, table);
    arena.reserve(table - L.ARENA + 8 * lines);
    kernel.batchLines(table);
    return arena.i32.slice(table >> 2, (table >> 2) + 2 * lines);
  }

  /** Write the base's href after `at` and parse it there as the lines' base; returns its href's address. */
  function setBase(base: ParsedUrl, at: number): number {
    const href = base._href;
    const dst = align8(at + href.length + L.SLACK);
    arena.reserve(dst - L.ARENA + L.outputBound(href.length, 0, 0) + L.SLACK);
    arena.write(href, at);
    // A serialized URL parses to itself (#url-serializing), so the kernel's
    // record of the href is the base's.
    if (kernel.batchBase(at, href.length, dst) !== L.PARSE_OK)
      throw new Error(`swurl: base ${quote(href)} does not parse again`);
    return dst;
  }

  /**
   * Parse the lines of `input` (up to `maxLines` of them) in the kernel, and
   * the deferred ones through parse(). `bom`: skip a leading byte order mark.
   */
  function parseBlock(
    input: Uint8Array | string,
    base: ParsedUrl | null | undefined,
    mode: number,
    bom: boolean,
    maxLines: number,
    fn: string,
  ): Block<UrlBatch> {
    // A deferred row of an access log holds the field's byte range, which only bytes can be sliced by.
    if (typeof input === "string" && (mode & L.MODE_FIELD_MASK) !== L.FIELD_NONE) input = encoder.encode(input);
    checkMemory(typeof input === "string" ? 3 * input.length : input.length, fn);
    const len = typeof input === "string" ? arena.input(input) : arena.inputBytes(input);
    let table = align8(L.ARENA + len + L.SLACK);
    let baseHref = 0;
    if (base) {
      baseHref = setBase(base, table);
      table = align8(baseHref + arena.i32[result + L.URL_HREF_END] + L.SLACK);
    }
    kernel.batchMode(mode);
    const lines = kernel.batchBegin(L.ARENA, len, bom ? 1 : 0, maxLines, baseHref, table);
    const used = arena.i32[result + L.BATCH_INPUT_END];
    const fields = keyFields(mode);
    const keysAt = table + lines * L.ROW_FIELDS * 4;
    const output = keysAt + lines * fields.length * 8;
    checkMemory(output - L.ARENA, fn);
    // The lines' input, for line(): a stream's block is the batch's own (stream.ts does not reuse it).
    let text = typeof input === "string" ? input : input.subarray(0, used);
    if (base === null) {
      // "If parsedBase is failure, then throw a TypeError": no line parses.
      const rows = new Int32Array(lines * L.ROW_FIELDS);
      for (let r = 0; r < rows.length; r += L.ROW_FIELDS) rows[r + L.ROW_STATE] = L.BATCH_FAILURE;
      const input = { text, bom, find: findLines, keys: null };
      return { batch: new UrlBatch(lines, lines, 0, rows, NO_HREFS, new Map(), input), used };
    }
    // Run the kernel until every line is done, doubling the output window
    // whenever the next line's worst case does not fit.
    let window = len + lines * (base ? base._href.length : 0) + MIN_WINDOW;
    for (;;) {
      checkMemory(output - L.ARENA + window, fn);
      arena.reserve(output - L.ARENA + window);
      const outEnd = arena.u8.length - L.SLACK;
      if (kernel.batchRun(outEnd) === lines) break;
      window = 2 * (outEnd - output);
    }
    const words = arena.i32;
    let failures = words[result + L.BATCH_FAILURES];
    const deferred = words[result + L.BATCH_DEFERRED_LINES];
    const skipped = words[result + L.BATCH_SKIPPED_LINES];
    const rows = words.slice(table >> 2, keysAt >> 2);
    const keys = fields.length === 0 ? null : { keys: words.slice(keysAt >> 2, output >> 2), fields };
    // The hrefs are copied out as bytes (a block copy), made one string when
    // a first href is asked for (a slice costs a fraction of decoding each
    // href alone), or never where a tally counts them.
    const outputEnd = words[result + L.BATCH_OUTPUT_END];
    const hrefs = new HrefBytes(arena.u8.slice(output, outputEnd));
    // The deferred lines go through parse(), which reuses the kernel's memory:
    // only now that the batch has its own copy.
    const finished = new Map<number, ParsedUrl>();
    if (deferred > 0) {
      // A deferred row holds its line's byte range in the input: read from
      // the caller's bytes (the kernel's copy was edited in place), a
      // string's encoded again (kept for line()).
      if (typeof text === "string") text = encoder.encode(text);
      for (let line = 0, r = 0; line < lines; line++, r += L.ROW_FIELDS) {
        if (rows[r + L.ROW_STATE] !== L.BATCH_DEFERRED) continue;
        const found = utf8Decoder.decode(text.subarray(rows[r + L.ROW_LINE_START], rows[r + L.ROW_LINE_END]));
        // An access log's field may hold the log's escapes (assembly/access-log.ts); a request's
        // target is read by its form.
        const field = mode & L.MODE_FIELD_MASK;
        const url =
          field === L.FIELD_REQUEST
            ? requestUrl(found, base, parse)
            : parse(field !== L.FIELD_NONE ? unescapeLogUrl(found) : found, base);
        if (url !== null) {
          finished.set(line, url);
        } else {
          rows[r + L.ROW_STATE] = L.BATCH_FAILURE;
          failures++;
        }
      }
    }
    return {
      batch: new UrlBatch(lines, failures, skipped, rows, hrefs, finished, { text, bom, find: findLines, keys }),
      used,
    };
  }

  /**
   * Parse every line of `input` (UTF-8 bytes or a string; LF or CRLF line
   * ends; a leading BOM is skipped): line `i` of the result is
   * `parse(line_i, options.base)`. The whole input goes to the kernel in one call.
   */
  function parseBatch(input: Uint8Array | string, options?: BatchOptions): UrlBatch {
    if (typeof input !== "string" && !(input instanceof Uint8Array)) {
      throw new TypeError(`parseBatch: input must be a Uint8Array or a string, got ${typeName(input)}`);
    }
    if (typeof input !== "string" && input.length === 0 && isDetached(input.buffer)) {
      throw new TypeError("parseBatch: input is a Uint8Array whose ArrayBuffer has been detached (transferred)");
    }
    return parseBlock(input, baseOption(options, "parseBatch"), modeOf(options), true, ALL_LINES, "parseBatch").batch;
  }

  /**
   * Parse a stream of UTF-8 text, one URL per line, batch by batch: each batch
   * holds whole lines, in input order, about 1 MiB of input at a time, so
   * memory stays bounded however long the stream (a line longer than that
   * makes its batch grow for it).
   */
  function parseStream(source: StreamSource, options?: BatchOptions): AsyncIterable<UrlBatch> {
    const chunks = streamChunks(source);
    const base = baseOption(options, "parseStream");
    const mode = modeOf(options);
    return streamBatches(chunks, (bytes, first, maxLines) =>
      parseBlock(bytes, base, mode, first, maxLines, "parseStream"),
    );
  }

  return { parseBatch, parseStream };
}
