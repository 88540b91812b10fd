// esbuild's binary loader turns an imported .wasm file into its bytes.
declare module "*.wasm" {
  const bytes: Uint8Array<ArrayBuffer>;
  export default bytes;
}

// The pure-JS build of the kernel: esbuild bundles assembly/js.ts under this
// name (scripts/build.mjs), with the same exports as the WASM module.
declare module "swurl-kernel-js" {
  import type { KernelExports } from "./backend";
  const kernel: KernelExports & { attachHeap(bytes: Uint8Array, words: Int32Array): void };
  export = kernel;
}
