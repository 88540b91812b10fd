// The application/x-www-form-urlencoded parser and serializer of
// URLSearchParams (URL Standard section 5), run by the kernel
// (assembly/urlencoded.ts): strings go in as UTF-8, records and bytes come back.
// A name or value with nothing to decode is a slice of the input string; a
// decoded one is made from the kernel's bytes (UTF-8 decode without BOM, bad
// bytes as U+FFFD: arena.utf8()).

import { ARENA, RESULT } from "../../assembly/layout.js";
import * as F from "../../assembly/urlencoded-record.js";
import type { Arena } from "../kernel/arena.js";

/** Kernel exports of assembly/urlencoded.ts. */
export interface UrlencodedExports {
  formParse(src: number, len: number, dst: number, records: number): number;
  formSerialize(src: number, lengths: number, count: number, dst: number, ascii: number): number;
}

/** Bytes of the records one formParse() call may write. */
const RECORDS_BYTES = F.FORM_CHUNK * F.FORM_RECORD * 4;

/** The codec on the arena that `arena()` gives (made on first use by the default exports). */
export function formCodec(arena: () => Arena) {
  /**
   * Append the name-value pairs of `query` (a USVString) to `list`, flat
   * (name, value, name, value, ...). Returns whether `query` is its own
   * serialization, so that the caller may keep it as such.
   */
  function parseInto(query: string, list: string[]): boolean {
    if (query.length === 0) return true;
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
    // Every name and value as one string: one copy into the kernel instead of one a piece.
    let joined = "";
    for (let i = 2 * from; i < 2 * to; i++) joined += list[i];
    const count = 2 * (to - from);
    const a = arena();
    const len = a.input(joined);
    // Lengths (4 bytes a piece), then the output: 3 bytes an input byte, "=" or "&" a piece.
    const lengths = a.scratch(4 * count + 3 * len + count);
    const out = lengths + 4 * count;
    const i32 = a.i32;
    for (let i = 2 * from, w = lengths >> 2; i < 2 * to; i++, w++) i32[w] = list[i].length;
    const n = a.kernel.formSerialize(ARENA, lengths, count, out, a.inputAscii ? 1 : 0);
    return a.ascii(out, out + n);
  }

  return { parseInto, serialize };
}

/** A name or value from its record: a slice of the input, or decoded bytes. */
function part(a: Arena, input: string, kind: number, start: number, end: number): string {
  if (kind === F.FORM_SLICE) return input.slice(start, end);
  return kind === F.FORM_ASCII ? a.ascii(start, end) : a.utf8(start, end);
}
