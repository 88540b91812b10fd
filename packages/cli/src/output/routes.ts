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
    try {
      new URLPattern(patternOf(line));
    } catch (error) {
      throw new UsageError(`${command}: --routes ${file}:${i + 1}: ${(error as Error).message}`);
    }
    routes.push(line);
  }
  if (routes.length === 0) throw new UsageError(`${command}: --routes ${file} has no routes`);
  return routes;
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
