// The wrapper's side of the kernel's memory: strings go in as UTF-8 bytes at
// ARENA, integers and bytes come back. One arena per backend, grown in steps;
// the typed-array views are rebuilt whenever the backend's buffer changes
// (memory.grow detaches the old ones). Kernel calls go through guard.ts: a
// kernel failure resets the backend and becomes an Error naming the input.

import { ARENA, RESULT, SLACK } from "../../assembly/layout.js";
import { quote } from "../arguments/check.js";
import type { Backend, CoreExports, KernelModule } from "./backend.js";
import { CORE_EXPORTS } from "../generated/kernel.js";
import { guarded, type KernelFunction } from "./guard.js";

/** Kernel addresses are i32: the kernel's memory stays below 2 GiB. */
export const MAX_MEMORY = 2 ** 31 - 65536;
/** How much of the input a kernel failure's message shows (UTF-16 units, or bytes). */
const SHOWN = 200;
/**
 * Inputs up to this length are kept by reference for that message; of longer
 * ones and of byte inputs, a copy of the first SHOWN bytes (a reference would
 * keep a large input, or the whole buffer under a byte view, alive).
 */
const KEEP = 65536;

const encoder = new TextEncoder();
/** "UTF-8 decode without BOM": invalid sequences become U+FFFD, a BOM is kept. */
const utf8Decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const latin1Decoder = new TextDecoder("latin1");

interface NodeBufferView {
  latin1Slice(start: number, end: number): string;
}
interface BufferConstructor {
  from(buffer: ArrayBufferLike, byteOffset?: number, length?: number): NodeBufferView;
}
/** Node's Buffer makes one-byte strings from memory fastest (latin1Slice); browsers use TextDecoder. */
const NodeBuffer = (globalThis as unknown as { Buffer?: BufferConstructor }).Buffer;

/**
 * Long strings are encoded in pieces of this many UTF-16 units. encodeInto
 * leaves its fast path for the whole string when the string holds a single
 * non-ASCII character; in pieces, only the pieces that hold one are slow
 * (a 4 MB one-byte string with one "é" is encoded about ten times faster in
 * pieces, and an all-ASCII one faster too).
 */
const ENCODE_PIECE = 65536;

/**
 * Strings up to this long are copied a code unit at a time while they are
 * ASCII: encodeInto has a fixed cost (a JS wrapper and a call into C++)
 * that a short loop of stores does not, so up to 16 units the loop costs
 * less, on flat and sliced strings alike (a line of split(), a getter's
 * result); longer sliced strings are copied faster by encodeInto.
 *
 * encodeInto, not Buffer#utf8Write: utf8Write is fast for flat one-byte
 * strings only, and slow for the sliced and concatenated strings that
 * split(), readline, regex matches and string building give; encodeInto
 * costs the same for every kind of string.
 */
const COPY_LOOP = 16;

/**
 * COPY_LOOP for a string written anywhere but at ARENA (a base's href, a
 * UTS #46 result): there encodeInto also needs a new subarray of memory, and
 * the loop is the cheaper up to ~80 units (parse() of "../" links against
 * bases of 37 to 88 units, the resolve suite of npm run bench).
 */
const COPY_LOOP_AT_OFFSET = 64;

/** Strings of fewer bytes than this are made by ascii() in JS (see there). */
const SHORT_STRING = 24;

/** Round up to a multiple of 8, so records written after a buffer stay aligned. */
/** A string of ASCII (or Latin-1) bytes held outside the kernel's memory: latin1Slice where Node's Buffer is. */
export function latin1String(bytes: Uint8Array): string {
  return NodeBuffer
    ? NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.length).latin1Slice(0, bytes.length)
    : latin1Decoder.decode(bytes);
}

export function align8(n: number): number {
  return (n + 7) & ~7;
}

export class Arena {
  /** The backend's core exports, each inside a try/catch (guard.ts); the same object after a reset. */
  readonly core = {} as CoreExports;
  /** The same of each feature module used so far (module()), by module. */
  private readonly modules = new Map<KernelModule<object>, object>();
  private lastModule: KernelModule<object> | null = null;
  private lastGuards: object | null = null;
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
  private nodeBuffer: NodeBufferView | null = null;
  /** The last input written (or its first bytes), for the message of a kernel failure. */
  private shown: string | Uint8Array = "";
  /** When `shown` is the first bytes of the input: how long the input is. */
  private shownLength = "";

  constructor(readonly backend: Backend) {
    this.bind();
    this.refresh();
  }

  /** (Re)make `core` from the backend's exports of now; every feature module is instantiated again by its next call. */
  private bind(): void {
    this.guard(this.core, CORE_EXPORTS, this.backend.core);
    for (const [module, guards] of this.modules) this.unload(module, guards);
  }

  /** Set `guards[name]` to the guarded export `name` of `exports`, for each of `names`. */
  private guard(guards: object, names: readonly string[], exports: object): void {
    const { enter } = this.backend;
    const to = guards as Record<string, KernelFunction>;
    const from = exports as Record<string, KernelFunction>;
    for (const name of names) to[name] = guarded(from[name], enter, (error) => this.failed(name, error));
  }

  /** Set each of `guards` to a function that instantiates `module` in the backend, guards its exports, and calls on. */
  private unload(module: KernelModule<object>, guards: object): void {
    const to = guards as Record<string, KernelFunction>;
    for (const name of module.exports) {
      to[name] = (...args) => {
        this.guard(guards, module.exports, this.backend.instance(module));
        return to[name](...args);
      };
    }
  }

  /**
   * The exports of feature module `module` in this arena's memory, each
   * inside a try/catch as `core`'s. The module is instantiated by the
   * first call of one of them (and again after a reset); the object stays
   * the same.
   */
  module<E extends object>(module: KernelModule<E>): E {
    // The module of the last call first: a part calls one module over and over.
    if (module === this.lastModule) return this.lastGuards as E;
    let guards = this.modules.get(module);
    if (guards === undefined) {
      guards = {};
      this.unload(module, guards);
      this.modules.set(module, guards);
    }
    this.lastModule = module;
    this.lastGuards = guards;
    return guards as E;
  }

  /**
   * After a kernel failure in export `name`: reset the backend (a trapped
   * call may have left its memory and state inconsistent) and make the Error
   * to throw. A RangeError is the engine's: its stack ran out in the kernel,
   * which is not the input's fault, and a reset would need the stack that is
   * gone. It is rethrown as it is; no kernel state outlives such a call (a
   * parse's mode and UTS #46 result are arguments of its export).
   */
  private failed(name: string, error: unknown): Error {
    if (error instanceof RangeError) return error;
    this.backend.reset();
    this.bind();
    this.refresh();
    return new Error(
      `swurl: the ${this.backend.name} kernel failed in ${name}() on the input ${this.describeInput()} (${String(error)}); ` +
        "it has been reset and the next call will work. This is a bug in swurl: please report the input.",
      { cause: error },
    );
  }

  /** The last input, cut short, as a message shows it. */
  private describeInput(): string {
    if (typeof this.shown === "string") return quote(this.shown, SHOWN);
    const start = JSON.stringify(utf8Decoder.decode(this.shown));
    return this.shownLength === "" ? start : `${start}... (${this.shownLength})`;
  }

  /**
   * Keep a copy of the first bytes (up to SHOWN, not cutting a UTF-8 sequence)
   * of the `bytes` bytes just written, for describeInput(); `length` describes
   * the whole input, when it is longer.
   */
  private keepStart(bytes: number, length: string): void {
    let end = ARENA + bytes;
    if (bytes > SHOWN) {
      end = ARENA + SHOWN;
      while (end > ARENA && (this.u8[end] & 0xc0) === 0x80) end--;
    }
    this.shown = this.u8.slice(ARENA, end);
    this.shownLength = bytes > SHOWN ? length : "";
  }

  /** Rebuild the views if the memory was grown (by us or by the kernel). */
  refresh(): void {
    const buffer = this.backend.buffer();
    if (buffer === this.buffer) return;
    // Every view first, then assignments only: a refresh cut short (the
    // engine's stack ran out in it) must not leave one view of the old buffer.
    const u8 = new Uint8Array(buffer);
    const i32 = new Int32Array(buffer);
    const inputView = u8.subarray(ARENA);
    const nodeBuffer = NodeBuffer ? NodeBuffer.from(buffer) : null;
    this.u8 = u8;
    this.i32 = i32;
    this.inputView = inputView;
    this.nodeBuffer = nodeBuffer;
    this.buffer = buffer;
  }

  /** Make sure [ARENA, ARENA + bytes) plus vector slack is addressable. */
  reserve(bytes: number): void {
    const need = ARENA + bytes + SLACK;
    if (need > this.u8.length) {
      if (need > MAX_MEMORY) {
        throw new RangeError(
          `swurl: the input is too long: it needs ${need} bytes of kernel memory, and the kernel addresses 2 GiB at most`,
        );
      }
      this.backend.grow(need);
      this.refresh();
    }
  }

  /** Write `s` as UTF-8 at ARENA and return its byte length. */
  input(s: string): number {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    this.reserve(s.length * 3);
    const written = this.write(s, ARENA);
    this.inputLength = written;
    this.inputAscii = written === s.length;
    if (s.length <= KEEP) this.shown = s;
    else this.keepStart(written, `${s.length} characters`);
    // The SLACK bytes after the input are reserved and readable; the kernel
    // never relies on their values (vector scans mask what lies past the end),
    // so they are not cleared: a fill per call would be a fair share of a parse.
    return written;
  }

  /**
   * Write `s` as UTF-8 at `at`, where the caller has reserved 3 bytes per
   * UTF-16 unit (1 for an ASCII string), and return its byte length.
   */
  write(s: string, at: number): number {
    const atArena = at === ARENA;
    if (s.length <= (atArena ? COPY_LOOP : COPY_LOOP_AT_OFFSET) && this.copyAscii(s, at)) return s.length;
    const view = atArena ? this.inputView : this.u8.subarray(at);
    if (s.length <= ENCODE_PIECE) return encoder.encodeInto(s, view).written;
    let written = 0;
    for (let i = 0; i < s.length; ) {
      let j = Math.min(i + ENCODE_PIECE, s.length);
      // Never split a surrogate pair between two pieces.
      if (j < s.length && (s.charCodeAt(j - 1) & 0xfc00) === 0xd800) j--;
      written += encoder.encodeInto(s.slice(i, j), view.subarray(written)).written;
      i = j;
    }
    return written;
  }

  /** Copy `s` at `at` if it is all ASCII (else stop at its first other unit and return false). */
  private copyAscii(s: string, at: number): boolean {
    const u8 = this.u8;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) return false;
      u8[at + i] = c;
    }
    return true;
  }

  /** Write raw bytes at ARENA and return their length. */
  inputBytes(bytes: Uint8Array): number {
    this.reserve(bytes.length);
    this.u8.set(bytes, ARENA);
    this.keepStart(bytes.length, `${bytes.length} bytes`);
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

  /**
   * A string from bytes that are all ASCII. latin1Slice (or a TextDecoder)
   * has a fixed cost a call (a call out of JS); below SHORT_STRING bytes,
   * String.fromCharCode of eight bytes at a time costs less, and far less
   * than one byte at a time.
   */
  ascii(start: number, end: number): string {
    if (end - start < SHORT_STRING) {
      const u8 = this.u8;
      let s = "";
      let i = start;
      for (; i + 8 <= end; i += 8) {
        s += String.fromCharCode(u8[i], u8[i + 1], u8[i + 2], u8[i + 3], u8[i + 4], u8[i + 5], u8[i + 6], u8[i + 7]);
      }
      for (; i < end; i++) s += String.fromCharCode(u8[i]);
      return s;
    }
    return this.nodeBuffer
      ? this.nodeBuffer.latin1Slice(start, end)
      : latin1Decoder.decode(this.u8.subarray(start, end));
  }

  /** A string from UTF-8 bytes (invalid sequences become U+FFFD). */
  utf8(start: number, end: number): string {
    return utf8Decoder.decode(this.u8.subarray(start, end));
  }

  /** The UTF-16 index in the last input string of its byte offset `byte`. */
  utf16Index(byte: number): number {
    if (this.inputAscii) return byte;
    this.i32[RESULT >> 2] = byte;
    this.core.utf16Offsets(ARENA, 1);
    return this.i32[RESULT >> 2];
  }

  /** Field `i` of the RESULT record. */
  field(record: number, i: number): number {
    return this.i32[(record >> 2) + i];
  }
}
