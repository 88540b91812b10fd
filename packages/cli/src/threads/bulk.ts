// Running a bulk command's Work over its input: in the main thread, or in
// worker threads for --threads N over a file; with progress on stderr.

import { inputHint } from "../input/input-hint.js";
import { counted, type Input, type OpenFile, readRange } from "../io.js";
import { Progress } from "../progress.js";
import { RANGE_BYTES, runThreaded } from "./threads.js";
import { inflaterThread } from "./inflate.js";
import type { Work, Write } from "../work.js";
import { back, mark, startTrace, traced, type ThreadTrace } from "../trace.js";

interface BulkRun<Result> {
  /** One result per piece of the input, in input order (a single one without threads). */
  results: Result[];
  /** Bytes of text read (a gzip file's decompressed). */
  bytes: number;
  seconds: number;
  /** Threads that did the work (1 when the input was not a file or too small to split). */
  threads: number;
  /** With --trace: the other threads' timelines, workers then the inflating one (the main thread's is its own: trace.ts). */
  traces: ThreadTrace[];
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
  /**
   * The output format where it has one writer, fed in input order (parquet,
   * arrow): then the run takes one thread, whatever its input.
   */
  oneWriter?: string;
  /** Whether rows go to standard output as the input is read (then no progress line is drawn on a terminal there). */
  streamsRows: boolean;
  /**
   * Whether the Work emits output. Output comes out in input order, so the
   * ranges of such a Work are small (output waiting its turn stays small);
   * a Work without output takes SHARES ranges per thread.
   */
  emits: boolean;
  /** Whether the input is read as a list of URLs without --input: then a hint says if it looks like another format. */
  hint?: boolean;
  /** --trace: every thread keeps its timeline (trace.ts). */
  trace?: boolean;
  /**
   * Whether the command reports on the lines read before a damaged input
   * (stats) and then throws `input.damage` itself; otherwise runBulk()
   * throws it once those lines are done.
   */
  reportsDamage?: boolean;
}

/**
 * Ranges per thread of a Work without output (stats), handed out as threads
 * ask: a worker that starts late, or a thread the machine's other work
 * slows, takes fewer, and no thread waits long for another at the end.
 * Each thread counts its ranges into one tally (Work.carry), made bytes and
 * merged once.
 */
const SHARES = 8;

/** Bytes of the input's start that the hint looks at. */
const HINT_BYTES = 64 * 1024;

/** `chunks`, with the hint for their start (input-hint.ts) given to `found`. */
async function* hinted(
  name: string,
  chunks: AsyncIterable<Uint8Array>,
  found: (hint: string | null) => void,
): AsyncGenerator<Uint8Array> {
  let first = true;
  for await (const chunk of chunks) {
    if (first && chunk.length > 0) {
      first = false;
      found(inputHint(name, chunk.subarray(0, HINT_BYTES)));
    }
    yield chunk;
  }
}

/** The hint for the start of `file` (a threaded run reads it in ranges, never from its start in one piece). */
async function fileHint(file: OpenFile): Promise<string | null> {
  for await (const chunk of readRange(file, 0, HINT_BYTES)) return inputHint(file.name, chunk);
  return null;
}

/**
 * How a run reads its input: threads cut it into ranges, or one thread
 * reads it, with or without a thread of its own that inflates it while
 * this one parses (inflate.ts). A run of --threads N (N > 1) that takes one
 * thread has the note that tells the user why.
 */
type Reading = { by: "ranges" } | { by: "one thread" | "one thread and an inflater"; note: string | null };

/**
 * How `input` is read, from one rule: threads read one regular file in
 * ranges, by its descriptor; standard input, a pipe, a compressed file (its
 * bytes decompress only in order) or several FILEs are read in one thread,
 * though with --threads N a compressed file is inflated by a thread of its
 * own.
 */
function readingOf(input: Input, bulk: BulkOptions<unknown>): Reading {
  if (bulk.threads <= 1) return { by: "one thread", note: null };
  const asked = `--threads ${bulk.threads}`;
  const oneThread = (why: string): Reading => ({
    by: "one thread",
    note: `${why}; ${input.name} is read by one thread`,
  });
  if (bulk.oneWriter !== undefined)
    return oneThread(`${asked}: --format ${bulk.oneWriter} has one writer, fed in input order`);
  if (input.file === null) {
    const why = `${asked} reads one uncompressed file in ranges`;
    if (!input.inflatable) return oneThread(why);
    return {
      by: "one thread and an inflater",
      note: `${why}; ${input.name} is inflated by one thread and parsed by another`,
    };
  }
  if (!bulk.splittable)
    return oneThread(
      `${asked} cuts into ranges URL lists and access logs whose lines stand alone (not w3c or cloudfront), without the line field`,
    );
  return { by: "ranges" };
}

export async function runBulk<Options, Result>(
  input: Input,
  bulk: BulkOptions<Options>,
  emit: Write,
): Promise<BulkRun<Result>> {
  if (bulk.trace === true) startTrace();
  const reading = readingOf(input, bulk);
  if (reading.by !== "ranges" && reading.note !== null) process.stderr.write(`swurl: note: ${reading.note}\n`);
  const inflaterTraces: ThreadTrace[] = [];
  const inflater =
    reading.by === "one thread and an inflater"
      ? inflaterThread(bulk.script, bulk.trace === true ? (t) => inflaterTraces.push(t) : undefined)
      : undefined;
  const progress = new Progress(input.size, bulk.streamsRows);
  let bytes = 0;
  const onBytes = (n: number) => {
    bytes += n;
    progress.add(n);
  };
  const start = performance.now();
  // A small file is not worth a thread start.
  const file = input.file;
  const threads = reading.by === "ranges" && input.size !== null && input.size > RANGE_BYTES ? bulk.threads : 1;
  // The hint goes out after a run that succeeds: a failed one's message stays one line.
  let hint: string | null = null;
  let run: BulkRun<Result>;
  // The bytes of text read (of a gzip file, decompressed): what the report's size and MB/s count;
  // the progress line counts the file's bytes, to compare with its size.
  let textBytes = 0;
  const text = traced(
    counted(input.chunks(onBytes, inflater), (n) => (textBytes += n)),
    "read",
  );
  const write: Write = async (chunk) => {
    const before = mark("write");
    await emit(chunk);
    back(before);
  };
  try {
    if (bulk.hint && threads > 1) hint = await fileHint(file!);
    const { results, traces } =
      threads > 1
        ? await runThreaded(
            bulk.script,
            bulk.work as Work<unknown, unknown>,
            { work: bulk.name, options: bulk.options, file: file!, trace: bulk.trace },
            input.size!,
            threads,
            bulk.emits ? RANGE_BYTES : Math.max(RANGE_BYTES, Math.ceil(input.size! / (threads * SHARES))),
            write,
            onBytes,
          )
        : {
            results: [
              await bulk.work.run(bulk.hint ? hinted(input.name, text, (h) => (hint = h)) : text, bulk.options, write),
            ],
            traces: [],
          };
    run = {
      results: results as Result[],
      traces: [...traces, ...inflaterTraces],
      bytes: threads > 1 ? bytes : textBytes,
      seconds: (performance.now() - start) / 1000,
      threads,
    };
  } finally {
    progress.end();
    await input.close();
  }
  if (input.damage !== null && bulk.reportsDamage !== true) throw input.damage;
  if (hint !== null && input.damage === null) process.stderr.write(hint);
  return run;
}
