// The WASM backend. Both builds of the module are inlined (esbuild's binary
// loader), so loading is synchronous in Node and in browsers alike; the SIMD
// build is chosen when the engine validates a SIMD instruction.
import simdBytes from "../../build/swurl.simd.wasm";
import scalarBytes from "../../build/swurl.wasm";
import type { Backend, KernelExports } from "./backend";

const PAGE = 65536;

/** A module whose one function uses i8x16.splat and i8x16.popcnt. */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253,
  98, 11,
]);

export function hasWebAssembly(): boolean {
  return typeof WebAssembly === "object" && typeof WebAssembly.Module === "function";
}

export function hasSimd(): boolean {
  try {
    return WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

export function createWasmBackend(simd: boolean): Backend {
  const module = new WebAssembly.Module(simd ? simdBytes : scalarBytes);
  let kernel!: KernelExports;
  let memory!: WebAssembly.Memory;
  /** A new instance of the module: fresh memory and globals (kept only once it is ready). */
  function instantiate(): void {
    const instance = new WebAssembly.Instance(module, {});
    const exports = instance.exports as unknown as KernelExports;
    exports.init();
    kernel = exports;
    memory = instance.exports.memory as WebAssembly.Memory;
  }
  instantiate();
  return {
    name: simd ? "wasm-simd" : "wasm",
    get kernel() {
      return kernel;
    },
    buffer: () => memory.buffer,
    grow(bytes: number): void {
      const have = memory.buffer.byteLength;
      if (bytes > have) memory.grow(Math.ceil((bytes - have) / PAGE));
    },
    reset: instantiate,
  };
}
