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

/**
 * The groups of "create a component match result": named in pattern order
 * (WHOLE: the one group is `input`).
 */
function groupsOf(names: readonly string[], input: string, match: Groups): Record<string, string | undefined> {
  // Literals where the shape is known when the code is compiled: no group
  // (fixed text), and the group of a lone "*" (or of any unnamed group
  // alone), which V8 would store by name through a slow path.
  if (names.length === 0) return {};
  if (names.length === 1 && names[0] === "0") return { 0: match === WHOLE ? input : match[0] };
  const groups: Record<string, string | undefined> = {};
  for (let i = 0; i < names.length; i++) setGroup(groups, names[i] as string, match === WHOLE ? input : match[i]);
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
  const names = (c: number) => (matchers[c] as ComponentMatcher).names;
  const protocol = values.get(0);
  const username = values.get(1);
  const password = values.get(2);
  const hostname = values.get(3);
  const port = values.get(4);
  const pathname = values.get(5);
  const search = values.get(6);
  const hash = values.get(7);
  // One literal, its component results literals in it: one shape for every
  // result, and the objects allocated together.
  return {
    hash: { groups: groupsOf(names(7), hash, groups[7] as Groups), input: hash },
    hostname: { groups: groupsOf(names(3), hostname, groups[3] as Groups), input: hostname },
    inputs,
    password: { groups: groupsOf(names(2), password, groups[2] as Groups), input: password },
    pathname: { groups: groupsOf(names(5), pathname, groups[5] as Groups), input: pathname },
    port: { groups: groupsOf(names(4), port, groups[4] as Groups), input: port },
    protocol: { groups: groupsOf(names(0), protocol, groups[0] as Groups), input: protocol },
    search: { groups: groupsOf(names(6), search, groups[6] as Groups), input: search },
    username: { groups: groupsOf(names(1), username, groups[1] as Groups), input: username },
  };
}
