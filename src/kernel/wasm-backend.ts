// The WASM backend. Both builds of the module are inlined as text (wasm-text.ts), so
// loading is synchronous in Node and in browsers alike and needs no server
// set-up; only the build that is used is decoded and compiled, once.
import simdText from "../../build/swurl.simd.wasm";
import scalarText from "../../build/swurl.wasm";
import { kernelExports, type Backend, type KernelExports } from "./backend.js";
import { decodeWasmText } from "./wasm-text.js";

const PAGE = 65536;

/** A module whose one function uses i8x16.splat and i8x16.popcnt. */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
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

/** The compiled modules, by build: compiled on first use only. */
const compiled: { simd?: WebAssembly.Module; scalar?: WebAssembly.Module } = {};

function wasmModule(simd: boolean): WebAssembly.Module {
  if (simd) return (compiled.simd ??= new WebAssembly.Module(decodeWasmText(simdText)));
  return (compiled.scalar ??= new WebAssembly.Module(decodeWasmText(scalarText)));
}

/**
 * A backend on the SIMD or the scalar module. Throws where this engine cannot
 * run it: no WebAssembly, no SIMD, or compiling refused (a Content Security
 * Policy without 'wasm-unsafe-eval').
 */
export function createWasmBackend(simd: boolean): Backend {
  if (!hasWebAssembly()) throw new Error('swurl: this engine has no WebAssembly; use the "js" kernel (swurl/js)');
  if (simd && !hasSimd())
    throw new Error('swurl: this engine\'s WebAssembly has no SIMD; use the "wasm" or "js" kernel');
  let module: WebAssembly.Module;
  try {
    module = wasmModule(simd);
  } catch (error) {
    throw new Error(`swurl: this engine refused to compile the WASM kernel (${String(error)}); use the "js" kernel`, {
      cause: error,
    });
  }
  let kernel!: KernelExports;
  let memory!: WebAssembly.Memory;
  /** A new instance of the module: fresh memory and globals (kept only once it is ready). */
  function instantiate(): void {
    const instance = new WebAssembly.Instance(module, {});
    const exports = kernelExports(instance.exports);
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
    enter: () => {},
    buffer: () => memory.buffer,
    grow(bytes: number): void {
      const have = memory.buffer.byteLength;
      if (bytes > have) memory.grow(Math.ceil((bytes - have) / PAGE));
    },
    reset: instantiate,
    another: () => createWasmBackend(simd),
  };
}
