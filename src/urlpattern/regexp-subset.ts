// The regular-expression groups of a pattern (":id(\\d+)", "(v[0-9]+)",
// "(js|css)") that the kernel runs itself: alternatives ("|", tried in order),
// each a sequence of one-character atoms (a literal, ".", "\d", "\w", "\s" or
// a bracket class of literals and ranges), each atom with an optional
// quantifier ("?", "*", "+", "{n}", "{n,}", "{n,m}", greedy or lazy).
// Each atom takes exactly one byte of an ASCII input, so no iteration of a
// quantifier can be empty and the Pike VM's priorities are the RegExp's. Any
// other value (an empty alternative, groups, assertions, negated classes under
// ignoreCase, non-ASCII) returns null, and the component is matched by the
// RegExp the standard generates. The RegExp has been built from the same
// value first (the constructor does that, and throws on a bad one), so only
// valid syntax reaches this parser.

import { addByte, addRange, allBut, bothCases, emptySet, type ByteSet } from "./byte-set.js";

export interface Atom {
  set: ByteSet;
  min: number;
  /** Infinity for no upper bound. */
  max: number;
  lazy: boolean;
}

/** The longest bounded repeat expanded into instructions ("{n,m}" with m at most this). */
const MAX_REPEAT = 32;
/** SyntaxCharacter and "/": what "\" may escape outside a class ("u" and "v" flags). */
const SYNTAX = "^$\\.*+?()[]{}|/";
/** What "\" may escape inside a class under the "v" flag, beyond SYNTAX: ClassSetReservedPunctuator. */
const CLASS_PUNCTUATORS = "&-!#%,:;<=>@`~";

function isWordByte(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}

/** The set of "\d", "\w" or "\s" (on ASCII input), or null for another escape letter. */
function classEscape(letter: string): ByteSet | null {
  const set = emptySet();
  if (letter === "d") addRange(set, 0x30, 0x39);
  else if (letter === "w") for (let b = 0; b < 128; b++) isWordByte(b) && addByte(set, b);
  else if (letter === "s") for (const b of [9, 10, 11, 12, 13, 32]) addByte(set, b);
  else return null;
  return set;
}

class Reader {
  at = 0;
  constructor(readonly text: string) {}
  get done(): boolean {
    return this.at >= this.text.length;
  }
  peek(): string {
    return this.text[this.at] ?? "";
  }
  take(): string {
    return this.text[this.at++] ?? "";
  }
}

/** A character of a class as its byte, or null where unsupported. */
function classChar(r: Reader): number | null {
  const c = r.take();
  if (c === "\\") {
    const e = r.take();
    return SYNTAX.includes(e) || CLASS_PUNCTUATORS.includes(e) ? e.charCodeAt(0) : null;
  }
  const b = c.charCodeAt(0);
  return isWordByte(b) ? b : null;
}

/** A bracket class after its "[", up to and with its "]". */
function bracket(r: Reader, ignoreCase: boolean): ByteSet | null {
  const negated = r.peek() === "^";
  if (negated) {
    if (ignoreCase) return null;
    r.take();
  }
  let set = emptySet();
  while (r.peek() !== "]") {
    if (r.done) return null;
    if (r.peek() === "\\") {
      const escaped = classEscape(r.text[r.at + 1] ?? "");
      if (escaped) {
        r.at += 2;
        for (let b = 0; b < 128; b++) if ((escaped[b >> 5] >>> (b & 31)) & 1) addByte(set, b);
        continue;
      }
    }
    const from = classChar(r);
    if (from === null) return null;
    if (r.peek() === "-" && r.text[r.at + 1] !== "]") {
      r.take();
      const to = classChar(r);
      if (to === null || to < from) return null;
      addRange(set, from, to);
    } else addByte(set, from);
  }
  r.take();
  if (ignoreCase) set = bothCases(set);
  if (!negated) return set;
  const complement = allBut([]);
  for (let w = 0; w < set.length; w++) complement[w] &= ~set[w];
  return complement;
}

/** One atom's set, or null. */
function atom(r: Reader, ignoreCase: boolean): ByteSet | null {
  const c = r.take();
  if (c === "[") return bracket(r, ignoreCase);
  // "." without the "s" flag: any character but the line terminators (on ASCII: LF and CR).
  if (c === ".") return allBut([0x0a, 0x0d]);
  let b: number;
  if (c === "\\") {
    const e = r.take();
    const escaped = classEscape(e);
    if (escaped) return escaped;
    if (!SYNTAX.includes(e)) return null;
    b = e.charCodeAt(0);
  } else {
    b = c.charCodeAt(0);
    if (b >= 0x80 || SYNTAX.includes(c)) return null;
  }
  const set = emptySet();
  addByte(set, b);
  return ignoreCase ? bothCases(set) : set;
}

/** A decimal number at the reader, or -1. */
function number(r: Reader): number {
  const start = r.at;
  while (r.peek() >= "0" && r.peek() <= "9") r.take();
  return r.at > start ? Number(r.text.slice(start, r.at)) : -1;
}

/** The quantifier after an atom: [min, max] ([1, 1] for none), or null for an unsupported one. */
function quantifier(r: Reader): [number, number] | null {
  const c = r.peek();
  if (c === "?" || c === "*" || c === "+") {
    r.take();
    return c === "?" ? [0, 1] : [c === "+" ? 1 : 0, Infinity];
  }
  if (c !== "{") return null;
  r.take();
  const min = number(r);
  let max = min;
  if (r.peek() === ",") {
    r.take();
    max = r.peek() === "}" ? Infinity : number(r);
  }
  if (r.take() !== "}" || min < 0 || max < min) return null;
  return min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT) ? null : [min, max];
}

/** The alternatives of a regexp group's value, each its atoms, or null where the kernel does not run it. */
export function parseRegExpSubset(value: string, ignoreCase: boolean): Atom[][] | null {
  const r = new Reader(value);
  const alternatives: Atom[][] = [];
  let atoms: Atom[] = [];
  while (!r.done) {
    if (r.peek() === "|") {
      r.take();
      if (atoms.length === 0) return null;
      alternatives.push(atoms);
      atoms = [];
      continue;
    }
    const set = atom(r, ignoreCase);
    if (set === null) return null;
    const quantified = !r.done && "?*+{".includes(r.peek());
    const bounds = quantified ? quantifier(r) : [1, 1];
    if (bounds === null) return null;
    // A "?" after a quantifier makes it lazy.
    const lazy = quantified && r.peek() === "?";
    if (lazy) r.take();
    atoms.push({ set, min: bounds[0], max: bounds[1], lazy });
  }
  if (atoms.length === 0) return null;
  alternatives.push(atoms);
  return alternatives;
}
