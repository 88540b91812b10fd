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
import { Url } from "../whatwg/url.js";
import { PARTS } from "../whatwg/setters.js";
import { expectString } from "../check.js";
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
/** Schemes whose host a URL parser domain-parses (a trailing dot names the same domain). */
const SPECIAL_PROTOCOLS = new Set(["ftp:", "file:", "http:", "https:", "ws:", "wss:"]);
/** The protocols it always normalizes. */
const SUPPORTED_PROTOCOLS = new Set(["https:", "http:", "file:"]);
/** A protocol-relative URL, or one without a scheme ("example.com:80" is a host and a port). */
const MISSING_PROTOCOL = /^\/\/|^(?!(?:https|http|file):)(?![a-z][\d+\-.a-z]*:(?!\d+(?:[#/?]|$)))/i;
const SCHEME = /^[a-z][\d+\-.a-z]*$/i;
/** A scheme followed by "//" in a path, whose slashes duplicate-slash removal keeps. */
const PATH_PROTOCOL = /(\b[a-z][\d+\-.a-z]{0,50}:\/\/)/i;
const PATH_ENDS_WITH_PROTOCOL = /\b[a-z][\d+\-.a-z]{0,50}:\/\/$/i;
const TEXT_FRAGMENT = /:~:text=[\s\S]*$/i;
const WWW_HOST = /^www\.(?!www\.)[\d\-a-z]{1,63}\.[\d\-.a-z]{2,63}$/;
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

/** C0 controls, space and the other whitespace String#trim knows ("\s"), as it strips them from the ends. */
function isC0ControlOrWhitespace(c: number): boolean {
  return c <= 0x20 || /\s/.test(String.fromCodePoint(c));
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
  return LOWER_CASE_ESCAPE.test(text) ? text.replace(ESCAPE, (e) => e.toUpperCase()) : text;
}

/** Escapes of unreserved characters decoded; "%" before a hex digit (or an escape of one) written "%25". */
function decodeUnreservedEscapes(text: string): string {
  if (text.indexOf("%") === -1) return text;
  return text.replace(UNRESERVED_ESCAPE_OR_LONE_PERCENT, (m) =>
    m.length === 3 ? String.fromCharCode(Number.parseInt(m.slice(1), 16)) : "%25",
  );
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
  return filters.some((filter: Filter) => {
    if (filter instanceof RegExp) {
      // A global or sticky RegExp would start at its lastIndex: test a copy without those flags.
      const plain =
        filter.flags.includes("g") || filter.flags.includes("y")
          ? new RegExp(filter.source, filter.flags.replace(/[gy]/g, ""))
          : filter;
      return plain.test(name);
    }
    return filter === name;
  });
}

/** "https" -> "https:"; undefined for a value that is not a scheme. */
function protocolOption(protocol: unknown): string | undefined {
  if (typeof protocol !== "string") return undefined;
  const name = stripTrailing(protocol.trim().toLowerCase(), isColon);
  return SCHEME.test(name) ? `${name}:` : undefined;
}

function decodeQueryKey(value: string, percentDecode: ProfileContext["percentDecode"]): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, "%20"));
  } catch {
    // As URLSearchParams reads a malformed escape.
    return percentDecode(value, { plusAsSpace: true });
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

/** One name or value: as the filters and the sort see it (`key`), and as written back (`out`). */
interface QueryPart {
  key: string;
  out: string;
}

// --- The profile -------------------------------------------------------------

export function normalizeUrlProfile({ parse, set, percentDecode }: ProfileContext): Profile<NormalizeUrlOptions> {
  /** A run of the raw query between reserved escapes: decoded, and written back. */
  function decodeRun(raw: string, special: boolean, part: QueryPart): void {
    if (raw.indexOf("%") === -1 && raw.indexOf("+") === -1) {
      part.key += raw;
      part.out += writeBack(raw, special);
      return;
    }
    const decoded = percentDecode(raw, { plusAsSpace: true });
    part.key += decoded;
    part.out += writeBack(decoded, special);
  }

  function writeBack(decoded: string, special: boolean): string {
    const base = special ? 128 : 0;
    let out = "";
    for (const ch of decoded) {
      const c = ch.charCodeAt(0);
      out += c < 128 ? QUERY_OUT[base + c] : encodeURIComponent(ch);
    }
    return out;
  }

  /** A raw name or value of the parsed query, as normalize-url's round trip reads and writes it. */
  function queryPart(raw: string, special: boolean): QueryPart {
    const part = { key: "", out: "" };
    let from = 0;
    RESERVED_ESCAPE.lastIndex = 0;
    for (let m = RESERVED_ESCAPE.exec(raw); m !== null; m = RESERVED_ESCAPE.exec(raw)) {
      decodeRun(raw.slice(from, m.index), special, part);
      part.key += String.fromCharCode(Number.parseInt(m[0].slice(1), 16));
      part.out += m[0].toUpperCase();
      from = m.index + 3;
    }
    decodeRun(raw.slice(from), special, part);
    return part;
  }

  /** The search after its round trip, filters and sort ("" for none). */
  function roundTrip(search: string, special: boolean, o: Resolved): string {
    const pairs: [QueryPart, QueryPart][] = [];
    for (const param of search.slice(1).split("&")) {
      if (param === "") continue;
      const eq = param.indexOf("=");
      const name = eq === -1 ? param : param.slice(0, eq);
      const value = eq === -1 ? "" : param.slice(eq + 1);
      pairs.push([queryPart(name, special), queryPart(value, special)]);
    }
    let kept = pairs;
    if (Array.isArray(o.keepQueryParameters)) kept = pairs.filter(([n]) => testParameter(n.key, o.keepQueryParameters));
    else if (o.removeQueryParameters === true) kept = [];
    else kept = pairs.filter(([n]) => !testParameter(n.key, o.removeQueryParameters));
    // Array.prototype.sort is stable: parameters of one name keep their order.
    if (o.sortQueryParameters) kept.sort(([a], [b]) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    if (kept.length === 0) return "";
    return `?${kept.map(([n, v]) => `${n.out}=${v.out}`).join("&")}`;
  }

  /** Names of the original search written without "=". */
  function keysWithoutEquals(search: string): Set<string> {
    const keys = new Set<string>();
    if (search === "") return keys;
    for (const part of search.slice(1).split("&")) {
      if (part !== "" && !part.includes("=")) keys.add(decodeQueryKey(part, percentDecode));
    }
    return keys;
  }

  /** emptyQueryValue: "preserve" writes "a" where the input did, "a=" elsewhere. */
  function emptyValues(search: string, mode: unknown, originalSearch: string): string {
    const always = mode === "always";
    const never = mode === "never";
    const bare = always || never ? null : keysWithoutEquals(originalSearch);
    const emptyValue = (key: string) =>
      always
        ? `${key}=`
        : never
          ? key
          : (bare as Set<string>).has(decodeQueryKey(key, percentDecode))
            ? key
            : `${key}=`;
    const params = search.slice(1).split("&").filter(Boolean);
    if (params.length === 0) return "";
    return `?${params
      .map((param) => {
        const eq = param.indexOf("=");
        const key = param.slice(0, eq).replace(/\+/g, "%20");
        const value = param.slice(eq + 1);
        if (value === "") return key === "" ? "=" : emptyValue(key);
        return `${key}=${value}`;
      })
      .join("&")}`;
  }

  // --- Steps on the URL ------------------------------------------------------

  /** The URL being normalized; each set() replaces it. */
  let url: Url;

  function setPart(part: number, value: string): void {
    const next = set(url, part, value);
    if (next !== null) url = next;
  }

  function getCustomProtocol(urlString: string, custom: Set<string>): string | undefined {
    const parsed = parse(urlString);
    if (parsed === null) return undefined;
    const protocol = parsed.protocol;
    const hasAuthority = urlString.slice(0, protocol.length + 2).toLowerCase() === `${protocol}//`;
    if (custom.has(protocol)) return protocol;
    // "localhost:9802" is a host and a port.
    if (protocol === "localhost:" && !hasAuthority && /^\d+(?:[#/?]|$)/.test(urlString.slice(protocol.length)))
      return undefined;
    if (!SUPPORTED_PROTOCOLS.has(protocol) && (hasAuthority || !protocol.includes("."))) return protocol;
    return undefined;
  }

  function normalizePath(o: Resolved): void {
    let path = url.pathname;
    if (path !== "") {
      path = upperCaseEscapes(path.split("/").map(decodeSegment).join("/"));
      if (path !== url.pathname) setPart(PARTS.pathname, path);
      if (url.pathname !== "") {
        path = removeDuplicateSlashes(url.pathname);
        if (path !== url.pathname) setPart(PARTS.pathname, path);
      }
    }
    if (o.removePath) setPart(PARTS.pathname, "/");
    else if (typeof o.transformPath === "function" && url.pathname.startsWith("/")) {
      const components = url.pathname.split("/").filter(Boolean);
      const kept = o.transformPath(components)?.filter(Boolean) ?? [];
      const trailingSlash = !o.removeTrailingSlash && url.pathname.endsWith("/") ? "/" : "";
      const newPath = kept.length > 0 ? `/${kept.join("/")}${trailingSlash}` : "/";
      setPart(PARTS.pathname, upperCaseEscapes(removeDuplicateSlashes(newPath)));
    }
    const index = o.removeDirectoryIndex === true ? DIRECTORY_INDEX : o.removeDirectoryIndex;
    if (Array.isArray(index) && index.length > 0) {
      const components = url.pathname.split("/").filter(Boolean);
      const { length } = components;
      while (components.length > 0 && testParameter(components[components.length - 1], index)) components.pop();
      if (components.length < length)
        setPart(PARTS.pathname, components.length > 0 ? `/${components.join("/")}/` : "/");
    }
  }

  function normalizeHost(o: Resolved): void {
    let hostname = url.hostname;
    if (hostname === "") return;
    if (o.stripWWW && WWW_HOST.test(hostname)) setPart(PARTS.hostname, hostname.slice(4));
    hostname = url.hostname;
    const withoutTrailingDots = stripTrailing(hostname, isDot) || ".";
    const protocol = url.protocol;
    if (withoutTrailingDots !== hostname && SPECIAL_PROTOCOLS.has(protocol)) {
      // Only where a parser reads the name back as itself ("1.2.3.4.." would become an IPv4 address).
      if (parse(`${protocol}//${withoutTrailingDots}/`)?.hostname === withoutTrailingDots)
        setPart(PARTS.hostname, withoutTrailingDots);
    }
    hostname = url.hostname;
    if (hostname !== "") {
      const canonical = upperCaseEscapes(hostname);
      if (canonical !== hostname) setPart(PARTS.hostname, canonical);
    }
  }

  function normalizeQuery(o: Resolved): void {
    const originalSearch = url.search;
    let search = roundTrip(originalSearch, SPECIAL_PROTOCOLS.has(url.protocol), o);
    search = upperCaseEscapes(emptyValues(search, o.emptyQueryValue, originalSearch));
    // Setting "" also drops an empty "?".
    if (search !== originalSearch || (search === "" && url._queryStart !== L.NONE)) setPart(PARTS.search, search);
  }

  function normalize(input: string, o: Resolved): string | null {
    const defaultProtocol = protocolOption(o.defaultProtocol);
    if (defaultProtocol === undefined)
      throw new TypeError(
        `Expected \`defaultProtocol\` to be a protocol like \`https\`, got \`${String(o.defaultProtocol)}\``,
      );
    if (o.forceHttp && o.forceHttps)
      throw new Error("The `forceHttp` and `forceHttps` options cannot be used together");

    let urlString = stripSurrounding(input.replace(/[\t\n\r]/g, ""), isC0ControlOrWhitespace);
    if (/^data:/i.test(urlString)) return normalizeDataUrl(urlString, o);

    const custom = new Set(
      (Array.isArray(o.customProtocols) ? o.customProtocols : []).map(protocolOption).filter((p) => p !== undefined),
    );
    const customProtocol = getCustomProtocol(urlString, custom);
    if (customProtocol !== undefined && !custom.has(customProtocol)) return urlString;

    const hasRelativeProtocol = urlString.startsWith("//");
    const isRelativeUrl = !hasRelativeProtocol && /^\.*\//.test(urlString);
    if (!isRelativeUrl && customProtocol === undefined)
      urlString = urlString.replace(MISSING_PROTOCOL, () => `${defaultProtocol}//`);

    const inputPath = urlString.split(/[#?]/, 1)[0];
    const parsed = parse(urlString);
    if (parsed === null) return null;
    url = parsed;

    if (o.forceHttp && url.protocol === "https:") setPart(PARTS.protocol, "http:");
    if (o.forceHttps && url.protocol === "http:") setPart(PARTS.protocol, "https:");

    if (o.stripAuthentication) {
      if (url.username !== "") setPart(PARTS.username, "");
      if (url.password !== "") setPart(PARTS.password, "");
    } else {
      // The userinfo's escapes are decoded and upper-cased as the path's.
      const username = url.username;
      const newUsername = upperCaseEscapes(decodeUnreservedEscapes(username));
      if (newUsername !== username) setPart(PARTS.username, newUsername);
      const password = url.password;
      const newPassword = upperCaseEscapes(decodeUnreservedEscapes(password));
      if (newPassword !== password) setPart(PARTS.password, newPassword);
    }

    if (url._fragmentStart !== L.NONE) {
      if (o.stripHash) setPart(PARTS.hash, "");
      else if (o.stripTextFragment) {
        const kept = url.hash.slice(1).replace(TEXT_FRAGMENT, "");
        // Setting "" also drops an empty "#".
        if (kept === "" || `#${kept}` !== url.hash) setPart(PARTS.hash, kept === "" ? "" : `#${kept}`);
      }
      const hash = url.hash;
      const canonical = upperCaseEscapes(hash);
      if (canonical !== hash) setPart(PARTS.hash, canonical);
    }

    normalizePath(o);
    normalizeHost(o);
    normalizeQuery(o);

    if (o.removeTrailingSlash) {
      const path = url.pathname;
      if (path !== "/" && path.endsWith("/") && !PATH_ENDS_WITH_PROTOCOL.test(path))
        setPart(PARTS.pathname, path.slice(0, -1));
    }
    if (o.removeExplicitPort && url.port !== "") setPart(PARTS.port, "");

    const pathname = url.pathname;
    const inputPathEndsWithSlash = inputPath.endsWith("/") || (inputPath.endsWith("\\") && pathname.endsWith("/"));
    urlString = url.href;
    const hasHost = url.host !== "";
    if (
      hasHost &&
      pathname === "/" &&
      url.search === "" &&
      url.hash === "" &&
      (!inputPathEndsWithSlash || o.removeSingleSlash) &&
      urlString.endsWith("/")
    )
      urlString = urlString.slice(0, -1);

    // An opaque path cannot be set: it is normalized as a string, and the URL parsed again.
    if (!pathname.startsWith("/") && pathname !== "") {
      const path = removeDuplicateSlashes(pathname);
      const trimmed =
        o.removeTrailingSlash && !PATH_ENDS_WITH_PROTOCOL.test(path) && path.endsWith("/") ? path.slice(0, -1) : path;
      const encoded = escapeTrailingC0ControlOrWhitespace(upperCaseEscapes(trimmed));
      const again = parse(`${url.protocol}${encoded}${url.search}${url.hash}`);
      if (again === null) return null;
      urlString = again.href;
    }

    if (hasHost && hasRelativeProtocol && !o.normalizeProtocol) urlString = urlString.slice(url.protocol.length);
    if (o.stripProtocol) urlString = urlString.replace(/^(?:https?:)?\/\//, "");
    return urlString;
  }

  return function normalizeUrl(input, options) {
    if (input instanceof Url) return normalize(input.href, resolve(options));
    expectString(input, "canonicalize", "input");
    return normalize(input, resolve(options));
  };
}

// --- Options -----------------------------------------------------------------

/** The options with normalize-url's defaults where one is undefined. */
type Resolved = Required<Omit<NormalizeUrlOptions, "customProtocols" | "keepQueryParameters" | "defaultProtocol">> & {
  defaultProtocol: unknown;
  customProtocols: unknown;
  keepQueryParameters: unknown;
};

const DEFAULTS = {
  defaultProtocol: "http",
  normalizeProtocol: true,
  forceHttp: false,
  forceHttps: false,
  stripAuthentication: true,
  stripHash: false,
  stripTextFragment: true,
  stripWWW: true,
  removeQueryParameters: DEFAULT_REMOVED,
  removeTrailingSlash: true,
  removeSingleSlash: true,
  removeDirectoryIndex: false,
  removeExplicitPort: false,
  sortQueryParameters: true,
  removePath: false,
  transformPath: false,
  emptyQueryValue: "preserve",
  stripProtocol: false,
  customProtocols: undefined,
  keepQueryParameters: undefined,
} as const;

/** An option set to undefined falls back to its default, as one left out. */
function resolve(options: NormalizeUrlOptions): Resolved {
  const o: Record<string, unknown> = { ...DEFAULTS };
  for (const key in options) {
    const value = (options as unknown as Record<string, unknown>)[key];
    if (value !== undefined) o[key] = value;
  }
  return o as unknown as Resolved;
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
