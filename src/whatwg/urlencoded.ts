// The application/x-www-form-urlencoded parser and serializer of
// URLSearchParams (URL Standard section 5), run by the kernel
// (assembly/urlencoded.ts): strings go in as UTF-8, records and bytes come back.
// A name or value with nothing to decode is a slice of the input string; a
// decoded one is made from the kernel's bytes (UTF-8 decode without BOM, bad
// bytes as U+FFFD: arena.utf8()).
//
// Two cases need no byte work, and are done here: a query without "%" and
// "+" has nothing to decode, and is only split on "&" and "="; names and
// values made of characters outside the urlencoded percent-encode set
// serialize as they are. Measured on Node 20 over the 2,319 queries of the
// kasztp corpus (18 bytes on average): copying a query into the kernel
// (TextEncoder.encodeInto) takes ~49 ns, and splitting it here ~52 ns in
// all; a string made from the kernel's output ~56 ns for 18 bytes
// (latin1Slice), ~115 ns for the 33 of a query the serializer escapes.

import { ARENA, RESULT } from "../../assembly/layout.js";
import * as F from "../../assembly/urlencoded-record.js";
import type { Arena } from "../kernel/arena.js";

/** Kernel exports of assembly/urlencoded.ts. */
export interface UrlencodedExports {
  formParse(src: number, len: number, dst: number, records: number): number;
  formSerialize(src: number, len: number, lengths: number, count: number): number;
}

/** Bytes of the records one formParse() call may write. */
const RECORDS_BYTES = F.FORM_CHUNK * F.FORM_RECORD * 4;
/** 1 for the code points the serializer writes as they are (outside the urlencoded percent-encode set, not a space). */
const PLAIN = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (const c of "*-._0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") table[c.charCodeAt(0)] = 1;
  return table;
})();

/**
 * Whether the serializer writes `s` as it is. A loop over a table: measured on
 * Node 20, a regular expression test took ~60 ns on the corpus's short names
 * and values, this loop a fraction of that.
 */
function isPlain(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || PLAIN[c] === 0) return false;
  }
  return true;
}

/**
 * "Strictly split" `query`, which holds no "%" and no "+", on "&", and each
 * non-empty sequence at its first "=". Each search for "=" starts after the
 * last one found, so a query of many pairs without "=" stays linear.
 */
function splitInto(query: string, list: string[]): void {
  let equals = query.indexOf("=");
  for (let start = 0; start < query.length; ) {
    let end = query.indexOf("&", start);
    if (end === -1) end = query.length;
    if (end > start) {
      if (equals !== -1 && equals < start) equals = query.indexOf("=", start);
      if (equals !== -1 && equals < end) list.push(query.slice(start, equals), query.slice(equals + 1, end));
      else list.push(query.slice(start, end), "");
    }
    start = end + 1;
  }
}

/** The codec on the arena that `arena()` gives (made on first use by the default exports). */
export function formCodec(arena: () => Arena) {
  /**
   * Append the name-value pairs of `query` (a USVString) to `list`, flat
   * (name, value, name, value, ...). Returns whether `query` is its own
   * serialization, so that the caller may keep it as such.
   */
  function parseInto(query: string, list: string[]): boolean {
    if (query.length === 0) return true;
    if (query.indexOf("%") === -1 && query.indexOf("+") === -1) {
      splitInto(query, list);
      return false;
    }
    const a = arena();
    const len = a.input(query);
    const records = a.scratch(RECORDS_BYTES + len);
    const dst = records + RECORDS_BYTES;
    const i32 = a.i32;
    const result = RESULT >> 2;
    i32[result + F.FORM_POSITION] = 0;
    i32[result + F.FORM_UNITS] = 0;
    i32[result + F.FORM_SERIALIZED] = 1;
    do {
      const count = a.kernel.formParse(ARENA, len, dst, records);
      for (let r = records >> 2, end = r + count * F.FORM_RECORD; r < end; r += F.FORM_RECORD) {
        list.push(part(a, query, i32[r], i32[r + 1], i32[r + 2]), part(a, query, i32[r + 3], i32[r + 4], i32[r + 5]));
      }
    } while (i32[result + F.FORM_POSITION] < len);
    return i32[result + F.FORM_SERIALIZED] === 1;
  }

  /** The serialization of the pairs [from, to) of the flat `list` (to > from). */
  function serialize(list: readonly string[], from: number, to: number): string {
    let plain = true;
    for (let i = 2 * from; i < 2 * to && plain; i++) plain = isPlain(list[i]);
    if (plain) {
      let out = `${list[2 * from]}=${list[2 * from + 1]}`;
      for (let i = 2 * from + 2; i < 2 * to; i += 2) out += `&${list[i]}=${list[i + 1]}`;
      return out;
    }
    let joined = "";
    for (let i = 2 * from; i < 2 * to; i++) joined += list[i];
    const count = 2 * (to - from);
    const a = arena();
    // Every name and value as one string: one copy into the kernel instead of one a piece.
    const len = a.input(joined);
    // Lengths (4 bytes a piece), then the output: 3 bytes an input byte, "=" or "&" a piece.
    const lengths = a.scratch(4 * count + 3 * len + count);
    const i32 = a.i32;
    for (let i = 2 * from, w = lengths >> 2; i < 2 * to; i++, w++) i32[w] = list[i].length;
    const n = a.kernel.formSerialize(ARENA, len, lengths, count);
    const out = lengths + 4 * count;
    return a.ascii(out, out + n);
  }

  return { parseInto, serialize };
}

/** A name or value from its record: a slice of the input, or decoded bytes. */
function part(a: Arena, input: string, kind: number, start: number, end: number): string {
  if (kind === F.FORM_SLICE) return input.slice(start, end);
  return kind === F.FORM_ASCII ? a.ascii(start, end) : a.utf8(start, end);
}
