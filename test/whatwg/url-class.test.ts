// The URL class over every build, and over whatwg-url to check the harness:
// urltestdata.json through `new URL()` (WPT's url-constructor.any.js), the
// cases of WPT's url-statics-parse, url-statics-canparse, url-tojson,
// url-setters-stripping and url-searchparams scripts (test/fixtures/url-api-wpt.json,
// data only), and what the platform does with a URL object: String(), template
// literals, fetch(), new globalThis.URL(), util.inspect(), a URL as a base.
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { URL as WhatwgURL } from "whatwg-url";
import { builds } from "../helpers/builds";
import { wptFiles } from "../helpers/fixtures";
import { show, summarize } from "../helpers/report";
import { readFileSync } from "node:fs";

type AnyUrl = Record<string, unknown> & { searchParams: SearchParamsLike; href: string };
type SearchParamsLike = Record<string, (...args: string[]) => unknown> & { toString(): string };
interface UrlClass {
  new (url: unknown, base?: unknown): AnyUrl;
  parse(url: unknown, base?: unknown): AnyUrl | null;
  canParse(url: unknown, base?: unknown): boolean;
}

interface UrlTest {
  input: string;
  base: string | null;
  failure?: true;
  [field: string]: unknown;
}
type Statics = { url: string | null; base: string | null; expected: boolean; disputed?: string };
type Stripping = { scheme: string; property: string; value: string; expected: string; href: string };
type Step = Record<string, unknown>;
interface ApiCases {
  "statics-parse": Statics[];
  "statics-canparse": Statics[];
  tojson: { url: string; json: string }[];
  "setters-stripping": Stripping[];
  searchparams: { name: string; steps: Step[] }[];
}

const cases = JSON.parse(readFileSync(new URL("../fixtures/url-api-wpt.json", import.meta.url), "utf8")) as ApiCases;
const urltestdata = (wptFiles("urltestdata.json") as (string | UrlTest)[]).filter(
  (t): t is UrlTest => typeof t !== "string",
);
const FIELDS = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];

/** `undefined` is null in the data file. */
const arg = (v: string | null): string | undefined => v ?? undefined;

/** url-constructor.any.js: a failure throws a TypeError, anything else has every field. */
function constructorCase(URL: UrlClass, t: UrlTest): string[] {
  const id = `<${t.input}> against <${t.base}>`;
  let url: AnyUrl;
  try {
    url = t.base === null ? new URL(t.input) : new URL(t.input, t.base);
  } catch (e) {
    return t.failure && e instanceof TypeError ? [] : [`${id}: threw ${String(e)}`];
  }
  if (t.failure) return [`${id}: got ${show(url.href)}, want a TypeError`];
  const problems = FIELDS.filter((f) => url[f] !== t[f]).map((f) => `${f}: got ${show(url[f])}, want ${show(t[f])}`);
  if ("searchParams" in t && url.searchParams.toString() !== t.searchParams) {
    problems.push(`searchParams: got ${show(url.searchParams.toString())}, want ${show(t.searchParams)}`);
  }
  return problems.length === 0 ? [] : [`${id}: ${problems.join("; ")}`];
}

function staticsCases(URL: UrlClass): string[] {
  const problems: string[] = [];
  for (const c of cases["statics-parse"]) {
    const parsed = URL.parse(arg(c.url), arg(c.base));
    const want = c.expected ? new URL(arg(c.url), arg(c.base)).href : null;
    if ((parsed?.href ?? null) !== want)
      problems.push(`URL.parse(${c.url}, ${c.base}): got ${show(parsed?.href)}, want ${show(want)}`);
  }
  for (const c of cases["statics-canparse"]) {
    const got = URL.canParse(arg(c.url), arg(c.base));
    // A disputed case (see its note): the reference's answer, which must still differ from the expected one.
    const want = c.disputed === undefined ? c.expected : WhatwgURL.canParse(arg(c.url) as string, arg(c.base));
    if (c.disputed !== undefined && want === c.expected)
      problems.push(`URL.canParse(${c.url}, ${c.base}): no longer disputed, whatwg-url agrees with WPT`);
    if (got !== want) problems.push(`URL.canParse(${c.url}, ${c.base}): got ${got}`);
  }
  // biome-ignore lint/suspicious/noSelfCompare: two calls, which must give two objects.
  if (URL.parse("https://example/") === URL.parse("https://example/"))
    problems.push("URL.parse() returned the same object twice");
  for (const c of cases.tojson) {
    const json = JSON.stringify(new URL(c.url));
    if (json !== c.json) problems.push(`JSON.stringify(new URL(${c.url})): got ${json}`);
  }
  return problems;
}

/** url-setters-stripping.any.js: the URL `scheme://username:password@host:8000/path?query#fragment`, one property set. */
function strippingCase(URL: UrlClass, c: Stripping): string[] {
  const url = new URL(`${c.scheme}://username:password@host:8000/path?query#fragment`);
  url[c.property] = c.value;
  const id = `${c.property} = ${show(c.value)} (${c.scheme}:)`;
  if (url[c.property] !== c.expected) return [`${id}: got ${show(url[c.property])}, want ${show(c.expected)}`];
  return url.href === c.href ? [] : [`${id}: href ${show(url.href)}, want ${show(c.href)}`];
}

/** url-searchparams.any.js: each case a list of steps on one URL (and the query object kept from it). */
function searchParamsCase(URL: UrlClass, name: string, steps: Step[]): string[] {
  const problems: string[] = [];
  let url = new URL("about:blank");
  let kept = url.searchParams;
  for (const step of steps) {
    if (typeof step.new === "string") url = new URL(step.new, "about:blank");
    if (step.keepParams) kept = url.searchParams;
    // biome-ignore lint/suspicious/noSelfCompare: two reads of the getter, which must give the same object.
    if (step.sameParams && url.searchParams !== url.searchParams)
      problems.push("searchParams is not the same object twice");
    if (Array.isArray(step.params)) {
      const [method, ...args] = step.params as string[];
      kept[method](...args);
    }
    if (Array.isArray(step.set)) url[step.set[0] as string] = step.set[1];
    if (Array.isArray(step.get)) {
      const [key, want] = step.get as string[];
      if (kept.get(key) !== want) problems.push(`searchParams.get(${key}): got ${show(kept.get(key))}`);
    }
    if (typeof step.assignSearchParamsThrows === "string") {
      const value = step.assignSearchParamsThrows;
      const assign = () => {
        // biome-ignore lint/suspicious/noRedundantUseStrict: the assignment must run in strict code, whatever the test runner wraps this module in.
        "use strict";
        (url as { searchParams: unknown }).searchParams = value;
      };
      expect(assign).toThrow(TypeError);
    }
    for (const [key, want] of Object.entries((step.expect as Record<string, string>) ?? {})) {
      const got = key === "params" ? kept.toString() : key === "searchParams" ? url.searchParams.toString() : url[key];
      if (got !== want) problems.push(`${key}: got ${show(got)}, want ${show(want)}`);
    }
  }
  return problems.map((p) => `${name}: ${p}`);
}

const targets: [string, UrlClass][] = [
  ["whatwg-url", WhatwgURL as unknown as UrlClass],
  ...builds.map(([name, api]): [string, UrlClass] => [name, api.URL as unknown as UrlClass]),
];

describe.each(targets)("URL class (%s)", (_name, URL) => {
  function expectNone(failures: string[], total: number) {
    expect(failures.length, summarize(`${failures.length} of ${total} cases fail`, failures)).toBe(0);
  }
  it(`urltestdata.json through new URL(): ${urltestdata.length} cases`, () => {
    expectNone(
      urltestdata.flatMap((t) => constructorCase(URL, t)),
      urltestdata.length,
    );
  });
  it("url-statics-parse, url-statics-canparse and url-tojson cases", () => {
    expectNone(
      staticsCases(URL),
      cases["statics-parse"].length + cases["statics-canparse"].length + cases.tojson.length,
    );
  });
  it(`url-setters-stripping cases: ${cases["setters-stripping"].length}`, () => {
    expectNone(
      cases["setters-stripping"].flatMap((c) => strippingCase(URL, c)),
      cases["setters-stripping"].length,
    );
  });
  it(`url-searchparams cases: ${cases.searchparams.length}`, () => {
    expectNone(
      cases.searchparams.flatMap((c) => searchParamsCase(URL, c.name, c.steps)),
      cases.searchparams.length,
    );
  });
});

describe.each(builds)("URL class as the platform sees it (%s)", (_name, api) => {
  const href = "https://user:pw@example.com:8080/a/b?q=1&r=2#frag";
  it("converts to its href: String(), template literals, JSON, new globalThis.URL()", () => {
    const url = new api.URL(href);
    expect(String(url)).toBe(href);
    expect(`${url}`).toBe(href);
    expect(JSON.stringify({ url })).toBe(JSON.stringify({ url: href }));
    expect(new globalThis.URL(url as unknown as string).href).toBe(href);
    expect(url instanceof globalThis.URL).toBe(false);
  });
  it("is taken by fetch() as its href", async () => {
    const seen: string[] = [];
    const request = new Request(new api.URL("https://example.com/x?y") as unknown as string);
    seen.push(request.url);
    expect(seen).toEqual(["https://example.com/x?y"]);
  });
  it("shows in util.inspect() as Node's URL does", () => {
    const ours = inspect(new api.URL(href)).replace(/^URL/, "");
    const node = inspect(new globalThis.URL(href)).replace(/^URL/, "");
    expect(ours).toBe(node);
    expect(inspect(new api.URL(href)).startsWith("URL {")).toBe(true);
  });
  it("takes as a base a string, a swurl URL or ParsedUrl, or a platform URL", () => {
    const base = "https://example.com/dir/page?x#y";
    const want = "https://example.com/dir/other";
    for (const b of [base, new api.URL(base), api.parse(base), new globalThis.URL(base)]) {
      expect(new api.URL("other", b as string).href).toBe(want);
      expect(api.URL.parse("other", b as string)?.href).toBe(want);
      expect(api.URL.canParse("other", b as string)).toBe(true);
      expect(api.parse("other", b as string)?.href).toBe(want);
    }
  });
  it("converts arguments as WebIDL does", () => {
    const url = new api.URL("http://example.com/");
    (url as unknown as { port: number }).port = 8080;
    expect(url.port).toBe("8080");
    url.hash = "\ud800x";
    expect(url.hash).toBe("#%EF%BF%BDx");
    expect(() => new api.URL("no scheme")).toThrow(TypeError);
    expect(() => {
      url.href = "no scheme";
    }).toThrow(TypeError);
    expect(url.href).toBe("http://example.com:8080/#%EF%BF%BDx");
  });
});

describe("URL.searchParams over many appends (work counted in the kernel, pure-JS build)", () => {
  it("50,000 appends on one URL, then its href: work in proportion to the appends", async () => {
    const { countingApi } = await import("../helpers/counting-build");
    const counting = await countingApi(32 << 20);
    const sizes = [12_500, 25_000, 50_000];
    const work = sizes.map((n) =>
      counting.work(() => {
        const url = new counting.api.URL("https://example.com/path?start=1#end");
        // The space makes every value one the kernel serializes.
        for (let i = 0; i < n; i++) url.searchParams.append(`name${i % 100}`, `value ${i}`);
        expect(url.href.endsWith(`&name${(n - 1) % 100}=value+${n - 1}#end`)).toBe(true);
        expect(url.search.length).toBeGreaterThan(n * 10);
      }),
    );
    // Linear work doubles with n; a query spliced into the href on every append would quadruple it.
    for (let i = 1; i < sizes.length; i++) expect(work[i], `work ${work.join(", ")}`).toBeLessThan(2.5 * work[i - 1]);
  }, 120_000);
});
