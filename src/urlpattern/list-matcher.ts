// The search a URLPatternList runs for a parsed input: the first of its
// patterns that the input matches, as the standard's loop over them finds
// it, without the loop.
//
// The patterns whose pathname is a straight line (route-trie.ts) are in the
// route trie, which gives the first of them whose pathname matches and whose
// other components then match too; the rest are in a pathname index
// (pathname-index.ts), which names those whose leading text the pathname
// starts with, tried in order while they come before the trie's answer. A
// pathname the trie cannot decide (a code unit above ASCII, which a parsed
// URL's pathname never has) is searched the index's way alone, on an index
// of all the patterns.

import type { ComponentMatcher } from "./component-matcher.js";
import type { Groups } from "./groups.js";
import { setGroup } from "./result.js";
import { PathnameIndex } from "./pathname-index.js";
import { type Route, RouteTrie, TrieMatch } from "./route-trie.js";
import { PATHNAME, type UrlInput } from "./url-input.js";
import type { UrlMatcher } from "./url-matcher.js";

export class ListMatcher {
  private readonly trie = new RouteTrie();
  /** The patterns outside the trie. */
  private readonly rest = new PathnameIndex();
  /** All the patterns, for a pathname the trie cannot decide (made when first needed). */
  private all: PathnameIndex | null = null;
  private readonly answer = new TrieMatch();
  /** The input the trie's walk asks `accept` about. */
  private input: UrlInput | null = null;
  private readonly accept = (index: number) => (this.matchers[index] as UrlMatcher).testOthers(this.input as UrlInput);

  constructor(private readonly matchers: readonly UrlMatcher[]) {
    for (const [i, m] of matchers.entries()) {
      const lines = m.components[PATHNAME]?.straightLines() ?? null;
      if (lines === null) this.rest.add(i, m.pathnameText);
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
  first(url: UrlInput): number {
    const pathname = url.get(PATHNAME);
    const answer = this.answer;
    this.input = url;
    this.trie.match(pathname, this.matchers.length, this.accept, answer);
    this.input = null;
    if (answer.undecided) {
      answer.index = -1;
      if (this.all === null) {
        const all = new PathnameIndex();
        for (const [i, m] of this.matchers.entries()) all.add(i, m.pathnameText);
        this.all = all;
      }
      return this.firstOf(url, this.all.candidates(pathname), this.matchers.length);
    }
    const limit = answer.index < 0 ? this.matchers.length : answer.index;
    const other = this.firstOf(url, this.rest.candidates(pathname), limit);
    if (other >= 0) answer.index = -1;
    return other >= 0 ? other : answer.index;
  }

  /** The first pattern `url` matches and each component's groups, or null. */
  found(url: UrlInput): { index: number; groups: Groups[] } | null {
    const index = this.first(url);
    return index < 0 ? null : { index, groups: this.groupsAt(url, index) };
  }

  /** Each component's groups of pattern `index`, which first() has just found `url` to match. */
  private groupsAt(url: UrlInput, index: number): Groups[] {
    const matcher = this.matchers[index] as UrlMatcher;
    const answer = this.answer;
    if (answer.index !== index) return matcher.exec(url) as Groups[];
    // The trie's groups of the pathname, sliced from it.
    const pathname = url.get(PATHNAME);
    const count = (answer.route as Route).names.length;
    const path: Groups = [];
    for (let g = 0; g < count; g++) path.push(pathname.slice(answer.slots[2 * g], answer.slots[2 * g + 1]));
    return matcher.execOthers(url, path) as Groups[];
  }

  /**
   * The first pattern `url` matches and its groups as one object
   * (UrlMatcher.groupsObject()), or null. Where the trie gave it and only
   * its pathname has groups, they are sliced into the object at once.
   */
  groupsFound(url: UrlInput): { index: number; groups: Record<string, string | undefined> } | null {
    const index = this.first(url);
    if (index < 0) return null;
    const answer = this.answer;
    if (answer.index === index && (answer.route as Route).pathnameGroupsOnly) {
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

  /** The first of `candidates` below `limit` that `url` matches, or -1. */
  private firstOf(url: UrlInput, candidates: readonly number[], limit: number): number {
    for (let k = 0; k < candidates.length; k++) {
      const i = candidates[k] as number;
      if (i >= limit) break;
      if ((this.matchers[i] as UrlMatcher).test(url)) return i;
    }
    return -1;
  }
}
