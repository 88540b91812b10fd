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
//
// Before that, the characters RFC 1738 section 2.2 says must be encoded are
// encoded (RFC 1630: "a URI may be made "safer" simply by encoding any
// characters considered unsafe, while leaving already encoded characters still
// encoded"), so that "my file" and "my%20file" are at one level. And what RFC
// 1630 and RFC 1738 say outright is equal is made so: a void fragment, a void
// file host and "localhost", telnet's final "/", gopher's empty path and "/1".

import { RFC3986_UNRESERVED } from "../../assembly/classes.js";
import type { Arena } from "../kernel/arena.js";
import { RFC1738 } from "../kernel/modules.js";
import type { UrlParts } from "../rfc3986/split.js";
import { asciiLower, defaultPort } from "./schemes.js";
import { escapeOf } from "./diagnostics.js";
import { expectString } from "../arguments/check.js";

/** Schemes whose empty path means "/" (RFC 3986 section 6.2.3; RFC 9110 section 4.2.3; RFC 6455 section 3). */
const EMPTY_PATH_IS_ROOT = new Set(["http", "https", "ws", "wss"]);

/** telneturl = "telnet://" login [ "/" ] (RFC 1738 section 3.8), and the draft's rlogin and tn3270 like it. */
const FINAL_SLASH_OPTIONAL = new Set(["telnet", "rlogin", "tn3270"]);

/**
 * Characters that must be encoded (RFC 1738 section 2.2): controls, space,
 * "<>"{}|\^~[]`", a "#" inside a fragment, and non-ASCII. "%" starts an escape
 * and stays.
 */
const UNSAFE = /[\x00-\x20\x7f"<>{}|\\^~[\]`#]|[^\x00-\x7f]/gu;

/** `s` with its unsafe characters encoded as UTF-8 escapes. */
function encodeUnsafe(s: string): string {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(s) ? s.replace(UNSAFE, escapeOf) : s;
}

/**
 * The path as compared, where a scheme's own rule makes two paths one: "The
 * entire <gopher-path> may also be empty, in which case the delimiting "/" is
 * also optional and the <gophertype> defaults to "1"" (RFC 1738 section
 * 3.4.1); telnet's final "/" is optional (section 3.8); an empty http(s)/ws(s)
 * path is "/".
 */
function pathOf(path: string, scheme: string | null): string {
  if (scheme === "gopher" && (path === "" || path === "/")) return "/1";
  if (scheme !== null && FINAL_SLASH_OPTIONAL.has(scheme) && path === "/") return "";
  if (scheme !== null && EMPTY_PATH_IS_ROOT.has(scheme) && path === "") return "/";
  return path;
}

/** "A void host field is equivalent to "localhost"" for file (RFC 1630; RFC 1738 section 3.10). */
function hostOf(host: string, scheme: string | null): string {
  return scheme === "file" && host === "localhost" ? "" : host;
}

export function equivalence(arena: Arena, split: (input: string) => UrlParts) {
  const kernel = arena.module(RFC1738);

  /** Percent-encoding normalisation of one component (RFC 3986 section 6.2.2.1, 6.2.2.2), unsafe characters encoded first. */
  function escapes(s: string): string {
    s = encodeUnsafe(s);
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
      out += hostOf(asciiLower(escapes(p.host)), scheme);
      const q = port(p.port, scheme);
      if (q !== "") out += ":" + q;
    }
    const path = escapes(p.path);
    out += p.host !== null ? pathOf(path, scheme) : path;
    if (p.query !== null) out += "?" + escapes(p.query);
    // "A void fragment-id with or without the hash sign means that the URL
    // refers to the whole object" (RFC 1630).
    if (p.fragment) out += "#" + escapes(p.fragment);
    return out;
  }

  /** Whether `a` and `b` are the same URL once brought to the same encoding level. */
  return function equivalent(a: string, b: string): boolean {
    expectString(a, "equivalent", "a");
    expectString(b, "equivalent", "b");
    return a === b || normalForm(a) === normalForm(b);
  };
}
