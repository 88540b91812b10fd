// A backend is one build of the kernel (assembly/) plus the memory it works in.
// The WASM module and the pure-JS build export the same functions; the wrapper
// talks to either through this interface.

import type { ParserExports } from "../whatwg/parse.js";
import type { Rfc1738Exports } from "../rfc1738/kernel.js";
import type { BatchExports } from "../batch.js";
import type { UrlencodedExports } from "../whatwg/urlencoded.js";

/** Exports of assembly/index.ts itself. Addresses and lengths are in bytes. */
export interface CoreExports {
  init(): void;
  split(src: number, len: number): void;
  utf16Offsets(src: number, count: number): void;
  percentDecode(src: number, len: number, dst: number, plusAsSpace: number): number;
  invalidEscape(src: number, len: number): number;
  percentEncode(src: number, len: number, dst: number, set: number): number;
}

/**
 * Everything the kernel exports. Each feature's kernel exports are declared
 * beside its wrapper (e.g. src/whatwg/kernel.ts) and added here.
 */
export type KernelExports = CoreExports & ParserExports & Rfc1738Exports & BatchExports & UrlencodedExports;

export type KernelName = "wasm-simd" | "wasm" | "js";

export interface Backend {
  readonly name: KernelName;
  /** The exports of the kernel as it is now (reset() may replace them). */
  readonly kernel: KernelExports;
  /** The buffer the kernel works in now (it changes when memory grows). */
  buffer(): ArrayBuffer;
  /** Grow the memory to at least `bytes` (views over the old buffer are detached). */
  grow(bytes: number): void;
  /** Start again from a fresh kernel and memory, as just after loading (after a kernel failure). */
  reset(): void;
}
