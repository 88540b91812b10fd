// A URL pattern's input given as a string: parsed by swurl's parser (its fast
// path for serialized URLs included), no URL object made, and each component
// read off the record as the standard's "match" takes it: the scheme, the
// username and password, the serialized host, the serialized port, the
// serialized path, and the query and fragment without their "?" and "#".

import * as L from "../../assembly/layout.js";
import type { ParsedUrl } from "../whatwg/url.js";

// Indices of the components in COMPONENTS (init.ts), the standard's order.
export const PROTOCOL = 0;
export const USERNAME = 1;
export const PASSWORD = 2;
export const HOSTNAME = 3;
export const PORT = 4;
export const PATHNAME = 5;
export const SEARCH = 6;
export const HASH = 7;

/** Component `c` (an index of COMPONENTS, init.ts) of the parsed `url`, as the match algorithm reads it. */
function componentOf(url: ParsedUrl, c: number): string {
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
export function urlComponents(url: ParsedUrl): string[] {
  const values: string[] = [];
  for (let c = PROTOCOL; c <= HASH; c++) values.push(componentOf(url, c));
  return values;
}

/**
 * A parsed input with its components as they are read: each is sliced
 * once, however many patterns read it (a router's patterns all read the
 * pathname).
 */
export class UrlInput {
  /** Eight slots from the start: an array of one elements kind, never holey. */
  private readonly values: (string | undefined)[] = [
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
  ];
  constructor(readonly url: ParsedUrl) {}

  /** Component `c` (an index of COMPONENTS). */
  get(c: number): string {
    let value = this.values[c];
    if (value === undefined) {
      value = componentOf(this.url, c);
      this.values[c] = value;
    }
    return value;
  }
}

/** What a match reads a component's value from: a parsed input, or a dictionary's values (ValueList). */
export interface ComponentValues {
  /** Component `c` (an index of COMPONENTS). */
  get(c: number): string;
}

/** A dictionary's eight component values, in COMPONENTS order. */
export class ValueList implements ComponentValues {
  constructor(private readonly values: readonly string[]) {}
  get(c: number): string {
    return this.values[c] as string;
  }
}

type Parse = (input: string, base?: string | ParsedUrl) => ParsedUrl | null;

/**
 * The parser with a memory of its last input: a router tries one URL against
 * pattern after pattern, and each pattern's test() or exec() then finds it
 * parsed, and its components sliced. Parsing is a pure function of the two
 * strings.
 */
export function cachedParse(parse: Parse): (input: string, base: string | undefined) => UrlInput | null {
  let lastInput: string | null = null;
  let lastBase: string | undefined;
  let lastUrl: UrlInput | null = null;
  return (input, base) => {
    if (input === lastInput && base === lastBase) return lastUrl;
    let url: ParsedUrl | null = null;
    if (base === undefined) url = parse(input);
    else {
      // "If baseURLString was given, let baseURL be the result of parsing it; if failure, return null."
      const baseUrl = parse(base);
      url = baseUrl === null ? null : parse(input, baseUrl);
    }
    lastInput = input;
    lastBase = base;
    lastUrl = url === null ? null : new UrlInput(url);
    return lastUrl;
  };
}
