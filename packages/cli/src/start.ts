// The swurl command's start, loaded by cli.ts: the command in the main
// thread, the body of a --threads worker in the others.

import { setFlagsFromString } from "node:v8";
import { isMainThread } from "node:worker_threads";
import { guardOutput } from "./io.js";
import { main, WORKS } from "./main.js";
import { runWorker } from "./threads/worker.js";

const YOUNG_GENERATION_FLAG = "--scavenger-max-new-space-capacity-mb";

/**
 * V8 grows the young generation each time the bytes that survived its
 * collections since the last growth reach its size, so over a long input it
 * ends at the largest size allowed: 16 MB semi-spaces on Node 20 and 22, 64
 * MB on Node 24, whose V8 (13.6) raised this flag from 8 to 32 (doubled
 * without pointer compression). The bulk commands allocate fast and keep
 * little, so the larger size bought no speed, only memory: `swurl parse
 * --format parquet` of a 1 GB log peaked at 305 MiB RSS on Node 24, 226 MiB
 * with Node 22's value, in the same CPU time. swurl owns its process: it sets
 * Node 22's value (V8 reads it when the space grows; Node 20's V8 has no
 * such flag), unless the user gave one. Worker threads started later get it.
 */
function capYoungGeneration(): void {
  const v8Major = Number(process.versions.v8.split(".")[0]);
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].some((a) => a.includes(YOUNG_GENERATION_FLAG));
  if (v8Major >= 12 && !given) setFlagsFromString(`${YOUNG_GENERATION_FLAG}=8`);
}

/** Run the command, or a worker's share of it; `script` is build/cli.js, which worker threads load. */
export function start(script: URL): void {
  if (isMainThread) {
    capYoungGeneration();
    guardOutput();
    let finished = false;
    // A command whose work waits on something that never comes leaves Node.js
    // nothing to do, and it would exit with status 0, output missing.
    process.on("exit", () => {
      if (finished || process.exitCode !== undefined) return;
      process.stderr.write("swurl: internal error: the command stopped before it finished\n");
      process.exitCode = 1;
    });
    main(process.argv.slice(2), script).then(
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
}
