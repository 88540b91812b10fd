// The fields of one log line a format read (a program's byte ranges, or a
// JSON object), by the server's names and the common ones, and what the URL
// of the line is made from: its request, its referer, its virtual host.

import { percentDecode, requestParts, unescapeLogField } from "swurl";
import { hash } from "../byte-hash.js";
import type { CommonName, LogProgram, ProgramField } from "./log-program.js";

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

/**
 * A line read by a program: the fields' byte ranges of `bytes`, at `at` of
 * `ranges` (2 a field, offsets of `bytes` plus `base`: a batch's ranges are
 * addresses in the kernel's memory, program-kernel.ts).
 */
export class ProgramLine implements LineFields {
  private readonly names: Map<string, number>;
  constructor(
    private readonly program: LogProgram,
    private readonly bytes: Uint8Array,
    private readonly ranges: Int32Array,
    private readonly at: number,
    private readonly base: number,
  ) {
    this.names = names(program);
  }

  /** Field k's text as written (escapes kept); an empty field of a vendor's format (a CSV's "") is none. */
  private raw(k: number | undefined): string | null {
    if (k === undefined) return null;
    const a = this.start(k);
    const b = this.end(k);
    return a === b && !this.program.fields[k].escaped ? null : value(utf8.decode(this.bytes.subarray(a, b)));
  }

  /** Whether field k's escapes are undone as text: in a quoted field, as `--input combined` undoes them. */
  private unescapes(k: number): boolean {
    return this.program.fields[k].escaped && this.program.quoted[k];
  }

  /** Field k's text, escapes (or a URL-encoding, or IIS's "+" for a space) undone. */
  private text(k: number | undefined): string | null {
    const raw = this.raw(k);
    if (raw === null) return null;
    if (this.program.fields[k!].urlEncoded) return value(percentDecode(raw));
    if (this.program.fields[k!].plusSpaces) return raw.replaceAll("+", " ");
    return this.unescapes(k!) ? value(unescapeLogField(raw)) : raw;
  }

  def(common: CommonName): ProgramField | undefined {
    const k = this.names.get(common);
    return k === undefined ? undefined : this.program.fields[k];
  }

  field(name: string): string | null {
    if (name === "time" && twoFieldTime(this.program)) {
      // W3C: the time is the date and the time of day (UTC), as "2026-10-10 13:55:36".
      const date = this.text(this.names.get(DATE));
      const clock = this.text(this.names.get(CLOCK));
      return date === null || clock === null ? null : `${date} ${clock}`;
    }
    const k = this.names.get(name);
    if (k === undefined) return this.fromRequest(name);
    const f = this.program.fields[k];
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
    const f = this.program.fields[k];
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

  /** Where field k's bytes start and end in `bytes`. */
  private start(k: number): number {
    return this.ranges[this.at + 2 * k] - this.base;
  }

  private end(k: number): number {
    return this.ranges[this.at + 2 * k + 1] - this.base;
  }

  originHash(): number {
    // Each field's hash seeds the next's, which mixes in its length: "ab" "c" and "a" "bc" differ.
    let h = 0;
    for (const k of originFields(this.program)) h = hash(this.bytes, this.start(k), this.end(k), h);
    return h;
  }

  sameOrigin(other: LineFields): boolean {
    if (!(other instanceof ProgramLine) || other.program !== this.program) return false;
    for (const k of originFields(this.program)) {
      const a = this.start(k);
      const n = this.end(k) - a;
      const b = other.start(k);
      if (other.end(k) - b !== n) return false;
      for (let i = 0; i < n; i++) if (this.bytes[a + i] !== other.bytes[b + i]) return false;
    }
    return true;
  }

  writeQuoted(referer: boolean, out: QuotedSink): boolean {
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

  origin(scheme: string | undefined): string | null {
    const host = this.field("vhost");
    if (host === null) return null;
    const own = this.field("scheme")?.toLowerCase();
    const port = this.field("port");
    const withPort = port === null || host.includes(":") ? host : `${host}:${port}`;
    return `${own !== undefined && SCHEMES.has(own) ? own : (scheme ?? "http")}://${withPort}`;
  }
}
