// #concept-domain-to-ascii for domains that are not ASCII: UTS #46 ToASCII
// through the tr46 package, with the flags of "domain parser ToASCII" for
// beStrict = false. (ASCII domains never get here: the kernel lower-cases them.)

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
// processing per repeated IDN host. Cleared whole when full.
const CACHE_LIMIT = 4096;
const cache = new Map<string, string | null>();

/** The ASCII form of a non-ASCII domain, or null for failure. */
export function domainToAscii(domain: string): string | null {
  let result = cache.get(domain);
  if (result === undefined) {
    result = tr46.toASCII(domain, OPTIONS);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(domain, result);
  }
  return result;
}
