// Running a bulk command's Work over its input: in the main thread, or in
// worker threads for --threads N over a file; with progress on stderr.

import type { Input } from "./io.js";
import { Progress } from "./progress.js";
import { RANGE_BYTES, runThreaded } from "./threads.js";
import type { Emit, Work } from "./work.js";

interface BulkRun<Result> {
  /** One result per piece of the input, in input order (a single one without threads). */
  results: Result[];
  bytes: number;
  seconds: number;
  /** Threads that did the work (1 when the input was not a file or too small to split). */
  threads: number;
}

interface BulkOptions<Options> {
  /** The Work's name in the worker's table (worker.ts). */
  name: string;
  work: Work<Options, unknown>;
  options: Options;
  threads: number;
  /** The script a worker thread runs (the CLI itself). */
  script: URL;
  /**
   * Whether the input can be cut into ranges at line boundaries (a list of
   * URLs or an access log, with nothing that depends on a record's place in
   * the whole input).
   */
  splittable: boolean;
  /** Whether rows go to standard output as the input is read (then no progress line is drawn on a terminal there). */
  streamsRows: boolean;
}

export async function runBulk<Options, Result>(
  input: Input,
  bulk: BulkOptions<Options>,
  emit: Emit,
): Promise<BulkRun<Result>> {
  const progress = new Progress(input.size, bulk.streamsRows);
  let bytes = 0;
  const onBytes = (n: number) => {
    bytes += n;
    progress.add(n);
  };
  const start = performance.now();
  // Standard input cannot be cut into ranges, and a small file is not worth a thread start.
  const threads =
    bulk.splittable && input.path !== null && input.size !== null && input.size > RANGE_BYTES ? bulk.threads : 1;
  try {
    const results =
      threads > 1
        ? await runThreaded(
            bulk.script,
            { work: bulk.name, options: bulk.options, path: input.path! },
            input.size!,
            threads,
            emit,
            onBytes,
          )
        : [await bulk.work.run(input.chunks(onBytes), bulk.options, emit)];
    return { results: results as Result[], bytes, seconds: (performance.now() - start) / 1000, threads };
  } finally {
    progress.end();
  }
}
