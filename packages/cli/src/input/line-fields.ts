// The fields of the log lines a format read (a block's byte ranges that
// programs gave, asked by line index; or a JSON object a line), by the
// server's names and the common ones, and what the URL of a line is made
// from: its request, its referer, its virtual host.

import { percentDecode, requestParts, unescapeLogField } from "swurl";
import { hash } from "../byte-hash.js";
import type { CommonName, LogProgram, ProgramField } from "./log-program.js";
import type { ProgramBatch } from "./program-kernel.js";

export interface LineFields {
  /** Field `name` (the server's or a common name) as text; null where it is absent or "-". */
  field(name: string): string | null;
  /** The field with common name `common`'s definition, where the format has one. */
  def(common: CommonName): ProgramField | undefined;
  /**
   * Write the request line ("METHOD target VERSION"), or the referer, into
   * `out` as the text of a quoted log field, with the escapes Apache and
   * nginx write there; false where the line has none.
   */
  writeQuoted(referer: boolean, out: QuotedSink): boolean;
  /** The origin (scheme://host[:port]) of the line's virtual host, with `scheme` where the line says none; null: none. */
  origin(scheme: string | undefined): string | null;
  /** A hash of what origin() is made of: lines whose origin is made of the same have the same hash. */
  originHash(): number;
  /** Whether `other`'s origin is made of the same as this line's (then origin() is the same). */
  sameOrigin(other: LineFields): boolean;
}

/** What writeQuoted() writes into: the text of a quoted log field, from bytes [start, end) or from text. */
export interface QuotedSink {
  /** Where the next byte goes; set back to drop what was written after. */
  length: number;
  /** Bytes that are already that text (a field the server escapes). */
  copy(bytes: Uint8Array, start: number, end: number): void;
  /** Bytes of a field no server escapes: `\` and `"` escaped. */
  escape(bytes: Uint8Array, start: number, end: number): void;
  /** Bytes of a URL-encoded field (valid UTF-8): the bytes it stands for, escaped as Apache escapes them. */
  urlDecode(bytes: Uint8Array, start: number, end: number): void;
  /** Text of a field no server escapes. */
  text(text: string): void;
}

/** The WHATWG UTF-8 decoder (invalid sequences become U+FFFD), as a line's text is decoded. */
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** "-" is the servers' "no value". */
const value = (v: string | null | undefined): string | null => (v === undefined || v === null || v === "-" ? null : v);

/** A field that no server escapes, as the text of a quoted log field: `\` and `"` escaped. */
export const asQuoted = (v: string): string => v.replace(/[\\"]/g, (c) => `\\${c}`);

const encoder = new TextEncoder();
const ascii = (text: string) => encoder.encode(text);
/** What a request split in fields (W3C's cs-method, cs-uri-stem, cs-uri-query) is made whole with. */
const GET = ascii("GET");
const SPACE = ascii(" ");
const QUESTION_MARK = ascii("?");
const VERSION = ascii(" HTTP/1.1");
const DASH = 0x2d;

/** The schemes a log's scheme field may name that are the origin's. */
const SCHEMES = new Set(["http", "https", "ws", "wss"]);

/** Keys of the W3C date and time-of-day fields (no field's name starts with a space). */
const DATE = " date";
const CLOCK = " clock";

/** Per program: each name it answers to, the server's and the common ones (the first field of a common name). */
const NAMES = new WeakMap<LogProgram, Map<string, number>>();

/** The field of `program` each name (the server's or a common one) answers to. */
export function names(program: LogProgram): Map<string, number> {
  let map = NAMES.get(program);
  if (map === undefined) {
    map = new Map();
    for (const [k, f] of program.fields.entries()) {
      if (f.common !== undefined && !map.has(f.common)) map.set(f.common, k);
    }
    for (const [k, f] of program.fields.entries()) {
      map.set(f.name, k);
      // W3C's time is two fields, the date and the time of day: DATE and CLOCK find them.
      if (f.time === "date") map.set(DATE, k);
      if (f.time === "clock") map.set(CLOCK, k);
    }
    NAMES.set(program, map);
  }
  return map;
}

/** Per program: the fields origin() is made of (the virtual host, the scheme, the port: those it has). */
const ORIGIN_FIELDS = new WeakMap<LogProgram, number[]>();

function originFields(program: LogProgram): number[] {
  let fields = ORIGIN_FIELDS.get(program);
  if (fields === undefined) {
    const map = names(program);
    fields = map.has("vhost") ? ["vhost", "scheme", "port"].flatMap((n) => map.get(n) ?? []) : [];
    ORIGIN_FIELDS.set(program, fields);
  }
  return fields;
}

/** Whether `program`'s time is W3C's, two fields: the date and the time of day. */
export function twoFieldTime(program: LogProgram): boolean {
  const map = names(program);
  return map.has(DATE) && map.has(CLOCK);
}

/** Whether `program` answers to field `name` (a server's or a common name, or one worked out of the request). */
export function hasField(program: LogProgram, name: string): boolean {
  const map = names(program);
  return map.has(name) || (map.has("request") && (name === "method" || name === "target" || name === "version"));
}

/** The fields of a block's lines, by line index (0: the block's first line). */
export interface BlockFields {
  /** Whether line i was read (it matched its format); the methods below ask only of lines read but field(). */
  read(i: number): boolean;
  /** Field `name` of line i (a server's or a common name) as text; null where it is absent, "-", or the line was not read. */
  field(i: number, name: string): string | null;
  /** LineFields.writeQuoted() of line i. */
  writeQuoted(i: number, referer: boolean, out: QuotedSink): boolean;
  /** LineFields.origin() of line i. */
  origin(i: number, scheme: string | undefined): string | null;
  /** LineFields.originHash() of line i. */
  originHash(i: number): number;
  /** Whether lines i and j have an origin made of the same (then origin() is the same). */
  sameOrigin(i: number, j: number): boolean;
}

/** The fields of a block's lines read one object a line (Caddy's JSON objects); null: a line not read. */
export class LineList implements BlockFields {
  constructor(private readonly lines: readonly (LineFields | null)[]) {}

  read(i: number): boolean {
    return this.lines[i] !== null;
  }

  field(i: number, name: string): string | null {
    return this.lines[i]?.field(name) ?? null;
  }

  writeQuoted(i: number, referer: boolean, out: QuotedSink): boolean {
    return this.lines[i]!.writeQuoted(referer, out);
  }

  origin(i: number, scheme: string | undefined): string | null {
    return this.lines[i]!.origin(scheme);
  }

  originHash(i: number): number {
    return this.lines[i]!.originHash();
  }

  sameOrigin(i: number, j: number): boolean {
    return this.lines[i]!.sameOrigin(this.lines[j]!);
  }
}

/**
 * The lines of a block read by programs: per line, where its fields' byte
 * ranges are in the kernel's `ranges` (2 a field, offsets of `bytes` plus
 * `base`: a batch's ranges are addresses in the kernel's memory,
 * program-kernel.ts) and the program that read it (a W3C directive may
 * change it between a block's batches). One for every block, and no object
 * a line: a field is read from the ranges when it is asked for. A method
 * first selects its line: `program` and `line` are then that line's.
 */
export class ProgramFields implements BlockFields {
  private bytes: Uint8Array = new Uint8Array(0);
  private ranges: Int32Array = new Int32Array(0);
  private base = 0;
  /** The block's lines so far. */
  private lines = 0;
  /** Per line: where its ranges start in `ranges`, -1 where no program read it. */
  private at = new Int32Array(1024);
  /** Per line: its program's index in `programs`. */
  private programOf = new Int32Array(1024);
  private readonly programs: LogProgram[] = [];
  // The selected line: its program, that program's names, where its ranges start.
  private program: LogProgram | null = null;
  private names = new Map<string, number>();
  private line = 0;

  /** A new block, of `bytes`: the last block's lines are done with. */
  newBlock(bytes: Uint8Array): void {
    this.bytes = bytes;
    this.lines = 0;
    this.programs.length = 0;
  }

  /** The block's next `count` lines, as `program` read them in `batch` (null: no program read them). */
  add(program: LogProgram | null, batch: ProgramBatch | null, count: number): void {
    if (this.lines + count > this.at.length) {
      const size = Math.max(2 * this.at.length, this.lines + count);
      const at = new Int32Array(size);
      const programOf = new Int32Array(size);
      at.set(this.at.subarray(0, this.lines));
      programOf.set(this.programOf.subarray(0, this.lines));
      this.at = at;
      this.programOf = programOf;
    }
    if (program === null || batch === null) {
      this.at.fill(-1, this.lines, this.lines + count);
      this.lines += count;
      return;
    }
    // The kernel's latest array holds its earlier batches' ranges too, at the same offsets.
    this.ranges = batch.ranges;
    this.base = batch.base;
    if (this.programs[this.programs.length - 1] !== program) this.programs.push(program);
    const index = this.programs.length - 1;
    const stride = 2 * program.fields.length;
    for (let i = 0; i < count; i++) {
      this.at[this.lines + i] = batch.matched[i] === 1 ? batch.at + i * stride : -1;
      this.programOf[this.lines + i] = index;
    }
    this.lines += count;
  }

  read(i: number): boolean {
    return this.at[i] >= 0;
  }

  /** Select line i (one read). */
  private select(i: number): LogProgram {
    const program = this.programs[this.programOf[i]];
    if (program !== this.program) {
      this.program = program;
      this.names = names(program);
    }
    this.line = this.at[i];
    return program;
  }

  /** Where field k of a line (the selected one, else the one whose ranges are at `line`) starts and ends in `bytes`. */
  private start(k: number, line = this.line): number {
    return this.ranges[line + 2 * k] - this.base;
  }

  private end(k: number, line = this.line): number {
    return this.ranges[line + 2 * k + 1] - this.base;
  }

  /** Field k's text as written (escapes kept); an empty field of a vendor's format (a CSV's "") is none. */
  private raw(k: number | undefined): string | null {
    if (k === undefined) return null;
    const a = this.start(k);
    const b = this.end(k);
    return a === b && !this.program!.fields[k].escaped ? null : value(utf8.decode(this.bytes.subarray(a, b)));
  }

  /** Whether field k's escapes are undone as text: in a quoted field, as `--input combined` undoes them. */
  private unescapes(k: number): boolean {
    return this.program!.fields[k].escaped && this.program!.quoted[k];
  }

  /** Field k's text, escapes (or a URL-encoding, or IIS's "+" for a space) undone. */
  private text(k: number | undefined): string | null {
    const raw = this.raw(k);
    if (raw === null) return null;
    if (this.program!.fields[k!].urlEncoded) return value(percentDecode(raw));
    if (this.program!.fields[k!].plusSpaces) return raw.replaceAll("+", " ");
    return this.unescapes(k!) ? value(unescapeLogField(raw)) : raw;
  }

  field(i: number, name: string): string | null {
    if (!this.read(i)) return null;
    const program = this.select(i);
    if (name === "time" && twoFieldTime(program)) {
      // W3C: the time is the date and the time of day (UTC), as "2026-10-10 13:55:36".
      const date = this.text(this.names.get(DATE));
      const clock = this.text(this.names.get(CLOCK));
      return date === null || clock === null ? null : `${date} ${clock}`;
    }
    const k = this.names.get(name);
    if (k === undefined) return this.fromRequest(name);
    const f = program.fields[k];
    const v = this.text(k);
    if (v === null || f.name === name) return v;
    // A common name: the host of a host:port field, the target with its query where they are two fields.
    if (f.hostPort) {
      const colon = v.lastIndexOf(":");
      return colon === -1 ? v : v.slice(0, colon);
    }
    if (name === "target") {
      const query = this.names.get("query");
      const q = query === undefined ? null : this.text(query);
      return q === null || q === "" ? v : `${v}?${q}`;
    }
    return v;
  }

  /** The method, target or version of the request line, split as the kernel splits it (before the escapes are undone). */
  private fromRequest(name: string): string | null {
    if (name !== "method" && name !== "target" && name !== "version") return null;
    const k = this.names.get("request");
    const raw = this.raw(k);
    const parts = raw === null ? null : requestParts(raw);
    const part = parts?.[name];
    if (part === undefined || part === null) return null;
    return value(this.unescapes(k!) ? unescapeLogField(part) : part);
  }

  /**
   * Write field k as the text of a quoted field, escaped as Apache and nginx
   * escape; false where it is none (raw()).
   */
  private writeField(k: number | undefined, out: QuotedSink): boolean {
    if (k === undefined) return false;
    const a = this.start(k);
    const b = this.end(k);
    const f = this.program!.fields[k];
    if ((a === b && !f.escaped) || (b - a === 1 && this.bytes[a] === DASH)) return false;
    if (f.escaped) out.copy(this.bytes, a, b);
    else if (!f.urlEncoded) out.escape(this.bytes, a, b);
    else {
      // The text's bytes: an invalid sequence is U+FFFD's, as decoding the line makes it (its %XX are the bytes they say).
      let high = false;
      for (let p = a; p < b && !high; p++) high = this.bytes[p] >= 0x80;
      const bytes = high ? encoder.encode(utf8.decode(this.bytes.subarray(a, b))) : this.bytes;
      out.urlDecode(bytes, high ? 0 : a, high ? bytes.length : b);
    }
    return true;
  }

  writeQuoted(i: number, referer: boolean, out: QuotedSink): boolean {
    this.select(i);
    if (referer) return this.writeField(this.names.get("referer"), out);
    const line = this.names.get("request");
    if (line !== undefined) return this.writeField(line, out);
    // A request split in fields: "METHOD target?query HTTP/1.1", GET where no method is logged.
    if (!this.writeField(this.names.get("method"), out)) out.copy(GET, 0, GET.length);
    out.copy(SPACE, 0, SPACE.length);
    if (!this.writeField(this.names.get("target"), out)) return false;
    const mark = out.length;
    out.copy(QUESTION_MARK, 0, QUESTION_MARK.length);
    if (!this.writeField(this.names.get("query"), out) || out.length === mark + QUESTION_MARK.length) out.length = mark;
    out.copy(VERSION, 0, VERSION.length);
    return true;
  }

  originHash(i: number): number {
    // Each field's hash seeds the next's, which mixes in its length: "ab" "c" and "a" "bc" differ.
    let h = 0;
    const fields = originFields(this.select(i));
    for (let f = 0; f < fields.length; f++) h = hash(this.bytes, this.start(fields[f]), this.end(fields[f]), h);
    return h;
  }

  sameOrigin(i: number, j: number): boolean {
    const program = this.programs[this.programOf[i]];
    if (this.programs[this.programOf[j]] !== program) return false;
    const { bytes } = this;
    const lineI = this.at[i];
    const lineJ = this.at[j];
    const fields = originFields(program);
    // An index loop: a for-of makes an iterator a line where the optimizer keeps it.
    for (let f = 0; f < fields.length; f++) {
      const k = fields[f];
      const a = this.start(k, lineI);
      const n = this.end(k, lineI) - a;
      const b = this.start(k, lineJ);
      if (this.end(k, lineJ) - b !== n) return false;
      for (let p = 0; p < n; p++) if (bytes[a + p] !== bytes[b + p]) return false;
    }
    return true;
  }

  origin(i: number, scheme: string | undefined): string | null {
    const host = this.field(i, "vhost");
    if (host === null) return null;
    const own = this.field(i, "scheme")?.toLowerCase();
    const port = this.field(i, "port");
    const withPort = port === null || host.includes(":") ? host : `${host}:${port}`;
    return `${own !== undefined && SCHEMES.has(own) ? own : (scheme ?? "http")}://${withPort}`;
  }
}
