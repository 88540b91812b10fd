// URLPatternList: many URL patterns matched as one, with the answer of trying
// them in order (the first that matches wins). A string input is parsed once;
// the pathname index (pathname-index.ts) then names the only patterns whose
// leading pathname text the URL's pathname starts with, and only those are
// tried, in order, by their compiled matchers. So a request costs one parse,
// a walk down the index (one step a path segment) and the few candidates,
// however many patterns the list holds. Other inputs (a URLPatternInit) are
// tried against each pattern in turn.

import { PathnameIndex } from "./pathname-index.js";
import { type ComponentValues, PATHNAME, type UrlInput } from "./url-input.js";
import type { Groups } from "./component-matcher.js";
import type { UrlMatcher } from "./url-matcher.js";

/** What the list needs of a pattern: its compiled matcher, its own test() and exec(), and exec() on component values. */
interface ListedPattern<Input, Result> {
  /** @internal */
  readonly _matcher: UrlMatcher;
  test(input?: Input, baseURL?: string): boolean;
  exec(input?: Input, baseURL?: string): Result | null;
  /** @internal */
  _result(values: ComponentValues, groups: readonly Groups[], inputs: (Input | string)[]): Result;
}

interface ListCore<Pattern> {
  /** A pattern from what the URLPattern constructor takes (a pattern itself is kept as it is). */
  pattern(source: unknown): Pattern;
  /** The parser the patterns share, with its one-input memory (url-input.ts cachedParse()). */
  parse(input: string, baseURL: string | undefined): UrlInput | null;
}

export function listClass<Input, Result, Pattern extends ListedPattern<Input, Result>>(core: () => ListCore<Pattern>) {
  return class URLPatternList {
    /** @internal */ readonly _patterns: Pattern[];
    /** @internal */ readonly _index = new PathnameIndex();

    /** The patterns, in order: URLPattern objects or what the URLPattern constructor takes. */
    constructor(patterns: Iterable<Pattern | Input>) {
      if (patterns === null || typeof (patterns as { [Symbol.iterator]?: unknown })?.[Symbol.iterator] !== "function")
        throw new TypeError(
          "URLPatternList: patterns must be an iterable of URLPatterns, pattern strings or dictionaries",
        );
      const c = core();
      this._patterns = Array.from(patterns, (p) => c.pattern(p));
      for (const [i, p] of this._patterns.entries()) this._index.add(i, p._matcher.pathnameText);
    }

    get length(): number {
      return this._patterns.length;
    }

    /** The pattern at `index`. */
    at(index: number): Pattern | undefined {
      return this._patterns.at(index);
    }

    /** The index of the first pattern that `input` matches, or -1. */
    findIndex(input: Input | string, baseURL?: string): number {
      if (typeof input !== "string") return this._patterns.findIndex((p) => p.test(input as Input, baseURL));
      const url = core().parse(input, baseURL);
      return url === null ? -1 : this._first(url);
    }

    /** @internal The index of the first pattern the parsed `url` matches, or -1. */
    _first(url: UrlInput): number {
      const patterns = this._patterns;
      for (const i of this._index.candidates(url.get(PATHNAME))) if (patterns[i]._matcher.test(url)) return i;
      return -1;
    }

    /** Whether any pattern matches `input`. */
    test(input: Input | string, baseURL?: string): boolean {
      return this.findIndex(input, baseURL) >= 0;
    }

    /** The first pattern that matches `input`: its index and its exec() result; or null. */
    exec(input: Input | string, baseURL?: string): { index: number; result: Result } | null {
      if (typeof input !== "string") {
        const index = this.findIndex(input, baseURL);
        const result = index < 0 ? null : this._patterns[index].exec(input, baseURL);
        return result === null ? null : { index, result };
      }
      const url = core().parse(input, baseURL);
      if (url === null) return null;
      const patterns = this._patterns;
      for (const index of this._index.candidates(url.get(PATHNAME))) {
        const pattern = patterns[index];
        const groups = pattern._matcher.exec(url);
        if (groups === null) continue;
        // The inputs as exec() names them: USVStrings.
        const inputs = baseURL === undefined ? [input.toWellFormed()] : [input.toWellFormed(), baseURL.toWellFormed()];
        return { index, result: pattern._result(url, groups, inputs) };
      }
      return null;
    }
  };
}
