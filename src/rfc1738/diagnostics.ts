// What validate() reports (docs/api.md section 5): the kernel's findings and the
// scheme rules' complaints, as { index, code, message }.

import * as R from "../../assembly/rfc1738/records.js";
import type { Finding } from "./analyze.js";

export type DiagnosticCode =
  | "invalid-escape"
  | "unsafe-character"
  | "invalid-scheme"
  | "invalid-host"
  | "invalid-port"
  | "scheme-syntax"
  /** An escaped CR or LF in a gopher selector or search (RFC 1738 section 6). */
  | "unsafe-selector";

export interface Diagnostic {
  /** UTF-16 index of the offending character in the input. */
  index: number;
  code: DiagnosticCode;
  message: string;
}

const utf8 = /* @__PURE__ */ new TextEncoder();

/** A character for a message: `"x"` when printable ASCII, else its code point. */
export function show(ch: string): string {
  const cp = ch.codePointAt(0);
  if (cp === undefined) return "the end";
  if (cp > 0x20 && cp < 0x7f) return JSON.stringify(ch);
  return `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** The escape(s) that encode `ch`: "%20", "%C3%A9". */
export function escapeOf(ch: string): string {
  let s = "";
  for (const b of utf8.encode(ch)) s += "%" + b.toString(16).toUpperCase().padStart(2, "0");
  return s;
}

const mustEncode = (what: string, ch: string): string =>
  `${show(ch)} ${what} and must be encoded as ${JSON.stringify(escapeOf(ch))} (RFC 1738 section 2.2)`;

/** The code and the message of each kernel finding (assembly/rfc1738/records.ts), given the character at its index. */
const FINDINGS: Record<number, [DiagnosticCode, (ch: string) => string]> = {
  [R.ESCAPE_INVALID]: [
    "invalid-escape",
    () =>
      `"%" is not followed by two hex digits; a "%" meant as such must be encoded as "%25" (RFC 1738 section 2.2, RFC 1630)`,
  ],
  [R.UNSAFE_CONTROL]: ["unsafe-character", (ch) => mustEncode("is a control character", ch)],
  [R.UNSAFE_SPACE]: ["unsafe-character", (ch) => mustEncode("(space) is unsafe", ch)],
  [R.UNSAFE_NON_ASCII]: ["unsafe-character", (ch) => mustEncode("is not a US-ASCII character", ch)],
  [R.UNSAFE_CHARACTER]: ["unsafe-character", (ch) => mustEncode("is unsafe", ch)],
  [R.UNSAFE_SECOND_HASH]: ["unsafe-character", (ch) => mustEncode('after the fragment\'s "#" is unsafe', ch)],
  [R.SCHEME_MISSING]: [
    "invalid-scheme",
    () =>
      `no scheme: a URL is written <scheme>:<scheme-specific-part>, with the ":" before any "/" (RFC 1738 section 2.1)`,
  ],
  [R.SCHEME_EMPTY]: ["invalid-scheme", () => `the scheme before ":" is empty (RFC 1738 section 2.1)`],
  [R.SCHEME_BAD_CHARACTER]: [
    "invalid-scheme",
    (ch) => `${show(ch)} cannot appear in a scheme name: letters, digits, "+", "." and "-" only (RFC 1738 section 2.1)`,
  ],
  [R.HOST_MISSING]: ["invalid-host", () => `no host after "//" (RFC 1738 section 3.1)`],
  [R.HOST_BAD_CHARACTER]: [
    "invalid-host",
    (ch) => `${show(ch)} cannot appear in a host: letters, digits, "-" and "." only (RFC 1738 section 3.1)`,
  ],
  [R.HOST_EMPTY_LABEL]: ["invalid-host", () => `empty domain label in the host (RFC 1738 section 5, hostname)`],
  [R.HOST_HYPHEN]: [
    "invalid-host",
    () => `a domain label starts and ends with a letter or digit, not "-" (RFC 1738 section 3.1)`,
  ],
  [R.HOST_TOPLABEL_DIGIT]: [
    "invalid-host",
    () =>
      `the rightmost domain label starts with a digit, and the host is not four groups of digits (RFC 1738 section 3.1)`,
  ],
  [R.PORT_EMPTY]: [
    "invalid-port",
    () => `":" with no port after it: "If the port is omitted, the colon is as well" (RFC 1738 section 3.1)`,
  ],
  [R.PORT_NOT_DIGIT]: [
    "invalid-port",
    (ch) => `${show(ch)} in the port, which is decimal digits (RFC 1738 section 3.1)`,
  ],
  [R.PORT_OUT_OF_RANGE]: [
    "invalid-port",
    () => `the port is above 65535: TCP and UDP ports are 16 bits (RFC 1738 section 3.1, RFC 793 section 3.1)`,
  ],
  [R.SCHEME_NOT_LETTER]: [
    "invalid-scheme",
    (ch) =>
      `a scheme name starts with a letter, not ${show(ch)}: scheme = ialpha (RFC 1630, the 1994 URL draft; RFC 3986 section 3.1)`,
  ],
};

/** The diagnostic of a kernel finding in `input`. */
export function fromFinding(input: string, { index, finding }: Finding): Diagnostic {
  const [code, message] = FINDINGS[finding];
  const cp = input.codePointAt(index);
  return { index, code, message: message(cp === undefined ? "" : String.fromCodePoint(cp)) };
}

/** Diagnostics in input order (stable for equal indices). */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return list.sort((a, b) => a.index - b.index);
}
