// Random URL patterns and URLs (test/helpers/urlpattern-differential.ts) with a fixed
// seed: the three builds agree, and (in the suite's Node 24 pass) equal Node
// 24's own URLPattern, or, on the pairs where they differ, each answer is Node
// 24's or Chromium's (urlpattern-differential.ts says where each engine departs from the
// standard). `npm run fuzz -- --property urlpattern`, under Node
// 24, runs the same property for as long as asked.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { summarize } from "../helpers/report";
import { asProperty } from "../helpers/fuzz-properties";
import { chromiumOracle, undecided } from "../helpers/urlpattern-chromium";
import { nativeURLPattern, takeDisputes, urlPatternProperty } from "../helpers/urlpattern-differential";
import { randomCases } from "../helpers/quick";

const SEED = Number(process.env.SWURL_FUZZ_SEED ?? 0x0e1_9a77);
const RUNS = randomCases(3000);

describe(`URLPattern differential (seed ${SEED})`, () => {
  // Node 24's disputes are decided by Chromium: without it they cannot be.
  it.skipIf(nativeURLPattern !== undefined && chromiumOracle() === null)(
    `${RUNS} random patterns and URLs: the builds agree${nativeURLPattern === undefined ? "" : ", ≡ Node 24's URLPattern or Chromium's"}`,
    async () => {
      takeDisputes();
      fc.assert(asProperty(urlPatternProperty), { seed: SEED, numRuns: RUNS });
      const disputes = takeDisputes();
      const left = await undecided(disputes);
      expect(
        left,
        summarize(
          `${left.length} of ${disputes.length} disputes with Node 24 where swurl is neither Node 24 nor Chromium`,
          left,
        ),
      ).toEqual([]);
    },
  );
});
