// The command's own WASM module (assembly/: the hash set of canon --dedupe,
// the run of a log format's program), compiled once; an instance with memory
// of its own for each user.

import { COMMAND_WASM } from "./generated/command-wasm.js";

let compiled: WebAssembly.Module | null = null;

/** An instance of the module: its exports (typed `E` by its user) and its memory. */
export class CommandModule<E> {
  readonly exports: E;
  private readonly memory: WebAssembly.Memory;

  /** `user` names the instance's user in the error of an abort (none is expected: the module is built without assertions). */
  constructor(user: string) {
    compiled ??= new WebAssembly.Module(Buffer.from(COMMAND_WASM, "base64"));
    const instance = new WebAssembly.Instance(compiled, {
      env: {
        abort() {
          throw new Error(`swurl: the ${user} module aborted`);
        },
      },
    });
    this.exports = instance.exports as unknown as E;
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
