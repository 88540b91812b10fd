// The wrapper's side of the kernel's memory: strings go in as UTF-8 bytes at
// ARENA, integers and bytes come back. One arena per backend, grown in steps;
// the typed-array views are rebuilt whenever the backend's buffer changes
// (memory.grow detaches the old ones).

import { ARENA, RESULT, SLACK } from "../../assembly/layout";
import type { Backend, KernelExports } from "./backend";

const encoder = new TextEncoder();
/** "UTF-8 decode without BOM": invalid sequences become U+FFFD, a BOM is kept. */
const utf8Decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const latin1Decoder = new TextDecoder("latin1");

interface Latin1Buffer {
  latin1Slice(start: number, end: number): string;
}
interface BufferConstructor {
  from(buffer: ArrayBuffer): Latin1Buffer;
}
/** Node's Buffer makes one-byte strings from memory fastest (latin1Slice); browsers use TextDecoder. */
const NodeBuffer = (globalThis as unknown as { Buffer?: BufferConstructor }).Buffer;

/**
 * Long strings are encoded in pieces of this many UTF-16 units. encodeInto
 * leaves its fast path for the whole string when the string holds a single
 * non-ASCII character; in pieces, only the pieces that hold one are slow.
 * Measured on Node 20 with a 4 MB one-byte string: with one "é", ~650 MB/s at
 * once and ~7.8 GB/s in pieces; all ASCII, ~3.3 and ~6.3 GB/s. (A two-byte
 * string runs at ~650-750 MB/s either way.)
 */
const ENCODE_PIECE = 65536;

/** Round up to a multiple of 8, so records written after a buffer stay aligned. */
export function align8(n: number): number {
  return (n + 7) & ~7;
}

export class Arena {
  readonly kernel: KernelExports;
  u8!: Uint8Array;
  i32!: Int32Array;
  /** Where `input()` writes. */
  readonly inputStart = ARENA;
  /** Byte length of the last input written by `input()`. */
  inputLength = 0;
  /** Whether that input was all ASCII (byte offsets are then UTF-16 indices). */
  inputAscii = true;
  private buffer: ArrayBuffer | null = null;
  private inputView!: Uint8Array;
  private latin1: Latin1Buffer | null = null;

  constructor(readonly backend: Backend) {
    this.kernel = backend.kernel;
    this.refresh();
  }

  /** Rebuild the views if the memory was grown (by us or by the kernel). */
  refresh(): void {
    const buffer = this.backend.buffer();
    if (buffer === this.buffer) return;
    this.buffer = buffer;
    this.u8 = new Uint8Array(buffer);
    this.i32 = new Int32Array(buffer);
    this.inputView = this.u8.subarray(ARENA);
    this.latin1 = NodeBuffer ? NodeBuffer.from(buffer) : null;
  }

  /** Make sure [ARENA, ARENA + bytes) plus vector slack is addressable. */
  reserve(bytes: number): void {
    const need = ARENA + bytes + SLACK;
    if (need > this.u8.length) {
      this.backend.grow(need);
      this.refresh();
    }
  }

  /** Write `s` as UTF-8 at ARENA and return its byte length. */
  input(s: string): number {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    this.reserve(s.length * 3);
    let written: number;
    if (s.length <= ENCODE_PIECE) {
      written = encoder.encodeInto(s, this.inputView).written;
    } else {
      written = 0;
      for (let i = 0; i < s.length; ) {
        let j = Math.min(i + ENCODE_PIECE, s.length);
        // Never split a surrogate pair between two pieces.
        if (j < s.length && (s.charCodeAt(j - 1) & 0xfc00) === 0xd800) j--;
        written += encoder.encodeInto(s.slice(i, j), this.inputView.subarray(written)).written;
        i = j;
      }
    }
    this.inputLength = written;
    this.inputAscii = written === s.length;
    // The SLACK bytes after the input are reserved and readable; the kernel
    // never relies on their values (vector scans mask what lies past the end),
    // so they are not cleared: a fill per call cost ~45 ns, a tenth of a parse.
    return written;
  }

  /** Write raw bytes at ARENA and return their length. */
  inputBytes(bytes: Uint8Array): number {
    this.reserve(bytes.length);
    this.u8.set(bytes, ARENA);
    this.inputLength = bytes.length;
    this.inputAscii = false;
    return bytes.length;
  }

  /** An address after the input with room for `bytes` (+ slack), aligned to 8. */
  scratch(bytes: number): number {
    const at = align8(ARENA + this.inputLength + SLACK);
    this.reserve(at - ARENA + bytes);
    return at;
  }

  /** A string from bytes that are all ASCII. */
  ascii(start: number, end: number): string {
    if (end - start < 24) {
      let s = "";
      for (let i = start; i < end; i++) s += String.fromCharCode(this.u8[i]);
      return s;
    }
    return this.latin1 ? this.latin1.latin1Slice(start, end) : latin1Decoder.decode(this.u8.subarray(start, end));
  }

  /** A string from UTF-8 bytes (invalid sequences become U+FFFD). */
  utf8(start: number, end: number): string {
    return utf8Decoder.decode(this.u8.subarray(start, end));
  }

  /** The UTF-16 index in the last input string of its byte offset `byte`. */
  utf16Index(byte: number): number {
    if (this.inputAscii) return byte;
    this.i32[RESULT >> 2] = byte;
    this.kernel.utf16Offsets(ARENA, 1);
    return this.i32[RESULT >> 2];
  }

  /** Field `i` of the RESULT record. */
  field(record: number, i: number): number {
    return this.i32[(record >> 2) + i];
  }
}
