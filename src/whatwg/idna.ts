// #concept-domain-to-ascii for domains that are not ASCII: UTS #46 ToASCII
// (uts46.ts) with the flags of "domain parser ToASCII" for beStrict = false.
// (ASCII domains never get here: the kernel lower-cases them.)

import { PARSE_FAILURE, RESULT, URL_IDNA_END, URL_IDNA_START } from "../../assembly/layout.js";
import type { Arena } from "../kernel/arena.js";
import { toAscii } from "./uts46.js";

// Logs repeat hosts: a bounded cache saves the ~microseconds of UTS #46
// processing per repeated IDN host. Cleared whole when full. Only results are
// kept; a failing host (rare in logs) is processed again.
const CACHE_LIMIT = 4096;
const cache = new Map<string, string>();

/** The ASCII form of a non-ASCII domain, or null for failure. */
export function domainToAscii(domain: string): string | null {
  const cached = cache.get(domain);
  if (cached !== undefined) return cached;
  const result = toAscii(domain);
  if (result !== null) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(domain, result);
  }
  return result;
}

/**
 * The ToASCII of the domain a kernel pass stopped at (PARSE_NEEDS_IDNA): the
 * kernel leaves it at [URL_IDNA_START, URL_IDNA_END) of the RESULT record,
 * offsets into the pass's output at `output`. Null where ToASCII fails.
 */
function neededIdna(arena: Arena, output: number): string | null {
  const i = arena.i32;
  const result = RESULT >> 2;
  return domainToAscii(arena.utf8(output + i[result + URL_IDNA_START], output + i[result + URL_IDNA_END]));
}

/** One kernel pass of parse() or of a setter: its UTS #46 result last (null on a first pass); the kernel's status. */
type Pass<A, B, C> = (a: A, b: B, c: C, idna: string | null) => number;

/**
 * The one UTS #46 retry of parse() and the setters, for a first pass of
 * `pass` that stopped at PARSE_NEEDS_IDNA, its output at `output`: the domain
 * it stopped at goes through ToASCII, and a second pass takes the result;
 * PARSE_FAILURE where ToASCII fails (the URL fails then). The callers test
 * the status themselves: the first pass's call stays in the hot path as it is.
 */
export function retryWithIdna<A, B, C>(arena: Arena, output: number, pass: Pass<A, B, C>, a: A, b: B, c: C): number {
  const ascii = neededIdna(arena, output);
  return ascii === null ? PARSE_FAILURE : pass(a, b, c, ascii);
}
