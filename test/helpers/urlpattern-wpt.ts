// The web-platform-tests URL Pattern data (test/fixtures/wpt/urlpattern/
// urlpatterntestdata.json) checked against any URLPattern class: swurl's in
// every build, Node 24's and Chromium's own. Each case is checked as WPT's
// harness (urlpattern/resources/urlpatterntests.js) checks it, with its rules
// for expectations the data leaves out:
// - a component pattern string not in `expected_obj` is "" where listed in
//   `exactly_empty_components`, else the dictionary's own value (if not
//   empty), else "*" where the dictionary gives an earlier component, else
//   the base URL's (but for username and password), else "*";
// - a component result not in `expected_match` is { input: "", groups: {} },
//   with the group "0": "" unless the component is exactly empty;
// - `expected_match.inputs` defaults to the case's inputs; null groups stand
//   for undefined.
// Nothing here reads a file or needs Node: the browser pages run it too.
import { show } from "./report";

const COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"] as const;
type Component = (typeof COMPONENTS)[number];
type Dict = Record<string, unknown>;

/** The earlier components whose presence in a dictionary makes a missing one "*". */
const EARLIER: Record<Component, Component[]> = {
  protocol: [],
  hostname: ["protocol"],
  port: ["protocol", "hostname"],
  username: [],
  password: [],
  pathname: ["protocol", "hostname", "port"],
  search: ["protocol", "hostname", "port", "pathname"],
  hash: ["protocol", "hostname", "port", "pathname", "search"],
};

export interface UrlPatternCase {
  pattern: unknown[];
  inputs?: unknown[];
  expected_obj?: "error" | Record<string, string>;
  expected_match?: "error" | null | Dict;
  exactly_empty_components?: string[];
}

/** What the runner needs of an implementation: a URLPattern class and a URL class for base URLs' components. */
export interface PatternApi {
  URLPattern: new (...args: never[]) => unknown;
  URL: new (url: string) => Record<Component, string>;
}

type Pattern = Record<Component, string> & {
  test(...args: unknown[]): boolean;
  exec(...args: unknown[]): Record<string, unknown> | null;
};

/** A case's name, as WPT names it. */
export function caseName(entry: UrlPatternCase): string {
  return `Pattern: ${JSON.stringify(entry.pattern)} Inputs: ${JSON.stringify(entry.inputs)}`;
}

/** Whether `f` throws a TypeError (of any realm). */
function throwsTypeError(f: () => unknown): string | null {
  try {
    f();
  } catch (error) {
    return (error as Error)?.name === "TypeError" ? null : `threw ${show(String(error))}, want a TypeError`;
  }
  return "did not throw, want a TypeError";
}

/** assert_object_equals: the same own properties, compared recursively (key order aside). */
function objectDifferences(what: string, got: unknown, want: unknown, out: string[]): void {
  if (typeof want !== "object" || want === null || typeof got !== "object" || got === null) {
    if (!Object.is(got, want)) out.push(`${what}: got ${show(got)}, want ${show(want)}`);
    return;
  }
  const gotKeys = Object.keys(got).sort();
  const wantKeys = Object.keys(want).sort();
  if (gotKeys.join("\u0000") !== wantKeys.join("\u0000")) {
    out.push(`${what}: got keys ${show(gotKeys)}, want ${show(wantKeys)}`);
    return;
  }
  for (const key of wantKeys) objectDifferences(`${what}.${key}`, (got as Dict)[key], (want as Dict)[key], out);
}

/** The pattern string WPT expects of `component` where `expected_obj` does not say. */
function defaultPatternString(api: PatternApi, entry: UrlPatternCase, component: Component): string {
  const [first, second] = entry.pattern as [unknown, unknown];
  const dict = typeof first === "object" && first !== null ? (first as Dict) : null;
  let baseURL: Record<Component, string> | null = null;
  if (dict?.baseURL) baseURL = new api.URL(dict.baseURL as string);
  else if (typeof second === "string") baseURL = new api.URL(second);
  if (entry.exactly_empty_components?.includes(component)) return "";
  if (dict?.[component]) return dict[component] as string;
  if (dict !== null && EARLIER[component].some((c) => c in dict)) return "*";
  if (baseURL !== null && component !== "username" && component !== "password") {
    const value = baseURL[component];
    // The URL getters' separators: the protocol's ":", the search's "?" and the hash's "#".
    if (component === "protocol") return value.slice(0, -1);
    if (component === "search" || component === "hash") return value.slice(1);
    return value;
  }
  return "*";
}

/** What `api` gets wrong on one case, one line per difference ([] = passes). */
export function checkCase(api: PatternApi, entry: UrlPatternCase): string[] {
  const out: string[] = [];
  const construct = () => new api.URLPattern(...(entry.pattern as never[])) as Pattern;
  if (entry.expected_obj === "error") {
    const problem = throwsTypeError(construct);
    return problem === null ? [] : [`constructor ${problem}`];
  }
  let pattern: Pattern;
  try {
    pattern = construct();
  } catch (error) {
    return [`constructor threw ${show(String(error))}`];
  }
  for (const component of COMPONENTS) {
    const expected = entry.expected_obj?.[component] ?? defaultPatternString(api, entry, component);
    if (pattern[component] !== expected)
      out.push(`pattern.${component}: got ${show(pattern[component])}, want ${show(expected)}`);
  }
  const inputs = entry.inputs ?? [];
  const match = entry.expected_match;
  if (match === "error") {
    for (const method of ["test", "exec"] as const) {
      const problem = throwsTypeError(() => pattern[method](...inputs));
      if (problem !== null) out.push(`${method}() ${problem}`);
    }
    return out;
  }
  try {
    const tested = pattern.test(...inputs);
    if (tested !== Boolean(match)) out.push(`test(): got ${show(tested)}, want ${show(Boolean(match))}`);
    const result = pattern.exec(...inputs);
    if (!match || typeof match !== "object") {
      if (result !== match) out.push(`exec(): got ${show(result)}, want ${show(match)}`);
      return out;
    }
    if (result === null) return [...out, "exec(): got null, want a match"];
    const wantInputs = (match.inputs as unknown[] | undefined) ?? inputs;
    const gotInputs = result.inputs as unknown[];
    if (gotInputs.length !== wantInputs.length)
      out.push(`exec().inputs.length: got ${gotInputs.length}, want ${wantInputs.length}`);
    gotInputs.forEach((input, i) => {
      if (typeof input === "string") {
        if (input !== wantInputs[i]) out.push(`exec().inputs[${i}]: got ${show(input)}, want ${show(wantInputs[i])}`);
        return;
      }
      for (const component of COMPONENTS) {
        const got = (input as Dict)[component];
        const want = (wantInputs[i] as Dict)[component];
        if (got !== want) out.push(`exec().inputs[${i}].${component}: got ${show(got)}, want ${show(want)}`);
      }
    });
    for (const component of COMPONENTS) {
      let want = match[component] as { input: string; groups: Dict } | undefined;
      if (!want) {
        want = { input: "", groups: {} };
        if (!entry.exactly_empty_components?.includes(component)) want.groups["0"] = "";
      }
      const groups: Dict = {};
      for (const [key, value] of Object.entries(want.groups)) groups[key] = value === null ? undefined : value;
      objectDifferences(`exec().${component}`, result[component], { input: want.input, groups }, out);
    }
  } catch (error) {
    out.push(`threw ${show(String(error))}`);
  }
  return out;
}

/** Every case of the data against `api`: the names of the failing ones, with what went wrong. */
export function urlPatternFailures(api: PatternApi, data: UrlPatternCase[]): string[] {
  const failures: string[] = [];
  for (const entry of data) {
    const problems = checkCase(api, entry);
    if (problems.length > 0) failures.push(`${caseName(entry)}\n  ${problems.join("\n  ")}`);
  }
  return failures;
}
