// The URL of an HTTP request line as an access log holds it,
// "METHOD request-target HTTP-version", with the target read by its form
// (RFC 9112 section 3.2):
//   origin-form     "/path?query": a path on the server the log belongs to,
//                   resolved against the base as a path, never as a host:
//                   "//x" is the path "//x";
//   absolute-form   "http://host/path": the URL as it is, without the base;
//   authority-form  "host:port", for CONNECT only: the URL "//host:port"
//                   against the base (the base's scheme, that host and port,
//                   path "/"); a CONNECT target of another shape is no URL;
//   asterisk-form   "*" (OPTIONS): no URL.
// The kernel reads the common targets itself (assembly/access-log.ts) and
// leaves the rest here: escapes, CONNECT, "//" and "/\" after the first "/".

import type { ParsedUrl } from "../whatwg/url.js";
import { unescapeLogUrl } from "./log-escapes.js";

type Parse = (input: string, base?: string | ParsedUrl) => ParsedUrl | null;

/** RFC 9112 section 3.2.3: authority-form = uri-host ":" port (an IP literal in brackets, or a name or IPv4 address). */
const AUTHORITY_FORM = /^(?:\[[^\]\s]*\]|[^\s/?#@[\]\\:]+):\d+$/;

/**
 * The method, target and version of a request line, as the kernel splits it:
 * the target runs from the first space to the last, spaces around it left
 * out (no version when the line has one space: HTTP/0.9 "GET /").
 */
export function requestParts(request: string): { method: string; target: string; version: string | null } | null {
  const first = request.indexOf(" ");
  if (first <= 0) return null;
  const last = request.lastIndexOf(" ");
  let start = first + 1;
  let end = last > first ? last : request.length;
  while (start < end && request[start] === " ") start++;
  while (end > start && request[end - 1] === " ") end--;
  return {
    method: request.slice(0, first),
    target: request.slice(start, end),
    version: last > first ? request.slice(last + 1) : null,
  };
}

/** The URL of the request line `request` (as logged, with escapes) against `base`; null where it has none. */
export function requestUrl(request: string, base: ParsedUrl | undefined, parse: Parse): ParsedUrl | null {
  const parts = requestParts(request);
  if (parts === null || parts.target === "-" || parts.target === "*") return null;
  const target = unescapeLogUrl(parts.target);
  if (target === "") return null;
  if (parts.method === "CONNECT") {
    return base !== undefined && AUTHORITY_FORM.test(target) ? parse(`//${target}`, base) : null;
  }
  if (target.startsWith("/")) {
    // "/." first makes the target a path: "/.//x" is the path "//x" (the "." segment dropped).
    return base === undefined ? null : parse(`/.${target}`, base);
  }
  return parse(target);
}
