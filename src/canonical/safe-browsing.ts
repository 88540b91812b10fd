// The "safe-browsing" profile: Google Safe Browsing's canonical URL, as the
// v4 documentation ("URLs and Hashing") defines it by its rules and its
// Canonicalize() examples, and safeBrowsingExpressions(): the host-suffix /
// path-prefix expressions a client hashes and looks up. The steps are in
// google.ts; this file picks the documented dialect and writes the result.

import type { ParsedUrl } from "../whatwg/url.js";
import { latin1, utf8Bytes } from "./bytes.js";
import type { ProfileContext } from "./context.js";
import { type Dialect, type GoogleUrl, googleCanonical } from "./google.js";

export interface SafeBrowsingOptions {
  profile: "safe-browsing";
  /**
   * Keep a port that is not the default one, as the gglsbl client does
   * ("http://a.com:1234/"); the documentation drops every port
   * (Canonicalize("http://www.gotaport.com:1234/") = "http://www.gotaport.com/").
   */
  keepPort?: boolean;
}

const SAFE_BROWSING: Dialect = {
  schemeTest: "slashes",
  lowerScheme: true,
  httpRepairs: false,
  strictHostUtf8: true,
  mergeDotRuns: true,
  ipv4: "inet_aton",
  keepRootDotDot: false,
  keepQueryAmpersands: false,
};

/** A profile's input as a byte string: a string as its UTF-8 bytes, bytes as they are, a ParsedUrl as its href. */
export function inputBytes(input: string | ParsedUrl | Uint8Array): string {
  if (typeof input === "string") return utf8Bytes(input);
  if (input instanceof Uint8Array) return latin1(input);
  return input.href;
}

/** The host suffixes to look up: "the exact hostname", then "up to 4 hostnames formed by starting with the last 5 components and successively removing the leading component" (not for an IP address). */
function hostSuffixes(host: string): string[] {
  if (/^[0-9.]+$/.test(host) || host.startsWith("[")) return [host];
  const labels = host.split(".");
  const out = [host];
  // "The top-level domain can be skipped": at least two labels.
  for (let i = Math.max(1, labels.length - 5); i <= labels.length - 2; i++) out.push(labels.slice(i).join("."));
  return out;
}

/** The paths to look up: "the exact path of the URL, including query parameters", "without query parameters", then "up to 4 paths formed by starting at the root (/) and successively appending path components, including a trailing slash". */
function pathPrefixes(path: string, query: string | null): string[] {
  const out: string[] = [];
  if (query !== null) out.push(`${path}?${query}`);
  out.push(path);
  let prefix = "/";
  const segments = path.split("/");
  // The last segment is the file (or "" after a trailing slash): only directories make prefixes.
  for (let i = 1; i < segments.length && i <= 4; i++) {
    if (!out.includes(prefix)) out.push(prefix);
    prefix += segments[i] + "/";
  }
  return out;
}

/** The profile's canonicalize() and safeBrowsingExpressions(), on one API instance's kernel. */
export function safeBrowsingApi({ escapes }: ProfileContext) {
  /** The canonical URL's parts, or null where there is no host to look up. */
  function canonicalParts(input: string | ParsedUrl | Uint8Array, keepPort: boolean): GoogleUrl | null {
    const url = googleCanonical(inputBytes(input), SAFE_BROWSING, escapes);
    if (url === null || url.host === "") return null;
    if (!keepPort) url.port = "";
    return url;
  }

  /** The canonical URL of Safe Browsing for `input` (a string, its bytes, or a ParsedUrl), or null where it has no host. */
  function canonical(input: string | ParsedUrl | Uint8Array, options: SafeBrowsingOptions): string | null {
    const url = canonicalParts(input, options.keepPort === true);
    if (url === null) return null;
    const authority = url.port === "" ? url.host : `${url.host}:${url.port}`;
    return `${url.scheme}://${authority}${url.path}${url.query === null ? "" : "?" + url.query}`;
  }

  /**
   * The expressions Safe Browsing looks up for `input`, in the documented
   * order: for each host suffix (the exact host first), each path prefix (the
   * exact path with its query first). At most 5 hosts times 6 paths = 30; null
   * where the input has no host.
   */
  function expressions(input: string | ParsedUrl | Uint8Array): string[] | null {
    const url = canonicalParts(input, false);
    if (url === null) return null;
    const paths = pathPrefixes(url.path, url.query);
    const out: string[] = [];
    for (const host of hostSuffixes(url.host)) for (const path of paths) out.push(host + path);
    return out;
  }

  return { canonical, expressions };
}
