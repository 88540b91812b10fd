// The body of a --threads worker thread: it serves the byte ranges the main
// thread hands over (range-server.ts), with the library loaded in this thread.

import { parentPort, workerData } from "node:worker_threads";
import { type FromWorker, serveRanges, type WorkerSetup } from "./range-server.js";
import type { Work } from "../work.js";
import { traceSnapshot } from "../trace.js";

/** The body of a worker thread: the named Work. */
export function runWorker(works: Record<string, Work<never, unknown>>): void {
  const port = parentPort!;
  const setup = workerData as WorkerSetup;
  const encoder = new TextEncoder();
  // Output crosses as UTF-8 bytes whose buffer is moved, not copied: the main
  // thread writes them as they are. A string would be copied twice (written
  // out here, read back there) and then encoded by the main thread, which
  // also writes every range's output and parses a share of its own.
  const work = works[setup.work] as Work<unknown, unknown>;
  const post = (m: FromWorker) => {
    // The timeline taken again once the result is portable: making it so is the thread's merge.
    if ((m.type === "done" || m.type === "finished") && work.portable !== undefined)
      return port.postMessage({ ...m, result: work.portable(m.result), trace: m.trace && traceSnapshot() });
    if (m.type !== "text" || typeof m.text !== "string") return port.postMessage(m);
    const bytes = encoder.encode(m.text);
    port.postMessage({ ...m, text: bytes }, [bytes.buffer]);
  };
  serveRanges(work, setup, post, (handler) => port.on("message", handler));
}
