// Random lists of URL patterns against random inputs: swurl's
// URLPatternList findIndex(), exec() and match() (every build) against the
// standard's loop over the engine's own URLPattern objects (Node 24's): the
// first pattern that matches, its exec() result (groups as sets, as in
// urlpattern-differential.ts), and match()'s groups: those of the result's
// components whose pattern is not "*" alone, a later component's over an
// earlier one's.
//
// Lists mix the differential's random patterns with router routes over one
// small vocabulary (so that patterns share prefixes and the list's route
// trie branches), as dictionaries, strings, against a base. Where swurl's own
// patterns, tried in order, already answer otherwise than Node's, the
// single-pattern property (urlpattern-differential.ts, with Chromium as the
// judge) owns that pattern's dispute: the list is then checked against the
// loop over swurl's patterns only. Without Node's URLPattern (Node 20), the
// same: the list against the loop over its own patterns.
import fc from "fast-check";
import { builds } from "./builds";
import type { FuzzProperty } from "./fuzz-properties";
import { type Args, inputArgs, nativeURLPattern, type PatternClass, patternArgs } from "./urlpattern-differential";

export interface ListCase {
  patterns: Args[];
  inputs: Args[];
}

const COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"] as const;

const piece = (...pieces: string[]) => fc.constantFrom(...pieces);
/** Fixed segments that routes and inputs share. */
const SEGMENTS = ["/a", "/b", "/users", "/v1"];
const routePath = fc
  .array(
    piece(
      ...SEGMENTS,
      "/:id",
      "/:id(\\d+)",
      "/:n([a-z]+)",
      "/*",
      ".json",
      "{/x}?",
      "/:opt?",
      "/:rest+",
      "/(a|b)",
      "-:slug",
      "/",
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((p) => p.join(""));
const routeArgs: fc.Arbitrary<Args> = fc
  .record(
    {
      pathname: routePath,
      hostname: piece("example.com", "*.example.com", "{:sub.}?example.com", ":id.example.com", "other.org"),
      protocol: piece("https", "http{s}?", "*"),
      search: piece("q=:q", "*", ""),
    },
    { requiredKeys: ["pathname"] },
  )
  .chain((init) => fc.constantFrom<Args>([init], [init, { ignoreCase: true }]));
const routeInput: fc.Arbitrary<Args> = fc
  .record({
    origin: piece("https://example.com", "http://a.example.com", "https://other.org", "https://7.example.com"),
    path: fc
      // With what a request target may hold that the parser changes (a dot
      // segment, "\\", a space, "//" first: a host) or keeps ("'" in the path).
      .array(
        piece(
          ...SEGMENTS,
          "/42",
          "/x",
          "/x.json",
          "/A",
          "-s",
          "/",
          "/é",
          "/%41",
          "/.",
          "/..",
          "/%2e",
          "\\a",
          "/a b",
          "//h",
          "/'",
        ),
        { maxLength: 4 },
      )
      .map((p) => p.join("")),
    query: piece("", "?q=1", "?a", "?q=a b", "?q='1'", "?q=1#f", "#f", "?é"),
    base: fc.boolean(),
  })
  .map(({ origin, path, query, base }) => (base ? [path + query, origin] : [origin + path + query]));

export const listCase: fc.Arbitrary<ListCase> = fc.record({
  patterns: fc.array(fc.oneof({ weight: 3, arbitrary: routeArgs }, { weight: 1, arbitrary: patternArgs }), {
    minLength: 1,
    maxLength: 24,
  }),
  inputs: fc.array(fc.oneof({ weight: 3, arbitrary: routeInput }, { weight: 1, arbitrary: inputArgs }), {
    minLength: 1,
    maxLength: 8,
  }),
});

type Pattern = InstanceType<PatternClass>;
type Result = Record<string, { input: string; groups: Record<string, unknown> }>;

/** A result with its groups sorted by name (undefined as null), or the error's name. */
function normalized(run: () => unknown): string {
  try {
    const value = run();
    if (value === null || typeof value !== "object") return JSON.stringify(value);
    const result = value as Result & { inputs: unknown[] };
    return JSON.stringify([result.inputs, ...COMPONENTS.map((c) => [result[c].input, sortedGroups(result[c].groups)])]);
  } catch (error) {
    return `throws ${(error as Error)?.name}`;
  }
}

function sortedGroups(groups: Record<string, unknown>): [string, unknown][] {
  return Object.keys(groups)
    .sort()
    .map((k) => [k, groups[k] ?? null]);
}

/** The standard's loop: the index of the first of `patterns` that matches, its exec() and the merged groups. */
function loop(patterns: Pattern[], args: Args): string[] {
  let index: number;
  try {
    index = patterns.findIndex((p) => p.test(...args));
  } catch (error) {
    return [`throws ${(error as Error)?.name}`];
  }
  if (index < 0) return ["-1", "null", "null"];
  const pattern = patterns[index] as Pattern;
  const result = pattern.exec(...args) as Result;
  const merged: Record<string, unknown> = {};
  for (const c of COMPONENTS) if (pattern[c] !== "*") Object.assign(merged, result[c].groups);
  return [String(index), normalized(() => result), JSON.stringify([index, sortedGroups(merged)])];
}

interface ListApi {
  findIndex(...args: unknown[]): number;
  exec(...args: unknown[]): { index: number; result: unknown } | null;
  match(...args: unknown[]): { index: number; groups: Record<string, unknown> } | null;
}

/** The list's answers, as loop() gives them. */
function listAnswers(list: ListApi, args: Args): string[] {
  let index: number;
  try {
    index = list.findIndex(...args);
  } catch (error) {
    return [`throws ${(error as Error)?.name}`];
  }
  const exec = list.exec(...args);
  const match = list.match(...args);
  return [
    String(index),
    exec === null ? "null" : exec.index !== index ? `exec() index ${exec.index}` : normalized(() => exec.result),
    match === null ? "null" : JSON.stringify([match.index, sortedGroups(match.groups)]),
  ];
}

/** Patterns from `args` by `Class`, null where the constructor throws. */
function construct(Class: PatternClass, args: Args[]): (Pattern | null)[] {
  return args.map((a) => {
    try {
      return new Class(...a);
    } catch {
      return null;
    }
  });
}

/** Inputs on which swurl's patterns in order answered otherwise than Node's (the single-pattern property's disputes). */
export const patternDisputes = { count: 0 };

function check({ patterns, inputs }: ListCase, oracle: PatternClass | undefined): string[] {
  const problems: string[] = [];
  const native = oracle === undefined ? null : construct(oracle, patterns);
  for (const [name, api] of builds) {
    const own = construct(api.URLPattern as unknown as PatternClass, patterns);
    // Only the patterns both make (the constructors' errors are the single-pattern property's).
    const kept = own.flatMap((p, i) => (p !== null && (native === null || native[i] !== null) ? [i] : []));
    const ownKept = kept.map((i) => own[i] as Pattern);
    const list = new api.URLPatternList(ownKept as never[]) as unknown as ListApi;
    for (const args of inputs) {
      const got = listAnswers(list, args);
      const mine = loop(ownKept, args);
      const nodes =
        native === null
          ? mine
          : loop(
              kept.map((i) => native[i] as Pattern),
              args,
            );
      // Where swurl's patterns in order already differ from Node's, the
      // pattern's dispute is not the list's: the list must then give what
      // swurl's loop gives (counted in `patternDisputes`).
      let want = nodes;
      if (mine.join("\n") !== nodes.join("\n")) {
        patternDisputes.count++;
        want = mine;
      }
      if (got.join("\n") !== want.join("\n"))
        problems.push(
          `${name}: patterns ${JSON.stringify(kept.map((i) => patterns[i]))}, input ${JSON.stringify(args)}:\n    got  ${got.join(" | ")}\n    want ${want.join(" | ")}`,
        );
    }
  }
  return problems;
}

export const urlPatternListProperty: FuzzProperty<ListCase> = {
  name: "urlpatternlist",
  title: "URLPatternList findIndex/exec/match ≡ the standard's loop over Node 24's URLPattern, in every build",
  arbitrary: listCase,
  check: (value) => check(value, nativeURLPattern),
  checkWithoutOracle: (value) => check(value, undefined),
};
