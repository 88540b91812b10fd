// The URL Standard's "domain to ASCII" with beStrict = false, as the options
// of tr46's toASCII: the flags swurl's UTS #46 (src/whatwg/uts46.ts) has built
// in. For the comparisons with tr46 (test/whatwg/uts46.test.ts, bench/idna.mjs).
export const DOMAIN_TO_ASCII = {
  checkHyphens: false,
  checkBidi: true,
  checkJoiners: true,
  useSTD3ASCIIRules: false,
  transitionalProcessing: false,
  verifyDNSLength: false,
  ignoreInvalidPunycode: false,
};
