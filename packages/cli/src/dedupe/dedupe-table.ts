// The hash set of lines (assembly/dedupe.ts) in an instance of the command's
// WASM module, with its input and output buffers: the in-memory stage of
// `canon --dedupe` (dedupe.ts).
//
// Its memory (addresses in bytes):
//
//   TABLE ........ the table's header and slots, then its keys (at most `budget` bytes together)
//   io ........... input (3 bytes per character of a piece), kept lines, spilled lines, marks
//
// The slots and keys regions are reserved at once but only touched as they
// fill, so the process's resident memory grows with the keys, not with the
// budget.

import * as DEDUPE from "../../assembly/dedupe-layout.js";
import { type DedupeModule, TABLE } from "./module.js";
import { InputError } from "../errors.js";

/** Characters of the first input piece; a longer line doubles it. */
const FIRST_PIECE = 1 << 20;
/** Spilled-line marks a run may write (two i32 each). */
const MARKS = 1 << 16;
/** Input bytes of one run: at most 2^23 lines (DEDUPE.DEDUPE_LINE_DIGITS hex digits number 2^24). */
const RUN_BYTES = 1 << 24;
const LF = 10;
/** The largest budget: addresses in the kernel are i32, and the memory holds slots, keys and buffers. */
export const MAX_BUDGET = 1 << 30;

/** What one run of the kernel left: byte ranges of the memory, valid until the next call. */
export interface RunOutput {
  /** Bytes of the input read (whole lines). */
  read: number;
  kept: Uint8Array;
  spilled: Uint8Array;
  /** For each spilled line, its end in `spilled` and its partition. */
  marks: Int32Array;
}

export class DedupeTable {
  private bytes!: Uint8Array;
  private words!: Int32Array;
  private readonly io: number;
  /** Characters of a piece the input buffer has room for (at 3 bytes each). */
  piece = FIRST_PIECE;
  private runs = 0;

  /** `fingerprint`: hold a 64-bit fingerprint of each line instead of its bytes (see Dedupe). */
  constructor(
    private readonly module: DedupeModule,
    readonly budget: number,
    private readonly fingerprint: boolean,
  ) {
    // Slots for half the budget at most (8 bytes each; the load stays under 1/2).
    let maxSlots = 16;
    // (At least 16, and 4 in use at first: dedupeClear().)
    while (maxSlots * 32 <= budget) maxSlots *= 2;
    const keys = TABLE + DEDUPE.DEDUPE_HEADER + maxSlots * 8;
    this.io = keys + budget + 64;
    this.layout();
    this.module.exports.dedupeInit(TABLE, maxSlots, budget, 0);
  }

  private get inputStart(): number {
    return this.io;
  }

  /** Grow the memory for the buffers of pieces of `this.piece` characters; set the output fields. */
  private layout(): void {
    const kept = this.io + 3 * this.piece;
    const spill = kept + 3 * this.piece;
    const marks = spill + 4 * this.piece;
    const end = marks + MARKS * 8 + 64;
    // Addresses in the kernel are i32: a line of hundreds of megabytes beside a set of 1G does not fit.
    if (end > 2 ** 31) throw new InputError(`canon: a URL of over ${this.piece} bytes is too long for --dedupe`);
    this.module.grow(end);
    const buffer = this.module.buffer();
    this.bytes = new Uint8Array(buffer);
    this.words = new Int32Array(buffer);
    this.set(DEDUPE.DEDUPE_KEPT, kept);
    this.set(DEDUPE.DEDUPE_KEPT_CAP, 3 * this.piece);
    this.set(DEDUPE.DEDUPE_SPILL, spill);
    this.set(DEDUPE.DEDUPE_SPILL_CAP, 4 * this.piece);
    this.set(DEDUPE.DEDUPE_MARKS, marks);
    this.set(DEDUPE.DEDUPE_MARKS_CAP, MARKS * 2);
  }

  private get(field: number): number {
    return this.words[(TABLE >> 2) + field];
  }

  private set(field: number, value: number): void {
    this.words[(TABLE >> 2) + field] = value;
  }

  /** Make room for input pieces of `chars` characters (a line longer than a piece). */
  widen(chars: number): void {
    while (this.piece < chars) this.piece *= 2;
    this.layout();
  }

  /** The input buffer, for the caller to fill (3 bytes per character of a piece). */
  input(): Uint8Array {
    return this.bytes.subarray(this.inputStart, this.inputStart + 3 * this.piece);
  }

  /** Empty the table; its lines are now keys (`prefixed` false) or sequence numbers and keys, hashed with `seed`. */
  clear(seed: number, prefixed: boolean): void {
    this.module.exports.dedupeClear(TABLE, seed);
    this.set(DEDUPE.DEDUPE_PREFIXED, prefixed ? 1 : 0);
    this.set(DEDUPE.DEDUPE_FINGERPRINT, this.fingerprint ? 1 : 0);
  }

  get full(): boolean {
    return this.get(DEDUPE.DEDUPE_FULL) !== 0;
  }

  get count(): number {
    return this.get(DEDUPE.DEDUPE_COUNT);
  }

  /**
   * Read lines of the `length` bytes at `offset` of the input buffer (see
   * dedupeRun()), at most RUN_BYTES of them unless the first line is longer.
   * Each call is a run of its own: its lines are numbered from 0 (at most
   * 2^24 of them: they take 2 bytes at least) after the run's number.
   */
  run(offset: number, length: number): RunOutput {
    const start = this.inputStart + offset;
    if (length > RUN_BYTES) length = Math.max(RUN_BYTES, this.bytes.indexOf(LF, start) + 1 - start);
    this.set(DEDUPE.DEDUPE_RUN, this.runs++);
    this.set(DEDUPE.DEDUPE_LINE, 0);
    this.module.exports.dedupeRun(TABLE, start, length);
    const kept = this.get(DEDUPE.DEDUPE_KEPT);
    const spill = this.get(DEDUPE.DEDUPE_SPILL);
    const marks = this.get(DEDUPE.DEDUPE_MARKS) >> 2;
    return {
      read: this.get(DEDUPE.DEDUPE_READ),
      kept: this.bytes.subarray(kept, kept + this.get(DEDUPE.DEDUPE_KEPT_END)),
      spilled: this.bytes.subarray(spill, spill + this.get(DEDUPE.DEDUPE_SPILL_END)),
      marks: this.words.subarray(marks, marks + this.get(DEDUPE.DEDUPE_MARKS_END)),
    };
  }
}
