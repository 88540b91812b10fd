// "Create a component match result" and the URLPatternResult exec() returns
// (https://urlpattern.spec.whatwg.org/#create-a-component-match-result), made
// from a pattern's component matchers, which hold the group names: a list's
// exec() reads no more of a pattern than its matcher.

import type { ComponentMatcher } from "./component-matcher.js";
import { type Groups, WHOLE } from "./groups.js";
import type { URLPatternInput } from "./init.js";
import type { ComponentValues } from "./url-input.js";

// Both results are WebIDL dictionaries, whose members a JavaScript object
// gets "in lexicographical order" (WebIDL, #idl-dictionaries): the order
// JSON.stringify() shows, as the platform's URLPattern gives them.

/** One component's match: its groups by name, in pattern order (undefined: a group that matched nothing), and its input. */
export interface URLPatternComponentResult {
  groups: Record<string, string | undefined>;
  input: string;
}

/** A component's groups by name. */
type NamedGroups = URLPatternComponentResult["groups"];

/** What exec() returns: each component's match and the inputs it was given. */
export interface URLPatternResult {
  hash: URLPatternComponentResult;
  hostname: URLPatternComponentResult;
  inputs: URLPatternInput[];
  password: URLPatternComponentResult;
  pathname: URLPatternComponentResult;
  port: URLPatternComponentResult;
  protocol: URLPatternComponentResult;
  search: URLPatternComponentResult;
  username: URLPatternComponentResult;
}

/** The groups object of one group "0", copied: JSON.parse() gives it elements of one slot. */
const ZERO = /* @__PURE__ */ JSON.parse('{"0":null}') as NamedGroups;

/** The groups of "*" alone: its group "0", `value`. */
function zero(value: string | undefined): NamedGroups {
  // A copy of ZERO: the one slot of elements it needs, where the literal
  // { 0: value } (and a store onto {}) gets V8's first growth, 17 slots.
  const groups: NamedGroups = { ...ZERO };
  groups[0] = value;
  return groups;
}

/**
 * The groups of "create a component match result": named in pattern order
 * (WHOLE: the one group is `input`).
 */
function groupsOf(names: readonly string[], input: string, match: Groups): NamedGroups {
  // Where the shape is known when the code is compiled: no group (fixed
  // text), and the group of a lone "*" (or of any unnamed group alone).
  const n = names.length;
  if (n === 0) return {};
  if (n === 1 && names[0] === "0") return zero(match === WHOLE ? input : match[0]);
  const groups: NamedGroups = {};
  for (let i = 0; i < n; i++) setGroup(groups, names[i] as string, match === WHOLE ? input : match[i]);
  return groups;
}

/** Set group `name` of `groups` to `value`. */
export function setGroup(groups: NamedGroups, name: string, value: string | undefined): void {
  // A data property even for "__proto__", which plain assignment would take
  // as the prototype. Only then: defineProperty is a slow path of its own.
  if (name === "__proto__") {
    Object.defineProperty(groups, name, { value, writable: true, enumerable: true, configurable: true });
  } else groups[name] = value;
}

/** The result of a match: the eight component values, their groups (COMPONENTS order) and the inputs it names. */
export function matchResult(
  matchers: readonly ComponentMatcher[],
  values: ComponentValues,
  groups: readonly Groups[],
  inputs: URLPatternInput[],
): URLPatternResult {
  const g = (c: number) => groupsOf((matchers[c] as ComponentMatcher).names, values.get(c), groups[c] as Groups);
  return resultOf(values, inputs, g(0), g(1), g(2), g(3), g(4), g(5), g(6), g(7));
}

/**
 * The result of a match of a pattern whose components but the pathname are
 * "*" alone (UrlMatcher.othersStar), its pathname's groups given: no
 * pattern read, and the same shape of groups for every such pattern.
 */
export function starResult(
  values: ComponentValues,
  pathnameGroups: NamedGroups,
  inputs: URLPatternInput[],
): URLPatternResult {
  const g = (c: number) => zero(values.get(c));
  return resultOf(values, inputs, g(0), g(1), g(2), g(3), g(4), pathnameGroups, g(6), g(7));
}

/** The result of the eight components' `values` and their groups (COMPONENTS order). */
function resultOf(
  values: ComponentValues,
  inputs: URLPatternInput[],
  g0: NamedGroups,
  g1: NamedGroups,
  g2: NamedGroups,
  g3: NamedGroups,
  g4: NamedGroups,
  g5: NamedGroups,
  g6: NamedGroups,
  g7: NamedGroups,
): URLPatternResult {
  // One literal, its component results literals in it: one shape for every
  // result, and the objects allocated together.
  return {
    hash: { groups: g7, input: values.get(7) },
    hostname: { groups: g3, input: values.get(3) },
    inputs,
    password: { groups: g2, input: values.get(2) },
    pathname: { groups: g5, input: values.get(5) },
    port: { groups: g4, input: values.get(4) },
    protocol: { groups: g0, input: values.get(0) },
    search: { groups: g6, input: values.get(6) },
    username: { groups: g1, input: values.get(1) },
  };
}
