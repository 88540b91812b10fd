// Choosing a kernel: the SIMD WASM build where the engine has SIMD, the scalar
// WASM build where it has WebAssembly only, the pure-JS build elsewhere.

import { createApi, type Swurl } from "./create.js";
import type { Backend, KernelName } from "../kernel/backend.js";
import { fallbackBuilds } from "../kernel/fallback.js";
import { createJsBackend } from "../kernel/js-backend.js";
import { hasSimd, hasWebAssembly } from "../kernel/engine.js";
import { createWasmBackend } from "../kernel/wasm-backend.js";
import { quote, typeName } from "../arguments/check.js";

/** The best kernel this engine offers (whether it may compile WASM is known only on trying: see `kernel`). */
export function bestKernel(): KernelName {
  if (!hasWebAssembly()) return "js";
  return hasSimd() ? "wasm-simd" : "wasm";
}

/**
 * The backend of the default exports: the best WASM build, or the pure-JS
 * build where WASM cannot run here, for whatever reason (no WebAssembly, a
 * Content Security Policy without 'wasm-unsafe-eval', an engine that throws).
 * The API's `kernel` then says "js".
 */
export function defaultBackend(): Backend {
  const best = bestKernel();
  if (best !== "js") {
    try {
      return createWasmBackend(best === "wasm-simd");
    } catch {
      // Fall through to the pure-JS build, which gives the same results.
    }
  }
  return createJsBackend(fallbackBuilds());
}

/**
 * A separate instance of the whole API on the named kernel, with its own
 * memory. The default exports use the best kernel that runs; this is for
 * tests, benchmarks and engines where one build is wanted on purpose. Throws
 * an Error where this engine cannot run the named WASM build.
 */
export function createSwurl(kernel?: KernelName): Swurl {
  if (kernel === undefined) return createApi(defaultBackend());
  if (kernel === "js") return createApi(createJsBackend(fallbackBuilds()));
  if (kernel === "wasm" || kernel === "wasm-simd") return createApi(createWasmBackend(kernel === "wasm-simd"));
  throw new TypeError(
    `createSwurl: unknown kernel ${typeof kernel === "string" ? quote(kernel) : typeName(kernel)}; expected "wasm-simd", "wasm" or "js"`,
  );
}
