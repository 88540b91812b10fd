// A URL pattern's input given as a string: parsed by swurl's parser (its fast
// path for serialized URLs included), no URL object made, and each component
// read off the record as the standard's "match" takes it: the scheme, the
// username and password, the serialized host, the serialized port, the
// serialized path, and the query and fragment without their "?" and "#".

import * as L from "../../assembly/layout.js";
import { isSpecialScheme } from "../whatwg/special.js";
import { wellFormed } from "./code-units.js";
import type { ParsedUrl } from "../whatwg/url.js";

// Indices of the components in COMPONENTS (init.ts), the standard's order.
export const PROTOCOL = 0;
export const USERNAME = 1;
export const PASSWORD = 2;
export const HOSTNAME = 3;
export const PORT = 4;
export const PATHNAME = 5;
export const SEARCH = 6;
export const HASH = 7;

/** Component `c` (an index of COMPONENTS, init.ts) of the parsed `url`, as the match algorithm reads it. */
function componentOf(url: ParsedUrl, c: number): string {
  switch (c) {
    case PROTOCOL:
      return url._href.slice(0, url._schemeEnd);
    case USERNAME:
      return url.username;
    case PASSWORD:
      return url.password;
    case HOSTNAME:
      return url.hostname;
    case PORT:
      return url.port;
    case PATHNAME:
      return url.pathname;
    case SEARCH: {
      if (url._queryStart === L.NONE) return "";
      const end = url._fragmentStart === L.NONE ? url._href.length : url._fragmentStart;
      return url._href.slice(url._queryStart + 1, end);
    }
    default:
      return url._fragmentStart === L.NONE ? "" : url._href.slice(url._fragmentStart + 1);
  }
}

/** The eight components of the parsed `url`, in the standard's order. */
export function urlComponents(url: ParsedUrl): string[] {
  const values: string[] = [];
  for (let c = PROTOCOL; c <= HASH; c++) values.push(componentOf(url, c));
  return values;
}

/**
 * A parsed input with its components as they are read: each is sliced
 * once, however many patterns read it (a router's patterns all read the
 * pathname). An input resolved against a base without a parse
 * (relativeInput()) comes with all eight.
 */
export class UrlInput {
  /** Eight slots from the start: an array of one elements kind, never holey. */
  private readonly values: (string | undefined)[];
  constructor(
    private readonly url: ParsedUrl | null,
    values: (string | undefined)[] = [
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ],
  ) {
    this.values = values;
  }

  /** Set every component: protocol to port `origin`'s, then `pathname` and `search`, and no hash. */
  request(origin: readonly string[], pathname: string, search: string): void {
    const values = this.values;
    values[PROTOCOL] = origin[PROTOCOL];
    values[USERNAME] = origin[USERNAME];
    values[PASSWORD] = origin[PASSWORD];
    values[HOSTNAME] = origin[HOSTNAME];
    values[PORT] = origin[PORT];
    values[PATHNAME] = pathname;
    values[SEARCH] = search;
    values[HASH] = "";
  }

  /** Component `c` (an index of COMPONENTS). */
  get(c: number): string {
    let value = this.values[c];
    if (value === undefined) {
      value = componentOf(this.url as ParsedUrl, c);
      this.values[c] = value;
    }
    return value;
  }
}

/** What a match reads a component's value from: a parsed input, or a dictionary's values (ValueList). */
export interface ComponentValues {
  /** Component `c` (an index of COMPONENTS). */
  get(c: number): string;
}

/** A dictionary's eight component values, in COMPONENTS order. */
export class ValueList implements ComponentValues {
  constructor(private readonly values: readonly string[]) {}
  get(c: number): string {
    return this.values[c] as string;
  }
}

type Parse = (input: string, base?: string | ParsedUrl) => ParsedUrl | null;

/** A base URL as the list takes it: a string, or a URL parse() made. */
export type BaseURL = string | ParsedUrl;

/** A base, parsed once: the URL (null: failure), and the components a path-absolute input keeps of it. */
export interface Base {
  readonly url: ParsedUrl | null;
  /** The base as exec()'s inputs name it: the string given as a USVString, a parsed URL's href. */
  readonly given: string;
  /** Protocol to port of the base, where requestEnd() may resolve against it (special, not file); else null. */
  readonly origin: readonly string[] | null;
}

function baseOf(url: ParsedUrl | null, given: string): Base {
  const scheme = url === null ? L.SCHEME_OTHER : L.schemeOf(url._flags);
  const resolvable = scheme >= L.SCHEME_HTTP && scheme <= L.SCHEME_FTP;
  return { url, given, origin: resolvable ? urlComponents(url as ParsedUrl).slice(PROTOCOL, PATHNAME) : null };
}

/**
 * Code units of a path-absolute input that the basic URL parser keeps as
 * they are, in the path and in a special URL's query: printable ASCII but
 * those the path or the special-query percent-encode sets hold (" # ' < > ^
 * ` { }), and "\\", which a special URL reads as "/".
 */
const KEPT = /* @__PURE__ */ (() => {
  const kept = new Uint8Array(128);
  for (let c = 0x21; c < 0x7f; c++) kept[c] = 1;
  for (const c of "\"#'<>^`{}\\") kept[c.charCodeAt(0)] = 0;
  return kept;
})();

/** The code units but "/" of a path requestEnd() takes: KEPT but "?", "\\" and those the path percent-encode set holds. */
const PATH_CLASS = "[!$%&(-.0-;=@-[\\]_a-z|~]";

/**
 * A path requestEnd() takes, and its "?" if any: "/" not followed by "/",
 * then KEPT code units but "?", none a "." or "%" just after a "/". An
 * expression: V8 runs it as machine code. Written segment by segment, a
 * "/" and then a run of the class, so that the class is one loop a segment
 * rather than an alternation tried at every code unit. Sticky, without
 * "^": it matches at its lastIndex, where the path starts.
 */
const KEPT_PATH = /* @__PURE__ */ new RegExp(`\\/(?![/.%])${PATH_CLASS}*(?:\\/(?![.%])${PATH_CLASS}*)*(?:\\?|$)`, "y");

/** Code units KEPT_PATH takes in a path: "/" and its class. */
const PATH_UNITS = /* @__PURE__ */ (() => {
  const units = new Uint8Array(128);
  const unit = new RegExp(PATH_CLASS);
  for (let c = 0; c < 128; c++) units[c] = c === 0x2f || unit.test(String.fromCharCode(c)) ? 1 : 0;
  return units;
})();

/**
 * Whether code units `from` to `to` of `s`, after the code unit `before`,
 * are a stretch of a path that KEPT_PATH takes: its code units, none a "."
 * or "%" just after a "/". A route trie checks the request's path this way
 * as it walks it (route-trie.ts), stretch by stretch.
 */
export function keptPath(s: string, from: number, to: number, before: number): boolean {
  let previous = before;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80 || PATH_UNITS[c] === 0 || (previous === 0x2f && (c === 0x2e || c === 0x25))) return false;
    previous = c;
  }
  return true;
}

/**
 * Where the segment of `s` from `from` ends: at its "/" or at `end`, as a
 * route trie's run that stops at "/" takes it; the bitwise NOT of that (a
 * negative number) where the segment, after the code unit `before`, is no
 * stretch that KEPT_PATH takes (keptPath()). One pass for both: a segment
 * holds no "/", so only its first code unit can follow one.
 */
export function segmentEnd(s: string, from: number, end: number, before: number): number {
  let kept = !(before === 0x2f && from < end && (s.charCodeAt(from) === 0x2e || s.charCodeAt(from) === 0x25));
  let i = from;
  while (i < end) {
    const c = s.charCodeAt(i);
    if (c === 0x2f) break;
    if (c >= 0x80 || PATH_UNITS[c] === 0) kept = false;
    i++;
  }
  return kept ? i : ~i;
}

/**
 * Where the path of `input` from `from` ends (its "?", or its length) where
 * that path resolved against a special base (not file) needs no parse: a
 * path-absolute URL ("/", then no "/" or "\\") of KEPT code units with no
 * segment starting with "." or "%" (no dot segment, "." or "%2e", to
 * remove). Then "path-absolute" keeps the base's scheme, credentials, host
 * and port, and the path is the input up to "?"; the query, the rest, needs
 * no parse where queryKept(). -1 where the parser has more to do.
 */
export function requestEnd(input: string, from = 0): number {
  KEPT_PATH.lastIndex = from;
  if (!KEPT_PATH.test(input)) return -1;
  const end = KEPT_PATH.lastIndex;
  return input.charCodeAt(end - 1) === 0x3f ? end - 1 : end;
}

/**
 * Where the origin of an absolute URL "scheme://authority/path" ends: at the
 * "/" that starts its path; -1 for no such URL of a special scheme's length
 * ("ws" to "https").
 */
export function originEnd(input: string): number {
  const slashes = input.lastIndexOf("://", 5);
  return slashes < 2 ? -1 : input.indexOf("/", slashes + 3);
}

/**
 * The components protocol to port of `url`, the parse of the absolute URL
 * `input`, where `input` up to `at` (originEnd()) is their serialization to
 * the letter and the scheme special but file; else null. Then every URL that
 * is that text and a path has these components: its authority ends at the
 * same "/", and is read the same way.
 */
export function writtenOrigin(input: string, at: number, url: UrlInput): string[] | null {
  const origin = [url.get(PROTOCOL), url.get(USERNAME), url.get(PASSWORD), url.get(HOSTNAME), url.get(PORT)];
  const [protocol, username, password, hostname, port] = origin as [string, string, string, string, string];
  if (!isSpecialScheme(protocol) || protocol === "file") return null;
  let written = `${protocol}://`;
  if (username !== "" || password !== "") written += `${username}${password === "" ? "" : `:${password}`}@`;
  written += port === "" ? hostname : `${hostname}:${port}`;
  return written.length === at && input.startsWith(written) ? origin : null;
}

/** Whether the query of `input` after its path's `end` (requestEnd()) is one the parser keeps as it is. */
export function queryKept(input: string, end: number): boolean {
  for (let i = end + 1; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c >= 0x80 || KEPT[c] === 0) return false;
  }
  return true;
}

/**
 * The components of `input` whose path runs from `from` to `end`
 * (requestEnd()), against a base of `origin`, where its query needs no parse
 * either; else null.
 */
function requestInput(input: string, from: number, end: number, origin: readonly string[]): UrlInput | null {
  const url = new UrlInput(null);
  return readRequest(url, input, from, end, origin) ? url : null;
}

/**
 * Make `into` (a UrlInput of no parsed URL) the components of `input` as
 * requestInput() reads them; false where its query needs a parse. A list
 * reads each request into one UrlInput of its own: no two objects made a
 * request.
 */
export function readRequest(
  into: UrlInput,
  input: string,
  from: number,
  end: number,
  origin: readonly string[],
): boolean {
  if (!queryKept(input, end)) return false;
  into.request(origin, requestPathname(input, from, end), requestSearch(input, end));
  return true;
}

/** The pathname of the request target `input` whose path runs from `from` to `end` (requestEnd()). */
export function requestPathname(input: string, from: number, end: number): string {
  return from === 0 && end === input.length ? input : input.slice(from, end);
}

/** The search (query without "?") of the request target `input` whose path ends at `end` (requestEnd()). */
export function requestSearch(input: string, end: number): string {
  return end === input.length ? "" : input.slice(end + 1);
}

/** Distinct base strings remembered (a server has one or a few; more only cost a parse each). */
const BASES = 32;

/**
 * Bases parsed once for each distinct string (or URL given): "if baseURLString
 * was given, let baseURL be the result of parsing it; if failure, return
 * null" costs a parse only for a new one.
 */
export class BaseCache {
  private readonly strings = new Map<string, Base>();
  private readonly parsed = new WeakMap<ParsedUrl, Base>();
  /** The last base asked for: a server asks for one base again and again. */
  private last: BaseURL | undefined;
  private lastFound: Base = baseOf(null, "");
  constructor(private readonly parse: Parse) {}

  of(base: BaseURL): Base {
    if (base === this.last) return this.lastFound;
    let found = typeof base === "string" ? this.strings.get(base) : this.parsed.get(base);
    if (found === undefined) {
      if (typeof base === "string") {
        found = baseOf(this.parse(base), wellFormed(base));
        if (this.strings.size >= BASES) this.strings.clear();
        this.strings.set(base, found);
      } else {
        found = baseOf(base, base.href);
        this.parsed.set(base, found);
      }
    }
    this.last = base;
    this.lastFound = found;
    return found;
  }
}

/**
 * The parser with a memory of its last input: a router tries one URL against
 * pattern after pattern, and each pattern's test() or exec() then finds it
 * parsed, and its components sliced. Parsing is a pure function of the two
 * strings. A base is parsed once (BaseCache), and a path-absolute input
 * against it, as a server's request target, is most often resolved without
 * a parse (requestEnd()).
 */
export function cachedParse(
  parse: Parse,
  bases: BaseCache,
): (input: string, base: BaseURL | undefined) => UrlInput | null {
  let lastInput: string | null = null;
  let lastBase: BaseURL | undefined;
  let lastUrl: UrlInput | null = null;
  return (input, base) => {
    if (input === lastInput && base === lastBase) return lastUrl;
    let url: UrlInput | null;
    if (base === undefined) url = wrap(parse(input));
    else {
      const { url: baseUrl, origin } = bases.of(base);
      const end = origin === null ? -1 : requestEnd(input);
      if (baseUrl === null) url = null;
      else
        url =
          (end >= 0 ? requestInput(input, 0, end, origin as readonly string[]) : null) ?? wrap(parse(input, baseUrl));
    }
    lastInput = input;
    lastBase = base;
    lastUrl = url;
    return url;
  };
}

function wrap(url: ParsedUrl | null): UrlInput | null {
  return url === null ? null : new UrlInput(url);
}
