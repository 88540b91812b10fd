// The fuzz properties (test/helpers/fuzz-properties.ts) with a fixed seed and a
// modest number of runs, so that CI stays fast and a failure replays; and
// every input the fuzz script (npm run fuzz) ever found, replayed.
// SWURL_FUZZ_SEED and SWURL_FUZZ_SCALE change the seed and multiply the runs:
//   SWURL_FUZZ_SEED=7 SWURL_FUZZ_SCALE=10 npx vitest run test/api/fuzz.test.ts
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asProperty, PROPERTIES, propertyNamed, type Json } from "../helpers/fuzz-properties";
import { randomCases } from "../helpers/quick";

const SEED = Number(process.env.SWURL_FUZZ_SEED ?? 0x5eed_f022);
/** Runs per property: some 7 s in all on this machine kind, for the three builds and the reference. */
const RUNS: Record<string, number> = { parse: 10_000, batch: 1000, bytes: 3000, functions: 3000, setters: 2000 };

interface Regression {
  property: string;
  value: Json;
  found: string;
}

const regressions = JSON.parse(
  readFileSync(new URL("../fixtures/fuzz-regressions.json", import.meta.url), "utf8"),
) as Regression[];

describe(`fuzz properties (seed ${SEED})`, () => {
  it.each(PROPERTIES)("$name: $title", (property) => {
    fc.assert(asProperty(property), { seed: SEED, numRuns: randomCases(RUNS[property.name]) });
  });
});

describe("fuzz regressions (test/fixtures/fuzz-regressions.json)", () => {
  it("names a property in every entry", () => {
    expect(regressions.filter((r) => propertyNamed(r.property) === undefined || typeof r.found !== "string")).toEqual(
      [],
    );
  });

  it.each(regressions.map((r, i) => [i, r] as const))("#%i holds", (_i, { property, value }) => {
    expect(propertyNamed(property)!.check(value)).toEqual([]);
  });
});
