#!/usr/bin/env node
// The swurl command (package.json "bin"). The same script is the body of the
// worker threads of --threads, which the main thread starts with workerData.
//
// Node.js's compile cache (22.1 and later) is turned on before the command's
// code is loaded, so that a run after the first reads V8's compiled code of
// the command's bundles from disk instead of compiling them again: batch
// engines start a process per partition. NODE_DISABLE_COMPILE_CACHE=1 turns
// it off; a cache that cannot be written is skipped by Node.js itself.
// A worker thread that inflates a compressed input for --threads loads only
// what it needs (threads/inflate.ts), not the command.
import module from "node:module";
import { workerData } from "node:worker_threads";

(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { isInflater, runInflater } = await import("./threads/inflate.js");
if (isInflater(workerData)) await runInflater();
else {
  const { start } = await import("./start.js");
  start(new URL(import.meta.url));
}
