// scripts/build.mjs bundles each WASM module as text (wasm-text.ts, by the
// wasmText plugin of scripts/bundle.mjs), so that only the module an engine
// runs is ever decoded.
declare module "*.wasm" {
  const text: string;
  export default text;
}

// The pure-JS build of the kernel's core: esbuild bundles assembly/js.ts
// under this name (scripts/bundle.mjs, whose alias maps swurl-kernel-js/ to
// assembly/), with the same exports as the core's WASM module.
declare module "swurl-kernel-js/js.ts" {
  import type { CoreExports } from "./backend.js";
  const kernel: CoreExports & { attachHeap(bytes: Uint8Array, words: Int32Array): void };
  export = kernel;
}

// The pure-JS builds of the feature modules (src/generated/kernel-js.ts),
// typed there by the generated typings of their WASM builds.
declare module "swurl-kernel-js/*" {
  const kernel: Record<string, unknown>;
  export = kernel;
}
