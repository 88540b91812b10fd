// ParsedUrl.ranges(): each getter's value as a range of the href. For every
// URL of WPT's urltestdata and of the corpus, in every build, the slice of
// the href at each range is the getter's value, and the ranges run in the
// href's order.
import { describe, expect, it } from "vitest";
import type { ParsedUrl, UrlRanges } from "../../build/index.js";
import { builds } from "../helpers/builds";
import { corpusLines } from "../helpers/corpus";
import { wptFiles } from "../helpers/fixtures";

interface UrlCase {
  input: string;
  base: string | null;
}
const cases: UrlCase[] = [
  ...(wptFiles("urltestdata.json") as (string | UrlCase)[]).filter((c): c is UrlCase => typeof c === "object"),
  ...corpusLines().map((input) => ({ input, base: null })),
];

/** Each getter as the slice of the href that the ranges say. */
function slices(url: ParsedUrl, r: UrlRanges): Record<string, string> {
  const at = (start: number, end: number) => url.href.slice(start, end);
  return {
    protocol: at(0, r.protocolEnd),
    username: at(r.usernameStart, r.usernameEnd),
    password: at(r.passwordStart, r.passwordEnd),
    host: at(r.hostnameStart, r.portEnd),
    hostname: at(r.hostnameStart, r.hostnameEnd),
    port: at(r.portStart, r.portEnd),
    pathname: at(r.pathnameStart, r.pathnameEnd),
    search: at(r.searchStart, r.searchEnd),
    hash: at(r.hashStart, url.href.length),
  };
}

describe.each(builds)("ParsedUrl.ranges() (%s)", (_name, api) => {
  it("gives each getter's value as a slice of href, in the href's order", () => {
    // Differences are gathered and compared once: an expect() per value of
    // some 50,000 URLs would take most of the test's time.
    const wrong: string[] = [];
    let checked = 0;
    for (const { input, base } of cases) {
      const url = base === null ? api.parse(input) : api.parse(input, base);
      if (url === null) continue;
      const r = url.ranges();
      const got = slices(url, r);
      for (const [name, value] of Object.entries(got))
        if (value !== url[name as keyof ParsedUrl]) wrong.push(`${name} of ${input}: ${JSON.stringify(value)}`);
      const order = [
        r.protocolEnd,
        r.hostnameStart,
        r.hostnameEnd,
        r.portEnd,
        r.pathnameStart,
        r.pathnameEnd,
        r.hashStart,
      ];
      if (order.some((at, i) => i > 0 && at < order[i - 1])) wrong.push(`order of ${input}: ${order}`);
      checked++;
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(40_000);
  });

  it("draws its example as documented", () => {
    const url = api.parse("https://user:pass@example.com:1234/foo/bar?baz#quux")!;
    expect(url.ranges()).toEqual({
      protocolEnd: 6,
      usernameStart: 8,
      usernameEnd: 12,
      passwordStart: 13,
      passwordEnd: 17,
      hostnameStart: 18,
      hostnameEnd: 29,
      portStart: 30,
      portEnd: 34,
      pathnameStart: 34,
      pathnameEnd: 42,
      searchStart: 42,
      searchEnd: 46,
      hashStart: 46,
    });
  });
});
