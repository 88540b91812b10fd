// swurl stats: what a list of URLs holds (valid and invalid lines, schemes,
// top hosts and registrable domains, shape) and how fast it was read.

import { BULK_OPTIONS, INPUT_HELP, inputSpec, integerOption, parseCommandArgs, threadsOption } from "./args";
import { runBulk } from "./bulk";
import { styleFor } from "./chart";
import type { Command } from "./command";
import { openInputs } from "./io";
import { kernelRead, readRecords, type InputSpec } from "./records";
import { jsonReport, summarize, textReport } from "./report";
import { addInvalid, addSkipped, addUrl, emptyTally, mergeTally, type Tally } from "./tally";
import type { Work } from "./work";

export interface StatsOptions {
  input: InputSpec;
}

export const statsWork: Work<StatsOptions, Tally> = {
  async run(source, { input }) {
    const tally = emptyTally();
    for await (const records of readRecords(source, input, [])) {
      addSkipped(tally, records.skipped);
      for (let i = 0; i < records.length; i++) {
        const url = records.url(i);
        if (url === null) addInvalid(tally, records.text(i), records.line(i));
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
  help: `Usage: swurl stats [FILE|-]... [options]

Read FILE (or standard input), one URL per line, and report: valid and
invalid lines (with the first invalid ones), schemes, the top hosts and
registrable domains (Public Suffix List, private section included, as
browsers count sites), how many URLs have a query, fragment, port,
credentials, IP-address or IDN host, and the time taken and MB/s
(1 MB = 10^6 bytes).

Options:
      --top N        how many hosts and domains to list (default 10)
      --json         the numbers as JSON instead of the text report
      --threads N    read FILE with N worker threads
  -h, --help         show this help

${INPUT_HELP}
Memory grows with the number of distinct hosts, not with the input size.
`,
  async run(args, { stdout, script }) {
    const { values, files } = parseCommandArgs("stats", args, OPTIONS);
    if (values.help) return stdout.write(statsCommand.help);
    const options: StatsOptions = { input: inputSpec("stats", values, true, false) };
    const top = integerOption("stats", "top", values.top, 10, 0, 1_000_000);
    const threads = threadsOption("stats", values.threads);
    const input = await openInputs(files);
    const bulk = { name: "stats", work: statsWork, options, threads, script, splittable: kernelRead(options.input), streamsRows: false };
    const run = await runBulk<StatsOptions, Tally>(input, bulk, async () => {});
    const summary = summarize(run.results.reduce(mergeTally), { ...run, input: input.name }, top);
    await stdout.write(values.json ? jsonReport(summary) : textReport(summary, styleFor(process.stdout)));
  },
};
