// --threads N: a file is cut into byte ranges (at any byte), of RANGE_BYTES
// for a Work that emits output, one a thread for one that does not (bulk.ts);
// worker threads run the command's Work over the lines that start in each
// range, and the main thread writes their output in input order. Ranges are
// handed out a few at a time, so the output waiting its turn stays small
// however large the file.
//
// A range's lines are found by the batches that parse them, not here: a
// worker reads from the byte before its range, so that its first line is the
// end of the line before (or the empty "line" before that line's LF), which
// the Work's first batch drops (RangeChunks); and it reads on past the range
// to the LF that ends its last line. That first line also takes the byte
// order mark parseStream drops at a stream's start, so a line that starts
// with one keeps it, as in a run over the whole file.

import { Worker } from "node:worker_threads";
import type { Emit } from "./work.js";
import { InputError } from "./errors.js";
import { counted, readRange } from "./io.js";
import { RangeChunks } from "./records.js";

/** Bytes per range: small enough that ranges waiting their turn cost little memory. */
export const RANGE_BYTES = 4 << 20;
/** Output chunks a worker may send before the main thread has taken them. */
export const CREDITS = 4;

/** What the main thread tells a worker when it starts. */
export interface WorkerSetup {
  work: string;
  options: unknown;
  path: string;
}

/** Main thread to worker. */
export type ToWorker = { type: "range"; id: number; start: number; end: number } | { type: "ack" };
/** Worker to main thread. */
export type FromWorker =
  | { type: "text"; id: number; text: string }
  | { type: "bytes"; bytes: number }
  | { type: "done"; id: number; result: unknown }
  | { type: "error"; message: string };

const LF = 0x0a;

/** The bytes of [start, end) of the file, through the last LF before `end` or after it, when the range's last line goes on past it. */
async function* throughLineEnd(
  path: string,
  start: number,
  end: number,
  count: (bytes: number) => void,
): AsyncGenerator<Uint8Array> {
  let last = LF;
  for await (const chunk of counted(readRange(path, start, end), count)) {
    if (chunk.length > 0) last = chunk[chunk.length - 1];
    yield chunk;
  }
  if (last === LF) return;
  for await (const chunk of readRange(path, end, Infinity)) {
    const lf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length).indexOf(LF);
    yield lf === -1 ? chunk : chunk.subarray(0, lf + 1);
    if (lf !== -1) return;
  }
}

/**
 * The source of a worker's Work for the range [start, end) of the file at
 * `path`: its lines, after the byte before it (the first range has none);
 * `count` hears of the range's own bytes as they are read.
 */
export function rangeSource(
  path: string,
  start: number,
  end: number,
  count: (bytes: number) => void,
): AsyncIterable<Uint8Array> {
  if (start === 0) return throughLineEnd(path, start, end, count);
  async function* chunks(): AsyncGenerator<Uint8Array> {
    yield* readRange(path, start - 1, start);
    yield* throughLineEnd(path, start, end, count);
  }
  return new RangeChunks(chunks());
}

interface RangeState {
  /** Output not yet written, and whether the worker was already told it was taken. */
  chunks: { text: string; acked: boolean }[];
  worker: Worker;
  done: boolean;
  result?: unknown;
}

/**
 * Run Work `work` over the file at `path` in `threads` worker threads that
 * load `script`, in ranges of `rangeBytes`; output goes to `emit` in input
 * order, `onBytes` hears of bytes read. Returns the result of each range, in
 * input order.
 */
export async function runThreaded(
  script: URL,
  setup: WorkerSetup,
  size: number,
  threads: number,
  rangeBytes: number,
  emit: Emit,
  onBytes: (n: number) => void,
): Promise<unknown[]> {
  const workers = Array.from({ length: threads }, () => new Worker(script, { workerData: setup }));
  const ranges: RangeState[] = [];
  const results: unknown[] = [];
  let cursor = 0;
  let head = 0;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };

  /** Whether a range can be handed out: the file is not done and not too much output would wait. */
  const canDispatch = () => cursor < size && ranges.length < head + 2 * threads;

  /** Give `worker` the next range. */
  function dispatch(worker: Worker): void {
    const start = cursor;
    const end = Math.min(start + rangeBytes, size);
    cursor = end;
    const id = ranges.length;
    ranges.push({ chunks: [], worker, done: false });
    worker.postMessage({ type: "range", id, start, end } satisfies ToWorker);
  }

  /** Workers without a range. */
  const idle: Worker[] = [];
  for (const worker of workers) {
    worker.on("message", (m: FromWorker) => {
      switch (m.type) {
        case "bytes":
          onBytes(m.bytes);
          return;
        case "text": {
          // Output of a later range waits here (taken at once); that of the
          // range being written is taken when written.
          const acked = m.id !== head;
          ranges[m.id].chunks.push({ text: m.text, acked });
          if (acked) worker.postMessage({ type: "ack" } satisfies ToWorker);
          break;
        }
        case "done":
          ranges[m.id].done = true;
          ranges[m.id].result = m.result;
          idle.push(worker);
          break;
        case "error":
          failure ??= new InputError(m.message);
          break;
      }
      notify();
    });
    worker.on("error", (e) => {
      failure ??= e;
      notify();
    });
    // A worker that ends before the work is done has failed.
    worker.on("exit", () => {
      failure ??= new Error("a worker thread stopped unexpectedly");
      notify();
    });
  }

  try {
    idle.push(...workers);
    while (head < ranges.length || cursor < size) {
      if (failure) throw failure;
      while (idle.length > 0 && canDispatch()) dispatch(idle.shift()!);
      const range = ranges[head];
      if (range !== undefined && range.chunks.length > 0) {
        const chunk = range.chunks.shift()!;
        await emit(chunk.text);
        if (!chunk.acked) range.worker.postMessage({ type: "ack" } satisfies ToWorker);
      } else if (range?.done) {
        results.push(range.result);
        range.result = undefined;
        head++;
      } else {
        await new Promise<void>((resolve) => (wake = resolve));
      }
    }
    return results;
  } finally {
    for (const worker of workers) worker.removeAllListeners("exit");
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
