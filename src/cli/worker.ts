// The body of a --threads worker thread: it serves the byte ranges the main
// thread hands over (range-server.ts), on the main thread's compiled kernel.

import { parentPort, workerData } from "node:worker_threads";
import { adoptCompiledKernels } from "../internal.js";
import { serveRanges, type WorkerSetup } from "./range-server.js";
import type { Work } from "./work.js";

/** The body of a worker thread: the named Work, on the main thread's compiled kernel. */
export function runWorker(works: Record<string, Work<never, unknown>>): void {
  const port = parentPort!;
  const setup = workerData as WorkerSetup;
  adoptCompiledKernels(setup.kernels);
  serveRanges(
    works[setup.work] as Work<unknown, unknown>,
    setup,
    (m) => port.postMessage(m),
    (handler) => port.on("message", handler),
  );
}
