// The application/x-www-form-urlencoded parser and serializer of
// URLSearchParams (URL Standard section 5), run by the kernel
// (assembly/urlencoded.ts): strings go in as UTF-8, records and bytes come back.
// A name or value with nothing to decode is a slice of the input string; a
// decoded one is made from the kernel's bytes (UTF-8 decode without BOM, bad
// bytes as U+FFFD: arena.utf8()).
//
// Two cases need no byte work, and are done here: a query without "%" and
// "+" has nothing to decode, and is only split on "&" and "="; an ASCII name
// or value is escaped code unit by code unit (UTF-8 is ASCII there), only
// the others go to the kernel. On short queries (kasztp's are 18 bytes on
// average) copying a query into the kernel costs about what splitting it here
// does, and a string made from the kernel's output costs more again, so
// the kernel is worth crossing into only for bytes that need its work.

import { isFormUrlencodedPlain } from "../../assembly/classes.js";
import { ARENA, RESULT } from "../../assembly/layout.js";
import * as F from "../../assembly/urlencoded-record.js";
import type { Arena } from "../kernel/arena.js";

/** Bytes of the records one formParse() call may write. */
const RECORDS_BYTES = F.FORM_CHUNK * F.FORM_RECORD * 4;
/**
 * What the serializer writes for each ASCII code unit: "" for one it writes
 * as it is (outside the urlencoded percent-encode set), "+" for a space, its
 * percent-encoding (upper-case hex) for the others. Made from the predicate
 * the kernel's FORM_URLENCODED_SET is made from (assembly/classes.ts).
 */
const ESCAPES = /* @__PURE__ */ (() => {
  const table: string[] = [];
  for (let c = 0; c < 128; c++) {
    if (isFormUrlencodedPlain(c)) table.push("");
    else table.push(c === 0x20 ? "+" : `%${c < 16 ? "0" : ""}${c.toString(16).toUpperCase()}`);
  }
  return table;
})();

/**
 * The serialization of `s` (percent-encoded with the urlencoded
 * percent-encode set, space as "+") when it is ASCII, else null; `s` itself
 * when it has nothing to escape. A loop over a table: on short names and
 * values a regular expression test costs V8 more than the whole loop, and
 * encodeURIComponent() would need fixing up for "!'()~" and space.
 */
function escapeAscii(s: string): string | null {
  let i = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128) return null;
    if (ESCAPES[c] !== "") break;
  }
  if (i === s.length) return s;
  let out = s.slice(0, i);
  let run = i;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128) return null;
    const escaped = ESCAPES[c];
    if (escaped === "") continue;
    out += s.slice(run, i) + escaped;
    run = i + 1;
  }
  return out + s.slice(run);
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

/** The parser and serializer of a kernel instance: what URLSearchParams runs on. */
export type FormCodec = ReturnType<typeof formCodec>;

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
      const count = a.core.formParse(ARENA, len, dst, records);
      for (let r = records >> 2, end = r + count * F.FORM_RECORD; r < end; r += F.FORM_RECORD) {
        list.push(part(a, query, i32[r], i32[r + 1], i32[r + 2]), part(a, query, i32[r + 3], i32[r + 4], i32[r + 5]));
      }
    } while (i32[result + F.FORM_POSITION] < len);
    return i32[result + F.FORM_SERIALIZED] === 1;
  }

  /**
   * The serialization of the pairs [from, to) of the flat `list` (to > from).
   * `escaped` holds the serialized form of list[i] at index i, or undefined
   * where it is not known; it is no longer than `list`, and this fills it up
   * to index 2 * to - 1.
   */
  function serialize(list: readonly string[], escaped: (string | undefined)[], from: number, to: number): string {
    for (let i = Math.min(escaped.length, 2 * from); i < 2 * to; i++) {
      if (i === escaped.length) escaped.push(serializePart(list[i]));
      else if (escaped[i] === undefined) escaped[i] = serializePart(list[i]);
    }
    let out = `${escaped[2 * from]}=${escaped[2 * from + 1]}`;
    for (let i = 2 * from + 2; i < 2 * to; i += 2) out += `&${escaped[i]}=${escaped[i + 1]}`;
    return out;
  }

  /** A name or value percent-encoded with the urlencoded percent-encode set, space as "+". */
  function serializePart(s: string): string {
    return escapeAscii(s) ?? escapeInKernel(s);
  }

  /** serializePart() by the kernel: for names and values that are not ASCII. */
  function escapeInKernel(s: string): string {
    const a = arena();
    const len = a.input(s);
    const out = a.scratch(3 * len);
    return a.ascii(out, out + a.core.formEscape(ARENA, len, out));
  }

  return { parseInto, serialize };
}

/** A name or value from its record: a slice of the input, or decoded bytes. */
function part(a: Arena, input: string, kind: number, start: number, end: number): string {
  if (kind === F.FORM_SLICE) return input.slice(start, end);
  return kind === F.FORM_ASCII ? a.ascii(start, end) : a.utf8(start, end);
}
