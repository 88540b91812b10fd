// The keys of a program-read log line's fields for `stats --by` a log field
// (and --sum): each asked-for field's byte range, found from the ranges the
// program gave (program-kernel.ts), so that the command counts the values
// as bytes (byte-counts.ts), with no string a line, as the library's kernel
// places the keys of `--input combined` (BatchOptions.logKeys). A key is the
// value ProgramFields.field() gives (line-fields.ts), as a field of the record
// reads it (output/fields.ts):
//   "-" is no value (KEY_NONE), as is every field of a line that does not
//   match, and an empty field that the server does not escape (a CSV's "");
//   a value to decode is the wrapper's (KEY_WRAPPER), that value only: a
//   "\" of a quoted field the server escapes (\", \\, \xHH), a "%" of a
//   URL-encoded field, a "+" of IIS's text fields; so is a value the wrapper
//   joins from two fields (W3C's date and time of day; a target and a query
//   that is not empty);
//   the method, target and version are split from the request at its first
//   and last space, the target without the spaces around it (requestParts());
//   a common name of a host:port field is its host, to the last ":";
//   an integer field's key is its digits without leading zeros: a value of
//   other bytes is none, one of more than 15 digits (which may be past 2^53)
//   the wrapper's;
//   a decimal field's key is its digits without the leading zeros of the
//   whole part, the trailing zeros of the fraction, and a "." that has no
//   fraction left: a value of other bytes is none, one with an exponent the
//   wrapper's (output/fields.ts decimalValue()).

import type { ProgramBatch } from "./program-kernel.js";
import { names, twoFieldTime } from "./line-fields.js";
import type { FieldKind, LogProgram } from "./log-program.js";

/** A key's start where the field has no value, and where its value is the wrapper's to work out. */
export const KEY_NONE = -1;
export const KEY_WRAPPER = -2;

/** A field asked for: its name (the server's or a common one), and how it is read. */
export interface KeyField {
  name: string;
  kind: FieldKind;
}

/** The keys of a block's records: two words a field of `fields` a record (start, end: offsets of `bytes`). */
export interface FieldKeys {
  fields: readonly string[];
  keys: Int32Array;
  bytes: Uint8Array;
}

const HYPHEN = 0x2d;
const SPACE = 0x20;
const COLON = 0x3a;
export const DIGIT_0 = 0x30;
export const DIGIT_9 = 0x39;
const BACKSLASH = 0x5c;
const PERCENT = 0x25;
const PLUS = 0x2b;
export const DOT = 0x2e;
const LOWER_E = 0x65;

/** A number of 15 digits or fewer is a safe integer (Number.isSafeInteger) for sure. */
export const SAFE_DIGITS = 15;

/** Where a plan's field is: none of the program's (every key none), or one the wrapper joins (every key its). */
const NO_FIELD = -1;
const JOINED = -2;

/** What part of its field a key is: the whole, or the method, target or version of a request line. */
const WHOLE = 0;
const METHOD = 1;
const TARGET = 2;
const VERSION = 3;
const REQUEST_PARTS = new Map([
  ["method", METHOD],
  ["target", TARGET],
  ["version", VERSION],
]);

/** How a key of one field is read from a line's ranges. */
interface Plan {
  /** The program's field it is read from (or NO_FIELD, JOINED). */
  k: number;
  /** The part of its field it is (WHOLE, METHOD, TARGET, VERSION). */
  part: number;
  /** A byte that makes the value the wrapper's to decode (-1: none). */
  escape: number;
  /** An empty field is no value. */
  emptyNone: boolean;
  /** The host of a host:port field. */
  host: boolean;
  /** The query field that the wrapper joins to a target, where the format has one. */
  query: Plan | null;
  kind: FieldKind;
}

// The key being made: [keyStart, keyEnd), or keyStart KEY_NONE or KEY_WRAPPER.
let keyStart = 0;
let keyEnd = 0;

function key(a: number, b: number): void {
  keyStart = a;
  keyEnd = b;
}

/** Whether `bytes` [a, b) holds byte `c`. */
function holds(bytes: Uint8Array, a: number, b: number, c: number): boolean {
  for (let p = a; p < b; p++) if (bytes[p] === c) return true;
  return false;
}

/** [a, b) as a value: "-" is none; a value with the plan's escape byte is the wrapper's. */
function token(plan: Plan, bytes: Uint8Array, a: number, b: number): void {
  if (b - a === 1 && bytes[a] === HYPHEN) key(KEY_NONE, 0);
  else if (plan.escape >= 0 && holds(bytes, a, b, plan.escape)) key(KEY_WRAPPER, 0);
  else key(a, b);
}

/** The method, target or version of the request [a, b), split at its first and last space (requestParts()). */
function requestPart(plan: Plan, bytes: Uint8Array, a: number, b: number): void {
  let first = a;
  while (first < b && bytes[first] !== SPACE) first++;
  let last = b - 1;
  while (last > first && bytes[last] !== SPACE) last--;
  if (first === b || first === a || (plan.part === VERSION && last === first)) {
    key(KEY_NONE, 0);
  } else if (plan.part === METHOD) {
    token(plan, bytes, a, first);
  } else if (plan.part === VERSION) {
    token(plan, bytes, last + 1, b);
  } else {
    // The target: between the first and the last space (to the end where they are one), without the spaces around it.
    let start = first + 1;
    let end = last > first ? last : b;
    while (start < end && bytes[start] === SPACE) start++;
    while (end > start && bytes[end - 1] === SPACE) end--;
    token(plan, bytes, start, end);
  }
}

/** The key of a host:port field's host: to its last ":", where it has one. */
function hostOf(bytes: Uint8Array): void {
  let colon = keyEnd - 1;
  while (colon >= keyStart && bytes[colon] !== COLON) colon--;
  if (colon >= keyStart) keyEnd = colon;
}

/** The key of `plan` of the line whose ranges are at `at` (less `base`: offsets of `bytes`). */
function lineKey(plan: Plan, bytes: Uint8Array, ranges: Int32Array, at: number, base: number): void {
  if (plan.k < 0) {
    key(plan.k === JOINED ? KEY_WRAPPER : KEY_NONE, 0);
    return;
  }
  const a = ranges[at + 2 * plan.k] - base;
  const b = ranges[at + 2 * plan.k + 1] - base;
  if (a === b && plan.emptyNone) key(KEY_NONE, 0);
  else if (plan.part !== WHOLE) requestPart(plan, bytes, a, b);
  else token(plan, bytes, a, b);
  if (keyStart < 0) return;
  if (plan.host) hostOf(bytes);
  if (plan.query !== null) {
    const target = keyEnd;
    lineKey(plan.query, bytes, ranges, at, base);
    // A query that is not empty: the wrapper writes "target?query".
    if (keyStart === KEY_NONE || keyEnd === keyStart) key(a, target);
    else key(KEY_WRAPPER, 0);
  }
}

/** The key as an integer: its digits without leading zeros (other bytes: none; too many digits: the wrapper's). */
function integer(bytes: Uint8Array): void {
  if (keyStart < 0) return;
  let a = keyStart;
  let digits = a < keyEnd;
  for (let p = a; p < keyEnd && digits; p++) digits = bytes[p] >= DIGIT_0 && bytes[p] <= DIGIT_9;
  if (!digits) {
    key(KEY_NONE, 0);
    return;
  }
  while (keyEnd - a > 1 && bytes[a] === DIGIT_0) a++;
  if (keyEnd - a > SAFE_DIGITS) key(KEY_WRAPPER, 0);
  else keyStart = a;
}

/** The key as a decimal: its digits as decimalValue() writes them (other bytes: none; an exponent: the wrapper's). */
function decimal(bytes: Uint8Array): void {
  if (keyStart < 0) return;
  let a = keyStart;
  const point = digitsEnd(bytes, a, keyEnd);
  if (point === a) {
    key(KEY_NONE, 0);
    return;
  }
  let b = point;
  if (point < keyEnd) {
    const dot = bytes[point] === DOT;
    const fraction = dot ? digitsEnd(bytes, point + 1, keyEnd) : point;
    if (!dot || fraction === point + 1 || fraction < keyEnd) {
      // No decimal, or one with an exponent after its digits, which the wrapper writes as JavaScript does.
      const after = dot && fraction > point + 1 ? fraction : point;
      key(after < keyEnd && (bytes[after] | 0x20) === LOWER_E ? KEY_WRAPPER : KEY_NONE, 0);
      return;
    }
    b = fraction;
    while (bytes[b - 1] === DIGIT_0) b--;
    if (b === point + 1) b = point;
  }
  while (point - a > 1 && bytes[a] === DIGIT_0) a++;
  key(a, b);
}

/** Where the digits of `bytes` from `a` (before `b`) end. */
function digitsEnd(bytes: Uint8Array, a: number, b: number): number {
  let p = a;
  while (p < b && bytes[p] >= DIGIT_0 && bytes[p] <= DIGIT_9) p++;
  return p;
}

/** A plan with no field: every key none (or, `k` JOINED, the wrapper's). */
function noField(k: number, kind: FieldKind): Plan {
  return { k, part: WHOLE, escape: -1, emptyNone: true, host: false, query: null, kind };
}

/** The plan of part `part` of field k of `program`, with the escapes ProgramFields undoes. */
function fieldPlan(program: LogProgram, k: number, part: number, kind: FieldKind): Plan {
  const f = program.fields[k];
  const unescapes = f.escaped && program.quoted[k];
  // ProgramFields.text(): a URL-encoding first, then IIS's "+", then a quoted field's escapes; a request's parts: the escapes.
  const encoding = part !== WHOLE ? -1 : f.urlEncoded ? PERCENT : f.plusSpaces ? PLUS : -1;
  return {
    ...noField(k, kind),
    part,
    escape: encoding === -1 && unescapes ? BACKSLASH : encoding,
    emptyNone: !f.escaped,
  };
}

/** The plan of field `field` in `program` (as ProgramFields.field() finds it). */
function planOf(program: LogProgram, { name, kind }: KeyField): Plan {
  const map = names(program);
  if (name === "time" && twoFieldTime(program)) return noField(JOINED, kind);
  const k = map.get(name);
  if (k === undefined) {
    const part = REQUEST_PARTS.get(name);
    const request = map.get("request");
    return part === undefined || request === undefined
      ? noField(NO_FIELD, kind)
      : fieldPlan(program, request, part, kind);
  }
  const plan = fieldPlan(program, k, WHOLE, kind);
  const f = program.fields[k];
  if (f.name === name) return plan;
  // A common name: the host of a host:port field, the target with its query where they are two fields.
  plan.host = f.hostPort === true;
  const query = map.get("query");
  if (!plan.host && name === "target" && query !== undefined) plan.query = fieldPlan(program, query, WHOLE, "text");
  return plan;
}

/** The keys of a block's lines, appended run by run (a W3C directive may change the program between runs). */
export class ProgramKeys {
  private keys = new Int32Array(4096);
  /** The words written for the block's lines. */
  private end = 0;
  private readonly plans = new WeakMap<LogProgram, Plan[]>();
  private readonly names: string[];

  constructor(private readonly fields: readonly KeyField[]) {
    this.names = fields.map((f) => f.name);
  }

  /** A new block. */
  newBlock(): void {
    this.end = 0;
  }

  /** Room for `lines` more lines' keys. */
  private room(lines: number): void {
    const need = this.end + 2 * this.fields.length * lines;
    if (need <= this.keys.length) return;
    const keys = new Int32Array(Math.max(need, 2 * this.keys.length));
    keys.set(this.keys.subarray(0, this.end));
    this.keys = keys;
  }

  /** The keys of the `count` lines of `batch`, read by `program` from `bytes`. */
  add(program: LogProgram, bytes: Uint8Array, { ranges, at, base, matched }: ProgramBatch, count: number): void {
    let plans = this.plans.get(program);
    if (plans === undefined) this.plans.set(program, (plans = this.fields.map((f) => planOf(program, f))));
    this.room(count);
    const { keys } = this;
    const stride = 2 * program.fields.length;
    let w = this.end;
    for (let i = 0; i < count; i++) {
      // Index loops: a for-of makes an iterator a line where the optimizer keeps it.
      for (let f = 0; f < plans.length; f++) {
        const plan = plans[f];
        if (matched[i] === 1) {
          lineKey(plan, bytes, ranges, at + i * stride, base);
          if (plan.kind === "integer") integer(bytes);
          else if (plan.kind === "decimal") decimal(bytes);
        } else key(KEY_NONE, 0);
        keys[w++] = keyStart;
        keys[w++] = keyEnd;
      }
    }
    this.end = w;
  }

  /** `count` lines that no program reads: no values. */
  addNone(count: number): void {
    this.room(count);
    this.keys.fill(KEY_NONE, this.end, this.end + 2 * this.fields.length * count);
    this.end += 2 * this.fields.length * count;
  }

  /** The block's keys, offsets of `bytes`. */
  block(bytes: Uint8Array): FieldKeys {
    return { fields: this.names, keys: this.keys.subarray(0, this.end), bytes };
  }
}
