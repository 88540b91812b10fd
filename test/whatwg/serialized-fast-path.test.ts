// parse()'s fast path for an http(s) URL that is already its own serialization
// (assembly/serialized.ts). It must give exactly what the parser gives: the
// reference's URL, getter for getter, and the very record the parser writes
// (test/helpers/fast-path.ts). The inputs are every corpus line and URLs built from
// component spellings at the edges of each of the fast path's conditions, one
// component changed at a time and in seeded random mixes.
import { beforeAll, describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";
import { reference } from "../helpers/url-targets";
import { corpusLines } from "../helpers/corpus";
import { countingApi, type CountingApi } from "../helpers/counting-build";
import { summarize } from "../helpers/report";
import { edgeInputs, notTaken, recordMismatches, referenceMismatches } from "../helpers/fast-path";

const COMPONENTS = {
  scheme: [
    "http://",
    "https://",
    "HTTP://",
    "httpS://",
    "htt://",
    "httpx://",
    "ws://",
    "ftp://",
    "http:/",
    "http:///",
    "http:\\\\",
    "https:/\\",
  ],
  host: [
    "example.com",
    "a",
    "EXample.com",
    "a..b",
    ".",
    "..",
    "a.",
    "a.b.",
    "1.2.3.4",
    "1.2.3.4.",
    "0x1",
    "a.0x1",
    "a.0x",
    "a.09",
    "a.1",
    "a.1.",
    "1a",
    "a1",
    "xn--a",
    "a_b",
    "a!$&'()*+,;=~b",
    "a%41",
    "a b",
    "a\tb",
    "\u00e9",
    "a\u00e9",
    "a@b",
    "u:p@a",
    "[::1]",
    "",
    "a-b",
    "a\x7fb",
    'a"b',
    "a`b",
    "a{b}",
    "a^b",
    "a|b",
    "a<b",
    "a.example.with.labels.longer.than.sixteen.bytes",
  ],
  port: ["", ":", ":0", ":00", ":080", ":80", ":443", ":8080", ":65535", ":65536", ":99999", ":1a", ":1 ", ":+1"],
  path: [
    "",
    "/",
    "/a",
    "/a/b.html",
    "/./",
    "/.",
    "/..",
    "/a/..",
    "/a/.",
    "/%2e",
    "/%2E%2e/",
    "/.%2e",
    "/%2e.",
    "/.well-known/x",
    "/a/.config/b",
    "/.a",
    "/.0",
    "/.-",
    "/._",
    "/.~",
    "/..a",
    "/.%41",
    "/.?",
    "/.#",
    "/.\\",
    "/. ",
    "/a/.",
    "/a.b",
    "/a%2e",
    "/a/%2",
    "/%",
    "/a%2",
    "/%2ex",
    "/a b",
    "/a\\b",
    '/a"b',
    "/\u00e9",
    "/a\tb",
    "/a\nb",
    "/a{}",
    "/a`",
    "//",
    "//a/../b",
    "/a'b",
    "/a|b",
    "/a^b",
    "/\x7f",
    "/a%20b",
    "/%41",
    "/a;b=c,d",
    "/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t.html",
  ],
  query: [
    "",
    "?",
    "?a=b",
    "?a'b",
    "?a b",
    '?a"b',
    "?\u00e9",
    "?a`b",
    "?a{}",
    "??",
    "?a=b&c=d/e?f",
    "?%zz",
    "?a<b>",
    "?\x7f",
  ],
  fragment: ["", "#", "#a", "#a b", "#a`b", "#a#b", "#\u00e9", "#a'b", '#a"b', "#a?b", "#%", "#\x00"],
  trailer: ["", " ", "\n", "\t", "\x00"],
} as const;
const PLAIN = {
  scheme: "http://",
  host: "example.com",
  port: "",
  path: "/a/b.html",
  query: "?q=1",
  fragment: "#f",
  trailer: "",
};
const MIXES = 20_000;

const EDGES = edgeInputs(COMPONENTS, [PLAIN], MIXES, 0x5e71a1);
const CORPUS = corpusLines();

describe.each(builds)("parse()'s fast path for serialized URLs (%s)", (_build, api) => {
  it(`${EDGES.length} edge inputs give the reference's URL`, () => {
    const wrong = referenceMismatches(api, EDGES);
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
    // The first 500, found without parsing the rest of the corpus with the (slow) reference.
    const serialized: string[] = [];
    for (const line of CORPUS) {
      if (serialized.length === 500) break;
      if (line.length >= 30 && reference.parse(line)?.href === line) serialized.push(line);
    }
    expect(serialized.length).toBe(500);
    const slow = notTaken(counting, serialized);
    expect(slow.length, summarize(`${slow.length} of ${serialized.length} not on the fast path`, slow, 10)).toBe(0);
  });
});
