// A URL pattern's input given as a string: parsed by swurl's parser (its fast
// path for serialized URLs included), no URL object made, and each component
// read off the record as the standard's "match" takes it: the scheme, the
// username and password, the serialized host, the serialized port, the
// serialized path, and the query and fragment without their "?" and "#".

import * as L from "../../assembly/layout.js";
import type { Url } from "../whatwg/url.js";

/** The components in the standard's order (#url-pattern-struct). */
export const COMPONENTS = [
  "protocol",
  "username",
  "password",
  "hostname",
  "port",
  "pathname",
  "search",
  "hash",
] as const;
export type ComponentName = (typeof COMPONENTS)[number];
export const PROTOCOL = 0;
export const USERNAME = 1;
export const PASSWORD = 2;
export const HOSTNAME = 3;
export const PORT = 4;
export const PATHNAME = 5;
export const SEARCH = 6;
export const HASH = 7;

/** Component `c` (an index of COMPONENTS, init.ts) of the parsed `url`, as the match algorithm reads it. */
export function componentOf(url: Url, c: number): string {
  switch (c) {
    case PROTOCOL:
      return url._href.slice(0, url._schemeEnd);
    case USERNAME:
      return url.username;
    case PASSWORD:
      return url.password;
    case HOSTNAME:
      return url.hostname;
    case PORT:
      return url.port;
    case PATHNAME:
      return url.pathname;
    case SEARCH: {
      if (url._queryStart === L.NONE) return "";
      const end = url._fragmentStart === L.NONE ? url._href.length : url._fragmentStart;
      return url._href.slice(url._queryStart + 1, end);
    }
    default:
      return url._fragmentStart === L.NONE ? "" : url._href.slice(url._fragmentStart + 1);
  }
}

/** The eight components of the parsed `url`, in the standard's order. */
export function urlComponents(url: Url): string[] {
  const values: string[] = [];
  for (let c = PROTOCOL; c <= HASH; c++) values.push(componentOf(url, c));
  return values;
}

type Parse = (input: string, base?: string | Url) => Url | null;

/**
 * The parser with a memory of its last input: a router tries one URL against
 * pattern after pattern, and each pattern's test() or exec() then finds it
 * parsed. Parsing is a pure function of the two strings.
 */
export function cachedParse(parse: Parse): (input: string, base: string | undefined) => Url | null {
  let lastInput: string | null = null;
  let lastBase: string | undefined;
  let lastUrl: Url | null = null;
  return (input, base) => {
    if (input === lastInput && base === lastBase) return lastUrl;
    let url: Url | null = null;
    if (base === undefined) url = parse(input);
    else {
      // "If baseURLString was given, let baseURL be the result of parsing it; if failure, return null."
      const baseUrl = parse(base);
      url = baseUrl === null ? null : parse(input, baseUrl);
    }
    lastInput = input;
    lastBase = base;
    lastUrl = url;
    return url;
  };
}
