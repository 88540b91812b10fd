// The search a URLPatternList runs for a parsed input: the first of its
// patterns that the input matches, as the standard's loop over them finds
// it, without the loop.
//
// One walk of the route trie (route-trie.ts) over the pathname: the
// patterns whose pathname is a straight line sit where their line ends, and
// count where their other components match too; the others sit where the
// fixed text their pathnames start with ends, and count where the whole
// pattern matches; the first in list order wins. A pathname the trie cannot
// decide (a code unit above ASCII, which a parsed URL's pathname never has)
// is searched on an index of all the patterns (pathname-index.ts), each
// candidate tried in order.

import { wellFormed } from "./code-units.js";
import type { ComponentMatcher } from "./component-matcher.js";
import { type Groups, WHOLE } from "./groups.js";
import { COMPONENTS } from "./init.js";
import type { URLPatternInput } from "./init.js";
import { setGroup, starResult, type URLPatternResult } from "./result.js";
import { PathnameIndex } from "./pathname-index.js";
import { type Route, RouteTrie, TrieMatch } from "./route-trie.js";
import type { ParsedUrl } from "../whatwg/url.js";
import {
  keptPath,
  PATHNAME,
  queryKept,
  readRequest,
  requestEnd,
  requestPathname,
  requestSearch,
  UrlInput,
} from "./url-input.js";
import type { UrlMatcher } from "./url-matcher.js";

export class ListMatcher {
  private readonly trie = new RouteTrie();
  /** All the patterns, for a pathname the trie cannot decide (made when first needed). */
  private all: PathnameIndex | null = null;
  private readonly answer = new TrieMatch();
  /**
   * The request searched: its pathname is `source` from `start` to `end`;
   * its components are `input`, made from `origin` when first needed where
   * the request came as a target resolved without a parse (request()): a
   * search of pathnames alone reads nothing else.
   */
  private source = "";
  private start = 0;
  private end = 0;
  /** The components protocol to port of a request target's URL. */
  private origin: readonly string[] = [];
  /** The base the target is resolved against; undefined where `source` is the whole absolute URL. */
  private base: ParsedUrl | undefined = undefined;
  private input: UrlInput | null = null;
  /** The components of each request read as it came (components()): only read while it is searched. */
  private readonly asRequest = new UrlInput(null);
  /** Whether components() made `input` of the request as it came. */
  private asItCame = false;
  /** Whether the URL parser is known to keep the pathname searched as it is (not so for a request target not yet checked). */
  private checked = true;
  /** Whether the pathname searched is known to start with "/" (a request target's path). */
  private slash = false;
  /** Whether the walk is for groups: each pattern it takes is then run for them at once (kept), not tested and run again. */
  private wanted = false;
  /** The groups of the pattern the walk took last (its answer), and its index. */
  private kept: Groups[] | null = null;
  private keptIndex = -1;
  /** Each component's groups where all but the pathname are "*" (groupsAt()); the pathname's set for each request. */
  private readonly whole: Groups[] = COMPONENTS.map(() => WHOLE);
  /** A pattern of the trie whose pathname matches: whether its other components do. */
  private readonly accept = (index: number) => {
    const matcher = this.matchers[index] as UrlMatcher;
    if (!this.wanted) return matcher.testOthers(this.components());
    return this.keep(index, matcher.execOthers(this.components(), NO_GROUPS));
  };
  /** A pattern outside the trie: whether it matches. */
  private readonly test = (index: number) => {
    const matcher = this.matchers[index] as UrlMatcher;
    if (!this.wanted) return matcher.test(this.components());
    return this.keep(index, matcher.exec(this.components()));
  };

  private keep(index: number, groups: Groups[] | null): boolean {
    if (groups === null) return false;
    this.kept = groups;
    this.keptIndex = index;
    return true;
  }

  constructor(
    private readonly matchers: readonly UrlMatcher[],
    /** The list's parser, for a request the walk cannot read as it came. */
    private readonly parse: (input: string, base: ParsedUrl | undefined) => UrlInput | null,
  ) {
    for (let i = 0; i < matchers.length; i++) {
      const m = matchers[i] as UrlMatcher;
      const lines = m.components[PATHNAME]?.straightLines() ?? null;
      if (lines === null) this.trie.addPrefix(i, m.pathnameText);
      else {
        const route = {
          names: (m.components[PATHNAME] as ComponentMatcher).names,
          checkOthers: m.checksOthers,
          pathnameGroupsOnly: m.pathnameGroupsOnly,
          othersStar: m.othersStar,
        };
        for (const line of lines) this.trie.add(i, line, route);
      }
    }
  }

  /** Search the parsed `url` next. */
  parsed(url: UrlInput): void {
    const pathname = url.get(PATHNAME);
    this.input = url;
    this.asItCame = false;
    this.source = pathname;
    this.start = 0;
    this.end = pathname.length;
    this.checked = true;
    this.slash = false;
  }

  /**
   * Search next the request target `input` from `start`, a path-absolute URL
   * (a "/" not followed by another), against `base`, a special one but file
   * whose components protocol to port are `origin`; or, `base` undefined,
   * the whole URL `input`, whose path starts at `start` after an origin
   * written as `origin` serializes (url-input.ts writtenOrigin()). The walk
   * reads its path up to "?" as it came, and checks it as it goes where the
   * URL parser would keep it as it is (route-trie.ts); an answer whose
   * branch it cannot vouch for, or no answer, is checked then (first()).
   */
  request(input: string, start: number, origin: readonly string[], base: ParsedUrl | undefined): void {
    const query = input.indexOf("?", start);
    this.input = null;
    this.source = input;
    this.start = start;
    this.end = query < 0 ? input.length : query;
    this.origin = origin;
    this.base = base;
    this.checked = false;
    this.slash = true;
  }

  /** Walk the trie over the pathname searched. */
  private walk(): void {
    this.kept = null;
    const { source, start, end, slash } = this;
    this.trie.match(source, start, end, slash, this.matchers.length, this.accept, this.test, this.answer);
  }

  /** The components of the request searched: a request target's made without a parse where its query is kept as it is. */
  components(): UrlInput {
    if (this.input === null) {
      const read = readRequest(this.asRequest, this.source, this.start, this.end, this.origin);
      this.asItCame = read;
      this.input = read ? this.asRequest : (this.parse(this.source, this.base) as UrlInput);
    }
    return this.input;
  }

  /** The index of the first pattern the request matches, or -1; after it, `answer` holds the trie's groups where it came from the trie. */
  first(wanted = false): number {
    const answer = this.answer;
    this.wanted = wanted;
    this.walk();
    if (!this.checked && !(answer.route !== null && answer.kept && !answer.undecided)) {
      // A request target read as it came: where the parser would keep its
      // path (and so its components, components()) as they are, the walk's
      // answer stands; else the parsed URL is searched.
      this.checked = true;
      if (!this.missKept() && requestEnd(this.source, this.start) < 0) {
        const url = this.parse(this.source, this.base);
        if (url === null) return -1;
        this.parsed(url);
        this.walk();
      }
    }
    if (!answer.undecided) return answer.index;
    answer.index = -1;
    if (this.all === null) {
      const all = new PathnameIndex();
      for (const [i, m] of this.matchers.entries()) all.add(i, m.pathnameText);
      this.all = all;
    }
    const url = this.components();
    return this.firstOf(url, this.all.candidates(url.get(PATHNAME)));
  }

  /**
   * Whether the walk found no pattern and the request target's path is one
   * that requestEnd() takes: its start ("/" not followed by another), and the
   * rest after the stretch the walk found kept (TrieMatch.keptTo), which on a
   * miss is most often nothing, where requestEnd() reads the whole target.
   */
  private missKept(): boolean {
    const { source, start, answer } = this;
    if (answer.index >= 0 || answer.undecided || source.charCodeAt(start + 1) === 0x2f) return false;
    const from = answer.keptTo;
    return keptPath(source, from, this.end, from > start ? source.charCodeAt(from - 1) : -1);
  }

  /**
   * exec()'s result of pattern `index`, which first(true) has just found
   * the request `input` to match, against the base given as `base` (its
   * USVString; undefined: none).
   */
  result(index: number, input: string, base: string | undefined): URLPatternResult {
    const route = this.answer.index === index ? this.answer.route : null;
    if (route?.othersStar === true && this.input === null && queryKept(this.source, this.end)) {
      // A request target read as it came, its query too: all ASCII, so
      // already a USVString, and its components the origin's, its path and
      // its query, made here without a UrlInput.
      const { source, start, end } = this;
      const o = this.origin as readonly [string, string, string, string, string];
      return starResult(
        inputsOf(input, base),
        o[0],
        o[1],
        o[2],
        o[3],
        o[4],
        requestPathname(source, start, end),
        this.trieGroups(route),
        requestSearch(source, end),
        "",
      );
    }
    const url = this.components();
    const inputs = inputsOf(this.asItCame ? input : wellFormed(input), base);
    if (route?.othersStar !== true)
      return (this.matchers[index] as UrlMatcher).result(url, this.groupsAt(index), inputs);
    const v = (c: number) => url.get(c);
    return starResult(inputs, v(0), v(1), v(2), v(3), v(4), v(5), this.trieGroups(route), v(6), v(7));
  }

  /** Each component's groups of pattern `index`, which first() has just found the request to match. */
  private groupsAt(index: number): Groups[] {
    const matcher = this.matchers[index] as UrlMatcher;
    const answer = this.answer;
    if (answer.index !== index) return matcher.exec(this.components()) as Groups[];
    const kept = this.kept !== null && this.keptIndex === index ? this.kept : null;
    const route = answer.route;
    if (route === null) return kept ?? (matcher.exec(this.components()) as Groups[]);
    // Where the pattern's other components are "*" (checkOthers false),
    // each takes its value as it is: the list's own array, which the caller
    // only reads, saves making one a request.
    const groups =
      kept ?? (route.checkOthers ? (matcher.execOthers(this.components(), NO_GROUPS) as Groups[]) : this.whole);
    // The trie's groups of the pathname, sliced from it.
    const source = this.source;
    const n = route.names.length;
    const path: Groups = new Array(n);
    for (let g = 0; g < n; g++) path[g] = source.slice(answer.slots[2 * g], answer.slots[2 * g + 1]);
    groups[PATHNAME] = path;
    return groups;
  }

  /**
   * The first pattern the request matches and its groups as one object
   * (UrlMatcher.groupsObject()), or null. Where the trie gave it and only
   * its pathname has groups, they are sliced into the object at once.
   */
  groupsFound(): { index: number; groups: Record<string, string | undefined> } | null {
    const index = this.first(true);
    if (index < 0) return null;
    const answer = this.answer;
    if (answer.index === index && answer.route?.pathnameGroupsOnly === true) {
      return { index, groups: this.trieGroups(answer.route) };
    }
    const matcher = this.matchers[index] as UrlMatcher;
    return { index, groups: matcher.groupsObject(this.components(), this.groupsAt(index)) };
  }

  /** The pathname's groups of `route`, the trie's answer, by name: sliced from the request. */
  private trieGroups(route: Route): Record<string, string | undefined> {
    const source = this.source;
    const slots = this.answer.slots;
    const names = route.names;
    const groups: Record<string, string | undefined> = {};
    for (let g = 0; g < names.length; g++)
      setGroup(groups, names[g] as string, source.slice(slots[2 * g], slots[2 * g + 1]));
    return groups;
  }

  /** The first of `candidates` that `url` matches, or -1. */
  private firstOf(url: UrlInput, candidates: readonly number[]): number {
    for (let k = 0; k < candidates.length; k++) {
      const i = candidates[k] as number;
      if ((this.matchers[i] as UrlMatcher).test(url)) return i;
    }
    return -1;
  }
}

/** exec()'s inputs: the input, and the base where one was given. */
function inputsOf(input: string, base: string | undefined): URLPatternInput[] {
  return base === undefined ? [input] : [input, base];
}

/** The groups of the pathname before the trie's are sliced in. */
const NO_GROUPS: Groups = [];
