// The URLs of a block of log lines that a program (or Caddy's reader) read.
// The library reads a request line (or a referer) only inside a log line, so
// each line's request goes to it in the Common Log Format's grammar,
//   - - - [-] "REQUEST" - -                (a referer, Combined's: - - - [-] "-" - - "REFERER" "-")
// and is read by its form and its escapes exactly as `--input combined`
// reads it (docs/api.md, accessLog). Each line is written into the buffer
// of its base (its virtual host's origin, else --base), and each base's
// lines parsed with one parseBatch(), which a tally counts in the kernel
// (UrlTally.add()) with no string a line. A field the server escapes as
// Apache and nginx do is copied as it is written, any other escaped so
// (BlockFields.writeQuoted()).

import { canParse, type ParsedUrl, parseBatch } from "swurl";
import type { BlockFields, QuotedSink } from "./line-fields.js";
import type { InputSpec, UrlBatches } from "./records.js";
import { copyBytes } from "../byte-copy.js";

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

/** A buffer of log lines, one after another. */
class LogLines implements QuotedSink {
  bytes = new Uint8Array(1 << 16);
  length = 0;
  /** The lines ended. */
  lines = 0;
  /** Where the line being written starts. */
  private lineStart = 0;

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
    copyBytes(this.room(end - start), this.length, from, start, end);
    this.length += end - start;
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
    this.lines = 0;
    this.lineStart = 0;
  }

  /** End the line begun at the last line's end. */
  endLine(): void {
    this.lines++;
    this.lineStart = this.length;
  }

  /** Drop what was written since the last line's end. */
  dropLine(): void {
    this.length = this.lineStart;
  }
}

/** The URLs of a block's records, parsed in batches. */
interface BlockUrls extends UrlBatches {
  /** Record i's URL, or null. */
  url(i: number): ParsedUrl | null;
}

const NO_URLS: BlockUrls = { batches: [], url: () => null, valid: () => false, batchOf: () => -1, lineOf: () => -1 };

/** A base of a block's URLs: the lines written for it, and its batch's index once one is (-1 before). */
interface Base {
  url: string | undefined;
  out: LogLines;
  batch: number;
}

/** A group of lines that share an origin: one of them, and their base. */
interface OriginGroup {
  line: number;
  base: Base;
}

/** Up to this many origins in a block, a line's is found by comparing it with each; past it, by its hash. */
const FEW_ORIGINS = 8;

/**
 * The URLs of blocks of lines, block after block: each request (or
 * referer, as `spec` says) against its line's virtual host's origin
 * (`scheme` where the line says none), else `spec.base`. Each line is
 * written into the buffer of its base, whose lines are parsed in one
 * parseBatch(). The buffers serve every block: a block's URLs are done
 * with before the next block's are read.
 */
export class UrlReader {
  private readonly field: "request" | "referer";
  private readonly fallbackScheme: string | undefined;
  /** The buffers of a block's bases, in the order the block meets them. */
  private readonly buffers: LogLines[] = [];
  // Per record: the index of its base's batch, and its line there (-1: no URL).
  private baseOf = new Int32Array(1024);
  private rowOf = new Int32Array(1024);
  // The block's bases and origins (origins: by originHash(), past FEW_ORIGINS).
  private readonly bases = new Map<string | undefined, Base>();
  private readonly groups: OriginGroup[] = [];
  private readonly origins = new Map<number, OriginGroup[]>();

  constructor(
    private readonly spec: InputSpec,
    scheme: string | undefined,
  ) {
    this.field = spec.field === "referer" ? "referer" : "request";
    this.fallbackScheme = scheme ?? (spec.base === undefined ? undefined : new URL(spec.base).protocol.slice(0, -1));
  }

  /** The base of URL `url` (made at its first line of the block). */
  private base(url: string | undefined): Base {
    let base = this.bases.get(url);
    if (base === undefined) {
      const n = this.bases.size;
      if (n === this.buffers.length) this.buffers.push(new LogLines());
      const out = this.buffers[n];
      out.clear();
      base = { url, out, batch: -1 };
      this.bases.set(url, base);
    }
    return base;
  }

  /** The group of line i's origin: the last line's (most often), else one the block has met, else a new one. */
  private group(lines: BlockFields, i: number, last: OriginGroup | null): OriginGroup {
    if (last !== null && lines.sameOrigin(i, last.line)) return last;
    const { groups, origins } = this;
    // Up to FEW_ORIGINS hosts, comparing costs less than hashing; a line is hashed at most once.
    let hash: number | undefined;
    if (groups.length <= FEW_ORIGINS) {
      for (const g of groups) if (lines.sameOrigin(i, g.line)) return g;
    } else {
      hash = lines.originHash(i);
      const found = origins.get(hash)?.find((g) => lines.sameOrigin(i, g.line));
      if (found !== undefined) return found;
    }
    const origin = lines.origin(i, this.fallbackScheme);
    const group = {
      line: i,
      base: this.base(origin !== null && canParse(`${origin}/`) ? `${origin}/` : this.spec.base),
    };
    groups.push(group);
    hash ??= lines.originHash(i);
    const same = origins.get(hash);
    if (same === undefined) origins.set(hash, [group]);
    else same.push(group);
    return group;
  }

  /** The URLs of a block's `length` lines, of `lines`. */
  read(lines: BlockFields, length: number): BlockUrls {
    const { field } = this;
    if (this.rowOf.length < length) {
      const size = Math.max(2 * this.rowOf.length, length);
      this.baseOf = new Int32Array(size);
      this.rowOf = new Int32Array(size);
    }
    const { baseOf, rowOf } = this;
    this.bases.clear();
    this.groups.length = 0;
    this.origins.clear();
    // The bases that have a line, in the order of their first: their batches'.
    const used: Base[] = [];
    let last: OriginGroup | null = null;
    for (let i = 0; i < length; i++) {
      rowOf[i] = -1;
      if (!lines.read(i)) continue;
      // A referer is a URL of its own; a request's target is on the line's virtual host, else on --base.
      let base: Base;
      if (field === "referer") base = this.base(this.spec.base);
      else {
        last = this.group(lines, i, last);
        base = last.base;
      }
      const { out } = base;
      out.copy(BEFORE[field], 0, BEFORE[field].length);
      if (!lines.writeQuoted(i, field === "referer", out)) {
        out.dropLine();
        continue;
      }
      out.copy(AFTER[field], 0, AFTER[field].length);
      if (base.batch < 0) base.batch = used.push(base) - 1;
      baseOf[i] = base.batch;
      rowOf[i] = out.lines;
      out.endLine();
    }
    if (used.length === 0) return NO_URLS;
    const accessLog = { accessLog: field, logFormat: GRAMMAR[field] } as const;
    const batches = used.map(({ url, out }) =>
      parseBatch(out.bytes.subarray(0, out.length), { base: url, ...accessLog }),
    );
    return {
      batches: batches.map((batch) => ({ batch, from: 0 })),
      url: (i) => (rowOf[i] < 0 ? null : batches[baseOf[i]].get(rowOf[i])),
      valid: (i) => rowOf[i] >= 0 && batches[baseOf[i]].isValid(rowOf[i]),
      batchOf: (i) => (rowOf[i] < 0 ? -1 : baseOf[i]),
      lineOf: (i) => rowOf[i],
    };
  }
}
