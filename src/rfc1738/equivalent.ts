// equivalent(): RFC 1630 "Before two URIs can be compared, it is therefore
// necessary to bring them to the same encoding level. However, the reserved
// characters mentioned above have a different significance when encoded, and so
// may NEVER be encoded and unencoded in this way."
//
// Both URLs are brought to the form of RFC 3986 section 6.2.2 and 6.2.3:
// scheme and host in lower case; escapes of unreserved characters decoded and
// the hex digits of all others in upper case (done by the kernel); the scheme's
// default port, or an empty one, dropped; an empty http(s)/ws(s) path as "/".
// The decoded set is RFC 3986's unreserved (letters, digits, "-", ".", "_",
// "~"): no scheme may reserve those, while RFC 1738's other unreserved
// characters "$+!*'()," are sub-delimiters a scheme may give a meaning (RFC
// 1630 reserves "+" in a query), so their escapes stay.

import { RFC3986_UNRESERVED } from "../../assembly/classes.js";
import type { Arena } from "../kernel/arena.js";
import type { UrlParts } from "../split.js";
import { asciiLower, defaultPort } from "./schemes.js";
import { expectString } from "../check.js";

/** Schemes whose empty path means "/" (RFC 3986 section 6.2.3; RFC 9110 section 4.2.3; RFC 6455 section 3). */
const EMPTY_PATH_IS_ROOT = new Set(["http", "https", "ws", "wss"]);

export function equivalence(arena: Arena, split: (input: string) => UrlParts) {
  const { kernel } = arena;

  /** Percent-encoding normalisation of one component (RFC 3986 section 6.2.2.1, 6.2.2.2). */
  function escapes(s: string): string {
    if (!s.includes("%")) return s;
    const len = arena.input(s);
    const out = arena.scratch(len);
    const n = kernel.rfc1738NormalizeEscapes(arena.inputStart, len, out, RFC3986_UNRESERVED);
    return arena.inputAscii ? arena.ascii(out, out + n) : arena.utf8(out, out + n);
  }

  /** The port as compared: '' for the default or an empty one, else without leading zeros. */
  function port(p: string | null, scheme: string | null): string {
    if (!p) return "";
    if (!/^\d+$/.test(p)) return p;
    const digits = p.replace(/^0+(?=\d)/, "");
    return scheme !== null && digits === String(defaultPort(scheme)) ? "" : digits;
  }

  /** The URL at the encoding level equivalent() compares. */
  function normalForm(input: string): string {
    const p = split(input);
    const scheme = p.scheme === null ? null : asciiLower(p.scheme);
    let out = scheme === null ? "" : scheme + ":";
    if (p.host !== null) {
      out += "//";
      if (p.user !== null) out += escapes(p.user) + (p.password !== null ? ":" + escapes(p.password) : "") + "@";
      out += asciiLower(escapes(p.host));
      const q = port(p.port, scheme);
      if (q !== "") out += ":" + q;
    }
    const path = escapes(p.path);
    out += path === "" && p.host !== null && scheme !== null && EMPTY_PATH_IS_ROOT.has(scheme) ? "/" : path;
    if (p.query !== null) out += "?" + escapes(p.query);
    if (p.fragment !== null) out += "#" + escapes(p.fragment);
    return out;
  }

  /** Whether `a` and `b` are the same URL once brought to the same encoding level. */
  return function equivalent(a: string, b: string): boolean {
    expectString(a, "equivalent", "a");
    expectString(b, "equivalent", "b");
    return a === b || normalForm(a) === normalForm(b);
  };
}
