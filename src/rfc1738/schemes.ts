// The schemes this layer knows: those of RFC 1738 section 3, with their default
// ports from its sections 3.2-3.11, those of the 1994 draft (mid, cid, rlogin,
// tn3270, afs), and the later schemes a reader of URLs meets
// everywhere (https, RFC 2818; ws and wss, RFC 6455).

import { expectString } from "../arguments/check.js";

/** Default port of each scheme that has one (docs/api.md section 4). */
const DEFAULT_PORTS: ReadonlyMap<string, number> = new Map([
  ["ftp", 21],
  ["http", 80],
  ["gopher", 70],
  ["nntp", 119],
  ["telnet", 23],
  ["wais", 210],
  ["prospero", 1525],
  // The 1994 draft's "telnet, rlogin and tn3270" name no ports: rlogin's is 513
  // (BSD rlogin, RFC 1282; "login" in the IANA registry), and TN3270 is Telnet
  // (RFC 1576), port 23.
  ["rlogin", 513],
  ["tn3270", 23],
  ["https", 443],
  ["ws", 80],
  ["wss", 443],
]);

/** "The schemes covered are" (RFC 1738 section 3), in its order. */
const RFC1738_SCHEMES = [
  "ftp",
  "http",
  "gopher",
  "mailto",
  "news",
  "nntp",
  "telnet",
  "wais",
  "file",
  "prospero",
] as const;

/** Schemes extractUrls() finds as bare URLs in running text: RFC 1738's and https, ws, wss. */
export const TEXT_SCHEMES: readonly string[] = [...RFC1738_SCHEMES, "https", "ws", "wss"];

/** ASCII lower case ("programs interpreting URLs should treat upper case letters as equivalent"). */
export function asciiLower(s: string): string {
  return /[A-Z]/.test(s) ? s.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : s;
}

/** The default port of `scheme` (any case), or null. */
export function defaultPort(scheme: string): number | null {
  expectString(scheme, "defaultPort", "scheme");
  return DEFAULT_PORTS.get(asciiLower(scheme)) ?? null;
}
