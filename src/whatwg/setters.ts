// The setters of the URL API on a ParsedUrl's href + record: the kernel runs the
// basic URL parser with the setter's state override on the value
// (assembly/setters.ts) and writes only the new bytes of the range of the href
// that changes; the new href is the old one with that range replaced, so the
// href itself never crosses into the kernel.

import * as L from "../../assembly/layout.js";
import { align8, type Arena } from "../kernel/arena.js";
import { retryWithIdna } from "./idna.js";
import type { ParseApi } from "./parse.js";
import type { ParsedUrl } from "./url.js";

/** The setters, by the attribute of the URL API they set. */
export const PARTS = {
  protocol: L.SET_PROTOCOL,
  username: L.SET_USERNAME,
  password: L.SET_PASSWORD,
  host: L.SET_HOST,
  hostname: L.SET_HOSTNAME,
  port: L.SET_PORT,
  pathname: L.SET_PATHNAME,
  search: L.SET_SEARCH,
  hash: L.SET_HASH,
} as const;

export function settersApi(arena: Arena, parser: ParseApi) {
  const { core } = arena;
  const result = L.RESULT >> 2;
  /** Where the last pass() had the kernel write. */
  let output = 0;

  /** One call of the kernel's setPart() on `value`, with a UTS #46 result for the host on a second call. */
  function pass(url: ParsedUrl, part: number, value: string, idna: string | null): number {
    const len = arena.input(value);
    let at = align8(L.ARENA + len + L.SLACK);
    // Only a second pass has a UTS #46 result (address 0: none), as for parse().
    const idnaAt = idna === null ? 0 : at;
    const idnaLength = idna === null ? 0 : idna.length;
    if (idna !== null) at = parser.writeIdna(idna, at);
    arena.reserve(at - L.ARENA + L.outputBound(len, 0, idnaLength) + L.SLACK);
    output = at;
    parser.writeBaseRecord(url);
    return core.setPart(part, L.ARENA, len, at, idnaAt, idnaLength);
  }

  /**
   * The `length` new bytes the kernel wrote, as a string: where they hold the
   * value as it was given (and it is ASCII, so that its bytes are its UTF-16
   * units), that part is sliced from the value, and only the few bytes around
   * it are read from memory (a string made from memory is a call out of JS
   * and a copy, where a slice shares the value's characters).
   */
  function newBytes(value: string, length: number): string {
    const i = arena.i32;
    const at = i[result + L.SET_VERBATIM_AT];
    if (at === L.NONE || !arena.inputAscii) return arena.ascii(output, output + length);
    // The value runs to the end of the input: its bytes from SET_VALUE_START on.
    const from = i[result + L.SET_VALUE_START];
    const u8 = arena.u8;
    // "?query" or "#fragment" given with its "?" or "#", and written so: the value itself.
    if (from === 1 && at === 1 && length === value.length && u8[output] === value.charCodeAt(0)) return value;
    let piece = "";
    for (let k = 0; k < at; k++) piece += String.fromCharCode(u8[output + k]);
    piece += from === 0 ? value : value.slice(from);
    for (let k = at + value.length - from; k < length; k++) piece += String.fromCharCode(u8[output + k]);
    return piece;
  }

  /**
   * Setter `part` (PARTS) of the URL API run on `url` with `value`: the ParsedUrl it
   * makes, or null where the URL does not change.
   */
  function set(url: ParsedUrl, part: number, value: string): ParsedUrl | null {
    let status = pass(url, part, value, null);
    if (status === L.PARSE_NEEDS_IDNA) status = retryWithIdna(arena, output, pass, url, part, value);
    if (status !== L.PARSE_OK) return null;
    const i = arena.i32;
    const old = url._href;
    const start = i[result + L.SET_START];
    const end = i[result + L.SET_END];
    const cutStart = i[result + L.SET_CUT_START];
    const cutEnd = i[result + L.SET_CUT_END];
    const piece = newBytes(value, i[result + L.SET_LENGTH]);
    const rest = cutStart === cutEnd ? old.slice(end) : old.slice(end, cutStart) + old.slice(cutEnd);
    return parser.fromResult(old.slice(0, start) + piece + rest);
  }

  return { set };
}

export type Setters = ReturnType<typeof settersApi>;
