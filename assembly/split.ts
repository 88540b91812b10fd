// split(): the generic syntax of RFC 3986 Appendix B, which is also RFC 1738
// section 3.1's "//<user>:<password>@<host>:<port>/<url-path>", with no
// normalisation. Component offsets go to the RESULT record (layout.ts).

import { fill, ld8, st32 } from "./memory";
import { find2, find3, findLast } from "./scan";
import { isAsciiAlpha, SCHEME_STOP } from "./tables";
import { skipRun, RUN_SCHEME } from "./run";
import * as L from "./layout";
import { COLON, SLASH, QUESTION, HASH, AT, RIGHT_BRACKET } from "./charcode";

function set(field: i32, value: i32): void {
  st32(L.resultField(field), value);
}

/**
 * scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), followed by ":".
 * Returns the offset of that ":" or NONE. (Appendix B's `[^:/?#]+` would take
 * any characters; the scheme grammar of RFC 3986 section 3.1 and RFC 1738
 * section 2.1 is stricter, so "1a:b" and "a b:c" are relative references.)
 */
function schemeEnd(p: i32, end: i32): i32 {
  if (p >= end || !isAsciiAlpha(ld8(p))) return L.NONE;
  const i = skipRun(p + 1, end, RUN_SCHEME, SCHEME_STOP);
  return i < end && ld8(i) == COLON ? i - p : L.NONE;
}

/** Split the authority [a, e) (offsets from `base`): userinfo at the last "@" (as browsers do), then host and port. */
export function splitAuthority(base: i32, a: i32, e: i32): void {
  // The commonest authority is a bare host: one scan finds no "@", ":" or "]".
  if (find3(a, e, AT, COLON, RIGHT_BRACKET) == e) {
    set(L.SPLIT_HOST_START, a - base);
    set(L.SPLIT_HOST_END, e - base);
    return;
  }
  const at = findLast(a, e, AT);
  let hostStart = a;
  if (at >= 0) {
    const colon = find2(a, at, COLON, COLON);
    set(L.SPLIT_USER_START, a - base);
    set(L.SPLIT_USER_END, colon - base);
    if (colon < at) {
      set(L.SPLIT_PASS_START, colon + 1 - base);
      set(L.SPLIT_PASS_END, at - base);
    }
    hostStart = at + 1;
  }
  // The port follows the last ":" that is not inside an IP-literal "[...]".
  const bracket = findLast(hostStart, e, RIGHT_BRACKET);
  const colon = findLast(bracket >= 0 ? bracket : hostStart, e, COLON);
  const hostEnd = colon >= 0 ? colon : e;
  set(L.SPLIT_HOST_START, hostStart - base);
  set(L.SPLIT_HOST_END, hostEnd - base);
  if (colon >= 0) {
    set(L.SPLIT_PORT_START, colon + 1 - base);
    set(L.SPLIT_PORT_END, e - base);
  }
}

/** Split the `len` bytes at `p` into the RESULT record. Never fails. */
export function split(p: i32, len: i32): void {
  // Every field NONE (-1: all bits set) to begin with.
  fill(L.resultField(0), 0xff, L.SPLIT_FIELDS * 4);
  const end = p + len;
  let i = p;
  const scheme = schemeEnd(p, end);
  if (scheme != L.NONE) {
    set(L.SPLIT_SCHEME_END, scheme);
    i = p + scheme + 1;
  }
  if (i + 1 < end && ld8(i) == SLASH && ld8(i + 1) == SLASH) {
    const a = i + 2;
    const e = find3(a, end, SLASH, QUESTION, HASH);
    splitAuthority(p, a, e);
    i = e;
  }
  const pathEnd = find2(i, end, QUESTION, HASH);
  set(L.SPLIT_PATH_START, i - p);
  set(L.SPLIT_PATH_END, pathEnd - p);
  i = pathEnd;
  if (i < end && ld8(i) == QUESTION) {
    const q = find2(i + 1, end, HASH, HASH);
    set(L.SPLIT_QUERY_START, i + 1 - p);
    set(L.SPLIT_QUERY_END, q - p);
    i = q;
  }
  if (i < end) {
    set(L.SPLIT_FRAG_START, i + 1 - p);
    set(L.SPLIT_FRAG_END, len);
  }
}
