// Running a compiled component (compile.ts) in the kernel: the value's bytes
// at ARENA, the program after them, then the kernel's scratch memory and the
// capture slots it writes back (program.ts slotsAt()). The program is copied in at each call (tens
// of words: cheaper than keeping it in kernel memory, which a reset or a
// growth of memory would lose).

import { ARENA, SLACK } from "../../assembly/layout.js";
import { ENGINE_AUTO, slotsAt } from "../../assembly/urlpattern/program.js";
import { align8, type Arena } from "../kernel/arena.js";
import { URLPATTERN } from "../kernel/modules.js";
import type { Program } from "./compile.js";

/** What a run answers: the capture slots (UTF-16 indices, -1 for a group that took no part), or null. */
export type Slots = Int32Array | null;

/**
 * Match `value` from index `start` on, to its end, against `program`: its
 * slots (indices into `value`), null for no match, or undefined where
 * `value` is not ASCII (the kernel reads bytes, the RegExp code points: the
 * caller asks the RegExp).
 */
export function runProgram(
  arena: Arena,
  program: Program,
  value: string,
  wantSlots: boolean,
  start = 0,
  engine = ENGINE_AUTO,
): Slots | undefined {
  const length = arena.input(value);
  if (!arena.inputAscii) return undefined;
  const { words, slots } = program;
  const at = align8(ARENA + length + SLACK);
  const out = slotsAt(at, words.length, slots, length - start, engine);
  arena.reserve(out + slots * 4 - ARENA);
  arena.i32.set(words, at >> 2);
  if (arena.module(URLPATTERN).matchComponent(at, words.length, slots, ARENA + start, length - start, engine) === 0)
    return null;
  if (!wantSlots) return EMPTY;
  const found = arena.i32.slice(out >> 2, (out >> 2) + slots);
  if (start !== 0) for (let i = 0; i < found.length; i++) if (found[i] >= 0) found[i] += start;
  return found;
}

const EMPTY = /* @__PURE__ */ new Int32Array(0);
