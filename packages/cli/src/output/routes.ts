// --routes FILE (stats, parse): a routes file, one URL pattern a line, and
// the `route` field: the first route a URL matches, as the file writes it,
// so that a log can be grouped by route template. A line starting with "/"
// is a pathname pattern (every other component matches anything); any other
// line is a whole pattern string ("https://*.example.com/api/:v/*").
// Blank lines and lines starting with "#" are skipped.

import { readFileSync } from "node:fs";
import { URLPattern, URLPatternList } from "swurl";
import { UsageError } from "../errors.js";
import { reason } from "../io.js";

/** What the URLPattern constructor is given for a routes file's line. */
function patternOf(line: string): string | { pathname: string } {
  return line.startsWith("/") ? { pathname: line } : line;
}

/**
 * Whether every route is a pathname pattern: then the URL's other
 * components match "*", whatever they are, and its route is a function of
 * its pathname string alone (URLPattern's exec() matches each component's
 * string against that component's pattern), be the URL special, file: or
 * one with an opaque path.
 */
export function pathnameRoutes(routes: readonly string[]): boolean {
  return routes.every((line) => typeof patternOf(line) !== "string");
}

/** The routes of FILE, each checked to be a valid pattern (a usage error names the line). */
export function readRoutes(command: string, file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`${command}: cannot read --routes ${file}: ${reason(error)}`);
  }
  const routes: string[] = [];
  for (const [i, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    let pattern: URLPattern;
    try {
      pattern = new URLPattern(patternOf(line));
    } catch (error) {
      throw new UsageError(`${command}: --routes ${file}:${i + 1}: ${(error as Error).message}`);
    }
    const nested = COMPONENTS.map((c) => nestedRepetition(pattern[c])).find((g) => g !== null);
    if (nested !== undefined)
      throw new UsageError(
        `${command}: --routes ${file}:${i + 1}: the group ${nested} repeats a repetition or an alternation, which a regular expression may take exponential time to match; write it without the nesting (such as (a+))`,
      );
    routes.push(line);
  }
  if (routes.length === 0) throw new UsageError(`${command}: --routes ${file} has no routes`);
  return routes;
}

/** The components of a pattern, as its getters name them. */
const COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"] as const;

/**
 * The first regular expression group of a component's pattern string whose
 * expression repeats (with *, + or {n,}) something that itself repeats or
 * holds an alternation ("((?:a+)+)", "((a|ab)*)"), or null. Such an
 * expression is outside what swurl's linear matcher compiles, and a
 * backtracking RegExp can take exponential time on a short path.
 */
function nestedRepetition(component: string): string | null {
  for (let i = 0; i < component.length; i++) {
    const c = component[i];
    if (c === "\\") i++;
    else if (c === "(") {
      const end = groupEnd(component, i);
      const group = component.slice(i, end + 1);
      if (repeatsRepetition(group.slice(1, -1))) return group;
      i = end;
    }
  }
  return null;
}

/** The index of the ")" that closes the group opened at `open` (escapes and classes skipped). */
function groupEnd(text: string, open: number): number {
  let depth = 0;
  let inClass = false;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return text.length - 1;
}

/** Whether the quantifier at `at` (if any) repeats without bound: *, + or {n,}. */
function unbounded(text: string, at: number): boolean {
  const c = text[at];
  return c === "*" || c === "+" || (c === "{" && /^\{\d+,\}/.test(text.slice(at)));
}

/** Whether a regular expression repeats without bound a group that repeats or alternates. */
function repeatsRepetition(regexp: string): boolean {
  // One frame a group open: whether it holds a repetition or an alternation.
  const frames: boolean[] = [false];
  let inClass = false;
  for (let i = 0; i < regexp.length; i++) {
    const c = regexp[i];
    if (c === "\\") {
      i++;
      if (unbounded(regexp, i + 1)) frames[frames.length - 1] = true;
    } else if (inClass) {
      inClass = c !== "]";
      if (!inClass && unbounded(regexp, i + 1)) frames[frames.length - 1] = true;
    } else if (c === "[") inClass = true;
    else if (c === "(") frames.push(false);
    else if (c === ")" && frames.length > 1) {
      const inner = frames.pop() as boolean;
      const repeated = unbounded(regexp, i + 1);
      if (inner && repeated) return true;
      if (inner || repeated) frames[frames.length - 1] = true;
    } else if (c === "|") frames[frames.length - 1] = true;
    else if (unbounded(regexp, i + 1)) frames[frames.length - 1] = true;
  }
  return false;
}

/** The routes' matcher, made once per list of routes (each worker thread makes its own). */
const lists = new WeakMap<readonly string[], URLPatternList>();

/** The first of `routes` that `href` matches, or null. */
export function routeOf(routes: readonly string[], href: string): string | null {
  let list = lists.get(routes);
  if (list === undefined) {
    list = new URLPatternList(routes.map(patternOf));
    lists.set(routes, list);
  }
  const index = list.findIndex(href);
  return index < 0 ? null : routes[index];
}
