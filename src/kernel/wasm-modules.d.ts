// scripts/build.mjs bundles each WASM module as text (wasm-text.ts, by the
// wasmText plugin of scripts/bundle.mjs), so that only the module an engine
// runs is ever decoded.
declare module "*.wasm" {
  const text: string;
  export default text;
}

// The pure-JS build of the kernel: esbuild bundles assembly/js.ts under this
// name (scripts/build.mjs), with the same exports as the WASM module.
declare module "swurl-kernel-js" {
  import type { KernelExports } from "./backend.js";
  const kernel: KernelExports & { attachHeap(bytes: Uint8Array, words: Int32Array): void };
  export = kernel;
}
