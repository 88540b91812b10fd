// The command's WASM module (command-module.ts) as the hash set of lines
// (assembly/dedupe.ts) uses it: an instance, with memory of its own, for
// each table.

import { CommandModule } from "../command-module.js";

/** The module's dedupe exports (assembly/dedupe.ts); addresses are in its memory. */
interface DedupeExports {
  dedupeInit(table: number, maxSlots: number, budget: number, seed: number): void;
  dedupeClear(table: number, seed: number): void;
  dedupeRun(table: number, src: number, len: number): void;
}

/** Where a table's record starts in the module's memory: the module has no static data below it. */
export const TABLE = 64;

/** An instance of the module for a dedupe table. */
export class DedupeModule extends CommandModule<DedupeExports> {
  constructor() {
    super("dedupe");
  }
}
