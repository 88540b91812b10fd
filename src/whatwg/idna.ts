// #concept-domain-to-ascii for domains that are not ASCII: UTS #46 ToASCII
// (uts46.ts) with the flags of "domain parser ToASCII" for beStrict = false.
// (ASCII domains never get here: the kernel lower-cases them.)

import { RESULT, URL_IDNA_END, URL_IDNA_START } from "../../assembly/layout.js";
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
 * offsets into the pass's output at `output`. Null where ToASCII fails (the
 * URL fails then); else the pass runs again with it, for parse() and the setters alike.
 */
export function neededIdna(arena: Arena, output: number): string | null {
  const i = arena.i32;
  const result = RESULT >> 2;
  return domainToAscii(arena.utf8(output + i[result + URL_IDNA_START], output + i[result + URL_IDNA_END]));
}
