// Entry of the pure-JS build of the kernel (bundled by esbuild with
// ASC_TARGET = 0): the same exports as the WASM module, plus the hook that
// hands the kernel the ArrayBuffer standing in for linear memory.
export * from "./index";
export { attachHeap } from "./memory";
