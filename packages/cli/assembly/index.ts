// The command's own WASM module, built apart from the library's kernel so
// that no library user carries it: the hash set of lines behind `canon
// --dedupe` (dedupe.ts), and the run of a log format's program over lines
// (program.ts). Every export takes addresses in this module's memory; the
// records are dedupe-layout.ts and program-layout.ts.

export { dedupeClear, dedupeInit, dedupeRun } from "./dedupe";
export { programResume, programRun } from "./program";
