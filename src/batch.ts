// parseBatch() (API.md section 2): every line of a block of UTF-8 text parsed
// by the kernel in one call (assembly/batch.ts), which leaves a table of rows
// and one buffer of serialized hrefs; a UrlBatch makes strings from them only
// when one is asked for.
//
// Lifetime of a batch's data. The kernel works in one memory that every later
// call reuses: the next batch, and any parse() or split() in between. Ada's
// url_aggregator hands out string views that are valid only while the buffer
// lives; a UrlBatch instead copies its rows and its hrefs out of the kernel's
// memory into JS-owned typed arrays before parseBatch() returns (two bulk
// copies), so it stays right for as long as it is referenced, whatever runs
// after it. Throwing on a reused batch was the other choice; it would make a
// batch useless after any later call, including the next batch of a stream
// while the consumer still holds this one, for a saving of two memcpy's.
// A batch holds ROW_FIELDS * 4 = 64 bytes per line plus its hrefs, and one
// JS string of all its hrefs once a string has been asked for.

import * as L from "../assembly/layout";
import { expectOptions, isDetached, quote, typeName } from "./check";
import { align8, asciiString, MAX_MEMORY, type Arena } from "./kernel/arena";
import { parseApi } from "./whatwg/parse";
import { Url, recordAt } from "./whatwg/url";
import { streamBatches, streamChunks, type Block, type StreamSource } from "./stream";

/** Kernel exports of bulk parsing (assembly/batch.ts). */
export interface BatchExports {
  batchBase(src: number, len: number, dst: number): number;
  batchBegin(src: number, len: number, bom: number, maxLines: number, base: number, rows: number): number;
  batchRun(outEnd: number): number;
}

export interface BatchOptions {
  /** Parse each line against this base URL, as `parse(line, base)` does. */
  base?: string | Url;
}

/** No limit on the lines of one kernel block (parseBatch). */
const ALL_LINES = 2 ** 31 - 1;
/** The first output window: the hrefs are about as long as the lines, plus the base for relative ones. */
const MIN_WINDOW = 65536;
/** Strings longer than this cannot be made in V8 (String::kMaxLength on 64-bit). */
const MAX_STRING = 2 ** 29 - 24;

const encoder = new TextEncoder();
/** The WHATWG UTF-8 decoder (invalid sequences become U+FFFD), keeping a BOM inside a line. */
const utf8Decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** What the hrefs are sliced from: one string, or a decoder of each slice where one string would be too long. */
interface StringSlicer {
  slice(start: number, end: number): string;
}

type UrlComponent = "href" | "origin" | "protocol" | "username" | "password" | "host" | "hostname" | "port" | "pathname" | "search" | "hash";

/** The results of parsing one URL per line: line `i` is `parse(line_i, base)`. */
export class UrlBatch implements Iterable<Url | null> {
  /** One entry per input line. */
  readonly length: number;
  /** Lines that did not parse. */
  readonly failures: number;
  private readonly rows: Int32Array;
  private readonly hrefBytes: Uint8Array;
  /** Lines the kernel deferred to the single-URL path (UTS #46 hosts, blob: URLs) that parsed. */
  private readonly finished: Map<number, Url>;
  /** See hrefText(). */
  private text: StringSlicer | null = null;

  /** @internal Made by parseBatch() and parseStream(). */
  constructor(length: number, failures: number, rows: Int32Array, hrefBytes: Uint8Array, finished: Map<number, Url>) {
    this.length = length;
    this.failures = failures;
    this.rows = rows;
    this.hrefBytes = hrefBytes;
    this.finished = finished;
  }

  /** The row of line `i` in `rows`. */
  private row(i: number): number {
    if (i >>> 0 !== i || i >= this.length) {
      throw new RangeError(`UrlBatch: line ${String(i)} is not an index in [0, ${this.length})`);
    }
    return i * L.ROW_FIELDS;
  }

  /** The hrefs to slice from: one string, made on the first string asked for. */
  private hrefText(): StringSlicer {
    // One string for all hrefs, sliced (~6 ns a slice) instead of one decoded
    // per href (~100 ns, TOOLCHAIN.md), unless it would be too long for V8.
    if (this.text === null) {
      const bytes = this.hrefBytes;
      this.text = bytes.length <= MAX_STRING ? asciiString(bytes) : { slice: (a, b) => asciiString(bytes.subarray(a, b)) };
    }
    return this.text;
  }

  /** The parsed URL of line `i`, or null where parse() fails: equal to `parse(line_i, base)`. */
  get(i: number): Url | null {
    const r = this.row(i);
    const status = this.rows[r + L.ROW_STATUS];
    if (status === L.BATCH_OK) return new Url(this.part(r, 0, this.field(r, L.URL_HREF_END)), recordAt(this.rows, r + L.ROW_RECORD));
    if (status === L.BATCH_FAILURE) return null;
    return this.finished.get(i)!;
  }

  /** Whether line `i` parsed. */
  isValid(i: number): boolean {
    return this.rows[this.row(i) + L.ROW_STATUS] !== L.BATCH_FAILURE;
  }

  // The getters of Url (#urlutils-members), read straight from the row's
  // record, without making a Url: ~10 ns a component where get(i).hostname
  // takes ~50 (bench/suites/batch.mjs). Lines without a kernel row (failed,
  // or finished by parse()) go through get(). test/batch.test.ts checks every
  // accessor against parse() on every line.

  /** The record field `f` (layout.ts URL_*) of the BATCH_OK row `r`. */
  private field(r: number, f: number): number {
    return this.rows[r + L.ROW_RECORD + f];
  }

  /** [a, b) of the href of the BATCH_OK row `r`. */
  private part(r: number, a: number, b: number): string {
    const start = this.rows[r + L.ROW_HREF];
    return this.hrefText().slice(start + a, start + b);
  }

  /** Whether `r` is a BATCH_OK row, with its record in the table. */
  private inTable(r: number): boolean {
    return this.rows[r + L.ROW_STATUS] === L.BATCH_OK;
  }

  private fromUrl(i: number, component: UrlComponent): string | null {
    const url = this.get(i);
    return url === null ? null : url[component];
  }

  href(i: number): string | null {
    const r = this.row(i);
    return this.inTable(r) ? this.part(r, 0, this.field(r, L.URL_HREF_END)) : this.fromUrl(i, "href");
  }
  origin(i: number): string | null {
    return this.fromUrl(i, "origin");
  }
  protocol(i: number): string | null {
    const r = this.row(i);
    return this.inTable(r) ? this.part(r, 0, this.field(r, L.URL_SCHEME_END) + 1) : this.fromUrl(i, "protocol");
  }
  username(i: number): string | null {
    const r = this.row(i);
    return this.inTable(r) ? this.part(r, this.field(r, L.URL_USER_START), this.field(r, L.URL_USER_END)) : this.fromUrl(i, "username");
  }
  password(i: number): string | null {
    const r = this.row(i);
    return this.inTable(r) ? this.part(r, this.field(r, L.URL_PASS_START), this.field(r, L.URL_PASS_END)) : this.fromUrl(i, "password");
  }
  host(i: number): string | null {
    const r = this.row(i);
    if (!this.inTable(r)) return this.fromUrl(i, "host");
    const start = this.field(r, L.URL_HOST_START);
    return start === L.NONE ? "" : this.part(r, start, this.field(r, L.URL_PORT_END));
  }
  hostname(i: number): string | null {
    const r = this.row(i);
    if (!this.inTable(r)) return this.fromUrl(i, "hostname");
    const start = this.field(r, L.URL_HOST_START);
    return start === L.NONE ? "" : this.part(r, start, this.field(r, L.URL_HOST_END));
  }
  port(i: number): string | null {
    const r = this.row(i);
    if (!this.inTable(r)) return this.fromUrl(i, "port");
    return this.field(r, L.URL_PORT) === L.NONE ? "" : this.part(r, this.field(r, L.URL_HOST_END) + 1, this.field(r, L.URL_PORT_END));
  }
  pathname(i: number): string | null {
    const r = this.row(i);
    if (!this.inTable(r)) return this.fromUrl(i, "pathname");
    const query = this.field(r, L.URL_QUERY_START);
    const fragment = this.field(r, L.URL_FRAGMENT_START);
    const end = query !== L.NONE ? query : fragment !== L.NONE ? fragment : this.field(r, L.URL_HREF_END);
    return this.part(r, this.field(r, L.URL_PATH_START), end);
  }
  search(i: number): string | null {
    const r = this.row(i);
    if (!this.inTable(r)) return this.fromUrl(i, "search");
    const query = this.field(r, L.URL_QUERY_START);
    if (query === L.NONE) return "";
    const fragment = this.field(r, L.URL_FRAGMENT_START);
    const end = fragment === L.NONE ? this.field(r, L.URL_HREF_END) : fragment;
    // "If this's URL's query is either null or the empty string, return the empty string."
    return end - query <= 1 ? "" : this.part(r, query, end);
  }
  hash(i: number): string | null {
    const r = this.row(i);
    if (!this.inTable(r)) return this.fromUrl(i, "hash");
    const fragment = this.field(r, L.URL_FRAGMENT_START);
    const end = this.field(r, L.URL_HREF_END);
    return fragment === L.NONE || end - fragment <= 1 ? "" : this.part(r, fragment, end);
  }

  /** Each line's Url, or null for a line that did not parse. */
  *[Symbol.iterator](): IterableIterator<Url | null> {
    for (let i = 0; i < this.length; i++) yield this.get(i);
  }
}

/** The text of each deferred line, for lines asked in increasing order. */
type LineText = (line: number, start: number, end: number) => string;

/** Lines of a byte input: decoded from the caller's bytes (the kernel's copy was edited in place). */
function bytesLines(bytes: Uint8Array): LineText {
  return (_line, start, end) => utf8Decoder.decode(bytes.subarray(start, end));
}

/** Lines of a string input, found by walking it forward (byte offsets are not string indices). */
function stringLines(s: string): LineText {
  let at = 0;
  let pos = s.startsWith("\uFEFF") ? 1 : 0;
  return (line) => {
    for (; at < line; at++) pos = s.indexOf("\n", pos) + 1;
    let end = s.indexOf("\n", pos);
    if (end === -1) end = s.length;
    else if (end > pos && s[end - 1] === "\r") end--;
    return s.slice(pos, end);
  };
}

function checkMemory(bytes: number, fn: string): void {
  if (L.ARENA + bytes + L.SLACK > MAX_MEMORY) {
    throw new RangeError(`${fn}: the batch needs more than 2 GiB of kernel memory; parseStream() takes input of any size`);
  }
}

export function batchApi(arena: Arena) {
  const { kernel } = arena;
  const { parse } = parseApi(arena);
  const result = L.RESULT >> 2;

  /** The base option as a Url; null when it does not parse (then no line does); undefined when absent. */
  function baseOption(options: BatchOptions | undefined, fn: string): Url | null | undefined {
    expectOptions(options, fn);
    if (options === undefined) return undefined;
    const { base } = options;
    if (base === undefined || base instanceof Url) return base;
    if (typeof base !== "string") throw new TypeError(`${fn}: options.base must be a string or a Url, got ${typeName(base)}`);
    return parse(base);
  }

  /** Write the base's href after `at` and parse it there as the lines' base; returns its href's address. */
  function setBase(base: Url, at: number): number {
    const href = base._href;
    const dst = align8(at + href.length + L.SLACK);
    // The parser's bound on the output (parse() in assembly/parser.ts).
    arena.reserve(dst - L.ARENA + 3 * href.length + 64 + L.SLACK);
    encoder.encodeInto(href, arena.u8.subarray(at, at + href.length));
    // A serialized URL parses to itself (#url-serializing), so the kernel's
    // record of the href is the base's.
    if (kernel.batchBase(at, href.length, dst) !== L.PARSE_OK) throw new Error(`swurl: base ${quote(href)} does not parse again`);
    return dst;
  }

  /**
   * Parse the lines of `input` (up to `maxLines` of them) in the kernel, and
   * the deferred ones through parse(). `bom`: skip a leading byte order mark.
   */
  function parseBlock(input: Uint8Array | string, base: Url | null | undefined, bom: boolean, maxLines: number, fn: string): Block {
    checkMemory(typeof input === "string" ? 3 * input.length : input.length, fn);
    const len = typeof input === "string" ? arena.input(input) : arena.inputBytes(input);
    let table = align8(L.ARENA + len + L.SLACK);
    let baseHref = 0;
    if (base) {
      baseHref = setBase(base, table);
      table = align8(baseHref + arena.i32[result + L.URL_HREF_END] + L.SLACK);
    }
    const lines = kernel.batchBegin(L.ARENA, len, bom ? 1 : 0, maxLines, baseHref, table);
    const used = arena.i32[result + L.BATCH_INPUT_END];
    const output = table + lines * L.ROW_FIELDS * 4;
    checkMemory(output - L.ARENA, fn);
    if (base === null) {
      // "If parsedBase is failure, then throw a TypeError": no line parses.
      const rows = new Int32Array(lines * L.ROW_FIELDS);
      for (let r = 0; r < rows.length; r += L.ROW_FIELDS) rows[r + L.ROW_STATUS] = L.BATCH_FAILURE;
      return { batch: new UrlBatch(lines, lines, rows, new Uint8Array(0), new Map()), used };
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
    const rows = words.slice(table >> 2, output >> 2);
    const hrefs = arena.u8.slice(output, words[result + L.BATCH_OUTPUT_END]);
    // The deferred lines go through parse(), which reuses the kernel's memory:
    // only now that the batch has its own copy.
    const finished = new Map<number, Url>();
    if (deferred > 0) {
      const text = typeof input === "string" ? stringLines(input) : bytesLines(input);
      for (let line = 0, r = 0; line < lines; line++, r += L.ROW_FIELDS) {
        if (rows[r + L.ROW_STATUS] !== L.BATCH_DEFERRED) continue;
        const url = parse(text(line, rows[r + L.ROW_LINE_START], rows[r + L.ROW_LINE_END]), base);
        if (url !== null) {
          finished.set(line, url);
        } else {
          rows[r + L.ROW_STATUS] = L.BATCH_FAILURE;
          failures++;
        }
      }
    }
    return { batch: new UrlBatch(lines, failures, rows, hrefs, finished), used };
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
    return parseBlock(input, baseOption(options, "parseBatch"), true, ALL_LINES, "parseBatch").batch;
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
    return streamBatches(chunks, (bytes, first, maxLines) => parseBlock(bytes, base, first, maxLines, "parseStream"));
  }

  return { parseBatch, parseStream };
}
