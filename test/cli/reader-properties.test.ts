// The readers' property (test/cli/reader-properties.ts) with a fixed seed:
// every reader's rows equal the reference reader's, on random files of
// hostile pieces cut at every byte. SWURL_FUZZ_SEED and SWURL_FUZZ_SCALE
// change the seed and multiply the runs; `npm run fuzz -- --property cli`
// runs it for as long as asked.
import fc from "fast-check";
import { beforeAll, describe, it } from "vitest";
import { type Cli, groupDifferences, loadCli, readerCase, readerDifferences } from "./reader-properties";

const SEED = Number(process.env.SWURL_FUZZ_SEED ?? 0x25_10c5);
const SCALE = Number(process.env.SWURL_FUZZ_SCALE ?? 1);

let cli: Cli;
beforeAll(async () => {
  cli = await loadCli();
});

describe(`reader property (seed ${SEED})`, () => {
  it("lines, combined, common, jsonl, csv, tsv and the servers' log formats; gzip; several files: rows equal the reference's", async () => {
    await fc.assert(
      fc.asyncProperty(readerCase, async (c) => {
        const problems = await readerDifferences(cli, c);
        if (problems.length > 0) throw new Error(problems.join("\n"));
      }),
      { seed: SEED, numRuns: Math.round(600 * SCALE) },
    );
  });

  it("stats --by every access-log field and the URL parts of the kernel's tallies (and --sum bytes): counts and sums equal the reference's", async () => {
    await fc.assert(
      fc.asyncProperty(
        readerCase.filter((c) => c.format === "combined" || c.format === "common"),
        async (c) => {
          const problems = await groupDifferences(cli, c);
          if (problems.length > 0) throw new Error(problems.join("\n"));
        },
      ),
      { seed: SEED, numRuns: Math.round(300 * SCALE) },
    );
  });
});
