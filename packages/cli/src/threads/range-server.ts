// Serving byte ranges of a file for --threads: a range's Work runs over the
// lines that start in it, and its output goes back to the dispatcher
// (threads.ts) as it comes, at most CREDITS chunks ahead of the writer, with
// the range's result at its end. A worker thread serves ranges over its parent
// port (worker.ts); the main thread serves its own share in process.
//
// A range's lines are found by the batches that parse them, not here: a
// worker reads from the byte before its range, so that its first line is the
// end of the line before (or the empty "line" before that line's LF), which
// the Work's first batch drops (RangeChunks); and it reads on past the range
// to the LF that ends its last line. That first line also takes the byte
// order mark parseStream drops at a stream's start, so a line that starts
// with one keeps it, as in a run over the whole file.

import { counted, type OpenFile, readRange } from "../io.js";
import { RangeChunks } from "../input/records.js";
import type { Work } from "../work.js";
import { back, mark, rangeBegun, startTrace, traced, traceSnapshot, type ThreadTrace } from "../trace.js";

/** Output chunks a worker may send before the main thread has taken them. */
const CREDITS = 4;

/** What the main thread tells a worker when it starts. */
export interface WorkerSetup {
  work: string;
  options: unknown;
  /** The input file, open in this process: threads read it by its descriptor, never by its path again. */
  file: OpenFile;
  /** --trace: each thread keeps its timeline (trace.ts). */
  trace?: boolean;
  /** When the worker thread was made (performance.now()), the start of its timeline. */
  born?: number;
}

/** Main thread to worker. */
export type ToWorker = { type: "range"; id: number; start: number; end: number } | { type: "ack" } | { type: "finish" };
/** Worker to main thread. */
export type FromWorker =
  | { type: "text"; id: number; text: string | Uint8Array }
  | { type: "bytes"; bytes: number }
  | { type: "done"; id: number; result: unknown; trace: ThreadTrace | null }
  /** The thread's carry as a result (Work.finish()), once its ranges are done. */
  | { type: "finished"; result: unknown; trace: ThreadTrace | null }
  | { type: "error"; message: string };

const LF = 0x0a;

/** The bytes of [start, end) of the file, through the last LF before `end` or after it, when the range's last line goes on past it. */
async function* throughLineEnd(
  file: OpenFile,
  start: number,
  end: number,
  count: (bytes: number) => void,
): AsyncGenerator<Uint8Array> {
  let last = LF;
  for await (const chunk of counted(readRange(file, start, end), count)) {
    if (chunk.length > 0) last = chunk[chunk.length - 1];
    yield chunk;
  }
  if (last === LF) return;
  for await (const chunk of readRange(file, end, Infinity)) {
    const lf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length).indexOf(LF);
    yield lf === -1 ? chunk : chunk.subarray(0, lf + 1);
    if (lf !== -1) return;
  }
}

/** The chunks of `source` until `signal` is aborted: the read stops at the next chunk, and its file is closed. */
async function* untilAborted(
  source: AsyncIterable<Uint8Array>,
  signal: AbortSignal | undefined,
): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    if (signal?.aborted) return;
    yield chunk;
  }
}

/**
 * The source of a worker's Work for the range [start, end) of `file`: its lines, after the byte before it (the first range has none);
 * `count` hears of the range's own bytes as they are read. Once `signal` is
 * aborted, it ends at the next chunk. (A later range's source is RangeChunks,
 * whose first line the records drop: the signal is heard inside it.)
 */
export function rangeSource(
  file: OpenFile,
  start: number,
  end: number,
  count: (bytes: number) => void,
  signal?: AbortSignal,
): AsyncIterable<Uint8Array> {
  // Reads traced inside: a RangeChunks must stay one (its records drop its first line).
  if (start === 0) return untilAborted(traced(throughLineEnd(file, start, end, count), "read"), signal);
  async function* chunks(): AsyncGenerator<Uint8Array> {
    yield* readRange(file, start - 1, start);
    yield* throughLineEnd(file, start, end, count);
  }
  return new RangeChunks(untilAborted(traced(chunks(), "read"), signal));
}

/** How many bytes read a worker tells the main thread of at once (for the progress line). */
const REPORT_BYTES = 1 << 20;

/**
 * Serve the ranges that arrive through `listen` with `work`, answering
 * through `post`, until `signal` (if given) is aborted: then the range being
 * read stops at its next chunk, and nothing more is posted.
 */
export function serveRanges(
  work: Work<unknown, unknown>,
  setup: WorkerSetup,
  post: (m: FromWorker) => void,
  listen: (handler: (m: ToWorker) => void) => void,
  signal?: AbortSignal,
): void {
  let credits = CREDITS;
  let resume: (() => void) | null = null;
  if (setup.trace === true) startTrace(setup.born);
  const carry = work.carry?.();

  async function runRange(id: number, start: number, end: number): Promise<void> {
    // Bytes read are told a MiB at a time: a message per chunk read was a few percent of a worker's time.
    let unreported = 0;
    const report = () => {
      if (unreported > 0) post({ type: "bytes", bytes: unreported });
      unreported = 0;
    };
    const ended = rangeBegun(id, start, end);
    const source = rangeSource(
      setup.file,
      start,
      end,
      (bytes) => {
        unreported += bytes;
        if (unreported >= REPORT_BYTES) report();
      },
      signal,
    );
    const result = await work.run(
      source,
      setup.options,
      async (text) => {
        post({ type: "text", id, text });
        if (--credits > 0) return;
        const before = mark("wait");
        await new Promise<void>((r) => (resume = r));
        back(before);
      },
      carry,
    );
    if (signal?.aborted) return;
    report();
    ended();
    // Until the next range, if one comes.
    mark("wait");
    post({ type: "done", id, result, trace: traceSnapshot() });
  }

  listen((m) => {
    if (m.type === "ack") {
      credits++;
      resume?.();
      resume = null;
    } else if (m.type === "finish") {
      mark("merge");
      const result = work.finish?.(carry, setup.options) ?? null;
      mark("wait");
      post({ type: "finished", result, trace: traceSnapshot() });
    } else {
      runRange(m.id, m.start, m.end).catch((e: Error) => {
        if (!signal?.aborted) post({ type: "error", message: e.message });
      });
    }
  });
}
