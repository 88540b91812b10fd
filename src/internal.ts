// The command's one way into the library besides its public entry
// (src/index.ts): the few internals that src/cli/ reads and no user needs.
// Not a package export: the command is bundled with the library
// (scripts/build.mjs), so these names never reach a user's import.
// test/package/layers.test.ts checks that src/cli/ imports nothing else of src/.

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
 * A kernel instance of its own for `canon --dedupe`'s hash set
 * (src/cli/dedupe-table.ts), as the arena of a createSwurl() holds it, and
 * where its memory is free. (Not the kernels module itself: it imports the
 * JS build under esbuild's alias, and tests import src/cli/ modules as they are.)
 */
export type { Backend } from "./kernel/backend.js";
export const INTERNALS = Symbol.for("swurl.internals");
export { ARENA } from "../assembly/layout.js";
/** The record of the kernel's dedupe table (assembly/dedupe.ts). */
export * as DEDUPE from "../assembly/dedupe-layout.js";
/** The compiled WASM kernel, handed to the worker threads of --threads (src/cli/threads.ts). */
export { adoptCompiledKernels, compiledKernels } from "./kernel/wasm-backend.js";
