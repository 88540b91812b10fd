// The run of a log format's program (log-program.ts) over a block's lines in
// the command's WASM module (assembly/program.ts): the block's bytes are
// copied into the module's memory once, each batch of lines (the lines
// between two W3C directives) is read in one call, and each line's field
// ranges come back in one typed array a batch. A field whose extent its own
// syntax gives (a strftime time: a regular expression, log-time.ts) is found
// here, between the module's run and its resumption.

import * as P from "../../assembly/program-layout.js";
import { CommandModule } from "../command-module.js";
import type { LogProgram } from "./log-program.js";
import { strftimeEnd } from "./log-time.js";

/** The module's program exports (assembly/program.ts); addresses are in its memory. */
interface ProgramExports {
  programRun(prog: number, lines: number, count: number, ranges: number, outcomes: number): void;
  programResume(prog: number, k: number, e: number, end: number, ranges: number): number;
}

/** Where the block's bytes start in the module's memory: the module has no static data below it. */
const SRC = 64;

/** Bytes the kernel may read past a line's end (a 16-byte step). */
const SCAN_SLACK = 16;

const align8 = (n: number) => (n + 7) & ~7;

/**
 * A batch's lines as read: each line's ranges (2 a field, addresses: less
 * `base`, offsets of the block) where it matched. `ranges` holds the ranges
 * of the block's batches so far, this batch's from `at`: it is the
 * kernel's, written over by the next block's.
 */
export interface ProgramBatch {
  ranges: Int32Array;
  at: number;
  base: number;
  /** Whether line i matched; its ranges start at at + i * 2 * fields. */
  matched: Uint8Array;
}

export class ProgramKernel {
  private readonly module = new CommandModule<ProgramExports>("log program");
  /** Bytes of the block copied into the module's memory (from SRC). */
  private copied = 0;
  /** The ranges of the block's batches, [0, rangesEnd): one array for every block, not one a batch. */
  private ranges = new Int32Array(1 << 16);
  private rangesEnd = 0;

  /** A new block: its bytes are copied afresh (a block's buffer may be one read into again). */
  newBlock(): void {
    this.copied = 0;
    this.rangesEnd = 0;
  }

  /** Read lines [from, to) of the block (`starts` and `ends` offsets in `bytes`) with `program`. */
  run(
    program: LogProgram,
    bytes: Uint8Array,
    starts: Int32Array,
    ends: Int32Array,
    from: number,
    to: number,
  ): ProgramBatch {
    const count = to - from;
    const fields = program.fields.length;
    const blockEnd = ends[to - 1];
    // The kernel reads 16 bytes a step, up to 15 past a line's end: the lines' pairs come after a gap.
    const lines = align8(SRC + blockEnd + SCAN_SLACK);
    const ranges = lines + 8 * count;
    const outcomes = ranges + 8 * fields * count;
    const prog = outcomes + 4 * count;
    const literals = prog + P.PROGRAM_HEADER + P.PROGRAM_RECORD * (fields + 1);
    const literalBytes = program.literals.reduce((n, l) => n + l.length, 0);
    this.module.grow(literals + literalBytes);
    const memory = this.module.buffer();
    const heap = new Uint8Array(memory);
    if (blockEnd > this.copied) {
      heap.set(bytes.subarray(this.copied, blockEnd), SRC + this.copied);
      this.copied = blockEnd;
    }
    const words = new Int32Array(memory);
    for (let i = 0; i < count; i++) {
      words[(lines >> 2) + 2 * i] = SRC + starts[from + i];
      words[(lines >> 2) + 2 * i + 1] = SRC + ends[from + i];
    }
    this.write(program, words, heap, prog, literals);
    const k = this.module.exports;
    k.programRun(prog, lines, count, ranges, outcomes);
    const matched = new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      let outcome = words[(outcomes >> 2) + i];
      const lineRanges = ranges + 8 * fields * i;
      // The run stopped before a field whose extent its syntax gives: found here, then the run goes on.
      while (outcome >= 0) {
        const start = words[(lineRanges >> 2) + 2 * outcome] - SRC;
        const end = ends[from + i];
        const e = strftimeEnd(program.extents[outcome]!, bytes, start, end);
        outcome = e < 0 ? P.Line.NoMatch : k.programResume(prog, outcome, SRC + e, SRC + end, lineRanges);
      }
      matched[i] = outcome === P.Line.Match ? 1 : 0;
    }
    const at = this.rangesEnd;
    const n = 2 * fields * count;
    if (at + n > this.ranges.length) {
      // A new array: the block's earlier batches keep theirs (same ranges, same offsets).
      const grown = new Int32Array(Math.max(2 * this.ranges.length, at + n));
      grown.set(this.ranges.subarray(0, at));
      this.ranges = grown;
    }
    this.ranges.set(words.subarray(ranges >> 2, (ranges >> 2) + n), at);
    this.rangesEnd = at + n;
    return { ranges: this.ranges, at, base: SRC, matched };
  }

  /** Write `program`'s record at `prog` (program-layout.ts), its literals' bytes at `literals`. */
  private write(program: LogProgram, words: Int32Array, heap: Uint8Array, prog: number, literals: number): void {
    const fields = program.fields.length;
    words[(prog >> 2) + P.PROGRAM_FIELDS] = fields;
    words[(prog >> 2) + P.PROGRAM_SPACE_RUNS] = program.spaceRuns ? 1 : 0;
    let at = literals;
    for (let k = 0; k <= fields; k++) {
      const record = (prog + P.PROGRAM_HEADER + P.PROGRAM_RECORD * k) >> 2;
      const literal = program.literals[k];
      heap.set(literal, at);
      words[record + P.RECORD_LITERAL] = at;
      words[record + P.RECORD_LITERAL_LENGTH] = literal.length;
      words[record + P.RECORD_FLAGS] = k < fields ? fieldFlags(program, k) : 0;
      at += literal.length;
    }
  }
}

/** Field k's flags (program-layout.ts): a quoted field ends at its quote, whatever its syntax. */
function fieldFlags(program: LogProgram, k: number): number {
  const kind = program.fields[k].kind;
  return (
    (program.quoted[k] ? P.FieldFlag.Quoted : program.extents[k] !== null ? P.FieldFlag.Extent : 0) |
    (kind === "integer" ? P.FieldFlag.Integer : kind === "decimal" ? P.FieldFlag.Decimal : 0)
  );
}
