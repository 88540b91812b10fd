// #concept-domain-to-ascii for domains that are not ASCII: UTS #46 ToASCII
// (uts46.ts) with the flags of "domain parser ToASCII" for beStrict = false.
// (ASCII domains never get here: the kernel lower-cases them.)

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
