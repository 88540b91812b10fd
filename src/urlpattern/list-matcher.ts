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

import type { ComponentMatcher } from "./component-matcher.js";
import type { Groups } from "./groups.js";
import { setGroup } from "./result.js";
import { PathnameIndex } from "./pathname-index.js";
import { type Route, RouteTrie, TrieMatch } from "./route-trie.js";
import { PATHNAME, type UrlInput } from "./url-input.js";
import type { UrlMatcher } from "./url-matcher.js";

export class ListMatcher {
  private readonly trie = new RouteTrie();
  /** All the patterns, for a pathname the trie cannot decide (made when first needed). */
  private all: PathnameIndex | null = null;
  private readonly answer = new TrieMatch();
  /** The input the trie's walk asks `accept` about. */
  private input: UrlInput | null = null;
  /** Whether the walk is for groups: each pattern it takes is then run for them at once (kept), not tested and run again. */
  private wanted = false;
  /** The groups of the pattern the walk took last (its answer), and its index. */
  private kept: Groups[] | null = null;
  private keptIndex = -1;
  /** A pattern of the trie whose pathname matches: whether its other components do. */
  private readonly accept = (index: number) => {
    const matcher = this.matchers[index] as UrlMatcher;
    if (!this.wanted) return matcher.testOthers(this.input as UrlInput);
    return this.keep(index, matcher.execOthers(this.input as UrlInput, NO_GROUPS));
  };
  /** A pattern outside the trie: whether it matches. */
  private readonly test = (index: number) => {
    const matcher = this.matchers[index] as UrlMatcher;
    if (!this.wanted) return matcher.test(this.input as UrlInput);
    return this.keep(index, matcher.exec(this.input as UrlInput));
  };

  private keep(index: number, groups: Groups[] | null): boolean {
    if (groups === null) return false;
    this.kept = groups;
    this.keptIndex = index;
    return true;
  }

  constructor(private readonly matchers: readonly UrlMatcher[]) {
    for (const [i, m] of matchers.entries()) {
      const lines = m.components[PATHNAME]?.straightLines() ?? null;
      if (lines === null) this.trie.addPrefix(i, m.pathnameText);
      else {
        const route = {
          names: (m.components[PATHNAME] as ComponentMatcher).names,
          checkOthers: m.checksOthers,
          pathnameGroupsOnly: m.pathnameGroupsOnly,
        };
        for (const line of lines) this.trie.add(i, line, route);
      }
    }
  }

  /** The index of the first pattern `url` matches, or -1; after it, `answer` holds the trie's groups where it came from the trie. */
  first(url: UrlInput, wanted = false): number {
    const pathname = url.get(PATHNAME);
    const answer = this.answer;
    this.input = url;
    this.wanted = wanted;
    this.kept = null;
    this.trie.match(pathname, this.matchers.length, this.accept, this.test, answer);
    this.input = null;
    if (!answer.undecided) return answer.index;
    answer.index = -1;
    if (this.all === null) {
      const all = new PathnameIndex();
      for (const [i, m] of this.matchers.entries()) all.add(i, m.pathnameText);
      this.all = all;
    }
    return this.firstOf(url, this.all.candidates(pathname));
  }

  /** The first pattern `url` matches and each component's groups, or null. */
  found(url: UrlInput): { index: number; groups: Groups[] } | null {
    const index = this.first(url, true);
    return index < 0 ? null : { index, groups: this.groupsAt(url, index) };
  }

  /** Each component's groups of pattern `index`, which first() has just found `url` to match. */
  private groupsAt(url: UrlInput, index: number): Groups[] {
    const matcher = this.matchers[index] as UrlMatcher;
    const answer = this.answer;
    if (answer.index !== index) return matcher.exec(url) as Groups[];
    const kept = this.kept !== null && this.keptIndex === index ? this.kept : null;
    const route = answer.route;
    if (route === null) return kept ?? (matcher.exec(url) as Groups[]);
    const groups = kept ?? (matcher.execOthers(url, NO_GROUPS) as Groups[]);
    // The trie's groups of the pathname, sliced from it.
    const pathname = url.get(PATHNAME);
    const path: Groups = [];
    for (let g = 0; g < route.names.length; g++)
      path.push(pathname.slice(answer.slots[2 * g], answer.slots[2 * g + 1]));
    groups[PATHNAME] = path;
    return groups;
  }

  /**
   * The first pattern `url` matches and its groups as one object
   * (UrlMatcher.groupsObject()), or null. Where the trie gave it and only
   * its pathname has groups, they are sliced into the object at once.
   */
  groupsFound(url: UrlInput): { index: number; groups: Record<string, string | undefined> } | null {
    const index = this.first(url, true);
    if (index < 0) return null;
    const answer = this.answer;
    if (answer.index === index && answer.route?.pathnameGroupsOnly === true) {
      const pathname = url.get(PATHNAME);
      const names = (answer.route as Route).names;
      const groups: Record<string, string | undefined> = {};
      for (let g = 0; g < names.length; g++)
        setGroup(groups, names[g] as string, pathname.slice(answer.slots[2 * g], answer.slots[2 * g + 1]));
      return { index, groups };
    }
    const matcher = this.matchers[index] as UrlMatcher;
    return { index, groups: matcher.groupsObject(url, this.groupsAt(url, index)) };
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

/** The groups of the pathname before the trie's are sliced in. */
const NO_GROUPS: Groups = [];
