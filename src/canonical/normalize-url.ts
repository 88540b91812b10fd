// The "normalize-url" profile: npm's normalize-url 10.0.0 (docs/canonical.md
// lists its rules and the three cases where 8.0.2 differs), with its options
// under their own names. Its steps run in its order on the kernel's WHATWG
// parse; where it sets a component through the URL API, the kernel's setter
// runs (the same state-override parse), and only when the value changes.
// Its query round trip (reserved escapes swapped for tokens, URLSearchParams,
// decodeURIComponent, the search setter) is done here in one pass per
// parameter, with the same result.
//
// Where normalize-url throws "Invalid URL", the profile returns null, as
// canonicalize() does; its option errors are thrown as it throws them.

import * as L from "../../assembly/layout.js";
import { ParsedUrl } from "../whatwg/url.js";
import { isSpecialScheme } from "../whatwg/special.js";
import { PARTS } from "../whatwg/setters.js";
import { expectString } from "../arguments/check.js";
import type { Profile, ProfileContext } from "./context.js";

type Filter = RegExp | string;

export interface NormalizeUrlOptions {
  profile: "normalize-url";
  /** The protocol prepended to a URL without one: "http" (the default), "https", any scheme. */
  defaultProtocol?: string;
  /** Schemes (besides http, https, file) to normalize; a URL of any other scheme is returned as it is, trimmed. */
  customProtocols?: readonly string[];
  /** Prepend the protocol to a protocol-relative URL ("//example.com"); true by default. */
  normalizeProtocol?: boolean;
  forceHttp?: boolean;
  forceHttps?: boolean;
  /** Remove the userinfo; true by default. */
  stripAuthentication?: boolean;
  stripHash?: boolean;
  /** Remove "http://" and "https://" from the result. */
  stripProtocol?: boolean;
  /** Remove a text fragment directive (":~:text=..."); true by default. */
  stripTextFragment?: boolean;
  /** Remove "www." from the host; true by default. */
  stripWWW?: boolean;
  /** Query parameters to remove, by name; default [/^utm_\w+/i]; true removes all. */
  removeQueryParameters?: readonly Filter[] | boolean;
  /** Keep only these query parameters (overrides removeQueryParameters). */
  keepQueryParameters?: readonly Filter[];
  /** True by default. */
  removeTrailingSlash?: boolean;
  /** Remove the "/" of a root path; true by default. */
  removeSingleSlash?: boolean;
  /** Remove the last path segments that match (true: /^index\.[a-z]+$/). */
  removeDirectoryIndex?: boolean | readonly Filter[];
  removeExplicitPort?: boolean;
  /** Sort the query parameters by name; true by default. */
  sortQueryParameters?: boolean;
  /** A parameter with an empty value: "preserve" ("a" and "a=" as written, the default), "always" "a=", "never" "a". */
  emptyQueryValue?: "preserve" | "always" | "never";
  removePath?: boolean;
  transformPath?: ((pathComponents: string[]) => readonly string[] | undefined) | false;
}

// --- Rules of normalize-url 10.0.0, each as it states it. -------------------

const DEFAULT_REMOVED: readonly Filter[] = [/^utm_\w+/i];
const DIRECTORY_INDEX: readonly Filter[] = [/^index\.[a-z]+$/];
/** The protocols it always normalizes. */
const SUPPORTED_PROTOCOLS = new Set(["https:", "http:", "file:"]);
/** A protocol-relative URL, or one without a scheme ("example.com:80" is a host and a port). */
const MISSING_PROTOCOL = /^\/\/|^(?!(?:https|http|file):)(?![a-z][\d+\-.a-z]*:(?!\d+(?:[#/?]|$)))/i;
const SCHEME = /^[a-z][\d+\-.a-z]*$/i;
/** A scheme followed by "//" in a path, whose slashes duplicate-slash removal keeps. */
const PATH_PROTOCOL = /(\b[a-z][\d+\-.a-z]{0,50}:\/\/)/i;
const PATH_ENDS_WITH_PROTOCOL = /\b[a-z][\d+\-.a-z]{0,50}:\/\/$/i;
const TEXT_FRAGMENT = /:~:text=[\s\S]*$/i;
const TAB_OR_NEWLINE = /[\t\n\r]/g;
const DATA = /^data:/i;
const NO_PROTOCOLS: ReadonlySet<string> = new Set();
const SLASH = 0x2f;
const DOT = 0x2e;
const PLUS_AS_SPACE = { plusAsSpace: true };
const LOWER_CASE_ESCAPE = /%(?:\d[a-f]|[a-f][\dA-Fa-f]|[A-F][a-f])/;
const ESCAPE = /%[\da-f]{2}/gi;
/** Escapes of unreserved characters, and a lone "%" before a hex digit or an escape of one. */
const UNRESERVED_ESCAPE_OR_LONE_PERCENT =
  /%(?:2d|2e|5f|7e|3\d|4[1-9a-f]|5[\da]|6[1-9a-f]|7[\da])|%(?![\da-f]{2})(?=[\da-f]|%(?:3\d|4[1-6]|6[1-6]))/gi;
/** Escapes a path segment keeps through decodeURI: "%25", and tab, LF and CR. */
const PROTECTED_PATH_ESCAPES = /%(?:09|0a|0d|25)/gi;
/**
 * Escapes its query round trip keeps as they are (upper-cased): those of
 * ":/?#[]@!$&'()*+,;=".
 */
const RESERVED_ESCAPE = /%(?:3a|2f|3f|23|5b|5d|40|21|24|26|27|28|29|2a|2b|2c|3b|3d)/gi;

/**
 * stripWWW's test, /^www\.(?!www\.)[\d\-a-z]{1,63}\.[\d\-.a-z]{2,63}$/ by
 * hand, on a hostname: "www.", not "www." again, a label of 1 to 63 of
 * [0-9a-z-], ".", and 2 to 63 of [0-9a-z.-].
 */
function strippableWww(host: string): boolean {
  if (!host.startsWith("www.") || host.startsWith("www.", 4)) return false;
  let i = 4;
  while (i < host.length && isLabelCode(host.charCodeAt(i))) i++;
  const rest = host.length - i - 1;
  if (i === 4 || i > 67 || host.charCodeAt(i) !== 0x2e || rest < 2 || rest > 63) return false;
  for (i++; i < host.length; i++) {
    const c = host.charCodeAt(i);
    if (c !== 0x2e && !isLabelCode(c)) return false;
  }
  return true;
}

/** [0-9a-z-] */
function isLabelCode(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2d;
}

/** C0 controls, space and the other whitespace String#trim knows ("\s"), as it strips them from the ends. */
function isC0ControlOrWhitespace(c: number): boolean {
  // Every ASCII character "\s" matches is a C0 control or the space.
  if (c < 0x80) return c <= 0x20;
  return /\s/.test(String.fromCodePoint(c));
}

function stripTrailing(text: string, strip: (c: number) => boolean): string {
  let end = text.length;
  while (end > 0 && strip(text.codePointAt(end - 1) as number)) end--;
  return text.slice(0, end);
}

function stripLeading(text: string, strip: (c: number) => boolean): string {
  let start = 0;
  while (start < text.length && strip(text.codePointAt(start) as number)) start++;
  return text.slice(start);
}

function stripSurrounding(text: string, strip: (c: number) => boolean): string {
  // Most inputs start and end with a visible ASCII character.
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  if (first > 0x20 && first < 0x7f && last > 0x20 && last < 0x7f && !strip(first) && !strip(last)) return text;
  return stripTrailing(stripLeading(text, strip), strip);
}

const isDot = (c: number) => c === 0x2e;
const isColon = (c: number) => c === 0x3a;
const isSpace = (c: number) => c === 0x20;
const isAsciiWhitespace = (c: number) => c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x20;

/** Trailing C0 controls and whitespace escaped (encodeURIComponent), so that the next pass does not strip them. */
function escapeTrailingC0ControlOrWhitespace(text: string): string {
  const kept = stripTrailing(text, isC0ControlOrWhitespace);
  return kept + encodeURIComponent(text.slice(kept.length));
}

/** The hex digits of every escape upper-cased (RFC 3986 section 6.2.2.1). */
function upperCaseEscapes(text: string): string {
  return text.indexOf("%") !== -1 && LOWER_CASE_ESCAPE.test(text) ? text.replace(ESCAPE, (e) => e.toUpperCase()) : text;
}

/** Escapes of unreserved characters decoded; "%" before a hex digit (or an escape of one) written "%25". */
function decodeUnreservedEscapes(text: string): string {
  if (text.indexOf("%") === -1) return text;
  return text.replace(UNRESERVED_ESCAPE_OR_LONE_PERCENT, (m) =>
    m.length === 3 ? String.fromCharCode(Number.parseInt(m.slice(1), 16)) : "%25",
  );
}

/** Whether `text` starts with `lower` (lower-case ASCII), its letters in any case. */
function startsWithAnyCase(text: string, lower: string): boolean {
  if (text.length < lower.length) return false;
  for (let i = 0; i < lower.length; i++) {
    const c = text.charCodeAt(i);
    const l = lower.charCodeAt(i);
    if (c !== l && !(l >= 0x61 && l <= 0x7a && (c | 0x20) === l)) return false;
  }
  return true;
}

const HTTP = "http:";
const HTTPS = "https:";
const FILE = "file:";

/**
 * Whether `input` starts with "http://", "https://" or "file://" (in any
 * case) and ends with a visible ASCII character, but for C0 controls and
 * spaces around it (which the parser trims as normalize-url's steps do).
 */
function plainSpecialStart(input: string): boolean {
  let end = input.length;
  while (end > 0 && input.charCodeAt(end - 1) <= 0x20) end--;
  const last = input.charCodeAt(end - 1);
  if (!(last > 0x20 && last < 0x7f)) return false;
  let start = 0;
  while (input.charCodeAt(start) <= 0x20) start++;
  // The letters compared in lower case (| 0x20 maps only "H" to "h", and so on).
  const first = input.charCodeAt(start) | 0x20;
  let colon: number;
  if (first === 0x68) {
    if ((input.charCodeAt(start + 1) | 0x20) !== 0x74 || (input.charCodeAt(start + 2) | 0x20) !== 0x74) return false;
    if ((input.charCodeAt(start + 3) | 0x20) !== 0x70) return false;
    colon = start + ((input.charCodeAt(start + 4) | 0x20) === 0x73 ? 5 : 4);
  } else if (first === 0x66) {
    if ((input.charCodeAt(start + 1) | 0x20) !== 0x69 || (input.charCodeAt(start + 2) | 0x20) !== 0x6c) return false;
    if ((input.charCodeAt(start + 3) | 0x20) !== 0x65) return false;
    colon = start + 4;
  } else return false;
  return (
    input.charCodeAt(colon) === 0x3a && input.charCodeAt(colon + 1) === 0x2f && input.charCodeAt(colon + 2) === 0x2f
  );
}

/** Whether a path ends in a scheme and "//", a slash of which removing the trailing slash must keep. */
function endsWithProtocol(path: string): boolean {
  return path.endsWith("://") && PATH_ENDS_WITH_PROTOCOL.test(path);
}

const doubleEscape = (m: string) => `%25${m.slice(1)}`;

/** Duplicate slashes in a path merged, but after a scheme ("a://b" keeps its two). */
function removeDuplicateSlashes(path: string): string {
  if (path.indexOf("//") === -1) return path;
  return path
    .split(PATH_PROTOCOL)
    .map((part, i) => (i % 2 === 0 ? part.replace(/\/{2,}/g, "/") : part))
    .join("");
}

/** A path segment through decodeURI, its protected escapes kept; as it is where decodeURI throws. */
function decodeSegment(segment: string): string {
  if (segment.indexOf("%") === -1 && segment.indexOf("\\") === -1) return segment;
  try {
    return decodeURI(segment.replace(PROTECTED_PATH_ESCAPES, doubleEscape)).replace(/\\/g, "%5C");
  } catch {
    return segment;
  }
}

function testParameter(name: string, filters: unknown): boolean {
  if (!Array.isArray(filters)) return false;
  for (const filter of filters as Filter[]) {
    if (filter instanceof RegExp) {
      // A global or sticky RegExp would start at its lastIndex: test a copy without those flags.
      const plain =
        filter.global || filter.sticky ? new RegExp(filter.source, filter.flags.replace(/[gy]/g, "")) : filter;
      if (plain.test(name)) return true;
    } else if (filter === name) return true;
  }
  return false;
}

/** "https" -> "https:"; undefined for a value that is not a scheme. */
function protocolOption(protocol: unknown): string | undefined {
  // The usual values as constants, not a string made each call.
  if (protocol === "http") return HTTP;
  if (protocol === "https") return HTTPS;
  if (typeof protocol !== "string") return undefined;
  const name = stripTrailing(protocol.trim().toLowerCase(), isColon);
  return SCHEME.test(name) ? `${name}:` : undefined;
}

function decodeQueryKey(value: string, percentDecode: ProfileContext["percentDecode"]): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, "%20"));
  } catch {
    // As URLSearchParams reads a malformed escape.
    return percentDecode(value, PLUS_AS_SPACE);
  }
}

// --- The query ---------------------------------------------------------------

/**
 * What its round trip writes for each ASCII character of a decoded name or
 * value: URLSearchParams escapes it, decodeURIComponent decodes it again
 * unless it is one of tab, LF, CR, "#", "%", "&", "+" and "?", and the search
 * setter escapes C0 controls, '"', "<", ">" (and "'" in a special URL's
 * query). A space comes out as "+". Index 128 + c: the same for a special URL.
 */
const QUERY_OUT = /* @__PURE__ */ (() => {
  const table: string[] = [];
  for (const special of [false, true]) {
    for (let c = 0; c < 128; c++) {
      const ch = String.fromCharCode(c);
      const kept = c > 0x20 && c < 0x7f && !'\t\n\r#%&+?"<>'.includes(ch) && !(special && ch === "'");
      table.push(c === 0x20 ? "+" : kept ? ch : `%${c.toString(16).toUpperCase().padStart(2, "0")}`);
    }
  }
  return table;
})();

/** A decoded name or value as the round trip writes it back. */
function writeBack(decoded: string, special: boolean): string {
  const base = special ? 128 : 0;
  let out = "";
  let run = 0;
  for (let i = 0; i < decoded.length; i++) {
    const c = decoded.charCodeAt(i);
    if (c < 128) {
      const written = QUERY_OUT[base + c];
      // A character written as it is (a space is written "+").
      if (written.length === 1 && c !== 0x20) continue;
      out += decoded.slice(run, i) + written;
      run = i + 1;
    } else {
      // A decoded string is well-formed (bad UTF-8 became U+FFFD): a lead surrogate has its trail.
      const units = c >= 0xd800 && c <= 0xdbff ? 2 : 1;
      out += decoded.slice(run, i) + encodeURIComponent(decoded.slice(i, i + units));
      i += units - 1;
      run = i + 1;
    }
  }
  return run === 0 ? decoded : out + decoded.slice(run);
}

// --- The URL, as its URL API attributes ----------------------------------------

/**
 * The URL being normalized, as the URL API's getters give it (`hash` keeps a
 * lone "#"). normalize-url sets these one by one; a value already in the form
 * the setter would write is stored as it is, the others go through the
 * kernel's setter (viaSetter()).
 */
interface Parts {
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  /** The fragment with its "#" ("#" alone for an empty one), or "". */
  hash: string;
  /** Whether the href has "//" after the protocol (a host, maybe empty). */
  authority: boolean;
  /** Whether the URL has an opaque path ("mailto:a@b"), which no setter changes. */
  opaque: boolean;
}

function partsOf(url: ParsedUrl): Parts {
  const href = url.href;
  const protocol = url.protocol;
  const authority = href.startsWith("//", protocol.length);
  const pathname = url.pathname;
  const hash = url._fragmentStart === L.NONE ? "" : href.slice(url._fragmentStart);
  return {
    protocol,
    username: url.username,
    password: url.password,
    hostname: url.hostname,
    port: url.port,
    pathname,
    search: url.search,
    hash,
    authority,
    opaque: !authority && !pathname.startsWith("/"),
  };
}

/** The href of `p`, as the URL serializer writes it. */
function serialize(p: Parts): string {
  let out = p.protocol;
  if (p.authority) {
    out += "//";
    if (p.username !== "" || p.password !== "")
      out += p.password === "" ? `${p.username}@` : `${p.username}:${p.password}@`;
    out += p.port === "" ? p.hostname : `${p.hostname}:${p.port}`;
  } else if (p.pathname.startsWith("//")) out += "/.";
  return out + p.pathname + p.search + p.hash;
}

/** The URL API's `hash` getter: "" for an empty fragment. */
function hashOf(p: Parts): string {
  return p.hash === "#" ? "" : p.hash;
}

/** Whether a path the pathname setter takes as it is: nothing to escape, no dot segment, no "\". */
function plainPath(path: string, file: boolean): boolean {
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f || PATH_ESCAPED[c] === 1 || (file && c === 0x7c)) return false;
    if (c === 0x2e && path.charCodeAt(i - 1) === 0x2f) {
      // "/." or "/.." ending a segment.
      const next = path.charCodeAt(i + 1);
      if (Number.isNaN(next) || next === 0x2f) return false;
      if (next === 0x2e) {
        const after = path.charCodeAt(i + 2);
        if (Number.isNaN(after) || after === 0x2f) return false;
      }
    }
  }
  return true;
}

/** ASCII the path percent-encode set holds (and "\", a separator in special URLs): 1. */
const PATH_ESCAPED = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (const ch of '"#<>?^`{}\\') table[ch.charCodeAt(0)] = 1;
  return table;
})();

// --- The profile -------------------------------------------------------------

export function normalizeUrlProfile({
  parse,
  canParse,
  set,
  percentDecode,
  key: keyOf,
}: ProfileContext): Profile<NormalizeUrlOptions> {
  /** The key (as the filters and the sort see it) of the last part queryPart() read. */
  let partKey = "";

  /** A run of the raw query between reserved escapes: decoded (added to partKey) and written back. */
  function decodeRun(raw: string, special: boolean): string {
    const decoded = raw.indexOf("%") === -1 && raw.indexOf("+") === -1 ? raw : percentDecode(raw, PLUS_AS_SPACE);
    partKey += decoded;
    return writeBack(decoded, special);
  }

  /** A raw name or value of the parsed query as normalize-url's round trip writes it (its key in partKey). */
  function queryPart(raw: string, special: boolean): string {
    if (raw.indexOf("%") === -1 && raw.indexOf("+") === -1) {
      partKey = raw;
      return writeBack(raw, special);
    }
    partKey = "";
    let out = "";
    let from = 0;
    RESERVED_ESCAPE.lastIndex = 0;
    for (let m = RESERVED_ESCAPE.exec(raw); m !== null; m = RESERVED_ESCAPE.exec(raw)) {
      out += decodeRun(raw.slice(from, m.index), special);
      partKey += String.fromCharCode(Number.parseInt(m[0].slice(1), 16));
      out += m[0].toUpperCase();
      from = m.index + 3;
    }
    return out + decodeRun(raw.slice(from), special);
  }

  /** Whether the parameter named `key` stays, by keepQueryParameters or removeQueryParameters. */
  function kept(key: string, o: Resolved): boolean {
    if (Array.isArray(o.keepQueryParameters)) return testParameter(key, o.keepQueryParameters);
    return o.removeQueryParameters !== true && !testParameter(key, o.removeQueryParameters);
  }

  /**
   * The search as normalize-url writes it: its round trip (escapes of
   * reserved characters kept, the others decoded and escaped again as the
   * search setter does), the filters, the sort, then emptyQueryValue; ""
   * for none.
   */
  function normalizeSearch(originalSearch: string, special: boolean, o: Resolved): string {
    if (originalSearch === "") return "";
    // The kept parameters: their keys, and their names and values as written back.
    const keys: string[] = [];
    const names: string[] = [];
    const values: string[] = [];
    const query = originalSearch.slice(1);
    for (let start = 0; start <= query.length; ) {
      let end = query.indexOf("&", start);
      if (end === -1) end = query.length;
      if (end > start) {
        const eq = query.indexOf("=", start);
        const nameEnd = eq === -1 || eq > end ? end : eq;
        const name = queryPart(query.slice(start, nameEnd), special);
        if (kept(partKey, o)) {
          keys.push(partKey);
          names.push(name);
          values.push(nameEnd === end ? "" : queryPart(query.slice(nameEnd + 1, end), special));
        }
      }
      start = end + 1;
    }
    if (keys.length === 0) return "";
    const order = keys.map((_, i) => i);
    // Array.prototype.sort is stable: parameters of one name keep their order.
    if (o.sortQueryParameters && keys.length > 1)
      order.sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0));
    // emptyQueryValue, on each name=value the round trip wrote ("+" in a name written "%20").
    let bare: Set<string> | null = null;
    let out = "?";
    for (let i = 0; i < order.length; i++) {
      const name = names[order[i]];
      const value = values[order[i]];
      const key = name.indexOf("+") === -1 ? name : name.replace(/\+/g, "%20");
      if (i > 0) out += "&";
      if (value !== "") out += `${key}=${value}`;
      else if (key === "") out += "=";
      else if (o.emptyQueryValue === "always") out += `${key}=`;
      else if (o.emptyQueryValue === "never") out += key;
      else {
        bare ??= keysWithoutEquals(originalSearch);
        out += bare.has(decodeQueryKey(key, percentDecode)) ? key : `${key}=`;
      }
    }
    return upperCaseEscapes(out);
  }

  /** Names of the original search written without "=". */
  function keysWithoutEquals(search: string): Set<string> {
    const keys = new Set<string>();
    for (const part of search.slice(1).split("&")) {
      if (part !== "" && !part.includes("=")) keys.add(decodeQueryKey(part, percentDecode));
    }
    return keys;
  }

  // --- Steps on the URL ------------------------------------------------------

  /** Setter `part` of the URL API on `p` with `value`, by the kernel. */
  function viaSetter(p: Parts, part: number, value: string): void {
    const url = parse(serialize(p));
    if (url === null) throw new Error(`canonicalize: ${serialize(p)} does not parse again`);
    Object.assign(p, partsOf(set(url, part, value) ?? url));
  }

  /** The pathname setter: a path with nothing to escape is stored as it is. */
  function setPathname(p: Parts, value: string): void {
    if (p.opaque || value === p.pathname) return;
    const file = p.protocol === "file:";
    if (plainPath(value, file)) {
      p.pathname = value === "" && isSpecialScheme(p.protocol.slice(0, -1)) ? "/" : value;
      return;
    }
    viaSetter(p, PARTS.pathname, value);
  }

  /** The scheme of `urlString` and ":", lower-cased, where it starts with one; else "". */
  function schemeOf(urlString: string): string {
    // The schemes of most URLs, in any case, without making a string.
    if (startsWithAnyCase(urlString, HTTPS)) return HTTPS;
    if (startsWithAnyCase(urlString, HTTP)) return HTTP;
    if (startsWithAnyCase(urlString, FILE)) return FILE;
    for (let i = 0; i < urlString.length; i++) {
      const c = urlString.charCodeAt(i);
      const letter = (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
      if (c === 0x3a) return i === 0 ? "" : urlString.slice(0, i + 1).toLowerCase();
      if (!letter && (i === 0 || !((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e))) return "";
    }
    return "";
  }

  function getCustomProtocol(urlString: string, scheme: string, custom: ReadonlySet<string>): string | undefined {
    // Without a scheme the URL parser fails; http, https and file are never custom unless listed.
    if (scheme === "" || (SUPPORTED_PROTOCOLS.has(scheme) && !custom.has(scheme))) return undefined;
    // The parser reads a scheme as schemeOf() does (urlString starts with it:
    // no C0 control, space, tab or newline is left before it), so that the
    // protocol of the URL, where it parses, is `scheme`.
    if (!canParse(urlString)) return undefined;
    const protocol = scheme;
    const hasAuthority = urlString.startsWith("//", protocol.length);
    if (custom.has(protocol)) return protocol;
    // "localhost:9802" is a host and a port.
    if (protocol === "localhost:" && !hasAuthority && /^\d+(?:[#/?]|$)/.test(urlString.slice(protocol.length)))
      return undefined;
    if (!SUPPORTED_PROTOCOLS.has(protocol) && (hasAuthority || !protocol.includes("."))) return protocol;
    return undefined;
  }

  function normalizePath(p: Parts, o: Resolved): void {
    const path = p.pathname;
    if (path !== "" && (path.indexOf("%") !== -1 || path.indexOf("\\") !== -1))
      setPathname(p, upperCaseEscapes(path.split("/").map(decodeSegment).join("/")));
    if (p.pathname !== "") setPathname(p, removeDuplicateSlashes(p.pathname));
    if (o.removePath) setPathname(p, "/");
    else if (typeof o.transformPath === "function" && p.pathname.startsWith("/")) {
      const components = p.pathname.split("/").filter(Boolean);
      const kept = o.transformPath(components)?.filter(Boolean) ?? [];
      const trailingSlash = !o.removeTrailingSlash && p.pathname.endsWith("/") ? "/" : "";
      const newPath = kept.length > 0 ? `/${kept.join("/")}${trailingSlash}` : "/";
      setPathname(p, upperCaseEscapes(removeDuplicateSlashes(newPath)));
    }
    const index = o.removeDirectoryIndex === true ? DIRECTORY_INDEX : o.removeDirectoryIndex;
    if (Array.isArray(index) && index.length > 0) {
      const components = p.pathname.split("/").filter(Boolean);
      const { length } = components;
      while (components.length > 0 && testParameter(components[components.length - 1], index)) components.pop();
      if (components.length < length) setPathname(p, components.length > 0 ? `/${components.join("/")}/` : "/");
    }
  }

  function normalizeHost(p: Parts, o: Resolved): void {
    if (p.hostname === "") return;
    // A domain without "www." is a domain: the hostname setter writes it as it is.
    if (o.stripWWW && strippableWww(p.hostname)) p.hostname = p.hostname.slice(4);
    const withoutTrailingDots = p.hostname.endsWith(".") ? stripTrailing(p.hostname, isDot) || "." : p.hostname;
    if (withoutTrailingDots !== p.hostname && isSpecialScheme(p.protocol.slice(0, -1))) {
      // Only where a parser reads the name back as itself ("1.2.3.4.." would become an IPv4 address).
      if (parse(`${p.protocol}//${withoutTrailingDots}/`)?.hostname === withoutTrailingDots)
        p.hostname = withoutTrailingDots;
    }
    // An opaque host keeps its escapes: their hex digits upper-cased.
    p.hostname = upperCaseEscapes(p.hostname);
  }

  /**
   * normalize-url's steps on `input` under the options `o` (`defaults`: the
   * default options); `direct` is the parse of `input` where the kernel left
   * its key to these steps (normalizeUrl() below), else null.
   */
  function normalize(input: string, o: Resolved, defaults: boolean, direct: ParsedUrl | null): string | null {
    const defaultProtocol = protocolOption(o.defaultProtocol);
    if (defaultProtocol === undefined)
      throw new TypeError(
        `Expected \`defaultProtocol\` to be a protocol like \`https\`, got \`${String(o.defaultProtocol)}\``,
      );
    if (o.forceHttp && o.forceHttps)
      throw new Error("The `forceHttp` and `forceHttps` options cannot be used together");

    let urlString =
      input.indexOf("\t") === -1 && input.indexOf("\n") === -1 && input.indexOf("\r") === -1
        ? input
        : input.replace(TAB_OR_NEWLINE, "");
    urlString = stripSurrounding(urlString, isC0ControlOrWhitespace);
    if ((urlString.charCodeAt(0) | 0x20) === 0x64 && DATA.test(urlString)) return normalizeDataUrl(urlString, o);

    let custom = NO_PROTOCOLS;
    if (Array.isArray(o.customProtocols)) {
      const listed = new Set<string>();
      for (const protocol of o.customProtocols) {
        const name = protocolOption(protocol);
        if (name !== undefined) listed.add(name);
      }
      custom = listed;
    }
    const scheme = schemeOf(urlString);
    const customProtocol = getCustomProtocol(urlString, scheme, custom);
    if (customProtocol !== undefined && !custom.has(customProtocol)) return urlString;

    const hasRelativeProtocol = urlString.startsWith("//");
    const first = urlString.charCodeAt(0);
    const isRelativeUrl = !hasRelativeProtocol && (first === DOT || first === SLASH) && /^\.*\//.test(urlString);
    // MISSING_PROTOCOL never matches a URL that starts with "http:", "https:" or "file:".
    if (!isRelativeUrl && customProtocol === undefined && !SUPPORTED_PROTOCOLS.has(scheme))
      urlString = urlString.replace(MISSING_PROTOCOL, () => `${defaultProtocol}//`);

    let url: ParsedUrl | null;
    if (direct !== null && urlString === input) url = direct;
    else if (defaults) {
      const keyed = keyOf(urlString, L.KEY_NORMALIZE_URL);
      if (keyed === null || typeof keyed === "string") return keyed;
      url = keyed;
    } else url = parse(urlString);
    if (url === null) return null;
    let inputPathEnd = urlString.indexOf("?");
    const hashAt = urlString.indexOf("#");
    if (inputPathEnd === -1 || (hashAt !== -1 && hashAt < inputPathEnd)) inputPathEnd = hashAt;
    if (inputPathEnd === -1) inputPathEnd = urlString.length;
    const p = partsOf(url);

    if (o.forceHttp && p.protocol === "https:") viaSetter(p, PARTS.protocol, "http:");
    if (o.forceHttps && p.protocol === "http:") viaSetter(p, PARTS.protocol, "https:");

    if (o.stripAuthentication) p.username = p.password = "";
    else {
      // The userinfo's escapes are decoded and upper-cased as the path's (nothing the setter escapes again).
      p.username = upperCaseEscapes(decodeUnreservedEscapes(p.username));
      p.password = upperCaseEscapes(decodeUnreservedEscapes(p.password));
    }

    if (p.hash !== "") {
      if (o.stripHash) p.hash = "";
      else if (o.stripTextFragment) {
        const kept = p.hash.slice(1).replace(TEXT_FRAGMENT, "");
        p.hash = kept === "" ? "" : `#${kept}`;
      }
      p.hash = upperCaseEscapes(p.hash);
    }

    normalizePath(p, o);
    normalizeHost(p, o);
    p.search = normalizeSearch(p.search, isSpecialScheme(p.protocol.slice(0, -1)), o);

    if (o.removeTrailingSlash) {
      const path = p.pathname;
      if (path !== "/" && path.endsWith("/") && !endsWithProtocol(path)) setPathname(p, path.slice(0, -1));
    }
    if (o.removeExplicitPort) p.port = "";

    const pathname = p.pathname;
    const inputPathEndsWithSlash =
      urlString.charCodeAt(inputPathEnd - 1) === 0x2f ||
      (urlString.charCodeAt(inputPathEnd - 1) === 0x5c && pathname.endsWith("/"));
    urlString = serialize(p);
    const hasHost = p.hostname !== "";
    if (
      hasHost &&
      pathname === "/" &&
      p.search === "" &&
      hashOf(p) === "" &&
      (!inputPathEndsWithSlash || o.removeSingleSlash) &&
      urlString.endsWith("/")
    )
      urlString = urlString.slice(0, -1);

    // An opaque path cannot be set: it is normalized as a string, and the URL parsed again.
    if (p.opaque && pathname !== "") {
      const path = removeDuplicateSlashes(pathname);
      const trimmed = o.removeTrailingSlash && !endsWithProtocol(path) && path.endsWith("/") ? path.slice(0, -1) : path;
      const encoded = escapeTrailingC0ControlOrWhitespace(upperCaseEscapes(trimmed));
      const again = parse(`${p.protocol}${encoded}${p.search}${hashOf(p)}`);
      if (again === null) return null;
      urlString = again.href;
    }

    if (hasHost && hasRelativeProtocol && !o.normalizeProtocol) urlString = urlString.slice(p.protocol.length);
    if (o.stripProtocol) urlString = urlString.replace(/^(?:https?:)?\/\//, "");
    return urlString;
  }

  return function normalizeUrl(input, options) {
    let defaults = true;
    for (const key in options) {
      if (key !== "profile" && options[key as keyof NormalizeUrlOptions] !== undefined) {
        defaults = false;
        break;
      }
    }
    // An input that starts with "http://", "https://" or "file://" and ends
    // with a visible ASCII character, but for C0 controls and spaces around
    // it: the steps before the parse (tabs and newlines removed, the ends
    // trimmed, a scheme added) change nothing the parser does not do itself, and the kernel's key (assembly/canonical/keys.ts)
    // is tried on its parse first, before the options' checks, which the
    // default options pass. (Here, not in normalize(): V8 optimizes this short
    // path better apart from that large function.)
    if (defaults && typeof input === "string" && plainSpecialStart(input)) {
      const keyed = keyOf(input, L.KEY_NORMALIZE_URL);
      return keyed === null || typeof keyed === "string" ? keyed : normalize(input, DEFAULTS, true, keyed);
    }
    const o = defaults ? DEFAULTS : resolve(options);
    if (input instanceof ParsedUrl) return normalize(input.href, o, defaults, null);
    expectString(input, "canonicalize", "input");
    return normalize(input, o, defaults, null);
  };
}

// --- Options -----------------------------------------------------------------

/** The options with normalize-url's defaults where one is undefined. */
interface Resolved {
  defaultProtocol: unknown;
  customProtocols: unknown;
  normalizeProtocol: unknown;
  forceHttp: unknown;
  forceHttps: unknown;
  stripAuthentication: unknown;
  stripHash: unknown;
  stripProtocol: unknown;
  stripTextFragment: unknown;
  stripWWW: unknown;
  removeQueryParameters: unknown;
  keepQueryParameters: unknown;
  removeTrailingSlash: unknown;
  removeSingleSlash: unknown;
  removeDirectoryIndex: unknown;
  removeExplicitPort: unknown;
  sortQueryParameters: unknown;
  emptyQueryValue: unknown;
  removePath: unknown;
  transformPath: unknown;
}

/** An option set to undefined falls back to its default, as one left out. */
function or<T>(value: T | undefined, fallback: T): T {
  return value === undefined ? fallback : value;
}

/** The options resolved where none is given (most calls). */
const DEFAULTS: Resolved = /* @__PURE__ */ resolve({ profile: "normalize-url" });

function resolve(o: NormalizeUrlOptions): Resolved {
  return {
    defaultProtocol: or(o.defaultProtocol, "http"),
    customProtocols: o.customProtocols,
    normalizeProtocol: or(o.normalizeProtocol, true),
    forceHttp: o.forceHttp,
    forceHttps: o.forceHttps,
    stripAuthentication: or(o.stripAuthentication, true),
    stripHash: o.stripHash,
    stripProtocol: o.stripProtocol,
    stripTextFragment: or(o.stripTextFragment, true),
    stripWWW: or(o.stripWWW, true),
    removeQueryParameters: or(o.removeQueryParameters, DEFAULT_REMOVED),
    keepQueryParameters: o.keepQueryParameters,
    removeTrailingSlash: or(o.removeTrailingSlash, true),
    removeSingleSlash: or(o.removeSingleSlash, true),
    removeDirectoryIndex: o.removeDirectoryIndex,
    removeExplicitPort: o.removeExplicitPort,
    sortQueryParameters: or(o.sortQueryParameters, true),
    emptyQueryValue: or(o.emptyQueryValue, "preserve"),
    removePath: o.removePath,
    transformPath: o.transformPath,
  };
}

// --- data: URLs ----------------------------------------------------------------

const BASE64_MARKER_AT_END = /; *base64$/i;
const MIME_TOKEN = /^[\w!#$%&'*+\-.^`|~]+$/;

/** A quoted MIME parameter value that is a token, without its quotes. */
function unquoteToken(value: string): string {
  if (value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return value;
  const unquoted = value.slice(1, -1).replace(/\\(.)/g, "$1");
  return MIME_TOKEN.test(unquoted) ? unquoted : value;
}

/** `text` split at `delimiter` outside double-quoted parameter values. */
function splitOutsideQuotes(text: string, delimiter: string): string[] {
  const parts: string[] = [];
  let current = "";
  let afterEquals = false;
  let quoted = false;
  let escaped = false;
  for (const ch of text) {
    if (quoted) {
      if (ch === "\\") escaped = !escaped;
      else {
        if (ch === '"' && !escaped) quoted = false;
        escaped = false;
      }
    } else if (ch === '"' && afterEquals) {
      quoted = true;
      afterEquals = false;
    } else if (ch === delimiter) {
      parts.push(current);
      current = "";
      afterEquals = false;
      continue;
    } else afterEquals = ch === "=";
    current += ch;
  }
  parts.push(current);
  return parts;
}

/**
 * A data: URL, normalized as a string (normalize-url's normalizeDataURL): the
 * MIME type and parameter names lower-cased, a charset value too, the default
 * "text/plain" and "charset=us-ascii" dropped where redundant, the base64
 * marker kept last, the data's unreserved escapes decoded.
 */
function normalizeDataUrl(urlString: string, o: Resolved): string {
  const match = /^data:([^#]*)(?:#([\s\S]*))?$/i.exec(urlString) as RegExpExecArray;
  const typeAndData = match[1];
  const hash = match[2];
  const separatorIndex = typeAndData.indexOf(",");
  const data = separatorIndex === -1 ? "" : typeAndData.slice(separatorIndex + 1);
  const type = separatorIndex === -1 ? typeAndData : typeAndData.slice(0, separatorIndex);

  const trimmedType = stripSurrounding(type, isSpace);
  const isBase64 = BASE64_MARKER_AT_END.test(trimmedType);
  const typeWithoutMarker = isBase64 ? trimmedType.replace(BASE64_MARKER_AT_END, "") : trimmedType;
  const mediaType = splitOutsideQuotes(typeWithoutMarker, ";").map((part) => stripSurrounding(part, isSpace));
  const mimeType = mediaType[0].toLowerCase();
  const attributes: [string, string | null][] = mediaType
    .slice(1)
    .filter(Boolean)
    .map((attribute): [string, string | null] => {
      const eq = attribute.indexOf("=");
      const key = stripLeading(eq === -1 ? attribute : attribute.slice(0, eq), isSpace).toLowerCase();
      let value = eq === -1 ? null : unquoteToken(attribute.slice(eq + 1));
      if (key === "charset" && value !== null) value = value.toLowerCase();
      return [key, value];
    })
    .filter(([key]) => key !== "");

  const isDefaultCharset = (a: [string, string | null] | undefined) => a?.[0] === "charset" && a[1] === "us-ascii";
  const last = attributes[attributes.length - 1];
  const beforeLast = attributes[attributes.length - 2];
  const exposesMarker = !isBase64 && isDefaultCharset(last) && beforeLast?.[0] === "base64" && beforeLast[1] === null;
  const keepDefaultCharset =
    (mimeType !== "" && mimeType !== "text/plain") ||
    attributes.filter(([key]) => key === "charset").length > 1 ||
    exposesMarker;
  const normalizedMediaType = attributes
    .filter((a) => keepDefaultCharset || !isDefaultCharset(a))
    .map(([key, value]) => (value === null ? key : `${key}=${value}`));
  if (isBase64) normalizedMediaType.push("base64");
  if (normalizedMediaType.length > 0 || (mimeType && mimeType !== "text/plain")) normalizedMediaType.unshift(mimeType);

  const hashContent = o.stripHash ? "" : (hash ?? "");
  const normalizedHash = o.stripTextFragment ? hashContent.replace(TEXT_FRAGMENT, "") : hashContent;
  const escapedHash = escapeTrailingC0ControlOrWhitespace(upperCaseEscapes(normalizedHash));
  const hashPart = escapedHash ? `#${escapedHash}` : "";

  const dataText = isBase64
    ? escapeTrailingC0ControlOrWhitespace(stripSurrounding(data, isAsciiWhitespace))
    : hashPart
      ? data
      : escapeTrailingC0ControlOrWhitespace(data);
  const normalizedData = upperCaseEscapes(decodeUnreservedEscapes(dataText));
  const joinedType = normalizedMediaType.join(";");
  const normalizedType = separatorIndex === -1 ? escapeTrailingC0ControlOrWhitespace(joinedType) : joinedType;
  const joinedMediaType =
    !isBase64 && BASE64_MARKER_AT_END.test(normalizedType) ? `${normalizedType};` : normalizedType;
  const separator = separatorIndex === -1 && joinedMediaType !== "" ? "" : ",";
  return `data:${joinedMediaType}${separator}${normalizedData}${hashPart}`;
}
