// The command's one way into the library besides its public entry
// (src/index.ts): the few internals that src/cli/ reads and no user needs.
// Not a package export: the command is bundled with the library
// (scripts/build.mjs), so these names never reach a user's import.
// test/package/layers.test.ts checks that src/cli/ imports nothing else of src/.

import type { Backend, KernelModule } from "./kernel/backend.js";
import { DEDUPE_EXPORTS, type DedupeExports } from "./generated/kernel.js";
import dedupeSimd from "../build/swurl-dedupe.simd.wasm";
import dedupeScalar from "../build/swurl-dedupe.wasm";
import { dedupeJs } from "./generated/kernel-js.js";

/** The record's mark of an absent part (assembly/layout.ts). */
export { NONE } from "../assembly/layout.js";
/** The WHATWG getters' slice rules over a record's offsets (the columnar output copies those slices of the href). */
export { hashFrom, hostFrom, pathEnd, protocolEnd, queryEnd, searchFrom } from "./whatwg/components.js";
/** The URL API's string getters, in the standard's order (the command's URL fields). */
export { URL_GETTERS } from "./whatwg/components.js";
/** An access-log field's \-escapes undone, as the batch reads a log line's request target. */
export { unescapeLogField } from "./bulk/log-escapes.js";
/** A request line's method, target and version, split as the kernel splits it. */
export { requestParts } from "./bulk/request-target.js";
/**
 * A kernel instance with memory of its own for `canon --dedupe`'s hash set
 * (src/cli/dedupe-table.ts): another() of the default exports' backend, as
 * a tally gets its own (createTally()). Imported when called: the kernel
 * loaders import the JS build under esbuild's alias, and tests import
 * src/cli/ modules as they are.
 */
export async function anotherKernel(): Promise<Backend> {
  const { defaultArena } = await import("./api/default.js");
  return defaultArena().backend.another();
}
export type { Backend };
export { ARENA } from "../assembly/layout.js";
/** The record of the kernel's dedupe table (assembly/dedupe.ts). */
export * as DEDUPE from "../assembly/dedupe-layout.js";
/** The kernel module of the dedupe table (assembly/dedupe.ts), which no library entry loads: Backend.instance() makes it. */
export const DEDUPE_MODULE: KernelModule<DedupeExports> = {
  name: "dedupe",
  exports: DEDUPE_EXPORTS,
  simd: dedupeSimd,
  scalar: dedupeScalar,
  js: dedupeJs,
};
/** The compiled WASM kernel, handed to the worker threads of --threads (src/cli/threads.ts). */
export { adoptCompiledKernels, compiledKernels } from "./kernel/wasm-backend.js";
