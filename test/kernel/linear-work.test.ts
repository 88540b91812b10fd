// Hostile inputs take work in proportion to their length: doubling the input
// doubles the work, it does not quadruple it. Work is counted, not timed: the
// kernel's memory accesses in a counting build of the JS API (test/counting-
// build.ts), the same kernel source as the WASM builds. Each family of inputs
// is run at three sizes; from one to the next, work may grow by at most 2.5x
// (linear work grows 2x plus a constant; quadratic work, 4x).
//
// The SIMD build's vector scans are not counted (the JS build has none); they
// run inside the same loops. The last test times every build on about 1 MB of
// each family, with a bound that a quadratic path could not meet (10^12
// steps) and a linear one meets whatever the machine's load.
import { beforeAll, describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";
import { countingApi, type CountingApi } from "../helpers/counting-build";

const SIZES = [2000, 4000, 8000];
const GROWTH = 2.5;
const BASE = "http://h/";

/** Families of hostile URLs, each a function of a repeat count. */
const URLS: [string, (n: number) => string][] = [
  ["deep ../ chain", (n) => `http://h/${"a/".repeat(n)}${"../".repeat(n)}x`],
  ["../ above the root", (n) => `http://h/${"../".repeat(n)}x`],
  ["%2e%2e/ chain", (n) => `http://h/${"b/".repeat(n)}${"%2e%2E/".repeat(n)}`],
  ["many %", (n) => `http://h/${"%".repeat(n)}?${"%".repeat(n)}#${"%".repeat(n)}`],
  ["many escapes in the host", (n) => `http://${"%41".repeat(n)}/`],
  ["broken escapes in the host", (n) => `http://${"%4".repeat(n)}/`],
  ["a long host", (n) => `http://${"a".repeat(n)}.com/`],
  ["many labels", (n) => `http://${"a.".repeat(n)}com/`],
  ["many numeric labels", (n) => `http://${"1.".repeat(n)}1/`],
  ["many hex labels", (n) => `http://${"0x.".repeat(n)}0x/`],
  ["a long opaque host", (n) => `sc://${"a".repeat(n)}/`],
  ["thousands of IPv6 groups", (n) => `http://[${"1:".repeat(n)}1]/`],
  ["many :: in IPv6", (n) => `http://[${"::".repeat(n)}]/`],
  ["a long IPv6 piece", (n) => `http://[${"1".repeat(n)}::]/`],
  ["many @", (n) => `http://${"a@".repeat(n)}h/`],
  ["many user:pass@", (n) => `http://${"u:p@".repeat(n)}h/`],
  ["only @", (n) => `http://${"@".repeat(n)}h/`],
  ["many : in the authority", (n) => `http://h${":".repeat(n)}/`],
  ["a run of dots in the path", (n) => `http://h/${".".repeat(n)}`],
  ["a run of dots as the host", (n) => `http://${".".repeat(n)}/`],
  ["./ chain", (n) => `http://h/${"./".repeat(n)}x`],
  ["many [", (n) => `http://${"[".repeat(n)}/`],
  ["many [ in a non-special host", (n) => `sc://${"[".repeat(n)}/`],
  ["many ]", (n) => `http://h${"]".repeat(n)}/`],
  ["tabs and newlines", (n) => `http://h/${"\t\n\r".repeat(n)}x`],
  ["many backslashes", (n) => `http:${"\\".repeat(n)}h${"\\".repeat(n)}`],
  ["many slashes in a file URL", (n) => `file:${"/".repeat(n)}C:${"/".repeat(n)}`],
  ["many Windows drive letters", (n) => `file:///${"C:/".repeat(n)}`],
  ["many ? and #", (n) => `http://h/?${"?#".repeat(n)}`],
  ["non-ASCII everywhere", (n) => `http://é${"ü".repeat(n)}/${"é".repeat(n)}?${"😀".repeat(n)}`],
];

/** The other functions that scan input, on hostile strings. */
const OTHERS: [string, (api: CountingApi["api"], n: number) => unknown][] = [
  ["split: many @", (api, n) => api.split(`s://${"a@".repeat(n)}h${":".repeat(n)}/`)],
  ["split: many [", (api, n) => api.split(`s://${"[".repeat(n)}`)],
  ["percentDecode: many %", (api, n) => api.percentDecode("%".repeat(n) + "%4".repeat(n) + "%41".repeat(n))],
  [
    "percentDecode strict: a bad escape at the end",
    (api, n) => {
      try {
        api.percentDecode("%41".repeat(n) + "%", { strict: true });
      } catch {
        /* the SyntaxError is the answer */
      }
    },
  ],
  ["percentEncode: all to encode", (api, n) => api.percentEncode("é %".repeat(n), "component")],
  ["validate: many problems", (api, n) => api.validate(`http://h/${"%zz^".repeat(n)}`)],
  ["validate: many @", (api, n) => api.validate(`ftp://${"a@".repeat(n)}h/`)],
  ["extractUrls: many URLs", (api, n) => api.extractUrls("see http://a.example/ and <URL:ftp://b/>, ".repeat(n / 16))],
  ["extractUrls: many false starts", (api, n) => api.extractUrls("http:<URL:".repeat(n))],
  ["equivalent: many escapes", (api, n) => api.equivalent(`http://h/${"%7e".repeat(n)}`, `http://h/${"~".repeat(n)}`)],
  ["parseBatch: many short lines", (api, n) => api.parseBatch("http://a/\n".repeat(n / 4))],
  ["parse against a deep base", (api, n) => api.parse("../".repeat(n) + "x", BASE + "d/".repeat(n))],
];

let counting: CountingApi;
beforeAll(async () => {
  counting = await countingApi(16 << 20);
});

/** The work at each of SIZES, and where it grows by more than GROWTH from one size to the next. */
function growth(run: (n: number) => unknown): { work: number[]; superlinear: boolean } {
  const work = SIZES.map((n) => counting.work(() => run(n)));
  return { work, superlinear: work.some((w, i) => i > 0 && w > GROWTH * work[i - 1]) };
}

describe("work in proportion to the input (counted in the JS kernel)", () => {
  it.each(URLS)("parse and canParse: %s", (_name, url) => {
    // parse() reads every byte, so its count must exceed the input length (a
    // check that the counting works); canParse() stops where the path begins,
    // as nothing after it can fail, so on a family whose length is in the
    // path its work does not grow at all, and it need only be counted.
    const ops: [(s: string) => unknown, number][] = [
      [(s) => counting.api.parse(s), SIZES[0]],
      [(s) => counting.api.canParse(s), 0],
    ];
    for (const [op, least] of ops) {
      const { work, superlinear } = growth((n) => op(url(n)));
      expect(superlinear, `work ${work.join(", ")}`).toBe(false);
      expect(work[0]).toBeGreaterThan(least);
    }
  });

  it.each(OTHERS)("%s", (_name, run) => {
    const { work, superlinear } = growth((n) => run(counting.api, n));
    expect(superlinear, `work ${work.join(", ")}`).toBe(false);
    expect(work[0]).toBeGreaterThan(SIZES[0] / 4);
  });

  it("catches a quadratic loop", () => {
    // The measure itself: a kernel loop run once per byte for each byte counts n^2.
    const { superlinear } = growth((n) => {
      for (let i = 0; i < n / 500; i++) counting.api.split("x".repeat(n));
    });
    expect(superlinear).toBe(true);
  });
});

describe.each(builds)("about 1 MB of each family (%s)", (_name, api) => {
  it("parses in seconds, not hours", () => {
    const n = 1 << 18;
    const start = performance.now();
    for (const [, url] of URLS) api.canParse(url(n));
    expect(performance.now() - start).toBeLessThan(60_000);
  });
});
