// The WASM backend. The SIMD build of each module is inlined as text
// (wasm-text.ts), and so is the scalar one in the Node.js entries (the
// browser entry fetches it only where the engine has no SIMD: fallback.ts),
// so loading is synchronous and needs no server set-up; only the build that
// is used is decoded and compiled, once. The core's instance owns the memory;
// a feature module's instance imports it, and the core's parser
// (assembly/core.ts).
import simdText from "../../build/swurl.simd.wasm";
import { CORE_EXPORTS } from "../generated/kernel.js";
import { type Backend, type CoreExports, type KernelModule, moduleExports } from "./backend.js";
import { hasSimd, hasWebAssembly } from "./engine.js";
import { fallbackBuilds } from "./fallback.js";
import { decodeWasmText } from "./wasm-text.js";

const PAGE = 65536;

/** The core as a module with a SIMD build (its exports are checked apart: CORE_EXPORTS). */
const CORE = { name: "core", simd: simdText };

/** The compiled modules, by module name and build ("core.simd"): compiled on first use only. */
const compiled = new Map<string, WebAssembly.Module>();

/** Module `builds` compiled: its SIMD build, or with `scalar` (the fallback builds' texts) its scalar one. */
function wasmModule(
  builds: { name: string; simd: string },
  scalar: Readonly<Record<string, string>> | null,
): WebAssembly.Module {
  const key = `${builds.name}.${scalar === null ? "simd" : "scalar"}`;
  let module = compiled.get(key);
  if (module === undefined) {
    module = new WebAssembly.Module(decodeWasmText(scalar === null ? builds.simd : (scalar[builds.name] as string)));
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
  const scalar = simd ? null : (fallbackBuilds()?.scalar ?? null);
  if (!simd && scalar === null)
    throw new Error(
      "swurl: the browser entry fetches the scalar WASM build only where the engine has no SIMD; here it runs the SIMD one",
    );
  let module: WebAssembly.Module;
  try {
    module = wasmModule(CORE, scalar);
  } catch (error) {
    throw new Error(`swurl: this engine refused to compile the WASM kernel (${String(error)}); use the "js" kernel`, {
      cause: error,
    });
  }
  let core!: CoreExports;
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
    core = exports;
    memory = instance.exports.memory as WebAssembly.Memory;
    imports = { env: { memory }, core: instance.exports };
    instances.clear();
  }
  instantiate();
  return {
    name: simd ? "wasm-simd" : "wasm",
    get core() {
      return core;
    },
    instance<E extends object>(feature: KernelModule<E>): E {
      let exports = instances.get(feature) as E | undefined;
      if (exports === undefined) {
        const instance = new WebAssembly.Instance(wasmModule(feature, scalar), imports);
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
