// A component's part list matched in one pass, without a program or a
// RegExp, where the list leaves no choice to make: the shapes of a router's
// patterns ("/users/:id", "/v1/:n(\\d+)/items{/:item}?", "{:sub.}?example.com").
//
// The list becomes steps: fixed text; a run of the code points a group takes
// (a segment wildcard's "[^/]", a custom group of one repeated class such as
// "\\d+" or "[a-z]*"), which is the group's value; and an optional piece
// ("{/reviews}?", "/:page?"). It is "one-pass" (RE2's term) when, at every
// point where the RegExp could go two ways, the next code unit decides:
//   - a run ends at the first code unit outside its class, so nothing that
//     may follow the run can start with one inside it;
//   - an optional piece is taken where the next code unit can start it, so
//     nothing that may follow it can start with one that starts it (an
//     iteration of "?" that matched nothing fails, in ECMAScript).
// Then at most one path through the list can match, the backtracking RegExp
// finds that path too, and the groups are the same; the match costs a look
// at each code unit of the value.

import type { CompileOptions } from "./compile.js";
import type { Part } from "./parts.js";
import { parseRegExpSubset } from "./regexp-subset.js";
import { isAt } from "./code-units.js";
import type { Groups } from "./groups.js";
import { isAscii } from "../whatwg/infra.js";

/**
 * What may come next: ASCII code units; the code units above ASCII but the
 * line terminators U+2028 and U+2029 ("high"); those two ("separators"); the
 * value's end.
 */
class Follow {
  /** The ASCII code units, 32 a word (a route's pattern makes tens of these: no table each). */
  w0 = 0;
  w1 = 0;
  w2 = 0;
  w3 = 0;
  high = false;
  separators = false;
  end = false;

  /** Add ASCII code unit `c`. */
  addUnit(c: number): this {
    const bit = 1 << (c & 31);
    if (c < 32) this.w0 |= bit;
    else if (c < 64) this.w1 |= bit;
    else if (c < 96) this.w2 |= bit;
    else this.w3 |= bit;
    return this;
  }

  /** The ASCII code units of a class table (1 for a code unit in it). */
  static ofTable(ascii: Uint8Array): Follow {
    const follow = new Follow();
    for (let c = 0; c < 128; c++) if (ascii[c] === 1) follow.addUnit(c);
    return follow;
  }

  add(other: Follow): this {
    this.w0 |= other.w0;
    this.w1 |= other.w1;
    this.w2 |= other.w2;
    this.w3 |= other.w3;
    this.high ||= other.high;
    this.separators ||= other.separators;
    this.end ||= other.end;
    return this;
  }

  meets(other: Follow): boolean {
    if ((this.high && other.high) || (this.separators && other.separators) || (this.end && other.end)) return true;
    return ((this.w0 & other.w0) | (this.w1 & other.w1) | (this.w2 & other.w2) | (this.w3 & other.w3)) !== 0;
  }

  /** Whether code unit `c` is in it. */
  has(c: number): boolean {
    if (c >= 0x80) return c === 0x2028 || c === 0x2029 ? this.separators : this.high;
    const word = c < 32 ? this.w0 : c < 64 ? this.w1 : c < 96 ? this.w2 : this.w3;
    return (word & (1 << (c & 31))) !== 0;
  }
}

/** How a run treats code units above ASCII. */
const HIGH_OUT = 0;
const HIGH_IN = 1;
/** The run's class is a regexp's, read on bytes (regexp-subset.ts): such a value is left to the other matchers. */
const HIGH_UNKNOWN = 2;
/** "." without the "s" flag: all but the line terminators U+2028 and U+2029. */
const HIGH_BUT_LINE_TERMINATORS = 3;

/** Returned by run() where a value is outside what the steps can decide. */
const UNDECIDED = -2;

const TEXT = 0;
const RUN = 1;
const OPTIONAL = 2;

/** One step; every step has every field, so that run() reads them at one shape. */
class Step {
  constructor(
    readonly kind: number,
    /** TEXT: the text. */
    readonly text: string,
    /** RUN: 1 for an ASCII code unit in the class; how code units above ASCII are taken; the fewest code units. */
    readonly ascii: Uint8Array,
    readonly high: number,
    readonly min: number,
    /** RUN: its group's index in the name list. */
    readonly group: number,
    /** OPTIONAL: the piece's steps, and what may start it (follow() fills it in). */
    readonly steps: readonly Step[],
    readonly first: Follow,
  ) {}
}

const NONE = /* @__PURE__ */ new Uint8Array(0);
const NOTHING = /* @__PURE__ */ new Follow();

/** The steps of a step that is no optional piece. */
const NO_STEPS: readonly Step[] = [];

function textStep(text: string): Step {
  return new Step(TEXT, text, NONE, HIGH_OUT, 0, -1, NO_STEPS, NOTHING);
}

/** The class a group's value is a run of, or null where it is not one class repeated. */
function runClass(part: Part, options: CompileOptions): RunClass | null {
  // A route's parts repeat a few classes: each is worked out once, by what it is made of.
  const key = `${part.type} ${options.delimiterCodePoint} ${part.type === "regexp" ? part.value : ""}`;
  let found = CLASSES.get(key);
  if (found === undefined) {
    found = tableOf(part, options);
    if (CLASSES.size >= MAX_TABLES) CLASSES.clear();
    CLASSES.set(key, found);
  }
  return found;
}

type RunClass = { ascii: Uint8Array; high: number; min: number };

/** runClass()'s answers, by part type, delimiter and regexp. */
const CLASSES = new Map<string, RunClass | null>();

function tableOf(part: Part, options: CompileOptions): RunClass | null {
  const run = classOf(part, options);
  if (run === null) return null;
  // One table for each class: a router's patterns repeat a few, and a match
  // then reads a table that the matches before it kept in the cache.
  const key = run.ascii.join("");
  let ascii = TABLES.get(key);
  if (ascii === undefined) {
    ascii = run.ascii;
    if (TABLES.size < MAX_TABLES) TABLES.set(key, ascii);
  }
  return { ...run, ascii };
}

/** The class tables made so far, by their bits, up to MAX_TABLES (patterns made from untrusted text can have any number). */
const TABLES = new Map<string, Uint8Array>();
const MAX_TABLES = 256;

function classOf(part: Part, options: CompileOptions): { ascii: Uint8Array; high: number; min: number } | null {
  const ascii = new Uint8Array(128);
  if (part.type === "segment-wildcard") {
    // "[^" + delimiter + "]+?": one code point or more, none the delimiter.
    ascii.fill(1);
    if (options.delimiterCodePoint !== "") ascii[options.delimiterCodePoint.charCodeAt(0)] = 0;
    return { ascii, high: HIGH_IN, min: 1 };
  }
  if (part.type === "full-wildcard") {
    // ".*": no line terminator.
    ascii.fill(1);
    ascii[0x0a] = 0;
    ascii[0x0d] = 0;
    return { ascii, high: HIGH_BUT_LINE_TERMINATORS, min: 0 };
  }
  const alternatives = parseRegExpSubset(part.value, false);
  if (alternatives === null || alternatives.length !== 1) return null;
  const atoms = alternatives[0] as NonNullable<typeof alternatives>[number];
  if (atoms.length !== 1) return null;
  const { set, min, max } = atoms[0] as (typeof atoms)[number];
  if (max !== Infinity || min > 1) return null;
  for (let c = 0; c < 128; c++) ascii[c] = (set[c >> 5] as number) & (1 << (c & 31)) ? 1 : 0;
  return { ascii, high: HIGH_UNKNOWN, min };
}

/** The steps of a part list, or null where it has a part they cannot take. */
function stepsOf(parts: readonly Part[], options: CompileOptions): Step[] | null {
  const steps: Step[] = [];
  let group = 0;
  const text = (t: string, into: Step[]) => {
    if (t !== "") into.push(textStep(t));
  };
  for (const part of parts) {
    if (part.modifier !== "none" && part.modifier !== "optional") return null;
    const into: Step[] = part.modifier === "none" ? steps : [];
    if (part.type === "fixed-text") {
      if (!isAscii(part.value)) return null;
      text(part.value, into);
    } else {
      const run = runClass(part, options);
      if (run === null || !isAscii(part.prefix) || !isAscii(part.suffix)) return null;
      text(part.prefix, into);
      into.push(new Step(RUN, "", run.ascii, run.high, run.min, group++, NO_STEPS, NOTHING));
      text(part.suffix, into);
    }
    if (part.modifier === "optional") {
      if (into.length === 0) return null;
      steps.push(new Step(OPTIONAL, "", NONE, HIGH_OUT, 0, -1, into, new Follow()));
    }
  }
  return steps;
}

/**
 * What the steps from `at` on may start with, followed by `after`; null
 * where a choice among them is not decided by the next code unit. Fills in
 * each optional step's `first`.
 */
function follow(steps: readonly Step[], at: number, after: Follow): Follow | null {
  // From the last step back: a loop, not a call a step (a pattern may have any number of steps).
  let rest: Follow | null = after;
  for (let i = steps.length - 1; i >= at && rest !== null; i--) rest = followStep(steps[i] as Step, rest);
  return rest;
}

/** Follow.ofTable() of each class table, made once (a router's runs share a few tables: tableOf()). */
const TABLE_FOLLOWS = new WeakMap<Uint8Array, Follow>();

function tableFollow(ascii: Uint8Array): Follow {
  let follow = TABLE_FOLLOWS.get(ascii);
  if (follow === undefined) {
    follow = Follow.ofTable(ascii);
    TABLE_FOLLOWS.set(ascii, follow);
  }
  return follow;
}

/** What `step` may start with, followed by `rest` (what the steps after it may start with); null as follow() says. */
function followStep(step: Step, rest: Follow): Follow | null {
  const here = new Follow();
  if (step.kind === TEXT) {
    here.addUnit(step.text.charCodeAt(0));
    return here;
  }
  if (step.kind === RUN) {
    here.add(tableFollow(step.ascii));
    here.high = step.high !== HIGH_OUT;
    here.separators = step.high === HIGH_IN || step.high === HIGH_UNKNOWN;
    // The run stops at the first code unit outside its class.
    if (here.meets(rest)) return null;
    return step.min === 0 ? here.add(rest) : here;
  }
  // What starts the piece must not start what follows it. A piece that can
  // be empty (one run of "*" alone) is taken where it reads a code unit:
  // ECMAScript fails an iteration of "?" that matched nothing.
  const inner = follow(step.steps, 0, new Follow());
  if (inner === null || inner.meets(rest)) return null;
  // And inside the piece, each choice is decided by what follows the piece too.
  if (follow(step.steps, 0, rest) === null) return null;
  step.first.add(inner);
  return here.add(inner).add(rest);
}

/**
 * A step of a straight line: fixed text, or a run of an ASCII class (its
 * group's value), at least `min` long; `stop` is the one code unit outside
 * a class that holds every other (a segment wildcard's "/"), else -1.
 */
export type RouteStep = string | { readonly ascii: Uint8Array; readonly min: number; readonly stop: number };

/** The one code unit a class of every code unit above ASCII leaves out, else -1. */
function stopOf(ascii: Uint8Array, high: number): number {
  if (high !== HIGH_IN) return -1;
  const stop = ascii.indexOf(0);
  return stop >= 0 && ascii.indexOf(0, stop + 1) >= 0 ? -1 : stop;
}

/** The RouteStep of a run, made once for each class table, way with code units above ASCII, and minimum (runs share tables: tableOf()). */
function runStep(step: Step): RouteStep {
  let steps = RUN_STEPS.get(step.ascii);
  if (steps === undefined) {
    steps = new Map();
    RUN_STEPS.set(step.ascii, steps);
  }
  const key = step.high * 2 + step.min;
  let found = steps.get(key);
  if (found === undefined) {
    found = { ascii: step.ascii, min: step.min, stop: stopOf(step.ascii, step.high) };
    steps.set(key, found);
  }
  return found;
}

const RUN_STEPS = new WeakMap<Uint8Array, Map<number, RouteStep>>();

/** How many groups a part list has: every part but fixed text is one. */
function groupCount(parts: readonly Part[]): number {
  let n = 0;
  for (const p of parts) if (p.type !== "fixed-text") n++;
  return n;
}

/** A part list compiled to one-pass steps. */
export class OnePass {
  private constructor(
    /** The fixed text the list starts with, which the caller checks first (match()). */
    readonly head: string,
    private readonly steps: readonly Step[],
    /** The fixed text the list ends with, matched at the value's end first. */
    private readonly tail: string,
    /** How many groups the name list has. */
    private readonly groups: number,
  ) {}

  /** The part list's steps, or null where it is not one-pass (or ignores case). */
  static compile(parts: readonly Part[], options: CompileOptions): OnePass | null {
    if (options.ignoreCase) return null;
    const steps = stepsOf(parts, options);
    if (steps === null) return null;
    // Fixed text at the end of the list can only be the value's last code
    // units: it is matched there, and the steps before it must take the rest
    // whole, which leaves their last choice to the end of that rest, not to
    // the text ("{:sub.}?example.com": a label and a dot, or nothing).
    let tail = "";
    while (steps.length > 0 && (steps[steps.length - 1] as Step).kind === TEXT)
      tail = (steps.pop() as Step).text + tail;
    // The text it starts with is left to the caller, which refuses most
    // values on it (component-matcher.ts startsWithText()).
    let head = "";
    while (steps.length > 0 && (steps[0] as Step).kind === TEXT) head += (steps.shift() as Step).text;
    const end = new Follow();
    end.end = true;
    if (follow(steps, 0, end) === null) return null;
    return new OnePass(head, steps, tail, groupCount(parts));
  }

  /**
   * The steps as one straight line (route-trie.ts), or null where the list
   * has an optional piece, or a run that fixed text after it could start
   * (the run would not end where the next code unit leaves its class).
   * Fixed text as a string, a run as { ascii, min, stop }.
   */
  straight(): RouteStep[] | null {
    const line: RouteStep[] = [];
    if (this.head !== "") line.push(this.head);
    for (const step of this.steps) {
      if (step.kind === OPTIONAL) return null;
      line.push(step.kind === TEXT ? step.text : runStep(step));
    }
    if (this.tail !== "") line.push(this.tail);
    for (let k = 0; k < line.length; k++) {
      const step = line[k] as RouteStep;
      if (typeof step === "string") continue;
      const next = line[k + 1];
      if (next === undefined) continue;
      if (typeof next !== "string" || step.ascii[next.charCodeAt(0)] === 1) return null;
    }
    return line;
  }

  /**
   * Match `value`, whole, which starts with `head` (the caller has checked):
   * its groups (an array of the name list's length, undefined for a group
   * that took no part) where `wantGroups`, else an empty array; null where
   * it does not match; undefined where a run of a regexp's class meets a
   * code unit above ASCII.
   */
  match(value: string, wantGroups: boolean): Groups | null | undefined {
    const tail = this.tail;
    const end = value.length - tail.length;
    if (end < this.head.length || !isAt(value, end, tail)) return null;
    let groups: Groups | null = null;
    if (wantGroups) {
      // Pushed: new Array(n).fill() costs twice as much.
      groups = [];
      for (let g = 0; g < this.groups; g++) groups.push(undefined);
    }
    const stop = run(this.steps, value, this.head.length, end, groups);
    if (stop === UNDECIDED) return undefined;
    return stop === end ? (groups ?? NO_GROUPS) : null;
  }
}

const NO_GROUPS: Groups = [];

/**
 * Where the steps end, read in `value` from `at` up to `end` (groups written
 * into `groups`); -1 where they fail.
 */
function run(steps: readonly Step[], value: string, at: number, end: number, groups: Groups | null): number {
  let i = at;
  for (let s = 0; s < steps.length; s++) {
    const step = steps[s] as Step;
    if (step.kind === TEXT) {
      const text = step.text;
      if (i + text.length > end || !isAt(value, i, text)) return -1;
      i += text.length;
    } else if (step.kind === RUN) {
      const start = i;
      const ascii = step.ascii;
      while (i < end) {
        const c = value.charCodeAt(i);
        if (c < 0x80) {
          if (ascii[c] === 0) break;
        } else if (step.high !== HIGH_IN) {
          if (step.high === HIGH_UNKNOWN) return UNDECIDED;
          if (step.high === HIGH_OUT || c === 0x2028 || c === 0x2029) break;
        }
        i++;
      }
      if (i - start < step.min) return -1;
      if (groups !== null) groups[step.group] = value.slice(start, i);
    } else if (i < end) {
      if (step.first.has(value.charCodeAt(i))) {
        i = run(step.steps, value, i, end, groups);
        if (i < 0) return i;
      }
    }
  }
  return i;
}
