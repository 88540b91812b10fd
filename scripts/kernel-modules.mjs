// The kernel's modules (assembly/): the parse core, which owns the memory, and
// the feature modules, which import it and the core's parser (assembly/core.ts).
// Each is compiled from its entry to a SIMD and a scalar WASM module
// (asconfig.json targets), to build/<file>.simd.wasm and build/<file>.wasm,
// and bundled from the same entry as pure JS (scripts/bundle.mjs KERNEL_JS).
// src/kernel/modules.ts names the same modules for the wrapper.

/**
 * `name`: the module's name, as src/generated/kernel.ts types it (`<Name>Exports`);
 * `entry`: its exports; `file`: the base name of its WASM builds in build/.
 */
export const KERNEL_MODULES = [
  { name: "core", entry: "assembly/index.ts", file: "swurl" },
  { name: "bulk", entry: "assembly/bulk/index.ts", file: "swurl-bulk" },
  { name: "canonical", entry: "assembly/canonical/index.ts", file: "swurl-canonical" },
  { name: "rfc1738", entry: "assembly/rfc1738/index.ts", file: "swurl-rfc1738" },
  { name: "urlpattern", entry: "assembly/urlpattern/index.ts", file: "swurl-urlpattern" },
];

/** The WASM build of `module` for `target` ("simd" or "scalar"), relative to the repository. */
export function wasmFile(module, target) {
  return `build/${module.file}${target === "simd" ? ".simd" : ""}.wasm`;
}
