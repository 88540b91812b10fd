#!/usr/bin/env node
// The swurl command (package.json "bin"). The same script is the body of the
// worker threads of --threads, which the main thread starts with workerData.

import { isMainThread } from "node:worker_threads";
import { guardOutput } from "./cli/io.js";
import { main, WORKS } from "./cli/main.js";
import { runWorker } from "./cli/worker.js";

if (isMainThread) {
  guardOutput();
  let finished = false;
  // A command whose work waits on something that never comes leaves Node.js
  // nothing to do, and it would exit with status 0, output missing.
  process.on("exit", () => {
    if (finished || process.exitCode !== undefined) return;
    process.stderr.write("swurl: internal error: the command stopped before it finished\n");
    process.exitCode = 1;
  });
  main(process.argv.slice(2), new URL(import.meta.url)).then(
    (status) => {
      finished = true;
      process.exitCode = status;
    },
    (e: Error) => {
      // Not a usage or input error: a bug. Still one line; SWURL_DEBUG=1 shows the stack.
      process.stderr.write(`swurl: internal error: ${process.env.SWURL_DEBUG ? e.stack : e.message}\n`);
      process.exitCode = 1;
    },
  );
} else {
  runWorker(WORKS);
}
