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
  const v = (c: number) => values.get(c);
  const g = (c: number) => groupsOf((matchers[c] as ComponentMatcher).names, values.get(c), groups[c] as Groups);
  return resultOf(
    inputs,
    v(0),
    g(0),
    v(1),
    g(1),
    v(2),
    g(2),
    v(3),
    g(3),
    v(4),
    g(4),
    v(5),
    g(5),
    v(6),
    g(6),
    v(7),
    g(7),
  );
}

/**
 * The result of a match of a pattern whose components but the pathname are
 * "*" alone (UrlMatcher.othersStar), from the eight component values and
 * the pathname's groups: no pattern read, and the same shape of groups for
 * every such pattern. The values come as strings: a request target read as
 * it came has them without a UrlInput.
 */
export function starResult(
  inputs: URLPatternInput[],
  protocol: string,
  username: string,
  password: string,
  hostname: string,
  port: string,
  pathname: string,
  pathnameGroups: NamedGroups,
  search: string,
  hash: string,
): URLPatternResult {
  return resultOf(
    inputs,
    protocol,
    zero(protocol),
    username,
    zero(username),
    password,
    zero(password),
    hostname,
    zero(hostname),
    port,
    zero(port),
    pathname,
    pathnameGroups,
    search,
    zero(search),
    hash,
    zero(hash),
  );
}

/** The result of each component's value and groups, in COMPONENTS order, naming `inputs`. */
function resultOf(
  inputs: URLPatternInput[],
  protocol: string,
  protocolGroups: NamedGroups,
  username: string,
  usernameGroups: NamedGroups,
  password: string,
  passwordGroups: NamedGroups,
  hostname: string,
  hostnameGroups: NamedGroups,
  port: string,
  portGroups: NamedGroups,
  pathname: string,
  pathnameGroups: NamedGroups,
  search: string,
  searchGroups: NamedGroups,
  hash: string,
  hashGroups: NamedGroups,
): URLPatternResult {
  // One literal, its component results literals in it: one shape for every
  // result, and the objects allocated together.
  return {
    hash: { groups: hashGroups, input: hash },
    hostname: { groups: hostnameGroups, input: hostname },
    inputs,
    password: { groups: passwordGroups, input: password },
    pathname: { groups: pathnameGroups, input: pathname },
    port: { groups: portGroups, input: port },
    protocol: { groups: protocolGroups, input: protocol },
    search: { groups: searchGroups, input: search },
    username: { groups: usernameGroups, input: username },
  };
}
