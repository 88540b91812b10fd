// URLPatternList: many URL patterns matched as one, with the answer of trying
// them in order (the first that matches wins). A string input is read once:
// a request target against a special base, or an absolute URL whose origin
// the parser writes as it came, whose path the parser would keep as it is,
// not even parsed (_request()); then one walk of the route trie
// (list-matcher.ts) over the pathname finds the first pattern that matches,
// however many patterns the list holds. Other inputs (a URLPatternInit) are
// tried against each pattern in turn.

import { ListMatcher } from "./list-matcher.js";
import { type Base, type BaseURL, originEnd, type UrlInput, ValueList, writtenOrigin } from "./url-input.js";
import type { ComponentMatcher } from "./component-matcher.js";
import { COMPONENTS } from "./init.js";
import type { URLPatternComponentResult, URLPatternResult } from "./result.js";
import type { UrlMatcher } from "./url-matcher.js";

/** What the list needs of a pattern: its compiled matcher, and its own test() and exec(). */
interface ListedPattern<Input> {
  /** @internal */
  readonly _matcher: UrlMatcher;
  test(input?: Input, baseURL?: string): boolean;
  exec(input?: Input, baseURL?: string): URLPatternResult | null;
}

interface ListCore<Pattern> {
  /** A pattern from what the URLPattern constructor takes (a pattern itself is kept as it is). */
  pattern(source: unknown): Pattern;
  /** The parser the patterns share, with its one-input memory (url-input.ts cachedParse()). */
  parse(input: string, baseURL: BaseURL | undefined): UrlInput | null;
  /** The parsed base (url-input.ts BaseCache). */
  base(baseURL: BaseURL): Base;
}

/** A URLPatternList: the class's public face (its state is in private fields, which a declaration cannot name). */
export interface URLPatternListApi<Input, Pattern> {
  /** How many patterns it holds. */
  readonly length: number;
  /** The pattern at `index`. */
  at(index: number): Pattern | undefined;
  /** @internal Read string `input` against `baseURL` as the request searched next; false where it is no URL. */
  _request(input: string, baseURL: BaseURL | undefined): boolean;
  /** The index of the first pattern that `input` (against `baseURL`, a string or a parsed URL) matches, or -1. */
  findIndex(input: Input | string, baseURL?: BaseURL): number;
  /** Whether any pattern matches `input`. */
  test(input: Input | string, baseURL?: BaseURL): boolean;
  /** The first pattern that matches `input`: its index and its exec() result; or null. */
  exec(input: Input | string, baseURL?: BaseURL): { index: number; result: URLPatternResult } | null;
  /** The first pattern that matches `input`: its index and the groups of its components as one object; or null. */
  match(input: Input | string, baseURL?: BaseURL): { index: number; groups: Record<string, string | undefined> } | null;
}

export function listClass<Input, Pattern extends ListedPattern<Input>>(
  core: () => ListCore<Pattern>,
): new (
  patterns: Iterable<Pattern | Input>,
) => URLPatternListApi<Input, Pattern> {
  return class URLPatternList implements URLPatternListApi<Input, Pattern> {
    // Private fields: a list shows no own key (Object.keys(), JSON.stringify()), as a URLPattern shows none.
    readonly #patterns: Pattern[];
    /** Their compiled matchers, in the same order (a walk reads these, not the patterns). */
    readonly #matchers: UrlMatcher[];
    /** The search over them (list-matcher.ts). */
    readonly #search: ListMatcher;
    /** The base of the last request and its parse (a server gives the same base every time). */
    #baseURL: BaseURL | undefined = undefined;
    #base: Base | null = null;
    /** The origin kept (learnOrigin(); "": none yet), whose URLs are read without a parse, and its components. */
    #origin = "";
    #originComponents: readonly string[] = [];
    /** The origin of the last absolute input parsed whole (learnOrigin()). */
    #candidate = "";

    /** The patterns, in order: URLPattern objects or what the URLPattern constructor takes. */
    constructor(patterns: Iterable<Pattern | Input>) {
      if (patterns === null || typeof (patterns as { [Symbol.iterator]?: unknown })?.[Symbol.iterator] !== "function")
        throw new TypeError(
          "URLPatternList: patterns must be an iterable of URLPatterns, pattern strings or dictionaries",
        );
      const c = core();
      this.#patterns = Array.from(patterns, (p) => c.pattern(p));
      this.#matchers = this.#patterns.map((p) => p._matcher);
      this.#search = new ListMatcher(this.#matchers, (input, base) => c.parse(input, base));
    }

    get length(): number {
      return this.#patterns.length;
    }

    /** The pattern at `index`. */
    at(index: number): Pattern | undefined {
      return this.#patterns.at(index);
    }

    /**
     * @internal Make string `input` against `baseURL` the request the search
     * reads; false where it is no URL. A request target against a base that
     * the parser would keep as it is (url-input.ts requestEnd()) is not
     * parsed at all.
     */
    _request(input: string, baseURL: BaseURL | undefined): boolean {
      const c = core();
      if (baseURL === undefined) {
        // An absolute URL of the last origin written as the parser writes it: its path read as a request target's.
        const origin = this.#origin;
        if (origin !== "" && input.charCodeAt(origin.length) === 0x2f && input.startsWith(origin)) {
          this.#search.request(input, origin.length, this.#originComponents, undefined);
          return true;
        }
      } else {
        if (baseURL !== this.#baseURL || this.#base === null) {
          this.#base = c.base(baseURL);
          this.#baseURL = baseURL;
        }
        const base = this.#base;
        if (base.url === null) return false;
        // A path-absolute target against a special base (not file): read as it
        // came by the walk, which checks it (list-matcher.ts request()).
        if (base.origin !== null && input.charCodeAt(0) === 0x2f && input.charCodeAt(1) !== 0x2f) {
          this.#search.request(input, 0, base.origin, base.url);
          return true;
        }
      }
      const url = c.parse(input, baseURL);
      if (url === null) return false;
      if (baseURL === undefined) this.#learnOrigin(input, url);
      this.#search.parsed(url);
      return true;
    }

    /**
     * Take the origin of the absolute URL `input`, parsed as `url`, for the
     * next inputs where writtenOrigin() does, once two whole parses in a row
     * have it: a stream of one origin's URLs with others among them keeps
     * its origin.
     */
    #learnOrigin(input: string, url: UrlInput): void {
      const at = originEnd(input);
      if (at < 0) return;
      const candidate = this.#candidate;
      if (candidate.length !== at || !input.startsWith(candidate)) {
        this.#candidate = input.slice(0, at);
        return;
      }
      const components = writtenOrigin(input, at, url);
      if (components === null) return;
      this.#origin = candidate;
      this.#originComponents = components;
    }

    /** The index of the first pattern that `input` (against `baseURL`, a string or a parsed URL) matches, or -1. */
    findIndex(input: Input | string, baseURL?: BaseURL): number {
      if (typeof input !== "string") return this.#patterns.findIndex((p) => p.test(input as Input, hrefOf(baseURL)));
      return this._request(input, baseURL) ? this.#search.first() : -1;
    }

    /** Whether any pattern matches `input`. */
    test(input: Input | string, baseURL?: BaseURL): boolean {
      return this.findIndex(input, baseURL) >= 0;
    }

    /** The first pattern that matches `input`: its index and its exec() result; or null. */
    exec(input: Input | string, baseURL?: BaseURL): { index: number; result: URLPatternResult } | null {
      if (typeof input !== "string") {
        const index = this.findIndex(input, baseURL);
        const result = index < 0 ? null : this.#patterns[index].exec(input, hrefOf(baseURL));
        return result === null ? null : { index, result };
      }
      const search = this.#search;
      const index = this._request(input, baseURL) ? search.first(true) : -1;
      if (index < 0) return null;
      // The base's USVString is kept with its parse.
      return {
        index,
        result: search.result(index, input, baseURL === undefined ? undefined : (this.#base as Base).given),
      };
    }

    /**
     * The first pattern that matches `input`: its index and the groups of
     * its components as one object (UrlMatcher.groupsObject()); or null.
     */
    match(
      input: Input | string,
      baseURL?: BaseURL,
    ): { index: number; groups: Record<string, string | undefined> } | null {
      if (typeof input !== "string") {
        // A dictionary: its exec() result's groups, in the matcher's order.
        const found = this.exec(input, baseURL);
        if (found === null) return null;
        const matcher = this.#matchers[found.index] as UrlMatcher;
        const result = found.result as unknown as Record<string, URLPatternComponentResult>;
        const values = new ValueList(COMPONENTS.map((name) => (result[name] as URLPatternComponentResult).input));
        const groups = COMPONENTS.map((name, c) => {
          const { groups } = result[name] as URLPatternComponentResult;
          return (matcher.components[c] as ComponentMatcher).names.map((n) => groups[n]);
        });
        return { index: found.index, groups: matcher.groupsObject(values, groups) };
      }
      return this._request(input, baseURL) ? this.#search.groupsFound() : null;
    }
  };
}

/** A base URL as a string: a parsed one's href. */
function hrefOf(base: BaseURL | undefined): string | undefined {
  return base === undefined || typeof base === "string" ? base : base.href;
}
