// Choosing a kernel: the SIMD WASM build where the engine has SIMD, the scalar
// WASM build where it has WebAssembly only, the pure-JS build elsewhere.

import { createApi, type Swurl } from "./api";
import type { KernelName } from "./kernel/backend";
import { createJsBackend } from "./kernel/js-backend";
import { createWasmBackend, hasSimd, hasWebAssembly } from "./kernel/wasm-backend";
import { quote, typeName } from "./check";

/** The best kernel this engine runs. */
export function bestKernel(): KernelName {
  if (!hasWebAssembly()) return "js";
  return hasSimd() ? "wasm-simd" : "wasm";
}

/**
 * A separate instance of the whole API on the named kernel, with its own
 * memory. The default exports use `bestKernel()`; this is for tests,
 * benchmarks and engines where one build is wanted on purpose.
 */
export function createSwurl(kernel: KernelName = bestKernel()): Swurl {
  if (kernel === "js") return createApi(createJsBackend());
  if (kernel === "wasm" || kernel === "wasm-simd") return createApi(createWasmBackend(kernel === "wasm-simd"));
  throw new TypeError(`createSwurl: unknown kernel ${typeof kernel === "string" ? quote(kernel) : typeName(kernel)}; expected "wasm-simd", "wasm" or "js"`);
}
