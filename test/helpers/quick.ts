// A quick run (`npm run test:quick`, SWURL_QUICK=1) is the contributor's loop:
// one build, no browser, and no test of scale, whose inputs of many MiB and
// peaks of memory take most of a minute each; `npm test` runs them all.
import { it } from "vitest";

const QUICK = process.env.SWURL_QUICK === "1";
if (QUICK)
  process.stderr.write("swurl: tests of scale skipped in a quick run (npm run test:quick); npm test runs them\n");

/** `it` for a test of scale (an input of many MiB, a peak of memory); `it.skip` in a quick run. */
export const itAtScale = it.skipIf(QUICK);
