// A quick run (`npm run test:quick`, SWURL_QUICK=1) is the contributor's loop:
// one build, no browser, no test of scale, whose inputs of many MiB and
// peaks of memory take most of a minute each, and a tenth of the random
// cases of each property test; `npm test` runs them all.
import { it } from "vitest";

const QUICK = process.env.SWURL_QUICK === "1";
if (QUICK)
  process.stderr.write(
    "swurl: tests of scale skipped and a tenth of the random cases run in a quick run (npm run test:quick); npm test runs them all\n",
  );

/** `it` for a test of scale (an input of many MiB, a peak of memory); `it.skip` in a quick run. */
export const itAtScale = it.skipIf(QUICK);

/** SWURL_FUZZ_SCALE: the share of each property test's random cases to run (more than 1 for a longer hunt). */
const FUZZ_SCALE = Number(process.env.SWURL_FUZZ_SCALE ?? (QUICK ? 0.1 : 1));

/** How many of a property test's `full` random cases this run gives it: SWURL_FUZZ_SCALE times, at least one. */
export function randomCases(full: number): number {
  return Math.max(1, Math.round(full * FUZZ_SCALE));
}
