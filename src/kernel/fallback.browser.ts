// The fallback builds (fallback-builds.ts) as the browser entry has them: a
// chunk of their own, fetched at import only where the engine cannot compile
// the SIMD WASM build (no WebAssembly, no SIMD, or compiling refused by a
// Content Security Policy), so that a browser that runs SIMD WASM downloads
// one build of each module. A top-level await: once the import is done, every
// build this engine needs is there, and the API stays synchronous.
import type { FallbackBuilds } from "./backend.js";
import { compilesSimd } from "./engine.js";

const loaded: FallbackBuilds | undefined = compilesSimd()
  ? undefined
  : (await import("./fallback-builds.js")).FALLBACK_BUILDS;

/** The scalar WASM and pure-JS builds of the kernel's modules, or undefined where this entry has not loaded them. */
export function fallbackBuilds(): FallbackBuilds | undefined {
  return loaded;
}
