// The command's own WASM module (assembly/: the hash set of
// lines), an instance with memory of its own for each table.

import { DEDUPE_WASM } from "../generated/dedupe-wasm.js";

/** The module's exports (assembly/dedupe.ts); addresses are in its memory. */
interface DedupeExports {
  dedupeInit(table: number, maxSlots: number, budget: number, seed: number): void;
  dedupeClear(table: number, seed: number): void;
  dedupeRun(table: number, src: number, len: number): void;
}

/** Where a table's record starts in the module's memory: the module has no static data below it. */
export const TABLE = 64;

let compiled: WebAssembly.Module | null = null;

/** An instance of the module: its exports and its memory. */
export class DedupeModule {
  readonly exports: DedupeExports;
  private readonly memory: WebAssembly.Memory;

  constructor() {
    compiled ??= new WebAssembly.Module(Buffer.from(DEDUPE_WASM, "base64"));
    const instance = new WebAssembly.Instance(compiled, {
      env: {
        abort() {
          throw new Error("swurl: the dedupe module aborted");
        },
      },
    });
    this.exports = instance.exports as unknown as DedupeExports;
    this.memory = instance.exports.memory as WebAssembly.Memory;
  }

  /** The memory's buffer now (growth replaces it: views over the old one are detached). */
  buffer(): ArrayBuffer {
    return this.memory.buffer;
  }

  /** Grow the memory to at least `bytes`. */
  grow(bytes: number): void {
    const have = this.memory.buffer.byteLength;
    if (bytes > have) this.memory.grow(Math.ceil((bytes - have) / 65536));
  }
}
