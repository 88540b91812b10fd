// URLPatternList against the standard's loop over Node 24's URLPattern
// (test/helpers/urlpattern-list-differential.ts) with a fixed seed, in every
// build; on Node 20, against the loop over swurl's own patterns. `npm run
// fuzz -- --property urlpatternlist`, under Node 24, runs it for as long as
// asked. And the WPT patterns as one list, against every WPT input.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asProperty } from "../helpers/fuzz-properties";
import { nativeURLPattern } from "../helpers/urlpattern-differential";
import { patternDisputes, urlPatternListProperty } from "../helpers/urlpattern-list-differential";
import { readFileSync } from "node:fs";
import type { UrlPatternCase } from "../helpers/urlpattern-wpt";
import { randomCases } from "../helpers/quick";

const SEED = Number(process.env.SWURL_FUZZ_SEED ?? 0x11_57);
const RUNS = randomCases(600);
const WPT: UrlPatternCase[] = JSON.parse(
  readFileSync(new URL("../fixtures/wpt/urlpattern/urlpatterntestdata.json", import.meta.url), "utf8"),
);
/** WPT's patterns in lists of this many, each against the inputs of its cases. */
const CHUNK = 25;
const oracle = nativeURLPattern === undefined ? "swurl's own patterns in order" : "a loop over Node 24's URLPattern";

describe(`URLPatternList differential (seed ${SEED})`, () => {
  it(`${RUNS} random lists and inputs: findIndex, exec and match ≡ ${oracle}`, () => {
    patternDisputes.count = 0;
    fc.assert(asProperty(urlPatternListProperty), { seed: SEED, numRuns: RUNS });
    // Most inputs are not disputes of a single pattern.
    expect(patternDisputes.count).toBeLessThan(RUNS);
  });

  it(`WPT's patterns, ${CHUNK} a list, against their cases' inputs: ≡ ${oracle}`, () => {
    const problems: string[] = [];
    for (let i = 0; i < WPT.length; i += CHUNK) {
      const cases = WPT.slice(i, i + CHUNK);
      const inputs = cases.flatMap((c) => (c.inputs === undefined ? [] : [c.inputs]));
      problems.push(...urlPatternListProperty.check({ patterns: cases.map((c) => c.pattern), inputs }));
    }
    expect(problems).toEqual([]);
  });
});
