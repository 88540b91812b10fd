// URLPatternList gives the answer of trying its patterns in order, in every
// build: the first pattern that matches (findIndex), and its exec() result,
// on seeded random routes that share prefixes (the pathname index's hard
// case), with ignoreCase, host and protocol constraints, relative inputs
// against a base, dictionaries, and on the benchmark's router workload at 50
// and 1,000 routes.
import { describe, expect, it } from "vitest";
import { URL as WhatwgURL } from "whatwg-url";
import { requests, routes } from "../../scripts/data/urlpattern-routes.mjs";
import { builds } from "../helpers/builds";
import { mulberry32 } from "../helpers/random";
import { randomRequest, randomRoute } from "./random-routes";
import { randomCases } from "../helpers/quick";

const COMPONENT_NAMES = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"] as const;
const SEED = Number(process.env.SWURL_LIST_SEED ?? 3030);
const LISTS = randomCases(60);
const REQUESTS = 150;

describe.each(builds)("URLPatternList (%s)", (_name, api) => {
  const { URLPattern, URLPatternList } = api;

  /** The in-order answer: the first pattern's index and its exec(), or -1 and null. */
  function inOrder(patterns: InstanceType<typeof URLPattern>[], input: string | object, base?: string) {
    const index = patterns.findIndex((p) => p.test(input as string, base));
    return { index, result: index < 0 ? null : patterns[index].exec(input as string, base) };
  }

  /**
   * What match() gives for the in-order answer: the groups of its exec()
   * result, component after component (a later one's name over an earlier
   * one's), but those of a component whose pattern is "*".
   */
  function merged(patterns: InstanceType<typeof URLPattern>[], want: ReturnType<typeof inOrder>) {
    if (want.result === null) return null;
    const groups = {};
    for (const name of COMPONENT_NAMES)
      if (patterns[want.index][name] !== "*") Object.assign(groups, want.result[name].groups);
    return { index: want.index, groups };
  }

  it(`agrees with trying the patterns in order on ${LISTS} random lists x ${REQUESTS} requests (seed ${SEED})`, () => {
    const rng = mulberry32(SEED);
    let matched = 0;
    for (let l = 0; l < LISTS; l++) {
      const patterns: InstanceType<typeof URLPattern>[] = [];
      for (let n = 5 + Math.floor(rng() * 40); n > 0; n--) {
        const { init, ignoreCase } = randomRoute(rng);
        try {
          patterns.push(new URLPattern(init, { ignoreCase }));
        } catch {
          // A random route may repeat a group name: the constructor refuses it.
        }
      }
      const list = new URLPatternList(patterns);
      expect(list.length).toBe(patterns.length);
      for (let r = 0; r < REQUESTS; r++) {
        const url = randomRequest(rng);
        const want = inOrder(patterns, url);
        expect(list.findIndex(url)).toBe(want.index);
        expect(list.test(url)).toBe(want.index >= 0);
        expect(list.exec(url)).toEqual(want.index < 0 ? null : want);
        expect(list.match(url)).toEqual(merged(patterns, want));
        if (want.index >= 0) matched++;
        // A relative input against a base, and the URL as a dictionary.
        const path = url.replace(/^[a-z]+:\/\/[^/?#]+/, "");
        const base = "https://a.example.com/dir/";
        expect(list.exec(path, base)).toEqual(
          inOrder(patterns, path, base).index < 0 ? null : inOrder(patterns, path, base),
        );
        const dict = { pathname: path.split("?")[0] || "/", hostname: "example.com", protocol: "https" };
        expect(list.findIndex(dict)).toBe(inOrder(patterns, dict).index);
        expect(list.match(dict)).toEqual(merged(patterns, inOrder(patterns, dict)));
        expect(list.match(path, base)).toEqual(merged(patterns, inOrder(patterns, path, base)));
      }
    }
    expect(matched).toBeGreaterThan((LISTS * REQUESTS) / 10);
  });

  it.each([50, 1000])("agrees with trying the patterns in order on the router workload of %i routes", (n) => {
    const table = routes(n);
    const patterns = table.map((r: { init: object }) => new URLPattern(r.init));
    const list = new URLPatternList(table.map((r: { init: object }) => r.init));
    for (const url of requests(table, 1000)) {
      const want = inOrder(patterns, url);
      expect(list.findIndex(url)).toBe(want.index);
      expect(list.exec(url)).toEqual(want.index < 0 ? null : want);
    }
  });

  it("match(): every component's groups in one object, a later component's over an earlier one's of the same name", () => {
    const list = new URLPatternList([
      { hostname: ":id.example.com", pathname: "/users/:id", search: "q=:q" },
      { pathname: "/files/*" },
      { protocol: "http{s}?", pathname: "/opt{/:page}?" },
    ]);
    expect(list.match("https://7.example.com/users/42?q=x")).toEqual({ index: 0, groups: { id: "42", q: "x" } });
    // "*" components add nothing ("0" is the pathname's).
    expect(list.match("https://a.org/files/a/b")).toEqual({ index: 1, groups: { 0: "a/b" } });
    expect(list.match("https://a.org/opt")).toEqual({ index: 2, groups: { page: undefined } });
    expect(list.match("https://a.org/none")).toBeNull();
    expect(list.match({ pathname: "/files/x" })).toEqual({ index: 1, groups: { 0: "x" } });
    const proto = new URLPatternList([{ pathname: "/:__proto__" }]).match("https://a.org/p");
    expect(Object.getOwnPropertyDescriptor(proto?.groups, "__proto__")?.value).toBe("p");
  });

  it("a request target against a base: as the URL the parser makes of them (whatwg-url), with or without a parse", () => {
    // Targets that a list reads without a parse (plain paths and queries) and
    // those the parser changes: dot segments, "%2e", "\\", a space, "//"
    // first (a host), "'" (kept in a path, encoded in a special query), a
    // fragment, non-ASCII.
    const targets = [
      "/users/42",
      "/users/42?tab=a&b=c",
      "/users/.",
      "/users/./42",
      "/users/../users/42",
      "/users/%2e/42",
      "/users/%2E%2E/x",
      "/users/.hidden",
      "/users/a.b",
      "/users/%41",
      "/users\\42",
      "/users/4 2",
      "//users/42",
      "/users/'42'",
      "/users/42?q='x'",
      "/users/42?q=a b",
      "/users/42?q=1#frag",
      "/users/42#frag",
      "/users/é",
      "/users/42?é",
      "/users/\uD800",
      "/users/42?q=\uDC00",
      "/users//42",
      "/",
      "",
      "?q=1",
    ];
    const list = new URLPatternList([
      { pathname: "/users/:id" },
      { pathname: "/users/:id", search: "q=:q" },
      { pathname: "/users/:a/:b" },
      { pathname: "/*" },
    ]);
    for (const base of ["http://localhost:3000", "https://example.com/dir/x?y#z"]) {
      for (const target of targets) {
        const href = new WhatwgURL(target, base).href;
        const want = list.exec(href);
        const got = list.exec(target, base);
        expect(got && { index: got.index, result: { ...got.result, inputs: [] } }, `${target} against ${base}`).toEqual(
          want && { index: want.index, result: { ...want.result, inputs: [] } },
        );
        // The inputs as given, made USVStrings.
        expect(got?.result.inputs ?? null, `${target} against ${base}`).toEqual(want && [target.toWellFormed(), base]);
        expect(list.findIndex(target, base)).toBe(want?.index ?? -1);
        expect(list.match(target, base)).toEqual(list.match(href));
      }
    }
  });

  it("a request target that no branch of the walk takes whole: answered for the URL the parser makes of it", () => {
    // The walk ends its branches before the part the parser changes (dot
    // segments, "%2e", "\\", a space), or after it on a branch it found
    // changed: its check of the rest must start where a kept branch ends.
    const list = new URLPatternList([
      { pathname: "/a/b" },
      { pathname: "/a/x%20y" },
      { pathname: "/" },
      { pathname: "/a/:id/c" },
    ]);
    const targets = [
      "/a/c/../b",
      "/a/c/%2e%2E/b",
      "/a/x y",
      "/q/..",
      "/q/%2e.",
      "/a/q\\..\\b",
      "/a/z/d/../c",
      "/a/z/d/./../c?q",
      "/a/b/",
      "/zz/x",
      "/a/.b",
      "/a/b/c/.",
      "/a/%2e%2E/",
    ];
    const base = "http://localhost:3000";
    for (const target of targets) {
      const want = list.exec(new WhatwgURL(target, base).href);
      expect(list.findIndex(target, base), target).toBe(want?.index ?? -1);
      expect(list.match(target, base), target).toEqual(list.match(new WhatwgURL(target, base).href));
    }
    expect(targets.map((t) => list.findIndex(t, base))).toEqual([0, 0, 1, 2, 2, 0, 3, 3, -1, -1, -1, -1, 2]);
  });

  it("a random request target against a base: as the URL the parser makes of them, where the walk reads the target as it came", () => {
    // Pieces the parser keeps, changes (dot segments, "%2e", "\\", a space,
    // a tab, "'" in a query, non-ASCII) or cuts (a fragment); labels with a
    // "." or "%" after a "/", runs of a class and to a "/", a pattern that
    // reads the query, and one outside the trie.
    const pieces = ["users", "42", "a.b", "c", ".", "..", "%2e", "%2E.", "%41", ".well-known", "p%41", "x", "/"];
    const odd = ["é", " ", "'", "\\", "\t", "#f", "?q=1", "?q='x'", "?q=é", "//", "?", "\uD800", "?q=\uDC00"];
    const list = new URLPatternList([
      { pathname: "/users/:id", search: "q=:q" },
      { pathname: "/users/:id" },
      { pathname: "/a.b/:x/c" },
      { pathname: "/files/.well-known/:name" },
      { pathname: "/p%41/:q" },
      { pathname: "/x/:n(\\d+)" },
      { pathname: "/:seg" },
      { pathname: "/:a/:b" },
      { pathname: "/x/*" },
    ]);
    const random = mulberry32(SEED + 1);
    const pick = (from: readonly string[]) => from[Math.floor(random() * from.length)] as string;
    const base = "http://localhost:3000";
    for (let i = 0; i < 2000; i++) {
      let target = "";
      const n = 1 + Math.floor(random() * 4);
      for (let k = 0; k < n; k++) target += `/${random() < 0.15 ? pick(odd) : pick(pieces)}`;
      if (random() < 0.2) target += pick(odd);
      // "//" first names a host, which may be invalid: then no URL, and no match.
      const href = WhatwgURL.canParse(target, base) ? new WhatwgURL(target, base).href : null;
      if (href === null) {
        expect(list.findIndex(target, base), target).toBe(-1);
        expect(list.exec(target, base), target).toBeNull();
        continue;
      }
      const want = list.exec(href);
      const got = list.exec(target, base);
      expect(got && { index: got.index, result: { ...got.result, inputs: [] } }, target).toEqual(
        want && { index: want.index, result: { ...want.result, inputs: [] } },
      );
      expect(got?.result.inputs ?? null, target).toEqual(want && [target.toWellFormed(), base]);
      expect(list.findIndex(target, base), target).toBe(want?.index ?? -1);
      expect(list.match(target, base), target).toEqual(list.match(href));
    }
  });

  it("an absolute URL: as trying the patterns in order, where its path is read as it came after an origin the parser keeps", () => {
    // Origins the parser writes as they came (a port, credentials, a trailing
    // dot) and those it changes (case, a default port, a number for a host,
    // punycode, non-ASCII, "\\" and ":" with no port) or refuses; paths it
    // keeps and those it changes, "//" and "/\\" first among them.
    const origins = [
      "https://example.com",
      "http://localhost:3000",
      "https://u:p@example.com",
      "https://example.com.",
      "wss://a.example.com:8443",
      "ftp://files.example.com",
      "HTTPS://Example.com",
      "https://example.com:443",
      "http://example.com:080",
      "http://127.1",
      "http://0x7f.0.0.1",
      "http://[::1]",
      "http://xn--nxasmq6b.example",
      "http://xn--a.example",
      "http://é.example",
      "https://example.com\\x",
      "https://example.com:",
      "https://ex ample.com",
      "file://host",
      "foo://example.com",
      "http:/example.com",
    ];
    const pieces = ["users", "42", "a.b", ".", "..", "%2e", "%41", "x", "", "é", " ", "\\", "'", "?q=1", "#f", "\t"];
    const patterns = [
      new URLPattern({ protocol: "https", hostname: "example.com", pathname: "/users/:id" }),
      new URLPattern({ hostname: "{*.}?example.com", port: "8443", pathname: "/:a/:b" }),
      new URLPattern({ username: "u", pathname: "/users/*" }),
      new URLPattern({ hostname: "127.0.0.1", pathname: "/:a" }),
      new URLPattern({ pathname: "/users/:id", search: "q=:q" }),
      new URLPattern({ pathname: "//:a" }),
      new URLPattern({ pathname: "/:a/:b" }),
      new URLPattern({ pathname: "/:a(\\d+)" }),
      new URLPattern({ pathname: "/*", hash: "f" }),
      new URLPattern({ pathname: "/:a" }),
    ];
    const list = new URLPatternList(patterns);
    const random = mulberry32(SEED + 2);
    const pick = (from: readonly string[]) => from[Math.floor(random() * from.length)] as string;
    for (let i = 0; i < 3000; i++) {
      let input = pick(origins);
      for (let n = 1 + Math.floor(random() * 3); n > 0; n--) input += `/${pick(pieces)}`;
      const want = inOrder(patterns, input);
      expect(list.findIndex(input), input).toBe(want.index);
      expect(list.exec(input), input).toEqual(want.result && { index: want.index, result: want.result });
      expect(list.match(input), input).toEqual(merged(patterns, want));
    }
  });

  it("takes URLPattern objects as they are, and what the constructor takes", () => {
    const p = new URLPattern({ pathname: "/a/:id" });
    const list = new URLPatternList([p, "https://example.com/b/*", { pathname: "/c" }]);
    expect(list.at(0)).toBe(p);
    expect(list.exec("https://x.org/a/7")?.index).toBe(0);
    expect(list.exec("https://example.com/b/q")?.result.pathname.groups).toEqual({ 0: "q" });
    expect(list.findIndex("https://x.org/c")).toBe(2);
    expect(list.findIndex("not a url")).toBe(-1);
    expect(() => new URLPatternList(["(bad"])).toThrow(TypeError);
    expect(() => new URLPatternList(undefined as unknown as string[])).toThrow(/URLPatternList: patterns must be/);
    expect(() => new URLPatternList(42 as unknown as string[])).toThrow(TypeError);
    expect(new URLPatternList([]).exec("https://example.com/")).toBeNull();
  });
});
