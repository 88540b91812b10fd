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

/** "Create a component match result": groups named in pattern order (WHOLE: the one group is `input`). */
function componentResult(names: readonly string[], input: string, match: Groups): URLPatternComponentResult {
  // The group of a lone "*" (or of any unnamed group alone): a literal. V8
  // stores an integer-like key such as "0" set by name through a slow path,
  // and a literal's shape is known when it is compiled.
  if (names.length === 1 && names[0] === "0") return { groups: { 0: match === WHOLE ? input : match[0] }, input };
  const groups: Record<string, string | undefined> = {};
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    setGroup(groups, name, match === WHOLE ? input : match[i]);
  }
  return { groups, input };
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
  const one = (i: number) =>
    componentResult((matchers[i] as ComponentMatcher).names, values.get(i), groups[i] as Groups);
  // One object literal: one shape for every result.
  return {
    hash: one(7),
    hostname: one(3),
    inputs,
    password: one(2),
    pathname: one(5),
    port: one(4),
    protocol: one(0),
    search: one(6),
    username: one(1),
  };
}
