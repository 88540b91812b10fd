// The program a URL pattern component compiles to (src/urlpattern/compile.ts
// writes it, matcher.ts runs it): i32 words, one instruction after another,
// each an opcode and its operands. It is the regular expression the URL
// Pattern Standard generates for the component (#generate-a-regular-expression-and-name-list),
// as a Thompson NFA whose splits are ordered: the first branch of a split is
// the one a backtracking RegExp tries first (the greedy "more", or for the
// segment wildcard's lazy "+?" the "stop"), so that running the threads in
// that order picks the captures the RegExp would (a Pike VM).
//
//   Op.Byte a b        one byte equal to a or to b (two cases under ignoreCase)
//   Op.Set w0 .. w7    one byte whose bit is set in the 256-bit map w0..w7
//   Op.Split x y       go on at x, and at y with lower priority
//   Op.Jmp x           go on at x
//   Op.Save k          capture slot k takes the position here
//   Op.Match           the whole input matched (only at its end: "^...$")
//
// Addresses x, y are word indices into the program.

/** The opcodes, numbered from 0 (asc inlines an enum's members as constants). */
export enum Op {
  Byte,
  Set,
  Split,
  Jmp,
  Save,
  Match,
}

/** Words of an Op.Set map: 256 bits. */
export const SET_WORDS: i32 = 8;

/** The words each instruction takes, by opcode. */
export function opWords(op: i32): i32 {
  if (op == Op.Set) return 1 + SET_WORDS;
  if (op == Op.Byte || op == Op.Split) return 3;
  if (op == Op.Match) return 1;
  return 2;
}

/**
 * The largest number of (instruction, position) pairs for which the
 * backtracking engine runs (matcher.ts): its bit map and stack grow with
 * that number; beyond it, the Pike VM runs.
 */
export const BACKTRACK_CELLS: i32 = 65536;

/** Engines of matchComponent(): the one for the size (0), or either alone (for tests). */
export const ENGINE_AUTO: i32 = 0;
export const ENGINE_PIKE: i32 = 1;
export const ENGINE_BACKTRACK: i32 = 2;

/** Whether matchComponent() runs the backtracking engine for a program of `words` words on `len` bytes. */
export function backtracks(engine: i32, words: i32, len: i32): bool {
  if (engine != ENGINE_AUTO) return engine == ENGINE_BACKTRACK;
  // Divided, not multiplied: words * (len + 1) may not fit in an i32.
  return len + 1 <= BACKTRACK_CELLS / words;
}

/**
 * Bytes of scratch memory a run of a program of `words` words with `slots`
 * capture slots on `len` bytes needs. The Pike VM: a mark per word, two
 * thread lists (a thread is its instruction and its slots), a stack of
 * slot copies for Op.Save, and follow()'s stack of jobs (each instruction
 * entered once pushes two at most). The backtracking engine: the slots, a bit per
 * (instruction, position) and a stack of two words per pair at most (each
 * pair pushes one job: a split's other branch, or a slot to restore).
 */
export function scratchBytes(words: i32, slots: i32, len: i32, engine: i32): i32 {
  if (!backtracks(engine, words, len)) return (words + 3 * words * (1 + slots) + slots + 4 * words + 2) * 4;
  const cells = words * (len + 1);
  return (slots + ((cells + 31) >> 5) + 2 * cells + 2) * 4;
}

/** Where matchComponent() writes the slots, for a program at `program`: after the program and its scratch memory. */
export function slotsAt(program: i32, words: i32, slots: i32, len: i32, engine: i32): i32 {
  return program + (words << 2) + scratchBytes(words, slots, len, engine);
}
