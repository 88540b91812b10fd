// #concept-domain-to-ascii for domains that are not ASCII: UTS #46 ToASCII
// through the tr46 package, with the flags of "domain parser ToASCII" for
// beStrict = false. (ASCII domains never get here: the kernel lower-cases them.)
//
// tr46.toASCII is its processing (map, normalize, break, convert/validate)
// followed by the Punycode encoding of each non-ASCII label; with these flags
// (no DNS length check) nothing else. Its toUnicode is the same processing
// alone. So ToASCII here is toUnicode, then punycode.ts, whose encoding takes
// O(n log n) where the punycode package's takes O(n * distinct code points).

import tr46 from "tr46";
import { punycodeEncode } from "./punycode";

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

const NON_ASCII = /[^\x00-\x7f]/;

/** UTS #46 ToASCII with OPTIONS: tr46.toASCII's result, or null for its failure. */
function toAscii(domain: string): string | null {
  const { domain: unicode, error } = tr46.toUnicode(domain, OPTIONS);
  if (error) return null;
  const labels = unicode.split(".");
  for (let i = 0; i < labels.length; i++) {
    if (!NON_ASCII.test(labels[i])) continue;
    const encoded = punycodeEncode(labels[i]);
    if (encoded === null) return null;
    labels[i] = `xn--${encoded}`;
  }
  return labels.join(".");
}

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
