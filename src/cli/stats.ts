// swurl stats: what a list of URLs holds (valid and invalid lines, schemes,
// top hosts and registrable domains, shape) and how fast it was read.

import { parseStream } from "../index.js";
import { BULK_OPTIONS, baseOption, integerOption, parseCommandArgs, threadsOption } from "./args.js";
import { runBulk } from "./bulk.js";
import { styleFor } from "./chart.js";
import type { Command } from "./command.js";
import { openInput } from "./io.js";
import { LineTape } from "./tape.js";
import { jsonReport, summarize, textReport } from "./report.js";
import { addInvalid, addUrl, emptyTally, mergeTally, type Tally } from "./tally.js";
import type { Work } from "./work.js";

export interface StatsOptions {
  base: string | undefined;
}

export const statsWork: Work<StatsOptions, Tally> = {
  async run(source, { base }) {
    const tally = emptyTally();
    const tape = new LineTape();
    for await (const batch of parseStream(tape.record(source), { base })) {
      const lines = tape.linesOf(batch, false);
      for (let i = 0; i < batch.length; i++) {
        const url = batch.get(i);
        if (url === null) addInvalid(tally, lines[i]);
        else addUrl(tally, url);
      }
    }
    return tally;
  },
};

const OPTIONS = {
  ...BULK_OPTIONS,
  top: { type: "string" },
  json: { type: "boolean" },
} as const;

export const statsCommand: Command = {
  name: "stats",
  summary: "totals, failures, schemes, top hosts and domains, throughput",
  help: `Usage: swurl stats [FILE|-] [options]

Read FILE (or standard input), one URL per line, and report: valid and
invalid lines (with the first invalid ones), schemes, the top hosts and
registrable domains (Public Suffix List, private section included, as
browsers count sites), how many URLs have a query, fragment, port,
credentials, IP-address or IDN host, and the time taken and MB/s
(1 MB = 10^6 bytes).

Options:
      --top N        how many hosts and domains to list (default 10)
      --json         the numbers as JSON instead of the text report
      --base URL     resolve each line against URL
      --threads N    read FILE with N worker threads
  -h, --help         show this help

Memory grows with the number of distinct hosts, not with the input size.
`,
  async run(args, { stdout, script }) {
    const { values, file } = parseCommandArgs("stats", args, OPTIONS);
    if (values.help) return stdout.write(statsCommand.help);
    const options: StatsOptions = { base: baseOption("stats", values.base) };
    const top = integerOption("stats", "top", values.top, 10, 0, 1_000_000);
    const threads = threadsOption("stats", values.threads);
    const input = await openInput(file);
    const run = await runBulk<StatsOptions, Tally>(input, { name: "stats", work: statsWork, options, threads, script }, async () => {});
    const summary = summarize(run.results.reduce(mergeTally), { ...run, input: input.name }, top);
    await stdout.write(values.json ? jsonReport(summary) : textReport(summary, styleFor(process.stdout)));
  },
};
