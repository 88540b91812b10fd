// A component's part list compiled to the kernel's program (assembly/urlpattern/program.ts).
// It follows "generate a regular expression and name list" of the URL
// Pattern Standard construct by construct, so that the program accepts what
// the generated RegExp accepts and captures what it captures, in its order:
//
//   fixed text                 "value"                  or "(?:value)" + modifier
//   no prefix or suffix        "(" + v + ")" + modifier   (none, optional)
//                              "((?:" + v + ")" + modifier + ")"   (zero-or-more, one-or-more)
//   prefix / suffix            "(?:" + prefix + "(" + v + ")" + suffix + ")" + modifier   (none, optional)
//                              "(?:" + prefix + "((?:" + v + ")(?:" + suffix + prefix + "(?:" + v + "))*)" + suffix + ")"
//                              and "?" after it for zero-or-more
//
// where v is "[^" + delimiter + "]+?" (segment wildcard), ".*" (full wildcard)
// or the group's own regexp (regexp-subset.ts). Modifiers are greedy: a
// split's first branch takes one more. A component compiles to null where
// the kernel cannot run it: text or input outside ASCII (the RegExp's "v"
// flag reads code points, and under "i" folds some non-ASCII letters to ASCII
// ones), or a regexp group outside the subset.

import { Op, opWords } from "../../assembly/urlpattern/program.js";
import { allBut, emptySet, otherCase, type ByteSet } from "./byte-set.js";
import type { Part, PartModifier, PartOptions } from "./parts.js";
import { parseRegExpSubset, type Atom } from "./regexp-subset.js";

/** The options compile() reads: the segment wildcard's delimiter and the case rule. */
export type CompileOptions = Pick<PartOptions, "delimiterCodePoint" | "ignoreCase">;

export interface Program {
  readonly words: Int32Array;
  /** Two capture slots per group (start, end), the groups in the name list's order. */
  readonly slots: number;
}

/** "." without the "s" flag, on ASCII input: anything but LF and CR. */
const ANY_BUT_LINE_TERMINATOR = /* @__PURE__ */ allBut([0x0a, 0x0d]);

class Emitter {
  readonly words: number[] = [];
  groups = 0;
  constructor(
    readonly options: CompileOptions,
    /** Whether the program only answers whether a value matches (compileParts() `testOnly`). */
    readonly testOnly: boolean,
  ) {}

  get here(): number {
    return this.words.length;
  }

  set(set: ByteSet): void {
    this.words.push(Op.Set, ...set);
  }

  /** A split whose targets are patched later: its address. */
  split(): number {
    this.words.push(Op.Split, 0, 0);
    return this.here - 3;
  }

  patch(split: number, first: number, second: number): void {
    this.words[split + 1] = first;
    this.words[split + 2] = second;
  }

  /** The code points of `text`, as bytes: false when one is not ASCII. */
  text(text: string): boolean {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x80) return false;
      this.words.push(Op.Byte, c, this.options.ignoreCase ? otherCase(c) : c);
    }
    return true;
  }

  /**
   * `body` under a modifier, greedy: "?", "*", "+" or none. ECMAScript fails
   * an iteration of "?" or "*" (or a "+" iteration after the first) that
   * matched nothing (RepeatMatcher: "if min = 0 and y's endIndex = x's
   * endIndex, return failure"): such iterations enter the body through
   * nonEmpty().
   */
  modified(modifier: PartModifier, body: () => boolean): boolean {
    if (modifier === "none") return body();
    if (modifier === "one-or-more") {
      const start = this.here;
      if (!body()) return false;
      const end = this.here;
      const split = this.split();
      this.patch(split, this.nonEmpty(start, end), this.here);
      return true;
    }
    const split = this.split();
    const start = this.here;
    if (!body()) return false;
    const end = this.here;
    if (modifier === "zero-or-more") {
      this.words.push(Op.Jmp, split);
      this.patch(split, this.nonEmpty(start, end), this.here);
      return true;
    }
    const jump = this.here;
    this.words.push(Op.Jmp, 0);
    const entry = this.nonEmpty(start, end);
    if (entry === start) this.words.length = jump;
    else this.words[jump + 1] = this.here;
    this.patch(split, entry, this.here);
    return true;
  }

  /** Whether the body at [start, end) can reach its end without reading a byte. */
  nullable(start: number, end: number): boolean {
    const seen = new Set<number>();
    const reach = (pc: number): boolean => {
      if (pc === end) return true;
      if (seen.has(pc)) return false;
      seen.add(pc);
      const op = this.words[pc];
      if (op === Op.Split) return reach(this.words[pc + 1]) || reach(this.words[pc + 2]);
      if (op === Op.Jmp) return reach(this.words[pc + 1]);
      if (op === Op.Save) return reach(pc + 2);
      return false;
    };
    return reach(start);
  }

  /**
   * Where an iteration of the body at [start, end) begins that must read a
   * byte: the body itself when it cannot be empty, else a copy of it, written
   * here, that leaves for the body at the point after each byte it reads (the
   * rest is free to be empty) and fails where it would end without one. The
   * copy keeps the body's order of branches, so the paths left keep their
   * priorities.
   */
  nonEmpty(start: number, end: number): number {
    if (!this.nullable(start, end)) return start;
    const moved = new Map<number, number>();
    let at = this.here;
    for (let pc = start; pc < end; pc += opWords(this.words[pc])) {
      moved.set(pc, at);
      const op = this.words[pc];
      at += opWords(op) + (op === Op.Byte || op === Op.Set ? 2 : 0);
    }
    // Ending without a byte: a set of no bytes, where the thread dies.
    moved.set(end, at);
    const to = (pc: number): number => moved.get(pc) ?? pc;
    for (let pc = start; pc < end; pc += opWords(this.words[pc])) {
      const op = this.words[pc];
      if (op === Op.Byte || op === Op.Set)
        this.words.push(...this.words.slice(pc, pc + opWords(op)), Op.Jmp, pc + opWords(op));
      else if (op === Op.Split) this.words.push(Op.Split, to(this.words[pc + 1]), to(this.words[pc + 2]));
      else if (op === Op.Jmp) this.words.push(Op.Jmp, to(this.words[pc + 1]));
      else this.words.push(op, this.words[pc + 1]);
    }
    this.set(emptySet());
    return moved.get(start) as number;
  }

  /** One atom of a regexp group: `min` copies, then the optional ones, greedy or lazy. */
  atom({ set, min, max, lazy }: Atom): void {
    for (let i = 0; i < min; i++) this.set(set);
    if (max === Infinity) {
      const split = this.split();
      this.set(set);
      this.words.push(Op.Jmp, split);
      this.order(split, split + 3, this.here, lazy);
      return;
    }
    // "x{0,2}" is "(?:x(?:x)?)?": each optional copy nests in the one before.
    const splits: number[] = [];
    for (let i = min; i < max; i++) {
      splits.push(this.split());
      this.set(set);
    }
    for (const split of splits) this.order(split, split + 3, this.here, lazy);
  }

  /** Patch a quantifier's split: "take one more" first, or last when lazy. */
  order(split: number, more: number, stop: number, lazy: boolean): void {
    if (lazy && !this.testOnly) this.patch(split, stop, more);
    else this.patch(split, more, stop);
  }

  /** The regexp value of a non-fixed part. */
  value(part: Part): boolean {
    if (part.type === "segment-wildcard") {
      // "[^" + delimiter + "]+?": one, then lazily more.
      const start = this.here;
      this.set(allBut(this.options.delimiterCodePoint === "" ? [] : [this.options.delimiterCodePoint.charCodeAt(0)]));
      this.order(this.split(), start, this.here, true);
      return true;
    }
    if (part.type === "full-wildcard") {
      this.atom({ set: ANY_BUT_LINE_TERMINATOR, min: 0, max: Infinity, lazy: false });
      return true;
    }
    const alternatives = parseRegExpSubset(part.value, this.options.ignoreCase);
    if (alternatives === null) return false;
    this.alternatives(alternatives);
    return true;
  }

  /** "a|b|c": a split before each alternative but the last (the earlier first), each but the last jumping past the rest. */
  alternatives(alternatives: readonly Atom[][]): void {
    const jumps: number[] = [];
    for (let i = 0; i < alternatives.length; i++) {
      const last = i === alternatives.length - 1;
      const split = last ? -1 : this.split();
      for (const a of alternatives[i] as Atom[]) this.atom(a);
      if (last) break;
      this.words.push(Op.Jmp, 0);
      jumps.push(this.here - 1);
      this.patch(split, split + 3, this.here);
    }
    for (const at of jumps) this.words[at] = this.here;
  }

  /** A capturing group around `body`. */
  group(body: () => boolean): boolean {
    if (this.testOnly) return body();
    const slot = 2 * this.groups++;
    this.words.push(Op.Save, slot);
    if (!body()) return false;
    this.words.push(Op.Save, slot + 1);
    return true;
  }

  part(part: Part): boolean {
    if (part.type === "fixed-text") return this.modified(part.modifier, () => this.text(part.value));
    const once = part.modifier === "none" || part.modifier === "optional";
    if (part.prefix === "" && part.suffix === "") {
      if (once) return this.modified(part.modifier, () => this.group(() => this.value(part)));
      return this.group(() => this.modified(part.modifier, () => this.value(part)));
    }
    if (once) {
      return this.modified(
        part.modifier,
        () => this.text(part.prefix) && this.group(() => this.value(part)) && this.text(part.suffix),
      );
    }
    const repeated = (): boolean =>
      this.text(part.prefix) &&
      this.group(
        () =>
          this.value(part) &&
          this.modified("zero-or-more", () => this.text(part.suffix) && this.text(part.prefix) && this.value(part)),
      ) &&
      this.text(part.suffix);
    return this.modified(part.modifier === "zero-or-more" ? "optional" : "none", repeated);
  }
}

/**
 * The program of a component's part list, or null where the RegExp must
 * match it. `testOnly`: a program for test(), with no capture slots and
 * every quantifier greedy. Which values match does not depend on the order
 * a quantifier tries its branches in, only which captures the first match
 * makes; and greedy, the path through a segment group followed by more text
 * ("/:slug{/reviews}?") is found without trying the rest at every position.
 */
export function compileParts(parts: readonly Part[], options: CompileOptions, testOnly = false): Program | null {
  const e = new Emitter(options, testOnly);
  for (const part of parts) if (!e.part(part)) return null;
  e.words.push(Op.Match);
  return { words: Int32Array.from(e.words), slots: 2 * e.groups };
}
