// The byte-level half of validate() (docs/api.md section 5): one pass that reports
// every character RFC 1738 forbids, the scheme, and the host and port of the
// common Internet scheme syntax. The scheme-specific rules of section 5 work on
// the components this leaves in RESULT (src/rfc1738/syntax.ts).

import { fill, ld8, st32, ld32 } from "../memory";
import { isIn, isAsciiAlpha, isAsciiDigit, SCHEME_CHAR, RFC1738_ENCODE_SET } from "../tables";
import { isEscape } from "../percent";
import { find2 } from "../scan";
import { split, splitAuthority } from "../split";
import * as L from "../layout";
import { COLON, SLASH, QUESTION, HASH, PERCENT, SPACE, DELETE, AT, DIGIT_0 } from "../charcode";
import { checkHost, hostErrorAt } from "./host";
import * as R from "./records";

let offsets: i32 = 0;
let findings: i32 = 0;
let count: i32 = 0;

function report(offset: i32, finding: i32): void {
  st32(offsets + (count << 2), offset);
  st32(findings + (count << 2), finding);
  count++;
}

function field(i: i32): i32 {
  return ld32(L.resultField(i));
}

/**
 * scheme = 1*[ lowalpha | digit | "+" | "-" | "." ], then ":". "A partial form
 * can be distinguished from an absolute form in that the latter must have a
 * colon and that colon must occur before any slash characters" (RFC 1630).
 * Returns the offset of the ":" or NONE.
 */
function checkScheme(src: i32, len: i32): i32 {
  let i = 0;
  while (i < len) {
    const c = ld8(src + i);
    if (c == COLON || c == SLASH || c == QUESTION || c == HASH) break;
    i++;
  }
  if (i == len || ld8(src + i) != COLON) {
    report(0, R.SCHEME_MISSING);
    return L.NONE;
  }
  if (i == 0) {
    report(0, R.SCHEME_EMPTY);
  } else if (isIn(ld8(src), SCHEME_CHAR) && !isAsciiAlpha(ld8(src))) {
    // RFC 1738 section 5 alone would take "3com": its scheme is
    // 1*[ lowalpha | digit | "+" | "-" | "." ]. RFC 1630 and the 1994 draft
    // say scheme = ialpha = alpha [ xalphas ], as RFC 3986 section 3.1 does,
    // and split() and resolve() follow that: one rule everywhere.
    report(0, R.SCHEME_NOT_LETTER);
  } else {
    // "programs interpreting URLs should treat upper case letters as equivalent
    // to lower case in scheme names": SCHEME_CHAR has both cases.
    for (let j = 0; j < i; j++) {
      if (!isIn(ld8(src + j), SCHEME_CHAR)) {
        report(j, R.SCHEME_BAD_CHARACTER);
        break;
      }
    }
  }
  return i;
}

/**
 * Leave the split() fields of the URL in RESULT, with the scheme ending at the
 * RFC 1738 colon. A scheme-specific part that starts with "//" follows the
 * common Internet scheme syntax (RFC 1738 section 3.1); it is split on its own,
 * so that a scheme RFC 3986 would not take (one starting with a digit) still
 * gets its authority.
 */
function splitParts(src: i32, len: i32, colon: i32): void {
  const ssp = colon + 1;
  if (colon != L.NONE && ssp + 1 < len && ld8(src + ssp) == SLASH && ld8(src + ssp + 1) == SLASH) {
    split(src + ssp, len - ssp);
    for (let f = 1; f < L.SPLIT_FIELDS; f++) {
      const v = field(f);
      if (v != L.NONE) st32(L.resultField(f), v + ssp);
    }
    loginPastQuestion(src, len, ssp + 2);
  } else {
    split(src, len);
  }
  st32(L.resultField(L.SPLIT_SCHEME_END), colon);
}

/**
 * RFC 1738 section 3.1: the login runs to the "/" of "//<user>:<password>@<host>:<port>/<url-path>",
 * and section 5 lets "?" stand in it: user = password = *[ uchar | ";" | "?" | "&" | "=" ].
 * RFC 3986 ends the authority at a "?"; when an "@" follows that "?" before the
 * next "/" or "#", the "?" was in the user name or password: the authority
 * [authority, that "/" or "#") is split again, and the path and query after
 * it. The fragment stays: no "#" comes before that "/".
 */
function loginPastQuestion(src: i32, len: i32, authority: i32): void {
  const q = field(L.SPLIT_PATH_START);
  if (q >= len || ld8(src + q) != QUESTION) return;
  const queryEnd = field(L.SPLIT_QUERY_END);
  const e = find2(src + q, src + queryEnd, SLASH, SLASH) - src;
  if (find2(src + q, src + e, AT, AT) - src == e) return;
  fill(L.resultField(L.SPLIT_USER_START), 0xff, (L.SPLIT_QUERY_END - L.SPLIT_USER_START + 1) * 4);
  splitAuthority(src, src + authority, src + e);
  const pathEnd = find2(src + e, src + queryEnd, QUESTION, QUESTION) - src;
  st32(L.resultField(L.SPLIT_PATH_START), e);
  st32(L.resultField(L.SPLIT_PATH_END), pathEnd);
  if (pathEnd < queryEnd) {
    st32(L.resultField(L.SPLIT_QUERY_START), pathEnd + 1);
    st32(L.resultField(L.SPLIT_QUERY_END), queryEnd);
  }
}

/** The largest TCP or UDP port: RFC 793 section 3.1, "Source Port: 16 bits". */
const PORT_MAX: i32 = 65535;

/** host = hostname | hostnumber; port = digits. An empty host is left to the scheme rules. */
function checkHostPort(src: i32): void {
  const hostStart = field(L.SPLIT_HOST_START);
  if (hostStart == L.NONE) return;
  const hostEnd = field(L.SPLIT_HOST_END);
  if (hostEnd > hostStart) {
    const finding = checkHost(src + hostStart, src + hostEnd);
    if (finding != 0) report(hostErrorAt() - src, finding);
  }
  const portStart = field(L.SPLIT_PORT_START);
  if (portStart == L.NONE) return;
  const portEnd = field(L.SPLIT_PORT_END);
  if (portStart == portEnd) {
    report(portStart, R.PORT_EMPTY);
    return;
  }
  let value = 0;
  for (let i = portStart; i < portEnd; i++) {
    const c = ld8(src + i);
    if (!isAsciiDigit(c)) {
      report(i, R.PORT_NOT_DIGIT);
      return;
    }
    // Leading zeros add nothing; the value stops growing past the range.
    if (value <= PORT_MAX) value = value * 10 + (c - DIGIT_0);
  }
  if (value > PORT_MAX) report(portStart, R.PORT_OUT_OF_RANGE);
}

/**
 * RFC 1738 section 2.2: "Octets must be encoded if they have no corresponding
 * graphic character within the US-ASCII coded character set, if the use of the
 * corresponding character is unsafe", and "%" always begins an escape.
 */
function checkCharacters(src: i32, len: i32): void {
  const end = src + len;
  let hashes = 0;
  let p = src;
  while (p < end) {
    const c = ld8(p);
    if (c == PERCENT) {
      if (isEscape(p, end)) {
        p += 3;
        continue;
      }
      report(p - src, R.ESCAPE_INVALID);
    } else if (c == HASH) {
      if (hashes++ > 0) report(p - src, R.UNSAFE_SECOND_HASH);
    } else if (c >= 0x80) {
      // One finding per code point, at its lead byte (the input is well-formed UTF-8).
      if (c >= 0xc0) report(p - src, R.UNSAFE_NON_ASCII);
    } else if (c < SPACE || c == DELETE) {
      report(p - src, R.UNSAFE_CONTROL);
    } else if (c == SPACE) {
      report(p - src, R.UNSAFE_SPACE);
    } else if (isIn(c, RFC1738_ENCODE_SET)) {
      report(p - src, R.UNSAFE_CHARACTER);
    }
    p++;
  }
}

/**
 * Check the `len` bytes at `src` as an RFC 1738 URL: for each problem, write its
 * byte offset to the i32 list `offsetList` and its finding (records.ts) to
 * `findingList` (each with room for maxFindings(len)), and return their number;
 * leave the components in RESULT (split() fields, byte offsets).
 */
export function scan(src: i32, len: i32, offsetList: i32, findingList: i32): i32 {
  offsets = offsetList;
  findings = findingList;
  count = 0;
  const colon = checkScheme(src, len);
  splitParts(src, len, colon);
  checkHostPort(src);
  checkCharacters(src, len);
  return count;
}
