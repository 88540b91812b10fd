// The body of a --threads worker thread: it serves the byte ranges the main
// thread hands over (range-server.ts), with the library loaded in this thread.

import { parentPort, workerData } from "node:worker_threads";
import { type FromWorker, serveRanges, type WorkerSetup } from "./range-server.js";
import type { Work } from "../work.js";

/** The body of a worker thread: the named Work. */
export function runWorker(works: Record<string, Work<never, unknown>>): void {
  const port = parentPort!;
  const setup = workerData as WorkerSetup;
  const encoder = new TextEncoder();
  // Output crosses as UTF-8 bytes whose buffer is moved, not copied: the main
  // thread writes them as they are. A string would be copied twice (written
  // out here, read back there) and then encoded by the main thread, which
  // also writes every range's output and parses a share of its own.
  const post = (m: FromWorker) => {
    if (m.type !== "text" || typeof m.text !== "string") return port.postMessage(m);
    const bytes = encoder.encode(m.text);
    port.postMessage({ ...m, text: bytes }, [bytes.buffer]);
  };
  serveRanges(works[setup.work] as Work<unknown, unknown>, setup, post, (handler) => port.on("message", handler));
}
