// The known departures of both engines from the URL Pattern Standard
// (test/helpers/urlpattern-departures.ts), on pairs of the kinds that the
// fuzz runs found: each pair is undecided (swurl is neither Node 24 nor
// Chromium), its kind's check explains it, and no check explains it once
// swurl's answer is changed on a line where it differs, so that each check
// can fail. Node 24 and Chromium are the engines (the suite's Node 24 pass).
// The standard's components that the checks compare with
// (test/helpers/urlpattern-standard.ts, whatwg-url as the URL parser) are
// swurl's on every pattern of WPT's urlpatterntestdata.json, which swurl passes.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";
import { chromiumAnswers, chromiumOracle, type Undecided, undecidedPairs } from "../helpers/urlpattern-chromium";
import { CHROMIUM_STANDARD_SCHEMES, departures } from "../helpers/urlpattern-departures";
import { nativeURLPattern, observe, type PatternPair } from "../helpers/urlpattern-differential";
import { standardPattern } from "../helpers/urlpattern-standard";
import type { UrlPatternCase } from "../helpers/urlpattern-wpt";

const CASES: [kind: string, pattern: unknown[]][] = [
  // Chromium counts "chrome-search" (which "*h" matches) as standard: "/a" there, "/./a" opaque.
  ["Chromium's standard schemes", [{ protocol: "*H", pathname: "/./a" }]],
  // Chromium throws on a "filesystem" pathname.
  ["Chromium's standard schemes", [{ protocol: "filesystem", pathname: "/./a" }]],
  ["? and # in an opaque path", [{ protocol: "data", pathname: "/./a\\?b" }]],
  ["? and # in an opaque path", [{ protocol: "data", pathname: "/./a#b" }]],
  ["tabs and newlines in an opaque path", [":/@:o\tr\u0014", "data:text/plain,x"]],
  // U+3DBA4 and U+2E61: unassigned in Unicode 17, valid in tr46 7's Unicode 18 data.
  ["code points newer than the engines' Unicode", [{ hostname: "\u{3dba4}n" }]],
  ["code points newer than the engines' Unicode", [{ hostname: "a\u2e61" }]],
  // Node 24 throws on the protocol; Chromium percent-encodes "'" in a password.
  ["controls and spaces in a protocol", [{ protocol: "\u001ei", password: "q'" }]],
  ["controls and spaces in a protocol", [":쑧\u0005 H:@user%41@.?xn--(foo):n([a-z]{1,3})#;c", { ignoreCase: true }]],
  // The escaped "?" before a named group in the search crashes Chromium's page; Node 24 writes "}" as "%7D".
  ["Chromium crashes, Node 24 takes the pathname for a special URL's", ["foo://h/a\\}?\\?:x"]],
];

const swurl = (builds[0] as (typeof builds)[number])[1].URLPattern as unknown as Parameters<typeof observe>[0];

/** The pairs' undecided entries: on each, an answer of swurl's is neither Node 24's nor Chromium's. */
async function undecidedEntries(patterns: unknown[][]): Promise<Undecided[]> {
  const pairs: PatternPair[] = patterns.map((pattern) => ({ pattern, inputs: [["https://example.com/a"]] }));
  const entries = await undecidedPairs(
    pairs.map((pair) => ({ pair, swurl: observe(swurl, pair), node: observe(nativeURLPattern as typeof swurl, pair) })),
  );
  expect(entries.map((entry) => entry.pair)).toEqual(pairs);
  return entries;
}

describe.skipIf(nativeURLPattern === undefined || chromiumOracle() === null)(
  "URLPattern differential: the engines' known departures",
  () => {
    it("explains each kind, and nothing once swurl's answer is changed", async () => {
      const entries = await undecidedEntries(CASES.map(([, pattern]) => pattern));
      expect(await departures(entries)).toEqual(CASES.map(([kind]) => kind));
      const changed = entries.map((entry) => {
        const k = entry.lines[entry.lines.length - 1] as number;
        const change = (line: string) => (line.endsWith('"') ? `${line.slice(0, -1)}x"` : `${line}x`);
        return { ...entry, swurl: entry.swurl.map((line, i) => (i === k ? change(line) : line)) };
      });
      expect(changed.map((entry) => entry.swurl)).not.toEqual(entries.map((entry) => entry.swurl));
      expect(await departures(changed)).toEqual(CASES.map(() => null));
    });

    it("has Chromium's standard schemes right: Chromium's pathname is not opaque there", async () => {
      const schemes = [...CHROMIUM_STANDARD_SCHEMES, "foo"];
      const pairs = schemes.map((protocol) => ({ pattern: [{ protocol, pathname: "/./a" }], inputs: [] }));
      const opaque = (await chromiumAnswers(pairs)).map((lines) => lines.includes('pathname: "/./a"'));
      expect(opaque).toEqual(schemes.map((scheme) => scheme === "foo"));
    });
  },
);

describe("URLPattern differential: the standard's components with whatwg-url", () => {
  const data = JSON.parse(
    readFileSync(new URL("../fixtures/wpt/urlpattern/urlpatterntestdata.json", import.meta.url), "utf8"),
  ) as UrlPatternCase[];

  it("are swurl's protocol, hostname and pathname on every WPT pattern that swurl makes", () => {
    const problems: string[] = [];
    let count = 0;
    for (const { pattern } of data) {
      let made: Record<string, unknown>;
      try {
        made = new swurl(...pattern);
      } catch {
        continue;
      }
      count++;
      const standard = standardPattern(pattern);
      const got = standard && [standard.protocol.patternString, standard.hostname, standard.pathname];
      const want = [made.protocol, made.hostname, made.pathname];
      if (JSON.stringify(got) !== JSON.stringify(want))
        problems.push(`${JSON.stringify(pattern)}: ${JSON.stringify(got)}, swurl ${JSON.stringify(want)}`);
    }
    expect(count).toBeGreaterThan(250);
    expect(problems).toEqual([]);
  });
});
