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
const ZERO = /* @__PURE__ */ JSON.parse('{"0":null}') as Record<string, string | undefined>;

/**
 * The groups of "create a component match result": named in pattern order
 * (WHOLE: the one group is `input`).
 */
function groupsOf(names: readonly string[], input: string, match: Groups): Record<string, string | undefined> {
  // Where the shape is known when the code is compiled: no group (fixed
  // text), and the group of a lone "*" (or of any unnamed group alone).
  const n = names.length;
  if (n === 0) return {};
  if (n === 1 && names[0] === "0") {
    // A copy of ZERO: the one slot of elements it needs, where the literal
    // { 0: value } (and a store onto {}) gets V8's first growth, 17 slots.
    const groups: Record<string, string | undefined> = { ...ZERO };
    groups[0] = match === WHOLE ? input : match[0];
    return groups;
  }
  const groups: Record<string, string | undefined> = {};
  for (let i = 0; i < n; i++) setGroup(groups, names[i] as string, match === WHOLE ? input : match[i]);
  return groups;
}

/** Set group `name` of `groups` to `value`. */
export function setGroup(groups: Record<string, string | undefined>, name: string, value: string | undefined): void {
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
  const protocol = values.get(0);
  const username = values.get(1);
  const password = values.get(2);
  const hostname = values.get(3);
  const port = values.get(4);
  const pathname = values.get(5);
  const search = values.get(6);
  const hash = values.get(7);
  // The groups first, then one literal, its component results literals in
  // it: one shape for every result, and the objects allocated together.
  const g0 = groupsOf((matchers[0] as ComponentMatcher).names, protocol, groups[0] as Groups);
  const g1 = groupsOf((matchers[1] as ComponentMatcher).names, username, groups[1] as Groups);
  const g2 = groupsOf((matchers[2] as ComponentMatcher).names, password, groups[2] as Groups);
  const g3 = groupsOf((matchers[3] as ComponentMatcher).names, hostname, groups[3] as Groups);
  const g4 = groupsOf((matchers[4] as ComponentMatcher).names, port, groups[4] as Groups);
  const g5 = groupsOf((matchers[5] as ComponentMatcher).names, pathname, groups[5] as Groups);
  const g6 = groupsOf((matchers[6] as ComponentMatcher).names, search, groups[6] as Groups);
  const g7 = groupsOf((matchers[7] as ComponentMatcher).names, hash, groups[7] as Groups);
  return {
    hash: { groups: g7, input: hash },
    hostname: { groups: g3, input: hostname },
    inputs,
    password: { groups: g2, input: password },
    pathname: { groups: g5, input: pathname },
    port: { groups: g4, input: port },
    protocol: { groups: g0, input: protocol },
    search: { groups: g6, input: search },
    username: { groups: g1, input: username },
  };
}
