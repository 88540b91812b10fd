// The WASM backend. Both builds of each module are inlined as text
// (wasm-text.ts), so loading is synchronous in Node and in browsers alike and
// needs no server set-up; only the build that is used is decoded and
// compiled, once. The core's instance owns the memory; a feature module's
// instance imports it, and the core's parser (assembly/core.ts).
import simdText from "../../build/swurl.simd.wasm";
import scalarText from "../../build/swurl.wasm";
import { CORE_EXPORTS } from "../generated/kernel.js";
import { type Backend, type CoreExports, type KernelModule, moduleExports } from "./backend.js";
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

/** A module's two builds, as text. */
interface Builds {
  readonly name: string;
  readonly simd: string;
  readonly scalar: string;
}

const CORE: Builds = { name: "core", simd: simdText, scalar: scalarText };

/** The compiled modules, by module name and build ("core.simd"): compiled on first use only. */
const compiled = new Map<string, WebAssembly.Module>();

function wasmModule(builds: Builds, simd: boolean): WebAssembly.Module {
  const key = `${builds.name}.${simd ? "simd" : "scalar"}`;
  let module = compiled.get(key);
  if (module === undefined) {
    module = new WebAssembly.Module(decodeWasmText(simd ? builds.simd : builds.scalar));
    compiled.set(key, module);
  }
  return module;
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
  // The browser bundles leave the scalar builds out (scripts/build.mjs).
  if (!simd && scalarText === "")
    throw new Error(
      'swurl: this bundle has no scalar WASM build (a browser bundle carries the SIMD one); use the "js" kernel',
    );
  let module: WebAssembly.Module;
  try {
    module = wasmModule(CORE, simd);
  } catch (error) {
    throw new Error(`swurl: this engine refused to compile the WASM kernel (${String(error)}); use the "js" kernel`, {
      cause: error,
    });
  }
  let kernel!: CoreExports;
  let memory!: WebAssembly.Memory;
  /** What a feature module imports: the core's memory and functions. */
  let imports!: WebAssembly.Imports;
  /** The feature modules' instances in this memory, by module. */
  const instances = new Map<KernelModule<object>, object>();
  /** A new instance of the core: fresh memory and globals (kept only once it is ready), and no feature module yet. */
  function instantiate(): void {
    const instance = new WebAssembly.Instance(module, {});
    const exports = moduleExports<CoreExports>("core", CORE_EXPORTS, instance.exports);
    exports.init();
    kernel = exports;
    memory = instance.exports.memory as WebAssembly.Memory;
    imports = { env: { memory }, core: instance.exports };
    instances.clear();
  }
  instantiate();
  return {
    name: simd ? "wasm-simd" : "wasm",
    get kernel() {
      return kernel;
    },
    instance<E extends object>(feature: KernelModule<E>): E {
      let exports = instances.get(feature) as E | undefined;
      if (exports === undefined) {
        const instance = new WebAssembly.Instance(wasmModule(feature, simd), imports);
        exports = moduleExports<E>(feature.name, feature.exports, instance.exports);
        instances.set(feature, exports);
      }
      return exports;
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
