// The URLs of a block of log lines that a program (or Caddy's reader) read.
// The library reads a request line (or a referer) only inside a log line, so
// each line's request goes to it in the Common Log Format's grammar,
//   - - - [-] "REQUEST" - -                (a referer, Combined's: - - - [-] "-" - - "REFERER" "-")
// and is read by its form and its escapes exactly as `--input combined`
// reads it (docs/api.md, accessLog). The block's lines are written into one
// buffer and parsed with one parseBatch() per base (each line's virtual
// host's origin, else --base), which a tally counts in the kernel
// (UrlTally.add()) with no string a line. A field the server escapes as
// Apache and nginx do is copied as it is written, any other escaped so
// (BlockFields.writeQuoted()).

import { canParse, type ParsedUrl, parseBatch } from "swurl";
import type { BlockFields, QuotedSink } from "./line-fields.js";
import type { InputSpec, UrlBatches } from "./records.js";

const encoder = new TextEncoder();
const ascii = (s: string) => encoder.encode(s);
const BEFORE = { request: ascii('- - - [-] "'), referer: ascii('- - - [-] "-" - - "') };
const AFTER = { request: ascii('" - -\n'), referer: ascii('" "-"\n') };
/** The grammar of each: the shortest line that holds the field. */
const GRAMMAR = { request: "common", referer: "combined" } as const;

const BACKSLASH = 0x5c;
const QUOTE = 0x22;
const PERCENT = 0x25;
const HEX = ascii("0123456789abcdef");
const ESCAPE = ascii("\\");

/** The value of hex digit `c`, or -1. */
function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

/** A buffer of log lines, each [starts[k], starts[k + 1]). */
class LogLines implements QuotedSink {
  bytes = new Uint8Array(1 << 16);
  length = 0;
  readonly starts: number[] = [0];

  /** Room for `n` more bytes. */
  private room(n: number): Uint8Array {
    if (this.length + n > this.bytes.length) {
      const bytes = new Uint8Array(Math.max(2 * this.bytes.length, this.length + n));
      bytes.set(this.bytes.subarray(0, this.length));
      this.bytes = bytes;
    }
    return this.bytes;
  }

  copy(from: Uint8Array, start: number, end: number): void {
    const bytes = this.room(end - start);
    // A loop: most fields are shorter than what a subarray() view costs.
    let at = this.length;
    for (let p = start; p < end; p++) bytes[at++] = from[p];
    this.length = at;
  }

  escape(from: Uint8Array, start: number, end: number): void {
    // The runs between the bytes to escape copied as they are.
    let run = start;
    for (let p = start; p < end; p++) {
      const c = from[p];
      if (c !== BACKSLASH && c !== QUOTE) continue;
      this.copy(from, run, p);
      this.copy(ESCAPE, 0, 1);
      run = p;
    }
    this.copy(from, run, end);
  }

  urlDecode(from: Uint8Array, start: number, end: number): void {
    // A byte takes \xHH at most.
    const bytes = this.room(4 * (end - start));
    let at = this.length;
    for (let p = start; p < end; p++) {
      let c = from[p];
      // %XX is the byte XX; a "%" without two hex digits is itself (as percentDecode() reads it).
      if (c === PERCENT && p + 2 < end) {
        const high = hexValue(from[p + 1]);
        const low = hexValue(from[p + 2]);
        if (high >= 0 && low >= 0) {
          c = 16 * high + low;
          p += 2;
        }
      }
      // What the kernel's log reader takes as an escape, or would not read, written as Apache writes it.
      if (c < 0x20 || c >= 0x7f || c === QUOTE || c === BACKSLASH) {
        bytes[at++] = BACKSLASH;
        bytes[at++] = 0x78;
        bytes[at++] = HEX[c >> 4];
        bytes[at++] = HEX[c & 15];
      } else bytes[at++] = c;
    }
    this.length = at;
  }

  text(s: string): void {
    // encodeInto() writes at most 3 bytes a UTF-16 code unit.
    this.room(3 * s.length);
    this.length += encoder.encodeInto(s, this.bytes.subarray(this.length)).written;
  }

  /** Empty, for the next block. */
  clear(): void {
    this.length = 0;
    this.starts.length = 1;
  }

  /** End the line begun at the last line's end. */
  endLine(): void {
    this.starts.push(this.length);
  }

  /** Drop what was written since the last line's end. */
  dropLine(): void {
    this.length = this.starts[this.starts.length - 1];
  }
}

/** The URLs of a block's records, parsed in batches. */
interface BlockUrls extends UrlBatches {
  /** Record i's URL, or null. */
  url(i: number): ParsedUrl | null;
}

/** A group of lines that share an origin: one of them, and the index of its base. */
interface OriginGroup {
  line: number;
  base: number;
}

const NO_URLS: BlockUrls = { batches: [], url: () => null, valid: () => false, batchOf: () => -1, lineOf: () => -1 };

/**
 * The URLs of blocks of lines, block after block: each request (or
 * referer, as `spec` says) against its line's virtual host's origin
 * (`scheme` where the line says none), else `spec.base`. Its buffers serve
 * every block: a block's URLs are done with before the next block's are read.
 */
export class UrlReader {
  private readonly field: "request" | "referer";
  private readonly fallbackScheme: string | undefined;
  private readonly out = new LogLines();
  /** Each base's lines, where a block has more than one base. */
  private readonly groups: LogLines[] = [];
  // Per record: its line in `out` (-1: none), the index of its base, its line in its base's batch.
  private lineOf = new Int32Array(1024);
  private baseOf = new Int32Array(1024);
  private rowOf = new Int32Array(1024);

  constructor(
    private readonly spec: InputSpec,
    scheme: string | undefined,
  ) {
    this.field = spec.field === "referer" ? "referer" : "request";
    this.fallbackScheme = scheme ?? (spec.base === undefined ? undefined : new URL(spec.base).protocol.slice(0, -1));
  }

  /** The URLs of a block's `length` lines, of `lines`. */
  read(lines: BlockFields, length: number): BlockUrls {
    const { field, spec, out } = this;
    if (this.lineOf.length < length) {
      const size = Math.max(2 * this.lineOf.length, length);
      this.lineOf = new Int32Array(size);
      this.baseOf = new Int32Array(size);
      this.rowOf = new Int32Array(size);
    }
    const { lineOf, baseOf } = this;
    out.clear();
    const bases = new Map<string | undefined, number>();
    const baseIndex = (base: string | undefined) => {
      const k = bases.get(base);
      if (k !== undefined) return k;
      bases.set(base, bases.size);
      return bases.size - 1;
    };
    // The origins met, by originHash(); the last line's, which the next line most often shares.
    const origins = new Map<number, OriginGroup[]>();
    let last: OriginGroup | null = null;
    for (let i = 0; i < length; i++) {
      lineOf[i] = -1;
      if (!lines.read(i)) continue;
      out.copy(BEFORE[field], 0, BEFORE[field].length);
      if (!lines.writeQuoted(i, field === "referer", out)) {
        out.dropLine();
        continue;
      }
      out.copy(AFTER[field], 0, AFTER[field].length);
      lineOf[i] = out.starts.length - 1;
      out.endLine();
      // A referer is a URL of its own; a request's target is on the line's virtual host, else on --base.
      if (field === "referer") {
        baseOf[i] = baseIndex(spec.base);
        continue;
      }
      if (last === null || !lines.sameOrigin(i, last.line)) {
        const hash = lines.originHash(i);
        let group = origins.get(hash)?.find((g) => lines.sameOrigin(i, g.line));
        if (group === undefined) {
          const origin = lines.origin(i, this.fallbackScheme);
          group = { line: i, base: baseIndex(origin !== null && canParse(`${origin}/`) ? `${origin}/` : spec.base) };
          origins.set(hash, [...(origins.get(hash) ?? []), group]);
        }
        last = group;
      }
      baseOf[i] = last.base;
    }
    if (bases.size === 0) return NO_URLS;
    const accessLog = { accessLog: field, logFormat: GRAMMAR[field] } as const;
    const all = out.bytes.subarray(0, out.length);
    // Record i is line rowOf[i] of batch baseOf[i]. One base (most logs): the block's lines are the batch's, in order.
    let rowOf = lineOf;
    let inputs = [all];
    if (bases.size > 1) {
      // Each base's lines copied out in order.
      rowOf = this.rowOf;
      while (this.groups.length < bases.size) this.groups.push(new LogLines());
      const groups = this.groups.slice(0, bases.size);
      for (const g of groups) g.clear();
      for (let i = 0; i < length; i++) {
        const line = lineOf[i];
        if (line < 0) continue;
        const group = groups[baseOf[i]];
        rowOf[i] = group.starts.length - 1;
        group.copy(all, out.starts[line], out.starts[line + 1]);
        group.endLine();
      }
      inputs = groups.map((g) => g.bytes.subarray(0, g.length));
    }
    const baseList = [...bases.keys()];
    const batches = inputs.map((input, k) => parseBatch(input, { base: baseList[k], ...accessLog }));
    return {
      batches: batches.map((batch) => ({ batch, from: 0 })),
      url: (i) => (lineOf[i] < 0 ? null : batches[baseOf[i]].get(rowOf[i])),
      valid: (i) => lineOf[i] >= 0 && batches[baseOf[i]].isValid(rowOf[i]),
      batchOf: (i) => (lineOf[i] < 0 ? -1 : baseOf[i]),
      lineOf: (i) => rowOf[i],
    };
  }
}
