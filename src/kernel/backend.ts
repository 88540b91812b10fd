// A backend is one build of the kernel (assembly/) plus the memory it works in.
// The WASM module and the pure-JS build export the same functions, typed by
// the build from the kernel itself (src/generated/kernel.ts); the wrapper
// talks to either through this interface.

import { KERNEL_EXPORTS, type KernelExports } from "../generated/kernel.js";

export type { KernelExports };

export type KernelName = "wasm-simd" | "wasm" | "js";

export interface Backend {
  readonly name: KernelName;
  /** The exports of the kernel as it is now (reset() may replace them). */
  readonly kernel: KernelExports;
  /**
   * Called before every kernel call (guard.ts): the pure-JS build makes the
   * kernel work in this backend's heap; the WASM one has nothing to do.
   */
  readonly enter: () => void;
  /** The buffer the kernel works in now (it changes when memory grows). */
  buffer(): ArrayBuffer;
  /** Grow the memory to at least `bytes` (views over the old buffer are detached). */
  grow(bytes: number): void;
  /** Start again from a fresh kernel and memory, as just after loading (after a kernel failure). */
  reset(): void;
  /** A new backend on the same build, with memory of its own: the one way to a second kernel instance (a tally's tables, canon --dedupe's hash set live there from call to call). */
  another(): Backend;
}

/** `exports` as the kernel's, once every export of KernelExports is found there as a function. */
export function kernelExports(exports: object): KernelExports {
  const found = exports as Record<string, unknown>;
  const missing = KERNEL_EXPORTS.filter((name) => typeof found[name] !== "function");
  if (missing.length > 0) throw new Error(`swurl: the kernel lacks the exports ${missing.join(", ")}`);
  return exports as KernelExports;
}
