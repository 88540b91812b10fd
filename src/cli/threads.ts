// --threads N: a file is cut into byte ranges at line boundaries, worker
// threads run the command's Work over the ranges, and the main thread writes
// their output in input order. Ranges are handed out a few at a time, so the
// output waiting its turn stays small however large the file.

import { open, type FileHandle } from "node:fs/promises";
import { Worker } from "node:worker_threads";
import type { Emit } from "./work.js";
import { InputError } from "./errors.js";
import { reason } from "./io.js";

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

const SCAN = 64 << 10;
const BOM = [0xef, 0xbb, 0xbf];

/**
 * The start of the first line at or after `pos`: just after a line feed.
 * A line that begins with a byte order mark is not a start, because a range
 * (like a whole input) drops a leading BOM and that line would change.
 */
async function lineStart(file: FileHandle, pos: number, size: number): Promise<number> {
  const block = Buffer.alloc(SCAN + BOM.length);
  for (let at = pos; at < size; ) {
    const { bytesRead } = await file.read(block, 0, block.length, at);
    const lf = block.subarray(0, Math.min(bytesRead, SCAN)).indexOf(0x0a);
    if (lf === -1) {
      at += SCAN;
      continue;
    }
    const next = at + lf + 1;
    if (next >= size) return size;
    const head = Buffer.alloc(BOM.length);
    await file.read(head, 0, BOM.length, next);
    if (!BOM.every((b, i) => head[i] === b)) return next;
    at = next;
  }
  return size;
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
 * load `script`; output goes to `emit` in input order, `onBytes` hears of
 * bytes read. Returns the result of each range, in input order.
 */
export async function runThreaded(
  script: URL, setup: WorkerSetup, size: number, threads: number, emit: Emit, onBytes: (n: number) => void,
): Promise<unknown[]> {
  let file: FileHandle;
  try {
    file = await open(setup.path, "r");
  } catch (e) {
    throw new InputError(`cannot read ${setup.path}: ${reason(e)}`);
  }
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
  async function dispatch(worker: Worker): Promise<void> {
    const start = cursor;
    const end = start + RANGE_BYTES >= size ? size : await lineStart(file, start + RANGE_BYTES, size);
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
      while (idle.length > 0 && canDispatch()) await dispatch(idle.shift()!);
      const range = ranges[head];
      if (range !== undefined && range.chunks.length > 0) {
        const chunk = range.chunks.shift()!;
        await emit(chunk.text);
        if (!chunk.acked) range.worker.postMessage({ type: "ack" } satisfies ToWorker);
      } else if (range !== undefined && range.done) {
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
    await file.close();
  }
}
