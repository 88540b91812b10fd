// The command's own WASM module: the hash set of lines behind `canon
// --dedupe` (dedupe.ts), built apart from the library's kernel so that no
// library user carries it. Every export takes addresses in this module's
// memory; the table's record is dedupe-layout.ts.

export { dedupeClear, dedupeInit, dedupeRun } from "./dedupe";
