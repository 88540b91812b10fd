// The readers' property (test/cli/reader-properties.ts) with a fixed seed:
// every reader's rows equal the reference reader's, on random files of
// hostile pieces cut at every byte. SWURL_FUZZ_SEED and SWURL_FUZZ_SCALE
// change the seed and multiply the runs; `npm run fuzz -- --property cli`
// runs it for as long as asked.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type Cli, groupDifferences, loadCli, readerCase, readerDifferences } from "./reader-properties";
import { randomCases } from "../helpers/quick";
import { isFormat } from "./format-properties";

const SEED = Number(process.env.SWURL_FUZZ_SEED ?? 0x25_10c5);

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
      { seed: SEED, numRuns: randomCases(600) },
    );
  });

  it("w3c: a block whose first lines no program reads (a directive naming a field twice), then a directive's lines", async () => {
    const fields = "#Fields: date time c-ip cs-method cs-uri-stem cs-uri-query sc-status time-taken\n";
    const first = `${fields}2026-10-10 13:55:36 192.0.2.1 GET /a/first/block/of/a/good/length - 200 1\n`;
    const second = `#Fields: date date\nx y\n${fields}2026-10-10 13:55:37 192.0.2.2 GET /b - 200 2\n`;
    // One chunk a block: the second block's lines are read after one no program reads.
    const c = {
      format: "w3c" as const,
      bytes: first + second,
      chunk: first.length,
      block: 400,
      blockLines: 9,
      cuts: [],
      gzip: false,
    };
    expect(second.length).toBeLessThanOrEqual(first.length);
    expect(await readerDifferences(cli, c)).toEqual([]);
  });

  it("stats --by every access-log field and the URL parts of the kernel's tallies, domain and search (and --sum bytes): counts and sums equal the reference's", async () => {
    await fc.assert(
      fc.asyncProperty(
        readerCase.filter((c) => c.format === "combined" || c.format === "common"),
        async (c) => {
          const problems = await groupDifferences(cli, c);
          if (problems.length > 0) throw new Error(problems.join("\n"));
        },
      ),
      { seed: SEED, numRuns: randomCases(300) },
    );
  });

  it("stats --by every common field of the formats a program reads and the URL parts (and --sum bytes and durations): counts and sums equal the reference's", async () => {
    await fc.assert(
      fc.asyncProperty(
        readerCase.filter((c) => isFormat(c.format)),
        async (c) => {
          const problems = await groupDifferences(cli, c);
          if (problems.length > 0) throw new Error(problems.join("\n"));
        },
      ),
      { seed: SEED, numRuns: randomCases(300) },
    );
  });
});
