// A whole URL pattern ready to match: a ComponentMatcher per component
// (component-matcher.ts), tried in the order that rejects soonest.

import type { Arena } from "../kernel/arena.js";
import type { CompileOptions } from "./compile.js";
import type { Part } from "./parts.js";
import { type ComponentMatcher, leadingText } from "./component-matcher.js";
import { type Groups, WHOLE } from "./groups.js";
import { COMPONENTS, type URLPatternInput } from "./init.js";
import { matchResult, setGroup, type URLPatternResult } from "./result.js";
import {
  type ComponentValues,
  HASH,
  HOSTNAME,
  PASSWORD,
  PATHNAME,
  PORT,
  PROTOCOL,
  SEARCH,
  USERNAME,
  type UrlInput,
} from "./url-input.js";

/** What the pattern parser made of one component, and its matcher. */
interface ComponentSource {
  readonly parts: readonly Part[];
  readonly options: CompileOptions;
  matcher(arena: Arena): ComponentMatcher;
}

/**
 * The order test() tries the components in: the path first (where a
 * router's patterns differ most), then the host and the scheme; the rest are
 * "*" in most patterns.
 */
const TEST_ORDER = [PATHNAME, HOSTNAME, PROTOCOL, PORT, SEARCH, HASH, USERNAME, PASSWORD];

/**
 * The components of `order` in `mask` (bit c: component c), as a list made
 * once for each order and subset (at most 2^8 of each): the patterns of a
 * large list share them, and a match reads one that others kept in the cache.
 */
function subset(order: readonly number[], mask: number): readonly number[] {
  let lists = LISTS.get(order);
  if (lists === undefined) {
    lists = [];
    LISTS.set(order, lists);
  }
  return (lists[mask] ??= order.filter((c) => (mask & (1 << c)) !== 0));
}

const LISTS = new Map<readonly number[], (readonly number[])[]>();
/** The components in the standard's order. */
const STANDARD_ORDER = COMPONENTS.map((_, c) => c);
/** Every component's bit, and the pathname's. */
const ALL = (1 << COMPONENTS.length) - 1;
const PATHNAME_BIT = 1 << PATHNAME;

/** "*" alone: its one group, "0", the whole value. */
function isLoneStar(component: ComponentMatcher): boolean {
  const { names } = component;
  return component.kind === "any" && names.length === 1 && names[0] === "0";
}

export class UrlMatcher {
  readonly components: ComponentMatcher[];
  /** The components test() has to read off a parsed URL: all but those that are "*". */
  private readonly toTest: readonly number[];
  /** Whether no component but the pathname has groups that groupsObject() reads. */
  readonly pathnameGroupsOnly: boolean;
  /** Whether testOthers() has a component to check. */
  readonly checksOthers: boolean;
  /** Whether every component but the pathname is "*" alone: its group "0" is the URL's value, so exec() needs only the pathname's groups. */
  readonly othersStar: boolean;
  /** toTest but the pathname. */
  private readonly others: readonly number[];
  /** Those that are "*": a parsed URL's value is their group as it is. */
  private readonly anything: readonly number[];
  /** The components with groups, in the standard's order, but those that are "*" alone (groupsObject()). */
  private readonly named: readonly number[];
  /** The fixed text every matching pathname starts with, case-sensitive ("" for none): the key URLPatternList indexes. */
  readonly pathnameText: string;

  constructor(arena: Arena, sources: readonly ComponentSource[]) {
    if (sources.length !== COMPONENTS.length) throw new Error("swurl: a URL pattern has eight components");
    this.components = sources.map((s) => s.matcher(arena));
    // A parsed URL's components hold no line terminator (the parser drops
    // tabs and newlines and percent-encodes the rest), which is all a "*"
    // could refuse.
    // Each a mask of the components: "*" (any value), "*" alone, and no group.
    let any = 0;
    let loneStar = 0;
    let noGroup = 0;
    for (let c = 0; c < COMPONENTS.length; c++) {
      const component = this.components[c] as ComponentMatcher;
      if (component.kind === "any") any |= 1 << c;
      if (isLoneStar(component)) loneStar |= 1 << c;
      if (component.names.length === 0) noGroup |= 1 << c;
    }
    this.toTest = subset(TEST_ORDER, ALL & ~any);
    this.anything = subset(TEST_ORDER, any);
    this.others = subset(TEST_ORDER, ALL & ~any & ~PATHNAME_BIT);
    this.checksOthers = this.others.length > 0;
    const named = ALL & ~(loneStar | noGroup);
    this.named = subset(STANDARD_ORDER, named);
    this.pathnameGroupsOnly = (named & ~PATHNAME_BIT) === 0;
    this.othersStar = (loneStar | PATHNAME_BIT) === ALL;
    const path = sources[PATHNAME];
    this.pathnameText = path.options.ignoreCase ? "" : leadingText(path.parts);
  }

  /** Whether the parsed `input` matches (its "*" components need no look). */
  test(input: UrlInput): boolean {
    return this.matches(input, this.toTest);
  }

  /** Whether a dictionary's component values match. */
  testValues(values: ComponentValues): boolean {
    return this.matches(values, TEST_ORDER);
  }

  /** Each component's groups for a dictionary's values, or null. */
  execValues(values: ComponentValues): Groups[] | null {
    return this.groupsOf(values, TEST_ORDER);
  }

  /**
   * Each component's groups for the parsed `input`, or null: the components
   * test() reads, in its order, so that a pattern that does not match is
   * refused as soon as by test(), and one that does is run once; then each
   * "*" takes its value as it is.
   */
  exec(input: UrlInput): Groups[] | null {
    return this.withAnything(this.groupsOf(input, this.toTest));
  }

  /** Whether the parsed `input` matches but for its pathname, which a list's route trie has matched. */
  testOthers(input: UrlInput): boolean {
    return this.matches(input, this.others);
  }

  /** exec() of the parsed `input` whose pathname a list's route trie has matched, with `pathname`'s groups. */
  execOthers(input: UrlInput, pathname: Groups): Groups[] | null {
    const groups = this.groupsOf(input, this.others);
    if (groups !== null) groups[PATHNAME] = pathname;
    return this.withAnything(groups);
  }

  /** `groups` with each "*" component's: its value as it is. */
  private withAnything(groups: Groups[] | null): Groups[] | null {
    if (groups === null) return null;
    const anything = this.anything;
    for (let i = 0; i < anything.length; i++) groups[anything[i] as number] = WHOLE;
    return groups;
  }

  /** Whether the components of `order` match their values. An indexed loop: a router calls this for every pattern it tries. */
  private matches(values: ComponentValues, order: readonly number[]): boolean {
    const components = this.components;
    for (let i = 0; i < order.length; i++) {
      const c = order[i] as number;
      if (!(components[c] as ComponentMatcher).test(values.get(c))) return false;
    }
    return true;
  }

  /** The groups of the components of `order` (the others' left unset), or null where one does not match. */
  private groupsOf(values: ComponentValues, order: readonly number[]): Groups[] | null {
    const components = this.components;
    // Made at the first component that matches: most patterns a router tries fail at the first.
    let groups: Groups[] | null = null;
    for (let i = 0; i < order.length; i++) {
      const c = order[i] as number;
      const g = (components[c] as ComponentMatcher).exec(values.get(c));
      if (g === null) return null;
      groups ??= new Array(COMPONENTS.length);
      groups[c] = g;
    }
    return groups ?? new Array(COMPONENTS.length);
  }

  /**
   * The groups of a match (exec(), execValues()) of `values` as one object,
   * by name: those of every component but a "*" alone, in the standard's
   * order, a later component's group taking the place of an earlier one of
   * the same name (the pathname's ":id" over the hostname's). A "*" alone is
   * left out: its group "0" would be every URL's value of it.
   */
  groupsObject(values: ComponentValues, groups: readonly Groups[]): Record<string, string | undefined> {
    const out: Record<string, string | undefined> = {};
    const named = this.named;
    for (let k = 0; k < named.length; k++) {
      const c = named[k] as number;
      const names = (this.components[c] as ComponentMatcher).names;
      const match = groups[c] as Groups;
      for (let i = 0; i < names.length; i++)
        setGroup(out, names[i] as string, match === WHOLE ? values.get(c) : match[i]);
    }
    return out;
  }

  /** The result of a match: the values its groups come from, the groups (exec(), execValues()) and the inputs it names. */
  result(values: ComponentValues, groups: readonly Groups[], inputs: URLPatternInput[]): URLPatternResult {
    return matchResult(this.components, values, groups, inputs);
  }
}
