// The URLPattern class of the URL Pattern Standard (https://urlpattern.spec.whatwg.org/#urlpattern-class):
// a pattern per URL component, compiled once; test() and exec() match a URL
// (a string, parsed by swurl, or a dictionary of components) against all eight.
//
// Arguments are converted as WebIDL converts them for the platform's
// URLPattern: strings as USVStrings, objects as URLPatternInit dictionaries.
import { lazy } from "../kernel/lazy.js";
import { type Canonicalizers, canonicalizers, type PatternCore } from "./canonicalize.js";
import { defaultPortOf } from "../whatwg/special.js";
import { wellFormed } from "./code-units.js";
import { exposeMembers } from "../whatwg/webidl.js";
import { type Component, compileComponent, matchesSpecialScheme } from "./component.js";
import { parseConstructorString } from "./constructor-string.js";
import { COMPONENTS, type ComponentName, processInit, type URLPatternInit, type URLPatternInput } from "./init.js";
import type { URLPatternComponentResult, URLPatternResult } from "./result.js";
import { listClass, type URLPatternListApi } from "./list.js";
import { DEFAULT_OPTIONS, HOSTNAME_OPTIONS, PATHNAME_OPTIONS, type PartOptions } from "./parts.js";
import { BaseCache, type BaseURL, cachedParse, type UrlInput, ValueList } from "./url-input.js";
import { UrlMatcher } from "./url-matcher.js";

export type { URLPatternInit, URLPatternInput, URLPatternComponentResult, URLPatternResult };

export interface URLPatternOptions {
  /** Match the pathname, search and hash without regard to case. */
  ignoreCase?: boolean;
}

/** What a URLPattern class runs on: its API instance's parser and setters, and the canonicalizers over them. */
interface PatternTools {
  core: PatternCore;
  canon: Canonicalizers;
  /** The parser with a memory of its last input (url-input.ts): a router tries one URL on many patterns. */
  parse: ReturnType<typeof cachedParse>;
  /** The bases it has parsed (a list reads them itself for a request target). */
  bases: BaseCache;
  /**
   * Compiled components that patterns share (components never change), by
   * component and ignoreCase, then by pattern string: the wildcard "*" of
   * every component a pattern leaves out, "" (the port of most), and the
   * origin's components (protocol, username, password, hostname, port),
   * which the routes of one site repeat. At most SHARED_LIMIT a component.
   */
  shared: Map<string, Component>[];
}

/** The dictionary members, in the order WebIDL reads them (lexicographic). */
const INIT_MEMBERS = [
  "baseURL",
  "hash",
  "hostname",
  "password",
  "pathname",
  "port",
  "protocol",
  "search",
  "username",
] as const;

/** A USVString argument: ToString (a TypeError for a symbol), lone surrogates replaced. */
function usvString(value: unknown): string {
  return wellFormed(`${value as string}`);
}

/** A URLPatternInput argument: an object is read as a URLPatternInit dictionary. */
function inputArgument(value: unknown): URLPatternInput {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" && typeof value !== "function") return usvString(value);
  const init: URLPatternInit = {};
  const source = value as Record<string, unknown>;
  for (const member of INIT_MEMBERS) {
    const v = source[member];
    if (v !== undefined) init[member] = usvString(v);
  }
  return init;
}

function optionsArgument(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== "object" && typeof value !== "function")
    throw new TypeError("URLPattern: options must be an object");
  return Boolean((value as URLPatternOptions).ignoreCase);
}

/** Shared components kept a component (a site's origins; more only costs a compile). */
const SHARED_LIMIT = 64;

/** "Hostname pattern is an IPv6 address": "[", "{[" or "\[" first. */
function isIPv6Pattern(input: string): boolean {
  if (input.length < 2) return false;
  return input[0] === "[" || ((input[0] === "{" || input[0] === "\\") && input[1] === "[");
}

/** "Create" a URL pattern: its eight components, in COMPONENTS order. */
function create(tools: PatternTools, input: URLPatternInput, baseURL: string | null, ignoreCase: boolean): Component[] {
  const { core, canon } = tools;
  let init: URLPatternInit;
  if (typeof input === "string") {
    init = parseConstructorString(input, canon.protocol);
    if (baseURL === null && init.protocol === undefined)
      throw new TypeError(`Invalid URL pattern ${JSON.stringify(input)}: a relative pattern needs a base URL`);
    if (baseURL !== null) init.baseURL = baseURL;
  } else {
    if (baseURL !== null) throw new TypeError("URLPattern: a base URL is given in the dictionary, not as an argument");
    init = input;
  }
  const processed = processInit(init, "pattern", core, canon);
  const value = (name: ComponentName) => processed[name] ?? "*";
  const protocolString = value("protocol");
  let portString = value("port");
  if (defaultPortOf(protocolString) === portString) portString = "";
  const withCase = (options: PartOptions) => (ignoreCase ? { ...options, ignoreCase } : options);
  /** "Compile a component" (`kind`: its place in COMPONENTS, the opaque pathname 8), or a shared one. */
  const compile = (kind: number, input: string, encode: (value: string) => string, options: PartOptions) => {
    if (kind > 4 && input !== "*" && input !== "") return compileComponent(input, encode, options);
    const index = kind * 2 + (options.ignoreCase ? 1 : 0);
    const cache = (tools.shared[index] ??= new Map());
    let component = cache.get(input);
    if (component === undefined) {
      component = compileComponent(input, encode, options);
      if (cache.size >= SHARED_LIMIT) cache.clear();
      cache.set(input, component);
    }
    return component;
  };
  const protocol = compile(0, protocolString, canon.protocol, DEFAULT_OPTIONS);
  const hostname = value("hostname");
  const special = matchesSpecialScheme(protocol);
  return [
    protocol,
    compile(1, value("username"), canon.username, DEFAULT_OPTIONS),
    compile(2, value("password"), canon.password, DEFAULT_OPTIONS),
    isIPv6Pattern(hostname)
      ? compileComponent(hostname, canon.ipv6Hostname, HOSTNAME_OPTIONS)
      : compile(3, hostname, canon.hostname, HOSTNAME_OPTIONS),
    compile(4, portString, (port) => canon.port(port), DEFAULT_OPTIONS),
    special
      ? compile(5, value("pathname"), canon.pathname, withCase(PATHNAME_OPTIONS))
      : compile(8, value("pathname"), canon.opaquePathname, withCase(DEFAULT_OPTIONS)),
    compile(6, value("search"), canon.search, withCase(DEFAULT_OPTIONS)),
    compile(7, value("hash"), canon.hash, withCase(DEFAULT_OPTIONS)),
  ];
}

/**
 * What a match is made on: a string input parsed (against `baseURL`), or a
 * dictionary's eight component values; null where the input is no URL (or a
 * dictionary whose components are failure). Throws a TypeError where a
 * dictionary comes with a base URL argument, as the standard does.
 */
function matchInput(
  tools: PatternTools,
  input: URLPatternInput,
  baseURL: string | undefined,
): UrlInput | ValueList | null {
  if (typeof input === "string") return tools.parse(input, baseURL);
  if (baseURL !== undefined)
    throw new TypeError("URLPattern: a base URL is given in the dictionary, not as an argument");
  let processed: URLPatternInit;
  try {
    processed = processInit(input, "url", tools.core, tools.canon);
  } catch {
    return null;
  }
  return new ValueList(COMPONENTS.map((name) => processed[name] ?? ""));
}

/**
 * The URLPattern class of the URL Pattern Standard. Each API instance (and the
 * default entry) has its own subclass, urlPatternClass(), bound to its kernel.
 */
export class URLPattern implements Readonly<Record<ComponentName, string>> {
  /** @internal The parser, setters and canonicalizers this class runs on (urlPatternClass() sets them). */
  declare static _tools: () => PatternTools;
  // Private fields: a pattern shows no own key (Object.keys(), JSON.stringify()), as the platform's has none.
  /** The compiled components, in COMPONENTS order. */
  readonly #components: readonly Component[];
  /** Its class's tools (a field: read at every test(), where the class's lazy getter is a call more). */
  readonly #tools: PatternTools;

  /** The normalized pattern string of each component (a getter each, which urlPatternClass() makes). */
  declare readonly protocol: string;
  declare readonly username: string;
  declare readonly password: string;
  declare readonly hostname: string;
  declare readonly port: string;
  declare readonly pathname: string;
  declare readonly search: string;
  declare readonly hash: string;

  /** @internal What the getter of the component at `index` of COMPONENTS returns for `pattern`. */
  static _patternString(pattern: URLPattern, index: number): string {
    return (pattern.#components[index] as Component).patternString;
  }

  /**
   * `new URLPattern(input, baseURL, options)` or `new URLPattern(input, options)`:
   * a pattern string (relative to `baseURL` if given) or a URLPatternInit
   * dictionary. Throws a TypeError where the platform's URLPattern does.
   */
  constructor(input?: URLPatternInput, baseURL?: string, options?: URLPatternOptions);
  constructor(input?: URLPatternInput, options?: URLPatternOptions);
  constructor(input?: URLPatternInput, second?: string | URLPatternOptions, third?: URLPatternOptions) {
    // WebIDL overload resolution: three arguments, or a second that is no dictionary, give a base URL.
    const withBase =
      arguments.length >= 3 ||
      (second !== undefined && second !== null && typeof second !== "object" && typeof second !== "function");
    this.#tools = new.target._tools();
    this.#components = create(
      this.#tools,
      inputArgument(input),
      withBase ? usvString(second) : null,
      optionsArgument(withBase ? third : second),
    );
  }

  /** Its compiled matcher, once made (_matcher). */
  #compiled: UrlMatcher | null = null;

  /**
   * @internal The compiled matcher (url-matcher.ts), made at the first match
   * (kept in a field: an own property defined on each pattern would give
   * each its own hidden class).
   */
  get _matcher(): UrlMatcher {
    this.#compiled ??= new UrlMatcher(this.#tools.core.arena, this.#components);
    return this.#compiled;
  }

  /** Whether `input` (against `baseURL`) matches every component. */
  test(input?: URLPatternInput, baseURL?: string): boolean {
    const tools = this.#tools;
    // A string as it is: the parser reads a lone surrogate as U+FFFD, as the
    // USVString conversion would make it (and the parse of the last input
    // is found by identity, which toWellFormed()'s new string would defeat).
    if (typeof input === "string" && baseURL === undefined) {
      const url = tools.parse(input, undefined);
      return url !== null && this._matcher.test(url);
    }
    const given = matchInput(tools, inputArgument(input), baseURL === undefined ? undefined : usvString(baseURL));
    if (given === null) return false;
    return given instanceof ValueList ? this._matcher.testValues(given) : this._matcher.test(given);
  }

  /** The match of `input` (against `baseURL`) with each component's groups, or null. */
  exec(input?: URLPatternInput, baseURL?: string): URLPatternResult | null {
    const tools = this.#tools;
    // As in test(): a string is parsed as it is; the result names it as a USVString.
    if (typeof input === "string" && baseURL === undefined) {
      const url = tools.parse(input, undefined);
      if (url === null) return null;
      const groups = this._matcher.exec(url);
      return groups === null ? null : this._matcher.result(url, groups, [wellFormed(input)]);
    }
    const argument = inputArgument(input);
    const base = baseURL === undefined ? undefined : usvString(baseURL);
    const given = matchInput(tools, argument, base);
    if (given === null) return null;
    const inputs = base === undefined ? [argument] : [argument, base];
    const groups = given instanceof ValueList ? this._matcher.execValues(given) : this._matcher.exec(given);
    return groups === null ? null : this._matcher.result(given, groups, inputs);
  }

  /** Whether a component has a custom regular expression group, such as `(\d+)`. */
  get hasRegExpGroups(): boolean {
    return this.#components.some((component) => component.hasRegExpGroups);
  }

  get [Symbol.toStringTag](): string {
    return "URLPattern";
  }
}

const BaseURLPattern = URLPattern;

/** The URLPattern class bound to the parser and setters `core()` gives (made on first use, so that the default entry loads its kernel only when a pattern is made). */
export function urlPatternClass(core: () => PatternCore): typeof URLPattern {
  const bound = class extends BaseURLPattern {};
  // Not enumerable: the class shows no own key, as the platform's shows none.
  Object.defineProperty(bound, "_tools", {
    value: lazy(() => {
      const c = core();
      const bases = new BaseCache(c.parse);
      return { core: c, canon: canonicalizers(c), parse: cachedParse(c.parse, bases), bases, shared: [] };
    }),
  });
  Object.defineProperty(bound, "name", { value: "URLPattern" });
  // The component getters, one per entry of COMPONENTS, as WebIDL makes an
  // attribute: an enumerable accessor whose getter is named "get <name>".
  // Made here, not in a static block of the class: a bundle keeps a class
  // with a static block even where nothing uses it.
  for (const [index, name] of COMPONENTS.entries()) {
    const get = function (this: URLPattern): string {
      return BaseURLPattern._patternString(this, index);
    };
    Object.defineProperty(get, "name", { value: `get ${name}` });
    Object.defineProperty(bound.prototype, name, { configurable: true, enumerable: true, get });
  }
  // Then, as WebIDL defines an interface's members on its prototype: the
  // other attribute, then the operations, in the IDL's order.
  exposeMembers(bound.prototype, BaseURLPattern.prototype, ["hasRegExpGroups", "test", "exec"]);
  return bound;
}

/**
 * The URLPatternList class whose patterns are made by the URLPattern class
 * `Pattern` (list.ts); URLPattern objects, of any API instance, are taken as
 * they are.
 */
export function urlPatternListClass(
  Pattern: typeof URLPattern,
): new (
  patterns: Iterable<URLPattern | URLPatternInput>,
) => URLPatternListApi<URLPatternInput, URLPattern> {
  const core = {
    pattern: (source: unknown) => (source instanceof BaseURLPattern ? source : new Pattern(source as URLPatternInput)),
    parse: (input: string, baseURL: BaseURL | undefined) => Pattern._tools().parse(input, baseURL),
    base: (baseURL: BaseURL) => Pattern._tools().bases.of(baseURL),
  };
  const bound = listClass<URLPatternInput, URLPattern>(() => core);
  Object.defineProperty(bound, "name", { value: "URLPatternList" });
  return bound;
}
