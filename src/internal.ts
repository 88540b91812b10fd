// The command's one way into the library besides its public entry
// (src/index.ts): the few internals that src/cli/ reads and no user needs.
// Not a package export: the command is bundled with the library
// (scripts/build.mjs), so these names never reach a user's import.
// test/package/layers.test.ts checks that src/cli/ imports nothing else of src/.

/** The record's mark of an absent part (assembly/layout.ts). */
export { NONE } from "../assembly/layout.js";
/** The WHATWG getters' slice rules over a record's offsets (the columnar output copies those slices of the href). */
export { hashFrom, hostFrom, pathEnd, protocolEnd, queryEnd, searchFrom } from "./whatwg/components.js";
/** An access-log field's \-escapes undone, as the batch reads a log line's request target. */
export { unescapeLogField } from "./bulk/batch.js";
