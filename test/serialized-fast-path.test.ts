// parse()'s fast path for an http(s) URL that is already its own serialization
// (assembly/serialized.ts). It must give exactly what the parser gives: the
// reference's URL, getter for getter, and the very record the parser writes
// (the wrapper hands records back to the kernel as bases, and the batch stores
// them). The parser's record is had from the same URL with a leading space: the
// parser trims it and writes the same href, and the fast path never takes an
// input that does not start with "h". The inputs are every corpus line and URLs
// built from component spellings at the edges of each of the fast path's
// conditions, one component changed at a time and in seeded random mixes.
import { beforeAll, describe, expect, it } from "vitest";
import { builds, type Api } from "./builds";
import { reference, URL_FIELDS } from "./url-targets";
import { corpusLines } from "./corpus";
import { mulberry32, pick } from "./random";
import { countingApi, type CountingApi } from "./counting-build";
import { show, summarize } from "./report";
import { FLAG_HREF_IS_INPUT } from "../assembly/layout";

const COMPONENTS = {
  scheme: ["http://", "https://", "HTTP://", "httpS://", "htt://", "httpx://", "ws://", "ftp://", "http:/", "http:///", "http:\\\\", "https:/\\"],
  host: [
    "example.com", "a", "EXample.com", "a..b", ".", "..", "a.", "a.b.", "1.2.3.4", "1.2.3.4.", "0x1", "a.0x1", "a.0x", "a.09", "a.1", "a.1.",
    "1a", "a1", "xn--a", "a_b", "a!$&'()*+,;=~b", "a%41", "a b", "a\tb", "\u00e9", "a\u00e9", "a@b", "u:p@a", "[::1]", "", "a-b", "a\x7fb",
    'a"b', "a`b", "a{b}", "a^b", "a|b", "a<b", "a.example.with.labels.longer.than.sixteen.bytes",
  ],
  port: ["", ":", ":0", ":00", ":080", ":80", ":443", ":8080", ":65535", ":65536", ":99999", ":1a", ":1 ", ":+1"],
  path: [
    "", "/", "/a", "/a/b.html", "/./", "/.", "/..", "/a/..", "/a/.", "/%2e", "/%2E%2e/", "/.%2e", "/%2e.", "/.well-known/x", "/a.b",
    "/a%2e", "/a/%2", "/%", "/a%2", "/%2ex", "/a b", "/a\\b", '/a"b', "/\u00e9", "/a\tb", "/a\nb", "/a{}", "/a`", "//", "//a/../b",
    "/a'b", "/a|b", "/a^b", "/\x7f", "/a%20b", "/%41", "/a;b=c,d", "/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t.html",
  ],
  query: ["", "?", "?a=b", "?a'b", "?a b", '?a"b', "?\u00e9", "?a`b", "?a{}", "??", "?a=b&c=d/e?f", "?%zz", "?a<b>", "?\x7f"],
  fragment: ["", "#", "#a", "#a b", "#a`b", "#a#b", "#\u00e9", "#a'b", '#a"b', "#a?b", "#%", "#\x00"],
  trailer: ["", " ", "\n", "\t", "\x00"],
} as const;
type Component = keyof typeof COMPONENTS;
const ORDER = Object.keys(COMPONENTS) as Component[];
const PLAIN: Record<Component, string> = {
  scheme: "http://", host: "example.com", port: "", path: "/a/b.html", query: "?q=1", fragment: "#f", trailer: "",
};
const MIXES = 20_000;

function edgeInputs(): string[] {
  const inputs = new Set<string>();
  const join = (parts: Record<Component, string>) => ORDER.map((c) => parts[c]).join("");
  for (const component of ORDER) {
    for (const spelling of COMPONENTS[component]) inputs.add(join({ ...PLAIN, [component]: spelling }));
  }
  const rng = mulberry32(0x5e71a1);
  for (let i = 0; i < MIXES; i++) {
    // Mostly plain components, so that most mixes get far into the fast path.
    const parts = { ...PLAIN };
    for (const c of ORDER) if (rng() < 0.4) parts[c] = pick(rng, COMPONENTS[c]);
    inputs.add(join(parts));
  }
  return [...inputs];
}

const EDGES = edgeInputs();
const CORPUS = corpusLines();
const RECORD = [
  "_schemeEnd", "_userStart", "_userEnd", "_passStart", "_passEnd", "_hostStart", "_hostEnd", "_portEnd", "_port", "_pathStart",
  "_queryStart", "_fragmentStart",
] as const;

/** The kernel's record of a Url, without FLAG_HREF_IS_INPUT (it depends on the input, not on the URL). */
function record(url: object | null): string {
  if (url === null) return "failure";
  const fields = url as Record<string, number>;
  return JSON.stringify([(url as { href: string }).href, ...RECORD.map((f) => fields[f]), fields._flags & ~FLAG_HREF_IS_INPUT]);
}

/** The inputs whose record differs between parse(input) and the parser's own parse(" " + input). */
function recordMismatches(api: Api, inputs: readonly string[]): string[] {
  const wrong: string[] = [];
  for (const input of inputs) {
    const fast = record(api.parse(input));
    const parser = record(api.parse(` ${input}`));
    if (fast !== parser) wrong.push(`${show(input)}: ${fast}, parser ${parser}`);
  }
  return wrong;
}

describe.each(builds)("parse()'s fast path for serialized URLs (%s)", (_build, api) => {
  it(`${EDGES.length} edge inputs give the reference's URL`, () => {
    const wrong: string[] = [];
    for (const input of EDGES) {
      const url = api.parse(input);
      const expected = reference.parse(input);
      const got = url && URL_FIELDS.map((field) => url[field]);
      const want = expected && URL_FIELDS.map((field) => expected[field]);
      if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push(`${show(input)}: ${show(got)}, reference ${show(want)}`);
    }
    expect(wrong.length, summarize(`${wrong.length} of ${EDGES.length} disagree`, wrong, 20)).toBe(0);
  });

  it("writes the parser's record for every edge input and corpus line", () => {
    const wrong = recordMismatches(api, [...EDGES, ...CORPUS]);
    expect(wrong.length, summarize(`${wrong.length} records differ`, wrong, 20)).toBe(0);
  });
});

describe("the fast path is taken", () => {
  let counting: CountingApi;
  beforeAll(async () => {
    counting = await countingApi(1 << 20);
  });

  it("for corpus URLs that are their own serialization, with less than half the parser's work", () => {
    // The parser reads each byte, writes it to the output and compares the
    // output with the input (three accesses a byte at least); the fast path
    // reads each byte once and writes the record. Counted kernel memory
    // accesses, not time (test/counting-build.ts).
    const serialized = CORPUS.filter((line) => line.length >= 30 && reference.parse(line)?.href === line).slice(0, 500);
    expect(serialized.length).toBe(500);
    const slow: string[] = [];
    for (const input of serialized) {
      const fast = counting.work(() => counting.api.parse(input));
      const parser = counting.work(() => counting.api.parse(` ${input}`));
      if (fast * 2 >= parser) slow.push(`${show(input)}: ${fast} accesses, parser ${parser}`);
    }
    expect(slow.length, summarize(`${slow.length} of ${serialized.length} not on the fast path`, slow, 10)).toBe(0);
  });
});
