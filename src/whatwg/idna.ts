// #concept-domain-to-ascii for domains that are not ASCII: UTS #46 ToASCII
// through the tr46 package, with the flags of "domain parser ToASCII" for
// beStrict = false. (ASCII domains never get here: the kernel lower-cases them.)
//
// Punycode comes from tr46 (which uses the punycode package), not from code of
// ours. Its encoder takes O(n * distinct code points): a host of tens of
// thousands of distinct non-ASCII characters takes seconds (a known limit,
// noted for upstream; such a host is far beyond any real one).

import tr46 from "tr46";

const OPTIONS = {
  checkHyphens: false,
  checkBidi: true,
  checkJoiners: true,
  useSTD3ASCIIRules: false,
  transitionalProcessing: false,
  verifyDNSLength: false,
  ignoreInvalidPunycode: false,
};

// Logs repeat hosts: a bounded cache saves the ~microseconds of UTS #46
// processing per repeated IDN host. Cleared whole when full. Only results are
// kept, not failures: tr46 turns any exception in its Punycode decoding into a
// failure, the RangeError of a stack that ran out included, and a failure kept
// from such a call would fail that domain in every later parse.
const CACHE_LIMIT = 4096;
const cache = new Map<string, string>();

/** The ASCII form of a non-ASCII domain, or null for failure. */
export function domainToAscii(domain: string): string | null {
  const cached = cache.get(domain);
  if (cached !== undefined) return cached;
  const result = tr46.toASCII(domain, OPTIONS);
  if (result !== null) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(domain, result);
  }
  return result;
}
