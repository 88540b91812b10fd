// --threads 2 and more on a compressed file: a worker thread inflates it
// while the main thread parses. zlib inflates on libuv's pool, but a stream
// of it on the main thread moves on only when that thread turns its event
// loop, which a thread parsing for tens of milliseconds at a time rarely
// does: the two took turns. In a thread of its own, whose only work it is,
// zlib inflates on while the main thread parses, up to AHEAD bytes ahead.
//
// The worker is the command's script, told by its workerData to inflate
// (cli.ts): it loads this module and io.ts, not the command, so it starts
// in a few tens of milliseconds. It reads the file by the main thread's
// descriptor (inflatedFile(), whole lines as the main thread would cut
// them) and sends each chunk as a copy whose buffer is moved, not copied
// again; the main thread acknowledges what it took. With --trace it keeps
// its timeline (trace.ts) and sends it with its end.

import { parentPort, Worker, workerData } from "node:worker_threads";
import { InputError } from "../errors.js";
import { type Inflater, inflatedFile, type OpenFile } from "../io.js";
import { back, mark, startTrace, type ThreadTrace, traced, traceSnapshot } from "../trace.js";

/** Inflated bytes the worker may send before the main thread has taken them. */
const AHEAD = 8 << 20;
/** How many bytes read the worker tells the main thread of at once (the progress line). */
const REPORT_BYTES = 1 << 20;

/** What the main thread tells the inflating worker when it starts. */
interface InflateSetup {
  inflate: OpenFile;
  /** --trace, and when the main thread made the worker (performance.now()): the start of its timeline. */
  trace: boolean;
  born: number;
}

/** Worker to main thread. */
type FromInflater =
  | { type: "chunk"; bytes: Uint8Array }
  | { type: "read"; bytes: number }
  | { type: "end"; damage: string | null; trace: ThreadTrace | null }
  | { type: "error"; message: string };

/** Whether this thread is an inflating worker (its workerData says so). */
export function isInflater(data: unknown): data is InflateSetup {
  return typeof data === "object" && data !== null && "inflate" in data;
}

/** The body of the inflating worker thread: the file of `workerData` inflated, sent to the main thread. */
export async function runInflater(): Promise<void> {
  const port = parentPort!;
  const { inflate: file, trace, born } = workerData as InflateSetup;
  if (trace) startTrace(born);
  const post = (m: FromInflater, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);
  let ahead = 0;
  let room: (() => void) | null = null;
  port.on("message", (taken: number) => {
    ahead -= taken;
    room?.();
    room = null;
  });
  let unreported = 0;
  let damage: string | null = null;
  try {
    // Traced as "read" (the file's bytes and zlib's output awaited), "write" (a chunk copied and posted)
    // and "wait" (the main thread has not taken enough yet).
    const chunks = inflatedFile(
      file,
      (n) => {
        unreported += n;
        if (unreported < REPORT_BYTES) return;
        post({ type: "read", bytes: unreported });
        unreported = 0;
      },
      (e) => (damage = e.message),
    );
    mark("write");
    for await (const chunk of traced(chunks, "read")) {
      // A copy (a Buffer's slice() is not one): zlib writes its next output into the rest of the chunk's buffer.
      const bytes = new Uint8Array(chunk);
      post({ type: "chunk", bytes }, [bytes.buffer]);
      ahead += bytes.length;
      const before = mark("wait");
      while (ahead >= AHEAD) await new Promise<void>((resolve) => (room = resolve));
      back(before);
    }
    post({ type: "read", bytes: unreported });
    post({ type: "end", damage, trace: traceSnapshot() });
  } catch (e) {
    post({ type: "error", message: (e as Error).message });
  }
  port.close();
}

/**
 * An Inflater whose worker thread runs `script` (the command, build/cli.js);
 * with `onTrace`, the thread keeps its timeline and hands it over at its end.
 */
export function inflaterThread(script: URL, onTrace?: (trace: ThreadTrace) => void): Inflater {
  return async function* (file, onBytes, damaged) {
    const setup: InflateSetup = { inflate: file, trace: onTrace !== undefined, born: performance.now() };
    const worker = new Worker(script, { workerData: setup });
    const queue: FromInflater[] = [];
    let failure: Error | null = null;
    let wake: (() => void) | null = null;
    const notify = () => {
      wake?.();
      wake = null;
    };
    worker.on("message", (m: FromInflater) => {
      queue.push(m);
      notify();
    });
    worker.on("error", (e) => {
      failure ??= e;
      notify();
    });
    // A worker that ends before it said the end has failed.
    worker.on("exit", () => {
      failure ??= new Error("the thread inflating the input stopped unexpectedly");
      notify();
    });
    try {
      for (;;) {
        const m = queue.shift();
        if (m === undefined) {
          if (failure !== null) throw failure;
          await new Promise<void>((resolve) => (wake = resolve));
          continue;
        }
        switch (m.type) {
          case "chunk":
            worker.postMessage(m.bytes.length);
            yield m.bytes;
            break;
          case "read":
            onBytes(m.bytes);
            break;
          case "end":
            if (m.trace !== null) onTrace?.({ ...m.trace, name: "inflate" });
            if (m.damage !== null) damaged(new InputError(m.damage));
            return;
          case "error":
            throw new InputError(m.message);
        }
      }
    } finally {
      worker.removeAllListeners("exit");
      await worker.terminate();
    }
  };
}
