// #concept-host-parser: the host of a URL, parsed from [p, end) and written,
// serialized (#concept-host-serializer), at the output position `o`.
//
// Domains: the spec's domain parser lower-cases an ASCII domain and runs UTS #46
// ToASCII only on one that is not ASCII ("When beStrict is false and domain is an
// ASCII string, the algorithm returns domain lowercased"). The kernel does the
// ASCII case itself; for the other it returns HOST_NEEDS_IDNA with the decoded
// domain left in the output, the wrapper runs ToASCII (src/whatwg/uts46.ts) and
// parses again with the result as an argument of parse().

import { ld8, st8, copy } from "./memory";
import { isIn, toLower, C0_CONTROL_SET, DOMAIN_STOP, FORBIDDEN_DOMAIN, FORBIDDEN_HOST } from "./tables";
import { decodeInto, encodeInto } from "./percent";
import { ipv4Host, isDottedQuad, mayEndInANumber, writeIPv4, IPV4_FAILURE, IPV4_NONE } from "./ipv4";
import { copyRun, skipRun, RUN_DOMAIN } from "./run";
import { parseIPv6, writeIPv6 } from "./ipv6";
import { HOST_DOMAIN, HOST_EMPTY, HOST_IPV4, HOST_IPV6, HOST_OPAQUE, PARSE_FAILURE, PARSE_NEEDS_IDNA } from "./layout";
import { LEFT_BRACKET, RIGHT_BRACKET, UPPER_A, UPPER_Z } from "./charcode";
import { Last } from "./outputs";

// Negative results are parse statuses, negated, so that callers can pass them on.
const HOST_FAILURE: i32 = -PARSE_FAILURE;
const HOST_NEEDS_IDNA: i32 = -PARSE_NEEDS_IDNA;

function contains(p: i32, end: i32, set: i32): bool {
  for (let i = p; i < end; i++) if (isIn(ld8(i), set)) return true;
  return false;
}

function isAscii(p: i32, end: i32): bool {
  for (let i = p; i < end; i++) if (ld8(i) >= 0x80) return false;
  return true;
}

/** #concept-opaque-host-parser. */
function parseOpaqueHost(p: i32, end: i32, o: i32): i32 {
  // "If input contains a forbidden host code point, return failure."
  if (contains(p, end, FORBIDDEN_HOST)) return HOST_FAILURE;
  Last.hostKind = p == end ? HOST_EMPTY : HOST_OPAQUE;
  // "Return the result of running UTF-8 percent-encode on input using the C0 control percent-encode set."
  return encodeInto(p, end - p, o, C0_CONTROL_SET);
}

/**
 * The common case of a domain in one pass: lower-case ASCII letters, digits
 * and the other bytes that are copied as they are (no "%", nothing forbidden,
 * nothing non-ASCII). Returns the end of the copy, or -1 when a byte needs
 * the full steps (one pass over the host, where the separate decode, ASCII,
 * lower-case and forbidden-code-point passes would each read it again).
 */
function copyPlainDomain(p: i32, end: i32, o: i32): i32 {
  while (p < end) {
    const q = copyRun(p, end, o, RUN_DOMAIN, DOMAIN_STOP);
    o += q - p;
    if (q >= end) break;
    const c = ld8(q);
    if (c < UPPER_A || c > UPPER_Z) return -1;
    st8(o, c | 0x20);
    o++;
    p = q + 1;
  }
  return o;
}

/**
 * For canParse()'s fast path: the end of the domain starting at p, up to the
 * first byte that cannot be in a domain the host parser takes as it is (after
 * ASCII lower-casing: nothing percent-encoded, forbidden or non-ASCII); -1 if
 * that domain is empty or ends in a number that the IPv4 parser rejects.
 * A domain that ends in a number is an IPv4 address in any of its forms
 * ("0xc0.0250.1", "3232235777"), which ipv4Host() reads as it stands: its
 * letters may be upper case, which the number parser and the checker take
 * alike. (Reading every form here keeps such a URL on the fast path rather
 * than sending all of it through the parser.)
 */
export function plainDomainEnd(p: i32, end: i32): i32 {
  let q = p;
  while (true) {
    q = skipRun(q, end, RUN_DOMAIN, DOMAIN_STOP);
    if (q >= end) break;
    const c = ld8(q);
    if (c < UPPER_A || c > UPPER_Z) break;
    q++;
  }
  if (q == p) return -1;
  return mayEndInANumber(q) && !isDottedQuad(p, q) && ipv4Host(p, q) == IPV4_FAILURE ? -1 : q;
}

/**
 * Steps 4 to 9 of the host parser: a domain, or an IPv4 address if it ends in
 * a number. A domain that is not ASCII takes the UTS #46 result at `idna` (0:
 * none yet; then HOST_NEEDS_IDNA).
 */
function parseDomain(p: i32, end: i32, o: i32, idna: i32, idnaLength: i32): i32 {
  const plain = copyPlainDomain(p, end, o);
  if (plain >= 0) return asciiDomain(o, plain);
  // "Let domain be the result of running UTF-8 decode without BOM on the percent-decoding of input."
  let n = decodeInto(p, end - p, o, false) - o;
  if (isAscii(o, o + n)) {
    for (let i = o; i < o + n; i++) st8(i, toLower(ld8(i)));
  } else {
    if (idna == 0) {
      Last.idnaStart = o;
      Last.idnaEnd = o + n;
      return HOST_NEEDS_IDNA;
    }
    copy(o, idna, idnaLength);
    n = idnaLength;
    // "If result is the empty string, return failure."
    if (n == 0) return HOST_FAILURE;
  }
  // "If result contains a forbidden domain code point, return failure."
  if (contains(o, o + n, FORBIDDEN_DOMAIN)) return HOST_FAILURE;
  return asciiDomain(o, o + n);
}

/** The ASCII domain [o, end) in the output: an IPv4 address if it ends in a number, else itself. */
function asciiDomain(o: i32, end: i32): i32 {
  // "If asciiDomain ends in a number, then return the result of IPv4 parsing
  // asciiDomain." A dotted quad in canonical form ends in a number and is its
  // own serialization: no number parse.
  if (isDottedQuad(o, end)) {
    Last.hostKind = HOST_IPV4;
    return end;
  }
  const ipv4 = ipv4Host(o, end);
  if (ipv4 == IPV4_NONE) {
    Last.hostKind = HOST_DOMAIN;
    return end;
  }
  Last.hostKind = HOST_IPV4;
  return ipv4 == IPV4_FAILURE ? HOST_FAILURE : writeIPv4(o, Last.ipv4Address);
}

/**
 * The host parser on [p, end) (`isOpaque` = url is not special), with the
 * UTS #46 result for a domain that is not ASCII at `idna` (parseDomain()).
 * Returns the position after the serialized host written at `o`, HOST_FAILURE
 * or HOST_NEEDS_IDNA. `o` must not overlap the input.
 */
export function parseHost(p: i32, end: i32, o: i32, isOpaque: bool, idna: i32, idnaLength: i32): i32 {
  if (p < end && ld8(p) == LEFT_BRACKET) {
    // "If input does not end with U+005D (]), return failure."
    if (end - p < 2 || ld8(end - 1) != RIGHT_BRACKET) return HOST_FAILURE;
    if (!parseIPv6(p + 1, end - 1)) return HOST_FAILURE;
    Last.hostKind = HOST_IPV6;
    st8(o, LEFT_BRACKET);
    o = writeIPv6(o + 1);
    st8(o, RIGHT_BRACKET);
    return o + 1;
  }
  if (isOpaque) return parseOpaqueHost(p, end, o);
  return parseDomain(p, end, o, idna, idnaLength);
}
