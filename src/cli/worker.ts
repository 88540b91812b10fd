// The worker-thread side of --threads: run the named Work over each byte range
// the main thread hands over, sending output as it comes (at most CREDITS
// chunks ahead of the main thread) and the range's result at its end.

import { parentPort, workerData } from "node:worker_threads";
import { CREDITS, rangeSource, type FromWorker, type ToWorker, type WorkerSetup } from "./threads.js";
import type { Work } from "./work.js";

/** How many bytes read a worker tells the main thread of at once (for the progress line). */
const REPORT_BYTES = 1 << 20;

export function runWorker(works: Record<string, Work<never, unknown>>): void {
  const port = parentPort!;
  const setup = workerData as WorkerSetup;
  const work = works[setup.work] as Work<unknown, unknown>;
  const post = (m: FromWorker) => port.postMessage(m);
  let credits = CREDITS;
  let resume: (() => void) | null = null;

  async function runRange(id: number, start: number, end: number): Promise<void> {
    // Bytes read are told a MiB at a time: a message per chunk read was a few percent of a worker's time.
    let unreported = 0;
    const report = () => {
      if (unreported > 0) post({ type: "bytes", bytes: unreported });
      unreported = 0;
    };
    const source = rangeSource(setup.path, start, end, (bytes) => {
      unreported += bytes;
      if (unreported >= REPORT_BYTES) report();
    });
    const result = await work.run(source, setup.options, async (text) => {
      post({ type: "text", id, text });
      if (--credits <= 0) await new Promise<void>((r) => (resume = r));
    });
    report();
    post({ type: "done", id, result });
  }

  port.on("message", (m: ToWorker) => {
    if (m.type === "ack") {
      credits++;
      resume?.();
      resume = null;
    } else {
      runRange(m.id, m.start, m.end).catch((e: Error) => post({ type: "error", message: e.message }));
    }
  });
}
