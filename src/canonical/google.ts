// The canonicalization of Google Safe Browsing ("URLs and Hashing",
// Safe Browsing API v4), which two profiles run: "safe-browsing" as the
// documentation and the gglsbl client write it, and "surt" as the SURT
// package's GoogleURLCanonicalizer ports it. The two differ in a few rules
// named by the Dialect below (docs/canonical.md). Everything here works on
// byte strings (bytes.ts): the anchors work on bytes.

import { byteSet, decodeUtf8, type KernelEscapes, lowerAscii, quoteBytes, UNRESERVED, unescapeOnce } from "./bytes.js";
import { idna2003 } from "./idna2003.js";

/** Where the two implementations of the same steps part ways. */
export interface Dialect {
  /**
   * How an input without a scheme is told: "slashes" (gglsbl: no "://"
   * anywhere, so "google.com:443/abc" is a host and port) or "pattern"
   * (SURT: no `scheme ":"` at the start, so "google.com:443" has the scheme "google.com").
   */
  schemeTest: "slashes" | "pattern";
  /** Lower-case the scheme (Safe Browsing) or keep it as written (SURT). */
  lowerScheme: boolean;
  /** SURT: "http://https://a" is "https://a", and "http:///a/b" takes its host from the path. */
  httpRepairs: boolean;
  /** A host that is not UTF-8 is kept as bytes (Safe Browsing) or decoded leaving the bad bytes out (SURT). */
  strictHostUtf8: boolean;
  /** Runs of dots in the host become one (Safe Browsing), or each ".." becomes "." once, left to right (SURT). */
  mergeDotRuns: boolean;
  /** Which hosts are IPv4 addresses (ipv4() below). */
  ipv4: "inet_aton" | "surt";
  /** A ".." segment at the root is kept (SURT) or dropped (Safe Browsing). */
  keepRootDotDot: boolean;
  /** An escape of "&" in the query stays one (SURT), or is decoded like any other (Safe Browsing). */
  keepQueryAmpersands: boolean;
}

/** A URL after the Safe Browsing steps: each part escaped, "" where absent (query: null). */
export interface GoogleUrl {
  scheme: string;
  host: string;
  /** The port in decimal, "" for none. */
  port: string;
  path: string;
  query: string | null;
  /** Dropped by the Safe Browsing steps (null). */
  fragment: string | null;
}

/** "Percent-escape all characters that are <= ASCII 32, >= 127, "#", or "%"" (Python's quote() with every other printable byte safe). */
const ESCAPE_ONCE_SAFE = /* @__PURE__ */ byteSet(UNRESERVED + "!\"$&'()*+,-./:;<=>?@[\\]^_`{|}~");

/** Python's bytes.strip(): ASCII whitespace at both ends. */
const OUTER_SPACE = /^[ \t\n\r\v\f]+|[ \t\n\r\v\f]+$/g;
/** "Remove all tab (0x09), CR (0x0d), and LF (0x0a) characters from the URL." */
const TAB_OR_NEWLINE = /[\t\n\r]/g;
const HAS_SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;
const REPEATED_HTTP = /^(?:https?:\/\/)+/;
/** RFC 2396 appendix B, the split both anchors use. */
const RFC2396 = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#([\s\S]*))?$/;

/** "Repeatedly percent-unescape the URL until it has no more percent-escapes." */
function unescapeRepeatedly(s: string): string {
  for (;;) {
    const next = unescapeOnce(s);
    if (next === s) return s;
    s = next;
  }
}

function escapeOnce(s: string): string {
  return quoteBytes(s, ESCAPE_ONCE_SAFE);
}

/** One part of an IPv4 address as inet_aton(3) reads it: hex after "0x", octal after "0", else decimal; NaN if none. */
function ipv4Part(part: string): number {
  if (/^0[xX][0-9a-fA-F]+$/.test(part)) return Number.parseInt(part.slice(2), 16);
  if (/^0[0-7]*$/.test(part)) return Number.parseInt(part, 8);
  if (/^[1-9][0-9]*$/.test(part)) return Number(part);
  return Number.NaN;
}

/** inet_aton(3): 1 to 4 parts, the last one filling the bytes left. The address as a number, or -1. */
function inetAton(host: string): number {
  const parts = host.split(".");
  if (parts.length > 4) return -1;
  let value = 0;
  for (let i = 0; i < parts.length; i++) {
    const n = ipv4Part(parts[i]);
    const last = i === parts.length - 1;
    const limit = last ? 2 ** (8 * (4 - i)) : 256;
    if (!(n < limit)) return -1;
    value = last ? value * limit + n : value * 256 + n;
  }
  return value;
}

function dotted(n: number): string {
  return `${Math.floor(n / 0x1000000)}.${Math.floor(n / 0x10000) % 256}.${Math.floor(n / 0x100) % 256}.${n % 256}`;
}

const SURT_DECIMAL_IP = /^[1-9][0-9]*(?:\.[0-9]+){0,3}$/;
const SURT_OCTAL_IP = /^0[0-7]*(?:\.[0-7]+){0,3}$/;

/**
 * "If the hostname can be parsed as an IPv4 address, normalize it to 4
 * dot-separated decimal values", or null. Safe Browsing takes any inet_aton()
 * form (octal, hex, fewer than four parts); SURT takes a run of digits modulo
 * 2^32 and the decimal and octal forms.
 */
function ipv4(host: string, rule: Dialect["ipv4"]): string | null {
  if (rule === "surt") {
    if (/^[0-9]+$/.test(host)) return dotted(Number(BigInt(host) % 0x100000000n));
    if (!SURT_DECIMAL_IP.test(host) && !SURT_OCTAL_IP.test(host)) return null;
  }
  const n = inetAton(host);
  return n === -1 ? null : dotted(n);
}

/** The hostname steps: unescaped, IDNA, dots, IPv4 form, lower case, escaped. */
function canonicalHost(host: string, d: Dialect): string {
  let h = unescapeRepeatedly(host);
  if (/[^\x00-\x7f]/.test(h)) {
    // "If the URL uses an internationalized domain name (IDN), the client
    // should convert the URL to the ASCII Punycode representation."
    const text = decodeUtf8(h, d.strictHostUtf8);
    const ascii = text === null ? null : idna2003(text);
    if (ascii !== null) h = ascii;
  }
  // "Remove all leading and trailing dots. Replace consecutive dots with a single dot."
  h = d.mergeDotRuns ? h.replace(/\.{2,}/g, ".") : h.replaceAll("..", ".");
  h = h.replace(/^\.+|\.+$/g, "");
  return ipv4(h, d.ipv4) ?? escapeOnce(lowerAscii(h));
}

/**
 * "Resolve the sequences /../ and /./ in the path by replacing /./ with /,
 * and removing /../ along with the preceding path component. Replace runs of
 * consecutive slashes with a single slash."
 */
function normalizePath(path: string, keepRootDotDot: boolean): string {
  if (path === "") return "/";
  const kept: string[] = [];
  const segments = path.split("/");
  for (let i = 1; i < segments.length; i++) {
    const s = segments[i];
    if (s === ".") continue;
    if (s === ".." && (kept.length > 0 || !keepRootDotDot)) kept.pop();
    else kept.push(s);
  }
  let out = "/";
  for (let i = 0; i < kept.length - 1; i++) if (kept[i] !== "") out += kept[i] + "/";
  return kept.length === 0 ? out : out + kept[kept.length - 1];
}

/** The port as Python's urlsplit() reads it: "" for none or 0, null where Python raises (not digits, over 65535). */
function portOf(port: string | undefined): string | null {
  if (port === undefined) return "";
  if (!/^[0-9]+$/.test(port)) return null;
  const n = Number(port);
  return n > 65535 ? null : n === 0 ? "" : String(n);
}

/**
 * A URL given as a byte string split as both anchors split it (RFC 2396
 * appendix B, after the repairs below), or null where its port is not
 * valid. The userinfo is dropped (neither anchor keeps it).
 */
export function splitUrl(input: string, d: Dialect): GoogleUrl | null {
  let s = input.replace(OUTER_SPACE, "").replace(TAB_OR_NEWLINE, "");
  if (s.startsWith("//")) s = "http:" + s;
  else if (d.schemeTest === "slashes" ? !s.includes("://") : !HAS_SCHEME.test(s)) s = "http://" + s;
  if (d.httpRepairs) s = s.replace(REPEATED_HTTP, (m) => m.slice(m.lastIndexOf("http")));
  const m = RFC2396.exec(s)!;
  const scheme = d.lowerScheme ? lowerAscii(m[1] ?? "") : (m[1] ?? "");
  let path = m[3];
  let host = "";
  let port = "";
  if (m[2] !== undefined) {
    // Python's urlsplit(): the host and port after the last "@"; a host ending in ":" has no port.
    const hostPort = m[2].slice(m[2].lastIndexOf("@") + 1).replace(/:+$/, "");
    const close = hostPort.startsWith("[") ? hostPort.indexOf("]") + 1 : 0;
    const colon = hostPort.indexOf(":", close);
    host = lowerAscii(colon === -1 ? hostPort : hostPort.slice(0, colon));
    const p = portOf(colon === -1 ? undefined : hostPort.slice(colon + 1));
    if (p === null) return null;
    port = p;
  }
  if (d.httpRepairs && host === "" && path !== "" && scheme.startsWith("http")) {
    // "http:////www.vikings.com": the host is the first segment of the path.
    const rest = path.replace(/^\/+/, "");
    const slash = rest.indexOf("/");
    host = slash === -1 ? rest : rest.slice(0, slash);
    path = slash === -1 ? "/" : rest.slice(slash);
  }
  return { scheme, host, port, path, query: m[4] ?? null, fragment: m[5] ?? null };
}

/**
 * The Safe Browsing steps on a split URL: the fragment dropped, each part
 * unescaped and escaped again (the query by the kernel: "minimal escape").
 */
export function googleSteps(url: GoogleUrl, d: Dialect, escapes: KernelEscapes): GoogleUrl {
  const query = url.query === null ? null : escapes.minimalEscape(url.query, d.keepQueryAmpersands);
  const host = url.host === "" ? "" : canonicalHost(url.host, d);
  let path = unescapeRepeatedly(url.path);
  // Without a host ("mailto:a@b") the path is no hierarchy of segments.
  if (host !== "") path = normalizePath(path, d.keepRootDotDot);
  return { scheme: url.scheme, host, port: url.port, path: escapeOnce(path), query, fragment: null };
}

/** Both: the Safe Browsing steps on a URL given as a byte string, or null where its port is not valid. */
export function googleCanonical(input: string, d: Dialect, escapes: KernelEscapes): GoogleUrl | null {
  const url = splitUrl(input, d);
  return url === null ? null : googleSteps(url, d, escapes);
}
