// The URL Pattern Standard's answer for the parts of a pattern that the URL
// parser decides, with whatwg-url 17.3 (the project's URL oracle; tr46 7,
// Unicode 18 data) as that parser: the encoding callbacks
// (https://urlpattern.spec.whatwg.org/#canon-encoding-callbacks) run on a
// whatwg-url URL record, and the protocol, hostname and pathname components
// of a pattern made with them. The pattern syntax (tokens, parts, the
// constructor string's states) is swurl's own parser's (src/urlpattern/),
// which the WPT data checks; only the URL parser's part is the oracle's.
// urlpattern-departures.ts decides with it where both engines depart.
import { basicURLParse, serializeHost, serializePath, type URLRecord } from "whatwg-url";
import { type Component, compileComponent, matchesSpecialScheme } from "../../src/urlpattern/component";
import { parseConstructorString } from "../../src/urlpattern/constructor-string";
import { escapePatternString } from "../../src/urlpattern/escape";
import type { URLPatternInit } from "../../src/urlpattern/init";
import { type EncodingCallback, parsePatternString } from "../../src/urlpattern/parser";
import { DEFAULT_OPTIONS, HOSTNAME_OPTIONS, type PartOptions, PATHNAME_OPTIONS } from "../../src/urlpattern/parts";
import { generatePatternString } from "../../src/urlpattern/regexp";

/** "Create a dummy URL": the basic URL parser on "https://dummy.invalid/". */
function dummyURL(): URLRecord {
  return basicURLParse("https://dummy.invalid/") as URLRecord;
}

/**
 * "Canonicalize a protocol": "the basic URL parser given value followed by
 * "://dummy.invalid/"", a TypeError on failure, its scheme.
 */
export function canonicalizeProtocol(value: string): string {
  if (value === "") return value;
  const url = basicURLParse(`${value}://dummy.invalid/`);
  if (url === null) throw new TypeError(`protocol ${JSON.stringify(value)}`);
  return url.scheme;
}

/**
 * "Canonicalize a hostname": "the basic URL parser given value with dummyURL
 * as url and hostname state as state override", a TypeError on failure, the
 * host serialized ("" for none).
 */
export function canonicalizeHostname(value: string): string {
  if (value === "") return value;
  const url = dummyURL();
  if (basicURLParse(value, { url, stateOverride: "hostname" }) === null)
    throw new TypeError(`hostname ${JSON.stringify(value)}`);
  return url.host === null ? "" : serializeHost(url.host);
}

/** "Canonicalize an IPv6 hostname": hex digits, "[", "]" and ":" only, ASCII-lowercased. */
function canonicalizeIPv6Hostname(value: string): string {
  if (!/^[\da-f[\]:]*$/i.test(value)) throw new TypeError(`IPv6 hostname ${JSON.stringify(value)}`);
  return value.toLowerCase();
}

/**
 * "Canonicalize a pathname": "/-" before a value without a leading slash,
 * "run basic URL parser given modified value with dummyURL as url and path
 * start state as state override", the URL path serialized, and the two code
 * points taken off again.
 */
export function canonicalizePathname(value: string): string {
  if (value === "") return value;
  const leadingSlash = value.startsWith("/");
  const url = dummyURL();
  url.path = [];
  basicURLParse(`${leadingSlash ? "" : "/-"}${value}`, { url, stateOverride: "path start" });
  const result = serializePath(url);
  return leadingSlash ? result : [...result].slice(2).join("");
}

/**
 * "Canonicalize an opaque pathname": "set dummyURL's path to the empty
 * string", "URL parsing given value with dummyURL as url and opaque path
 * state as state override", a TypeError on failure, the path serialized.
 */
export function canonicalizeOpaquePathname(value: string): string {
  if (value === "") return value;
  const url = dummyURL();
  url.path = "";
  if (basicURLParse(value, { url, stateOverride: "opaque path" }) === null)
    throw new TypeError(`opaque pathname ${JSON.stringify(value)}`);
  return serializePath(url);
}

/** A component's pattern string with its parts' fixed text, prefixes and suffixes put through `encode`. */
export function recanonicalize(pattern: string, options: PartOptions, encode: EncodingCallback): string {
  return generatePatternString(parsePatternString(pattern, options, encode), options);
}

/** The fixed text, prefixes and suffixes of a pattern string's parts, joined. */
export function fixedText(pattern: string, options: PartOptions): string {
  let text = "";
  parsePatternString(pattern, options, (value) => {
    text += value;
    return value;
  });
  return text;
}

/** What the standard makes of a pattern, as far as the departures look. */
export interface StandardPattern {
  /** The pattern as an init dictionary: a constructor string parsed, with its base URL. */
  init: URLPatternInit;
  /** The protocol's pattern string before canonicalization ("*" where none is given or inherited). */
  protocolInput: string;
  protocol: Component;
  hostname: string;
  pathname: string;
}

/** "Is an absolute pathname" for "pattern": "/", "\/" or "{/" first. */
const ABSOLUTE_PATHNAME = /^(?:\/|\\\/|\{\/)/;
/** "Hostname pattern is an IPv6 address": "[", "{[" or "\[" first. */
const IPV6_HOSTNAME = /^(?:\[|\{\[|\\\[)/;

/**
 * The standard's protocol component and hostname and pathname pattern
 * strings of a pattern (the constructor's arguments): the constructor string
 * parsed (its protocol canonicalized by whatwg-url for "protocol matches a
 * special scheme flag"), or the dictionary read as USVStrings; "process a
 * URLPatternInit" for "pattern" as far as those three go (a base URL, parsed
 * by whatwg-url, fills in what the init leaves out, escaped, and a relative
 * pathname is resolved against its path); then "compile a component": the
 * protocol with "canonicalize a protocol", the hostname with "canonicalize a
 * hostname" (or "an IPv6 hostname"), the pathname with "canonicalize a
 * pathname" and the pathname options where "protocol component matches a
 * special scheme", with "canonicalize an opaque pathname" otherwise. Null
 * where the standard's constructor throws on the way.
 */
export function standardPattern(pattern: unknown[]): StandardPattern | null {
  const usv = (value: unknown) => `${value as string}`.toWellFormed();
  try {
    let init: URLPatternInit;
    if (typeof pattern[0] === "string") {
      init = parseConstructorString(usv(pattern[0]), canonicalizeProtocol);
      if (typeof pattern[1] === "string") init.baseURL = usv(pattern[1]);
    } else {
      const given = Object.entries((pattern[0] ?? {}) as Record<string, unknown>).filter(([, v]) => v !== undefined);
      init = Object.fromEntries(given.map(([k, v]) => [k, usv(v)]));
    }
    let protocol = init.protocol?.replace(/:$/, "");
    let hostname = init.hostname;
    let pathname = init.pathname;
    if (init.baseURL !== undefined) {
      const base = basicURLParse(init.baseURL);
      if (base === null) return null;
      const given = (...names: (keyof URLPatternInit)[]) => names.some((name) => init[name] !== undefined);
      const basePath = escapePatternString(serializePath(base));
      protocol ??= escapePatternString(base.scheme);
      if (!given("protocol", "hostname"))
        hostname = escapePatternString(base.host === null ? "" : serializeHost(base.host));
      if (!given("protocol", "hostname", "port", "pathname")) pathname = basePath;
      else if (pathname !== undefined && typeof base.path !== "string" && !ABSOLUTE_PATHNAME.test(pathname)) {
        const slash = basePath.lastIndexOf("/");
        if (slash >= 0) pathname = basePath.slice(0, slash + 1) + pathname;
      }
    }
    const protocolComponent = compileComponent(protocol ?? "*", canonicalizeProtocol, DEFAULT_OPTIONS);
    const hostnameCallback = IPV6_HOSTNAME.test(hostname ?? "") ? canonicalizeIPv6Hostname : canonicalizeHostname;
    const pathnameComponent = matchesSpecialScheme(protocolComponent)
      ? compileComponent(pathname ?? "*", canonicalizePathname, PATHNAME_OPTIONS)
      : compileComponent(pathname ?? "*", canonicalizeOpaquePathname, DEFAULT_OPTIONS);
    return {
      init,
      protocolInput: protocol ?? "*",
      protocol: protocolComponent,
      hostname: compileComponent(hostname ?? "*", hostnameCallback, HOSTNAME_OPTIONS).patternString,
      pathname: pathnameComponent.patternString,
    };
  } catch {
    return null;
  }
}
