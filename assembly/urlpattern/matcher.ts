// Match one URL pattern component: run its program (program.ts) over the
// input's bytes, in time linear in the input, by one of two engines that
// give the same answer (the RegExp's).
//
// Backtracking with a memory (RE2's "BitState"): the paths are tried one at
// a time, in the RegExp's order, as a backtracking RegExp tries them, but
// each (instruction, position) pair is entered once: a path that comes back
// to a pair entered before would go on as the first did, which failed
// (captures do not steer a match). The first path to reach Op.Match at the
// end is the RegExp's. Most inputs follow one path, at a few machine
// instructions a byte; the cost is a bit per pair, so it runs for up to
// BACKTRACK_CELLS pairs (a program of 80 words on inputs up to ~800 bytes).
//
// Beyond that, a Pike VM: The threads alive at a
// position are kept in priority order, each with its capture slots; a thread
// reaching an instruction already reached at this position is dropped (the
// one there first has the higher priority, and from the same instruction and
// position both would go on alike). So every position costs at most one step
// per instruction: the work is linear in the input for a given pattern, where
// a backtracking RegExp can take exponential time on patterns such as
// "**.google.com" (WPT's and the polyfill's hang).
//
// The answer is the one a backtracking RegExp gives: it tries the same paths
// in the same order and keeps the first that matches; here they are walked in
// step, in that order, and the first thread to reach Op.Match at the end of
// the input wins. ECMAScript fails a "*" iteration that matched nothing; here
// such an iteration comes back to its loop's split at the same position and
// is dropped there, which leaves the same paths in the same order.

import { ld32, ld8, st32 } from "../memory";
import { backtracks, slotsAt, Op, opWords } from "./program";

let prog: i32 = 0;
let slots: i32 = 0;
/** Where instruction pc was last added: the position of the list being built (marks[pc] == position). */
let marks: i32 = 0;
/** The stack of slot copies that Op.Save makes while following a thread. */
let stackTop: i32 = 0;
/** The list being built and how many threads it holds. */
let list: i32 = 0;
let count: i32 = 0;
let stride: i32 = 0;

/**
 * The jobs of follow(), two words each: (pc, caps), a thread to follow, or
 * (-1, top), the slot copies to drop back to `top` once the thread that
 * made them has been followed. A stack of its own, not calls: a program has
 * any number of instructions between two that read a byte.
 */
let jobs: i32 = 0;

/** Push the job (`a`, `b`), two words, on the stack whose top is `top`; returns the new top. */
function push(top: i32, a: i32, b: i32): i32 {
  st32(top, a);
  st32(top + 4, b);
  return top + 8;
}

/** Copy `n` words (capture slots) from `src` to `dst`. */
function copySlots(dst: i32, src: i32, n: i32): void {
  for (let i = 0; i < n; i++) st32(dst + (i << 2), ld32(src + (i << 2)));
}

/**
 * Add the thread at instruction `pc` with the slots at `caps`, at position
 * `pos`, to the list, following jumps, splits and saves (in priority order:
 * a split's second branch after all of its first) to the instructions that
 * read a byte or match.
 */
function follow(pc: i32, caps: i32, pos: i32): void {
  let top = push(jobs, pc, caps);
  while (top > jobs) {
    top -= 8;
    const job = ld32(top);
    const slotsAt = ld32(top + 4);
    if (job < 0) {
      stackTop = slotsAt;
      continue;
    }
    const mark = marks + (job << 2);
    if (ld32(mark) == pos) continue;
    st32(mark, pos);
    const at = prog + (job << 2);
    const op = ld32(at);
    if (op == Op.Jmp) {
      top = push(top, ld32(at + 4), slotsAt);
    } else if (op == Op.Split) {
      // Popped in the other order: the first branch first.
      top = push(push(top, ld32(at + 8), slotsAt), ld32(at + 4), slotsAt);
    } else if (op == Op.Save) {
      const copy = stackTop;
      stackTop += slots << 2;
      copySlots(copy, slotsAt, slots);
      st32(copy + (ld32(at + 4) << 2), pos);
      top = push(push(top, -1, copy), job + 2, copy);
    } else {
      const entry = list + count * stride;
      count++;
      st32(entry, job);
      copySlots(entry + 4, slotsAt, slots);
    }
  }
}

/** Whether the instruction at `at` (Op.Byte or Op.Set) takes byte `b`. */
function takes(at: i32, b: i32): bool {
  if (ld32(at) == Op.Byte) return ld32(at + 4) == b || ld32(at + 8) == b;
  return ((ld32(at + 4 + ((b >> 5) << 2)) >>> (b & 31)) & 1) != 0;
}

/**
 * Match the `len` bytes at `src`, whole, against the program of `words` words
 * at `program` with `slotCount` capture slots, with `engine` (ENGINE_AUTO:
 * the one for the size). The scratch memory (scratchBytes()) follows the
 * program, and the slots follow it (slotsAt()). Returns 1 and writes the
 * slots (byte positions, or -1 where a group did not take part), or returns 0.
 */
export function matchComponent(program: i32, words: i32, slotCount: i32, src: i32, len: i32, engine: i32): i32 {
  const scratch = program + (words << 2);
  const out = slotsAt(program, words, slotCount, len, engine);
  if (backtracks(engine, words, len)) return backtrack(program, words, slotCount, src, len, scratch, out);
  prog = program;
  slots = slotCount;
  stride = (1 + slots) << 2;
  marks = scratch;
  for (let pc = 0; pc < words; pc++) st32(marks + (pc << 2), -1);
  let current = marks + (words << 2);
  let next = current + words * stride;
  const start = next + words * stride;
  for (let i = 0; i < slots; i++) st32(start + (i << 2), -1);
  stackTop = start + (slots << 2);
  jobs = stackTop + words * stride;
  list = current;
  count = 0;
  follow(0, start, 0);
  for (let pos = 0; pos <= len; pos++) {
    const threads = count;
    if (threads == 0) return 0;
    list = next;
    count = 0;
    const b = pos < len ? ld8(src + pos) : -1;
    for (let t = 0; t < threads; t++) {
      const entry = current + t * stride;
      const pc = ld32(entry);
      const at = prog + (pc << 2);
      const op = ld32(at);
      if (op == Op.Match) {
        if (pos != len) continue;
        copySlots(out, entry + 4, slots);
        return 1;
      }
      if (b >= 0 && takes(at, b)) follow(pc + opWords(op), entry + 4, pos + 1);
    }
    next = current;
    current = list;
  }
  return 0;
}

/** A stack job that restores slot k (stored as -1 - k) rather than trying a branch. */
function backtrack(program: i32, words: i32, slotCount: i32, src: i32, len: i32, scratch: i32, out: i32): i32 {
  const caps = scratch;
  for (let i = 0; i < slotCount; i++) st32(caps + (i << 2), -1);
  const seen = caps + (slotCount << 2);
  const cells = words * (len + 1);
  const seenWords = (cells + 31) >> 5;
  for (let i = 0; i < seenWords; i++) st32(seen + (i << 2), 0);
  const stack = seen + (seenWords << 2);
  // A job is two words: (pc, pos) for a branch to try, (-1 - slot, value) for a slot to restore.
  let top = push(stack, 0, 0);
  while (top > stack) {
    top -= 8;
    let pc = ld32(top);
    let pos = ld32(top + 4);
    if (pc < 0) {
      st32(caps + ((-1 - pc) << 2), pos);
      continue;
    }
    while (true) {
      // Enter each (instruction, position) pair once.
      const cell = pos * words + pc;
      const bitAt = seen + ((cell >> 5) << 2);
      const bits = ld32(bitAt);
      const bit = 1 << (cell & 31);
      if ((bits & bit) != 0) break;
      st32(bitAt, bits | bit);
      const at = program + (pc << 2);
      const op = ld32(at);
      if (op == Op.Jmp) {
        pc = ld32(at + 4);
      } else if (op == Op.Split) {
        top = push(top, ld32(at + 8), pos);
        pc = ld32(at + 4);
      } else if (op == Op.Save) {
        const slot = ld32(at + 4);
        const slotAt = caps + (slot << 2);
        top = push(top, -1 - slot, ld32(slotAt));
        st32(slotAt, pos);
        pc += 2;
      } else if (op == Op.Match) {
        if (pos != len) break;
        copySlots(out, caps, slotCount);
        return 1;
      } else {
        if (pos >= len || !takes(at, ld8(src + pos))) break;
        pc += opWords(op);
        pos++;
      }
    }
  }
  return 0;
}
