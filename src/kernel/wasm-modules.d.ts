// scripts/build.mjs bundles each WASM module as base64 text (esbuild's base64
// loader), so that only the module an engine runs is ever decoded.
declare module "*.wasm" {
  const base64: string;
  export default base64;
}

// The pure-JS build of the kernel: esbuild bundles assembly/js.ts under this
// name (scripts/build.mjs), with the same exports as the WASM module.
declare module "swurl-kernel-js" {
  import type { KernelExports } from "./backend.js";
  const kernel: KernelExports & { attachHeap(bytes: Uint8Array, words: Int32Array): void };
  export = kernel;
}
