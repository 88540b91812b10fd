// Random URL patterns against random URLs, swurl's URLPattern (every build)
// against the engine's own (Node 24's, Ada): the same constructor errors,
// pattern strings and hasRegExpGroups, and the same test() and exec() results
// (groups compared as sets: Node gives them in another order than the
// pattern's, which swurl keeps, as Chromium does). Where the engine has no
// URLPattern (Node 20) the builds are compared with each other only.
//
// Patterns are built from the pieces pattern syntax branches on: fixed text
// (with non-ASCII, "%", spaces, dots), named groups, custom regexp groups,
// wildcards, modifiers, "{ }" groups and escapes; as init dictionaries (with
// a base URL, ignoreCase) or as constructor strings. URLs are built from the
// same vocabulary, as strings (with a base URL) or dictionaries.
import fc from "fast-check";
import { builds } from "./builds";
import type { FuzzProperty } from "./fuzz-properties";
import { anyString } from "./fuzz-inputs";

export type Args = unknown[];

/** One case: the constructor's arguments and the arguments of the test() and exec() calls made on it. */
export interface PatternPair {
  pattern: Args;
  inputs: Args[];
}

export type PatternClass = new (
  ...args: unknown[]
) => Record<string, unknown> & {
  test(...args: unknown[]): boolean;
  exec(...args: unknown[]): Record<string, unknown> | null;
};

/** The engine's own URLPattern: the oracle, where there is one. */
export const nativeURLPattern = (globalThis as unknown as { URLPattern?: PatternClass }).URLPattern;

const piece = (...pieces: string[]) => fc.constantFrom(...pieces);
/** A pattern string: 0 to `max` pieces, with now and then any string at all. */
const text = (pieces: fc.Arbitrary<string>, max: number) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.array(pieces, { maxLength: max }).map((a) => a.join("")) },
    { weight: 1, arbitrary: anyString },
  );

// Custom regexp groups have no unbounded quantifier of their own: with a
// modifier after them that would be a nested quantifier, on which every
// implementation's RegExp engine takes time exponential in the input.
const SYNTAX = ["*", "?", "+", "{", "}", "{/", "}?", "}*", "\\", "\\:", "\\*", "\\(", ":", "(", ")", "(.*)", "(\\d)"];
const GROUPS = [":id", ":x", ":a", ":_b", ":ç", ":p(\\d)", ":n([a-z]{1,3})", "(a|b)", "(foo)", "([^/])", "(\\w)"];
const patternPieces = {
  protocol: piece(
    "http",
    "https",
    "s",
    "{s}?",
    "http{s}?",
    "ftp",
    "file",
    "data",
    "foo",
    "ws",
    "*",
    ":p",
    "(https?)",
    "+",
    "H",
    "é",
  ),
  userinfo: piece("u", "user", ":u", "*", "@", "é", "%", "%41", " ", ...SYNTAX.slice(0, 6)),
  hostname: piece(
    "example",
    ".",
    "com",
    "a",
    "-",
    ":sub",
    "*",
    "{",
    "}",
    "?",
    "[::1]",
    "[",
    "]",
    "xn--",
    "é",
    "EXAMPLE",
    "(\\w{1,5})",
    "%",
    "127.0.0.1",
    ":",
    "/",
    "0x1f",
    "1",
    "x",
  ),
  port: piece("80", "443", "8080", "0", "65536", "*", ":p", "(\\d{1,4})", "8", "{0}?", "a", "1"),
  pathname: piece(
    "/",
    "/a",
    "/books",
    "/b",
    "/x.y",
    "/é",
    "/%20",
    "/a b",
    "-",
    ".",
    "..",
    "~",
    "/A",
    "/123",
    "/%2e",
    "/.",
    "/%2E.",
    "\\",
    ...GROUPS,
    ...SYNTAX,
  ),
  search: piece("q", "=", "&", ":v", "a=", "é", " ", "%", "?", "#", "Q", ...GROUPS.slice(0, 6), ...SYNTAX.slice(0, 8)),
  hash: piece("h", "é", " ", "#", "?", "a", "H", "%", ...GROUPS.slice(0, 6), ...SYNTAX.slice(0, 8)),
};
const componentPattern = {
  protocol: text(patternPieces.protocol, 3),
  username: text(patternPieces.userinfo, 3),
  password: text(patternPieces.userinfo, 3),
  hostname: text(patternPieces.hostname, 5),
  port: text(patternPieces.port, 2),
  pathname: text(patternPieces.pathname, 6),
  search: text(patternPieces.search, 4),
  hash: text(patternPieces.hash, 3),
};
const BASES = [
  "https://example.com/a/b?q=1#h",
  "http://user:pw@h:81/",
  "https://[::1]/x",
  "data:text/plain,x",
  "file:///x/y",
  "foo://h/p/q",
  "ftp://a.example.com:21/",
  "not a url",
];
const baseURL = fc.constantFrom(...BASES);
const options = fc.option(fc.record({ ignoreCase: fc.boolean() }), { nil: undefined });

/** An init dictionary of pattern strings, some with a base URL. */
const initPattern = fc.record({ ...componentPattern, baseURL }, { requiredKeys: [] }) as fc.Arbitrary<
  Record<string, string>
>;

/** A constructor string: "protocol://user:pass@host:port/path?search#hash" with parts left out, or relative (with a base URL). */
const stringPattern = fc
  .record({
    protocol: fc.option(componentPattern.protocol, { nil: undefined }),
    slashes: fc.constantFrom("//", "", "/"),
    userinfo: fc.option(fc.tuple(componentPattern.username, fc.option(componentPattern.password)), { nil: undefined }),
    hostname: componentPattern.hostname,
    port: fc.option(componentPattern.port, { nil: undefined }),
    pathname: componentPattern.pathname,
    search: fc.option(componentPattern.search, { nil: undefined }),
    hash: fc.option(componentPattern.hash, { nil: undefined }),
  })
  .map((p) => {
    let s = p.protocol === undefined ? "" : `${p.protocol}:${p.slashes}`;
    if (p.protocol !== undefined) {
      if (p.userinfo !== undefined) s += `${p.userinfo[0]}${p.userinfo[1] === null ? "" : `:${p.userinfo[1]}`}@`;
      s += p.hostname + (p.port === undefined ? "" : `:${p.port}`);
    }
    s += p.pathname;
    if (p.search !== undefined) s += `?${p.search}`;
    if (p.hash !== undefined) s += `#${p.hash}`;
    return s;
  });

export const patternArgs: fc.Arbitrary<Args> = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(initPattern, options).map(([init, o]) => (o === undefined ? [init] : [init, o])) },
  { weight: 2, arbitrary: fc.tuple(stringPattern, options).map(([s, o]) => (o === undefined ? [s] : [s, o])) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(stringPattern, baseURL, options)
      .map(([s, base, o]) => (o === undefined ? [s, base] : [s, base, o])),
  },
);

const urlPieces = {
  protocol: piece("http", "https", "ftp", "file", "data", "foo", "ws", "HTTP", "s"),
  userinfo: piece("", "u@", "user:pw@", "é:%41@", ":p@"),
  host: piece(
    "example.com",
    "EXAMPLE.com",
    "a.example.com",
    "xn--nxasmq6b.com",
    "é.com",
    "[::1]",
    "127.0.0.1",
    "h",
    "a-b.com",
    "",
  ),
  port: piece("", ":80", ":443", ":8080", ":0", ":21", ":x"),
  path: piece(
    "/",
    "/a",
    "/books",
    "/b",
    "/123",
    "/x.y",
    "/é",
    "/%20",
    "/a b",
    "/..",
    "/.",
    "//",
    "\\",
    "/A",
    "/foo",
    "-",
  ),
  search: piece("", "?q", "?a=1&b=2", "?é", "?", "?Q", "?foo"),
  hash: piece("", "#h", "#é", "# x", "#", "#H", "#a"),
};
const urlString = fc
  .record({
    protocol: urlPieces.protocol,
    slashes: fc.constantFrom("//", "", "///"),
    userinfo: urlPieces.userinfo,
    host: urlPieces.host,
    port: urlPieces.port,
    path: fc.array(urlPieces.path, { maxLength: 4 }).map((a) => a.join("")),
    search: urlPieces.search,
    hash: urlPieces.hash,
  })
  .map((u) => `${u.protocol}:${u.slashes}${u.userinfo}${u.host}${u.port}${u.path}${u.search}${u.hash}`);
const relativeString = fc
  .record({ path: fc.array(urlPieces.path, { maxLength: 3 }), search: urlPieces.search, hash: urlPieces.hash })
  .map((u) => u.path.join("").replace(/^\//, "") + u.search + u.hash);
const urlInit = fc.record(
  {
    protocol: urlPieces.protocol,
    username: piece("u", "é", "a b", ""),
    password: piece("p", "%", ""),
    hostname: urlPieces.host,
    port: piece("80", "443", "8080", "", "x", "0"),
    pathname: fc.array(urlPieces.path, { maxLength: 3 }).map((a) => a.join("")),
    search: urlPieces.search,
    hash: urlPieces.hash,
    baseURL,
  },
  { requiredKeys: [] },
);
export const inputArgs: fc.Arbitrary<Args> = fc.oneof(
  { weight: 4, arbitrary: urlString.map((s) => [s]) },
  { weight: 2, arbitrary: fc.tuple(relativeString, baseURL) },
  { weight: 2, arbitrary: urlInit.map((d) => [d]) },
  { weight: 1, arbitrary: fc.tuple(urlInit, baseURL) },
  { weight: 1, arbitrary: anyString.map((s) => [s]) },
);

export const patternPair: fc.Arbitrary<PatternPair> = fc.record({
  pattern: patternArgs,
  inputs: fc.array(inputArgs, { minLength: 1, maxLength: 3 }),
});

/**
 * Everything observable of one pair on one implementation, as lines to
 * compare: the constructor's error or the getters, then each test() and
 * exec() (its error or its result, groups sorted by name). Self-contained
 * (it refers to nothing outside itself), so that a browser page can run it
 * on the browser's own URLPattern (urlpattern-chromium.ts).
 */
export function observe(URLPattern: PatternClass, { pattern, inputs }: PatternPair): string[] {
  const components = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];
  const normalize = (value: unknown): unknown => {
    if (value === null || typeof value !== "object") return value;
    const result = value as Record<string, unknown>;
    const normalized: Record<string, unknown> = {
      inputs: (result.inputs as unknown[]).map((input) =>
        typeof input === "string" ? input : components.map((c) => (input as Record<string, unknown>)[c] ?? null),
      ),
    };
    for (const c of components) {
      const { input, groups } = result[c] as { input: string; groups: Record<string, unknown> };
      normalized[c] = [
        input,
        Object.keys(groups)
          .sort()
          .map((k) => [k, groups[k] ?? null]),
      ];
    }
    return normalized;
  };
  const outcome = (run: () => unknown): string => {
    try {
      return JSON.stringify(normalize(run()));
    } catch (error) {
      return `throws ${(error as Error)?.name}`;
    }
  };
  let made: InstanceType<PatternClass>;
  try {
    made = new URLPattern(...pattern);
  } catch (error) {
    return [`constructor throws ${(error as Error)?.name}`];
  }
  const lines = [...components, "hasRegExpGroups"].map((g) => `${g}: ${JSON.stringify(made[g])}`);
  for (const args of inputs) {
    lines.push(`test(${JSON.stringify(args)}): ${outcome(() => made.test(...args))}`);
    lines.push(`exec(${JSON.stringify(args)}): ${outcome(() => made.exec(...args))}`);
  }
  return lines;
}

/** The lines where `got` differs from `want`. */
export function differences(who: string, got: string[], want: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.max(got.length, want.length); i++) {
    if (got[i] !== want[i]) out.push(`${who}: ${got[i] ?? "(nothing)"}\n    want ${want[i] ?? "(nothing)"}`);
  }
  return out;
}

/** A pair where swurl (every build alike) and the engine's URLPattern disagree, with both observations. */
export interface Dispute {
  pair: PatternPair;
  swurl: string[];
  /** Node 24's observations; none where it did not answer in time. */
  node: string[];
}

/**
 * The disputes found since the last take: pairs where Node 24's URLPattern
 * answers otherwise than swurl. Node 24's (Ada's) departs from the standard
 * in places where Chromium's follows it (an opaque pathname keeps a space;
 * "//" as a pathname pattern; "\u0000" in a relative pattern), and Chromium's
 * in others (it keeps tabs and newlines in an opaque pathname, which the
 * basic URL parser removes). So each dispute goes to Chromium's URLPattern
 * (urlpattern-chromium.ts): every answer of swurl's must be Node 24's or
 * Chromium's.
 */
const disputes: Dispute[] = [];
export function takeDisputes(): Dispute[] {
  return disputes.splice(0);
}

/** swurl's observations of `pair` in every build, and where a build's differ from the first's. */
function observeBuilds(pair: PatternPair): { swurl: string[]; problems: string[] } {
  const [first, ...rest] = builds.map(
    ([name, api]) => [name, observe(api.URLPattern as unknown as PatternClass, pair)] as const,
  );
  const [firstName, swurl] = first as readonly [string, string[]];
  return { swurl, problems: rest.flatMap(([name, got]) => differences(`${name} vs ${firstName}`, got, swurl)) };
}

/**
 * swurl's URLPattern in every build: the builds agree, and with the engine's
 * own URLPattern or else the pair is a dispute for Chromium. Without the
 * oracle (a pair on which Node 24's URLPattern did not answer in time: the
 * fuzz script's watchdog), the pair is a dispute with no answer of Node's,
 * which Chromium alone decides.
 */
export const urlPatternProperty: FuzzProperty<PatternPair> = {
  name: "urlpattern",
  title: "URLPattern: builds agree, ≡ the engine's own URLPattern (Node 24) or, where it departs, Chromium's",
  arbitrary: patternPair,
  check(pair) {
    const { swurl, problems } = observeBuilds(pair);
    if (problems.length === 0 && nativeURLPattern !== undefined) {
      const node = observe(nativeURLPattern, pair);
      if (differences("", swurl, node).length > 0) disputes.push({ pair, swurl, node });
    }
    return problems;
  },
  checkWithoutOracle(pair) {
    const { swurl, problems } = observeBuilds(pair);
    if (problems.length === 0) disputes.push({ pair, swurl, node: [] });
    return problems;
  },
};
