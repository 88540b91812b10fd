// --threads N: a file is cut into byte ranges (at any byte), of RANGE_BYTES
// for a Work that emits output, a few a thread for one that does not
// (bulk.ts), handed out as threads ask;
// the main thread and N - 1 worker threads run the command's Work over the
// lines that start in each range (range-server.ts), and the main thread
// writes their output in input order. Ranges are
// handed out a few at a time, so the output waiting its turn stays small
// however large the file.

import { Worker } from "node:worker_threads";
import type { Work, Write } from "../work.js";
import { InputError } from "../errors.js";
import { type FromWorker, serveRanges, type ToWorker, type WorkerSetup } from "./range-server.js";
import { back, mark, type ThreadTrace } from "../trace.js";

/** Bytes per range: small enough that ranges waiting their turn cost little memory. */
export const RANGE_BYTES = 4 << 20;
/** A thread that serves ranges: a worker thread, or the main thread itself. */
interface RangeWorker {
  /** A worker thread's, where it is traced; the main thread's own share is traced with the main thread. */
  trace: ThreadTrace | null;
  send(m: ToWorker): void;
  stop(): Promise<unknown>;
}

/** What the dispatcher hears from a range worker. */
interface WorkerEvents {
  message(from: RangeWorker, m: FromWorker): void;
  failure(e: Error): void;
}

/** A worker thread loading `script` (the command), serving ranges of `setup`. */
function threadWorker(script: URL, setup: WorkerSetup, events: WorkerEvents): RangeWorker {
  const worker = new Worker(script, { workerData: { ...setup, born: performance.now() } });
  const self: RangeWorker = {
    trace: null,
    send: (m) => worker.postMessage(m),
    stop: () => {
      worker.removeAllListeners("exit");
      return worker.terminate();
    },
  };
  worker.on("message", (m: FromWorker) => events.message(self, m));
  worker.on("error", events.failure);
  // A worker that ends before the work is done has failed.
  worker.on("exit", () => events.failure(new Error("a worker thread stopped unexpectedly")));
  return self;
}

/**
 * The main thread's own share: `work` run over ranges in this thread, between
 * the writes of the other ranges' output. One thread fewer to start, and to
 * warm up (its JIT and kernel), than a worker for every range would take.
 */
function localWorker(work: Work<unknown, unknown>, setup: WorkerSetup, events: WorkerEvents): RangeWorker {
  let handler: (m: ToWorker) => void = () => {};
  // Stopped (another thread failed, or the output closed), its range stops
  // reading at the next chunk, where it would read on to the range's end.
  const stopping = new AbortController();
  // Messages are delivered later, as a thread's are: never inside the caller's own step.
  const self: RangeWorker = {
    trace: null,
    send: (m) => queueMicrotask(() => handler(m)),
    stop: async () => stopping.abort(),
  };
  serveRanges(
    work,
    setup,
    (m) => queueMicrotask(() => events.message(self, m)),
    (h) => (handler = h),
    stopping.signal,
  );
  return self;
}

interface RangeState {
  /** Output not yet written, and whether the worker was already told it was taken. */
  chunks: { text: string | Uint8Array; acked: boolean }[];
  worker: RangeWorker;
  done: boolean;
  result?: unknown;
}

/**
 * Run `work` (named `setup.work`) over the open file `setup.file` in `threads`
 * threads, this one and worker threads that load `script`, in ranges of
 * `rangeBytes`; output goes to `emit` in input order, `onBytes` hears of
 * bytes read. Returns the result of each range, in input order, and the
 * worker threads' timelines (with `setup.trace`).
 */
export async function runThreaded(
  script: URL,
  work: Work<unknown, unknown>,
  setup: WorkerSetup,
  size: number,
  threads: number,
  rangeBytes: number,
  emit: Write,
  onBytes: (n: number) => void,
): Promise<{ results: unknown[]; traces: ThreadTrace[] }> {
  const ranges: RangeState[] = [];
  const results: unknown[] = [];
  /** The threads' carries as results (Work.finish()). */
  const finals: unknown[] = [];
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
  function dispatch(worker: RangeWorker): void {
    const start = cursor;
    const end = Math.min(start + rangeBytes, size);
    cursor = end;
    const id = ranges.length;
    ranges.push({ chunks: [], worker, done: false });
    worker.send({ type: "range", id, start, end });
  }

  /** Workers without a range. */
  const idle: RangeWorker[] = [];
  const events: WorkerEvents = {
    message(worker, m) {
      switch (m.type) {
        case "bytes":
          onBytes(m.bytes);
          return;
        case "text": {
          // Output of a later range waits here (taken at once); that of the
          // range being written is taken when written.
          const acked = m.id !== head;
          ranges[m.id].chunks.push({ text: m.text, acked });
          if (acked) worker.send({ type: "ack" });
          break;
        }
        case "done":
          ranges[m.id].done = true;
          ranges[m.id].result = m.result;
          if (worker !== local) worker.trace = m.trace;
          idle.push(worker);
          break;
        case "finished":
          finals.push(m.result);
          if (worker !== local) worker.trace = m.trace;
          break;
        case "error":
          failure ??= new InputError(m.message);
          break;
      }
      notify();
    },
    failure(e) {
      failure ??= e;
      notify();
    },
  };
  const local = localWorker(work, setup, events);
  const workers = [local, ...Array.from({ length: threads - 1 }, () => threadWorker(script, setup, events))];

  /** Until the next message or failure of a thread. */
  async function event(): Promise<void> {
    const before = mark("wait");
    await new Promise<void>((resolve) => (wake = resolve));
    back(before);
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
        if (!chunk.acked) range.worker.send({ type: "ack" });
      } else if (range?.done) {
        results.push(range.result);
        range.result = undefined;
        head++;
      } else await event();
    }
    if (work.finish !== undefined) {
      for (const worker of workers) worker.send({ type: "finish" });
      while (finals.length < workers.length) {
        if (failure) throw failure;
        await event();
      }
      results.push(...finals);
    }
    return { results, traces: workers.flatMap((w) => (w.trace === null ? [] : [w.trace])) };
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}
