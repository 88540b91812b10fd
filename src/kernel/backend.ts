// A backend is one build of the kernel (assembly/) plus the memory it works in.
// The kernel is modules: the parse core, which every backend instantiates at
// once, and feature modules (src/kernel/modules.ts), each instantiated on its
// first use in the same memory. Every build of a module (SIMD WASM, scalar
// WASM, pure JS) exports the same functions, typed by the build from the
// kernel itself (src/generated/kernel.ts); the wrapper talks to any of them
// through this interface.

import type { CoreExports } from "../generated/kernel.js";

export type { CoreExports };

export type KernelName = "wasm-simd" | "wasm" | "js";

/**
 * A feature module of the kernel: its SIMD build, and the names of the
 * functions each build exports (its other builds are in FallbackBuilds, by
 * its name).
 */
export interface KernelModule<E extends object> {
  /** Its name, as scripts/kernel-modules.mjs lists it. */
  readonly name: string;
  /** The names of its exported functions (its memory aside). */
  readonly exports: readonly string[];
  /** Type only: what its exports are (src/generated/kernel.ts). */
  readonly typed?: E;
  /** Its SIMD WASM build, as text (wasm-text.ts). */
  readonly simd: string;
}

/** The core's pure-JS build: its exports, and the hook that hands it the heap standing in for linear memory. */
type JsCore = CoreExports & { attachHeap(bytes: Uint8Array, words: Int32Array): void };

/** The pure-JS build of every module (js-builds.ts). */
export interface JsBuilds {
  /** The core's pure-JS build. */
  readonly jsCore: JsCore;
  /** Each feature module's pure-JS build (src/generated/kernel-js.ts): a function that gives its exports, by module name. */
  readonly js: Readonly<Record<string, () => object>>;
}

/** The builds of every module that an engine running SIMD WASM does not use (fallback-builds.ts): the pure-JS ones and the scalar WASM ones. */
export interface FallbackBuilds extends JsBuilds {
  /** Each module's scalar WASM build, as text (wasm-text.ts), by module name. */
  readonly scalar: Readonly<Record<string, string>>;
}

export interface Backend {
  readonly name: KernelName;
  /** The exports of the core as it is now (reset() may replace them). */
  readonly core: CoreExports;
  /**
   * The exports of feature module `module` in this backend's memory, as it is
   * now: instantiated by the first call, kept until a reset.
   */
  instance<E extends object>(module: KernelModule<E>): E;
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

/** `exports`, the exports of module `name`, once every one of `names` is found there as a function. */
export function moduleExports<E extends object>(name: string, names: readonly string[], exports: object): E {
  const found = exports as Record<string, unknown>;
  const missing = names.filter((n) => typeof found[n] !== "function");
  if (missing.length > 0) throw new Error(`swurl: the kernel's ${name} module lacks the exports ${missing.join(", ")}`);
  return exports as E;
}
