// The host of RFC 1738 section 3.1 and its BNF in section 5:
//
//   host        = hostname | hostnumber
//   hostname    = *[ domainlabel "." ] toplabel
//   domainlabel = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit
//   toplabel    = alpha | alpha *[ alphadigit | "-" ] alphadigit
//   hostnumber  = digits "." digits "." digits "." digits
//
// "a sequence of domain labels separated by ".", each domain label starting and
// ending with an alphanumerical character and possibly also containing "-"
// characters. The rightmost domain label will never start with a digit, though,
// which syntactically distinguishes all domain names from the IP addresses."

import { ld8 } from "../memory";
import { isAsciiAlpha, isAsciiDigit } from "../tables";
import { DOT, HYPHEN } from "../charcode";
import { HOST_BAD_CHARACTER, HOST_EMPTY_LABEL, HOST_HYPHEN, HOST_TOPLABEL_DIGIT } from "./records";

/** Where checkHost() found the host to go wrong. */
let errorAt: i32 = 0;

/** The byte checkHost() last reported. */
export function hostErrorAt(): i32 {
  return errorAt;
}

function fail(at: i32, finding: i32): i32 {
  errorAt = at;
  return finding;
}

/**
 * Check the non-empty host [p, end) against the BNF above: 0 when it is a
 * hostname or a hostnumber, else the finding (records.ts), with the byte at
 * which the host stops matching in hostErrorAt().
 */
export function checkHost(p: i32, end: i32): i32 {
  let labels = 0;
  let allDigits = true;
  let last = p;
  let i = p;
  while (true) {
    // One label: it starts with an alphadigit ...
    if (i >= end) return fail(i - 1, HOST_EMPTY_LABEL); // "." at the end
    let c = ld8(i);
    if (c == DOT) return fail(i, HOST_EMPTY_LABEL);
    if (c == HYPHEN) return fail(i, HOST_HYPHEN);
    if (!isAsciiAlpha(c) && !isAsciiDigit(c)) return fail(i, HOST_BAD_CHARACTER);
    last = i;
    // ... goes on with alphadigits and "-" ...
    while (i < end) {
      c = ld8(i);
      if (isAsciiDigit(c)) {
        i++;
      } else if (isAsciiAlpha(c) || c == HYPHEN) {
        allDigits = false;
        i++;
      } else {
        break;
      }
    }
    // ... and ends with an alphadigit.
    if (ld8(i - 1) == HYPHEN) return fail(i - 1, HOST_HYPHEN);
    labels++;
    if (i == end) break;
    if (ld8(i) != DOT) return fail(i, HOST_BAD_CHARACTER);
    i++;
  }
  // hostnumber = digits "." digits "." digits "." digits
  if (allDigits && labels == 4) return 0;
  // toplabel = alpha | alpha *[ alphadigit | "-" ] alphadigit
  if (!isAsciiAlpha(ld8(last))) return fail(last, HOST_TOPLABEL_DIGIT);
  return 0;
}
