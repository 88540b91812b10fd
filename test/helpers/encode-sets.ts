// The percent-encode sets, written out again from the specifications' text
// (not from assembly/classes.ts), so the tests check the kernel's tables
// against the documents rather than against themselves. Every set holds all
// non-ASCII code points; these are the ASCII members.

export type SetName = "component" | "path" | "query" | "fragment" | "userinfo" | "rfc1738";

const chars = (s: string): number[] => [...s].map((c) => c.codePointAt(0)!);
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

// WHATWG URL Standard, #percent-encoded-bytes.
// "The C0 control percent-encode set is a percent-encode set consisting of
// C0 controls and all code points greater than U+007E (~)."
const C0_CONTROL = [...range(0x00, 0x1f), 0x7f];
// "... the C0 control percent-encode set and U+0020 SPACE, U+0022 ("), U+003C (<), U+003E (>), and U+0060 (`)."
const FRAGMENT = [...C0_CONTROL, ...chars(' "<>`')];
// "... the C0 control percent-encode set and U+0020 SPACE, U+0022 ("), U+0023 (#), U+003C (<), and U+003E (>)."
const QUERY = [...C0_CONTROL, ...chars(' "#<>')];
// "... the query percent-encode set and U+003F (?), U+005E (^), U+0060 (`), U+007B ({), and U+007D (})."
const PATH = [...QUERY, ...chars("?^`{}")];
// "... the path percent-encode set and U+002F (/), U+003A (:), U+003B (;), U+003D (=), U+0040 (@),
// U+005B ([) to U+005D (]), inclusive, and U+007C (|)."
const USERINFO = [...PATH, ...chars("/:;=@"), ...range(0x5b, 0x5d), ...chars("|")];
// "... the userinfo percent-encode set and U+0024 ($) to U+0026 (&), inclusive, U+002B (+), and U+002C (,)."
const COMPONENT = [...USERINFO, ...range(0x24, 0x26), ...chars("+,")];

// "The application/x-www-form-urlencoded percent-encode set is a percent-encode set consisting of the
// component percent-encode set and U+0021 (!), U+0027 (') to U+0029 RIGHT PARENTHESIS, inclusive, and
// U+007E (~)." Not a set of percentEncode(): URLSearchParams serializes with it (space as "+").
export const FORM_URLENCODED: ReadonlySet<number> = new Set([
  ...COMPONENT,
  ...chars("!"),
  ...range(0x27, 0x29),
  ...chars("~"),
]);

// RFC 1738 section 2.2: "the octets 00-1F and 7F hexadecimal represent
// control characters; these must be encoded", the space, "<" and ">", the
// quote mark, "#", "%", and "{", "}", "|", "\", "^", "~", "[", "]", and "`".
const RFC1738 = [...range(0x00, 0x1f), 0x7f, ...chars(' <>"#%{}|\\^~[]`')];

export const ENCODE_SETS: Record<SetName, ReadonlySet<number>> = {
  component: new Set(COMPONENT),
  path: new Set(PATH),
  query: new Set(QUERY),
  fragment: new Set(FRAGMENT),
  userinfo: new Set(USERINFO),
  rfc1738: new Set(RFC1738),
};

export const SET_NAMES = Object.keys(ENCODE_SETS) as SetName[];

const encoder = new TextEncoder();

/** "%" and two upper-case hex digits (#percent-encode). */
export function escapeByte(b: number): string {
  return "%" + b.toString(16).toUpperCase().padStart(2, "0");
}

/** Percent-encode the UTF-8 bytes of `s` (lone surrogates as U+FFFD) that are in `set`. */
export function referenceEncode(s: string, set: SetName): string {
  let out = "";
  for (const ch of s.toWellFormed()) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80 && !ENCODE_SETS[set].has(cp)) out += ch;
    else for (const b of encoder.encode(ch)) out += escapeByte(b);
  }
  return out;
}
