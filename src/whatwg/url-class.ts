// The URL class of the URL Standard (#url-class): a drop-in for the platform's
// URL, with every getter and setter. It holds a ParsedUrl (url.ts), the one href +
// offsets record that parse() returns, and replaces it on each set: the
// getters are the ParsedUrl's; the setters run the kernel's parser with a state
// override (setters.ts).
//
// Arguments are converted as WebIDL converts them for the platform's URL
// (String(value); a URL object stands for its href), not refused as swurl's
// functions refuse a non-string.

import { URL_GETTERS } from "./getters.js";
import { exposeMembers } from "./webidl.js";
import { ParsedUrl } from "./url.js";
import type { ParseApi } from "./parse.js";
import { PARTS, type Setters } from "./setters.js";
import type { SearchParams, SearchParamsLink } from "./search-params.js";

/** What a URL class runs on: one API instance's parser, setters and URLSearchParams. */
export interface UrlCore {
  parse: ParseApi["parse"];
  set: Setters["set"];
  searchParams: SearchParamsLink;
}

/** Node.js util.inspect()'s hook (a registered symbol: no node: import). */
export const inspect = Symbol.for("nodejs.util.inspect.custom");
/** The constructor's first argument when URL.parse() hands it a ParsedUrl already parsed. */
const FROM_URL: unique symbol = Symbol("URL.parse");

type InspectFn = (value: unknown, options: unknown) => string;

/** #api-url-parser: the ParsedUrl, or null for failure. */
function parseArguments(core: UrlCore, url: unknown, base: unknown): ParsedUrl | null {
  return core.parse(String(url), base === undefined ? undefined : baseArgument(base));
}

/** A base argument as parse() takes it: a ParsedUrl or URL as its record, anything else as its string. */
function baseArgument(base: unknown): string | ParsedUrl {
  if (base instanceof ParsedUrl) return base;
  return base instanceof URL ? base._record() : String(base);
}

/**
 * The URL class of the URL Standard. Each API instance (and the default entry)
 * has its own subclass, urlClass(), bound to its kernel.
 */
export class URL {
  /** @internal The parser and setters this class runs on (urlClass() sets them). */
  static _core: () => UrlCore;
  // The state is private, as the platform's: a URL has no own property
  // (Object.keys(), a spread and for-in see none).
  /** The URL record: a ParsedUrl, replaced by each setter that changes something. */
  #url: ParsedUrl;
  /** The query object, made when `searchParams` is first read. */
  #params: SearchParams | null = null;
  /**
   * The query its query object's update steps asked for last, not yet in
   * `#url` (undefined: none). It goes in when the URL is next read, so that a
   * run of appends costs one serialization each, not one href each.
   */
  #query: string | undefined = undefined;

  /** `new URL(url, base)`: throws a TypeError where the platform's URL does. */
  constructor(url: string | URL | ParsedUrl, base?: string | URL | ParsedUrl) {
    if ((url as unknown) === FROM_URL) {
      this.#url = base as unknown as ParsedUrl;
      return;
    }
    const parsed = parseArguments(new.target._core(), url, base);
    if (parsed === null) throw new TypeError(`Invalid URL: ${JSON.stringify(String(url))}`);
    this.#url = parsed;
  }

  /** `URL.parse(url, base)`: the URL, or null where the constructor throws. */
  static parse(url: string | URL | ParsedUrl, base?: string | URL | ParsedUrl): URL | null {
    const parsed = parseArguments(this._core(), url, base);
    return parsed === null ? null : new this(FROM_URL as unknown as string, parsed);
  }

  /**
   * `URL.createObjectURL(obj)` and `URL.revokeObjectURL(url)` (File API,
   * #dfn-createObjectURL): the platform's own functions, taken when this
   * class is made (before any code can put it in the platform's place),
   * whose blob URL store fetch() and the platform's URL read (WebIDL static
   * operations use no `this`); undefined where the platform has none (a
   * service worker).
   */
  static createObjectURL: ((obj: Blob) => string) | undefined = globalThis.URL.createObjectURL;
  static revokeObjectURL: ((url: string) => void) | undefined = globalThis.URL.revokeObjectURL;

  /** `URL.canParse(url, base)`: whether the constructor would succeed. */
  static canParse(url: string | URL | ParsedUrl, base?: string | URL | ParsedUrl): boolean {
    return parseArguments(this._core(), url, base) !== null;
  }

  /** @internal The parser, setters and URLSearchParams of this URL's class. */
  _core(): UrlCore {
    return (this.constructor as typeof URL)._core();
  }

  /** @internal The URL record, with the query its query object last asked for. */
  _record(): ParsedUrl {
    if (this.#query !== undefined) {
      const query = this.#query;
      this.#query = undefined;
      // #concept-urlsearchparams-update: "If serializedQuery is the empty
      // string, then set serializedQuery to null. Set query's URL object's
      // URL's query to serializedQuery." The serialization has no byte the
      // query state would encode (the application/x-www-form-urlencoded
      // percent-encode set holds both query sets), so the search setter's
      // state override writes it as it is, and "" makes the query null.
      this.#url = this._core().set(this.#url, PARTS.search, query) ?? this.#url;
    }
    return this.#url;
  }

  /** @internal Run setter `part` with `value`; a failure leaves the URL as it is. */
  _set(part: number, value: unknown): void {
    const url = this._core().set(this._record(), part, String(value));
    if (url !== null) this.#url = url;
  }

  /** @internal The query object's list becomes the parse of `query` (a URL's query, "" for null). */
  _replaceParams(query: string): void {
    if (this.#params !== null) this._core().searchParams.replace(this.#params, query);
  }
  get href(): string {
    return this._record()._href;
  }

  /** The href setter: "If parsedURL is failure, then throw a TypeError." */
  set href(value: string) {
    const parsed = this._core().parse(String(value));
    if (parsed === null) throw new TypeError(`Invalid URL: ${JSON.stringify(String(value))}`);
    this.#url = parsed;
    this.#query = undefined;
    // "Empty this's query object's list ... If query is non-null, then set
    // this's query object's list to the result of parsing query."
    this._replaceParams(parsed.search.slice(1));
  }

  get origin(): string {
    return this._record().origin;
  }

  get protocol(): string {
    return this._record().protocol;
  }

  set protocol(value: string) {
    this._set(PARTS.protocol, value);
  }

  get username(): string {
    return this._record().username;
  }

  set username(value: string) {
    this._set(PARTS.username, value);
  }

  get password(): string {
    return this._record().password;
  }

  set password(value: string) {
    this._set(PARTS.password, value);
  }

  get host(): string {
    return this._record().host;
  }

  set host(value: string) {
    this._set(PARTS.host, value);
  }

  get hostname(): string {
    return this._record().hostname;
  }

  set hostname(value: string) {
    this._set(PARTS.hostname, value);
  }

  get port(): string {
    return this._record().port;
  }

  set port(value: string) {
    this._set(PARTS.port, value);
  }

  get pathname(): string {
    return this._record().pathname;
  }

  set pathname(value: string) {
    this._set(PARTS.pathname, value);
  }

  get search(): string {
    return this._record().search;
  }

  set search(value: string) {
    this._set(PARTS.search, value);
    // "Set this's query object's list to the result of parsing input": parsed
    // from the query the value became, as whatwg-url and Node's URL do (the
    // Standard's text says the value; the two differ only by the tabs and
    // newlines the parser removes); "" empties it.
    this._replaceParams(this.#url.search.slice(1));
  }

  /** The query object: a URLSearchParams whose changes update this URL's query, and which setting `search` or `href` updates. */
  get searchParams(): SearchParams {
    if (this.#params === null) {
      this.#params = this._core().searchParams.bound(this._record().search.slice(1), (serialized) => {
        this.#query = serialized;
      });
    }
    return this.#params;
  }

  get hash(): string {
    return this._record().hash;
  }

  set hash(value: string) {
    this._set(PARTS.hash, value);
  }

  /** The stringifier: `String(url)`, template literals, `fetch(url)` and `new globalThis.URL(url)` take the href. */
  toString(): string {
    return this._record()._href;
  }

  toJSON(): string {
    return this._record()._href;
  }

  /** WebIDL's class string: Object.prototype.toString() gives "[object URL]", as for the platform's. */
  get [Symbol.toStringTag](): string {
    return "URL";
  }

  /** util.inspect() shows it as Node.js shows its URL (Node passes its inspect function third). */
  [inspect](depth: number, options: { showHidden?: boolean }, inspectFn?: InspectFn): unknown {
    if (typeof depth === "number" && depth < 0) return this;
    // Node shows searchParams between search and hash.
    const shown: Record<string, unknown> = {};
    for (const name of URL_GETTERS) {
      if (name === "hash") shown.searchParams = this.searchParams;
      shown[name] = this[name];
    }
    if (inspectFn === undefined) return shown;
    return `${this.constructor.name} ${inspectFn(shown, options)}`;
  }
}

const BaseURL = URL;

/** The interface's static operations, in the platform's order. */
const STATICS = ["parse", "canParse", "createObjectURL", "revokeObjectURL"];
/** Its attributes and operations, in the platform's order: the stringifier first, searchParams declared between search and hash. */
const MEMBERS = ["toString", ...URL_GETTERS.filter((name) => name !== "hash"), "searchParams", "hash", "toJSON"];

/**
 * The URL class bound to the parser and setters `core()` gives (made on first
 * use, so that the default entry loads its kernel only when a URL is made),
 * its statics and members placed as the platform's.
 */
export function urlClass(core: () => UrlCore): typeof URL {
  const bound = class extends BaseURL {};
  // Not enumerable: Object.keys() of the class shows the platform's statics only.
  Object.defineProperty(bound, "_core", { value: core });
  // The name util.inspect() shows, and the platform's class has (bundlers may drop a class expression's).
  Object.defineProperty(bound, "name", { value: "URL" });
  // WebIDL: an interface object's length is the number of its constructor's required arguments.
  Object.defineProperty(bound, "length", { value: 1 });
  exposeMembers(bound, BaseURL, STATICS);
  exposeMembers(bound.prototype, BaseURL.prototype, MEMBERS);
  return bound;
}
