// The pure-JS backend: the kernel source compiled to JavaScript (esbuild with
// ASC_TARGET = 0), working in an ArrayBuffer that stands in for linear memory.
// Every module's JS build is one graph of ES modules around the one heap of
// assembly/memory.ts, so a feature module needs no linking. The builds are
// fallback builds (fallback-builds.ts): swurl/js imports them alone
// (js-builds.ts), the browser entry fetches them only where WASM cannot run.
import { CORE_EXPORTS } from "../generated/kernel.js";
import { type Backend, type CoreExports, type JsBuilds, type KernelModule, moduleExports } from "./backend.js";

const PAGE = 65536;

/** The heap the (one, module-level) JS kernel works in right now. */
let attached: Uint8Array | null = null;

type AttachHeap = (bytes: Uint8Array, words: Int32Array) => void;
/**
 * The attachHeap() of every graph of the kernel's JS modules in use: the
 * core's, and that of a feature module bundled apart from it (as a test may
 * load one), whose assembly/memory.ts is another module with a heap of its own.
 */
const graphs = new Set<AttachHeap>();

/** A backend on the pure-JS builds `builds` (undefined: this entry has not loaded them). */
export function createJsBackend(builds: JsBuilds | undefined): Backend {
  if (builds === undefined)
    throw new Error(
      "swurl: the browser entry fetches the pure-JS build only where WASM cannot run; the entry swurl/js carries it",
    );
  const { jsCore } = builds;
  if (!graphs.has(jsCore.attachHeap)) {
    graphs.add(jsCore.attachHeap);
    attached = null;
  }
  let buffer = new ArrayBuffer(PAGE);
  let bytes = new Uint8Array(buffer);
  let words = new Int32Array(buffer);
  // Several instances share the one JS kernel module: each call first makes the
  // kernel work in this instance's heap (a pointer comparison when it already does).
  const enter = (): void => {
    if (attached !== bytes) {
      for (const attachHeap of graphs) attachHeap(bytes, words);
      attached = bytes;
    }
  };
  /** Switch to a new heap: assignments only, made once every view exists, so that nothing can stop them halfway. */
  const use = (
    nextBuffer: ArrayBuffer,
    nextBytes: Uint8Array<ArrayBuffer>,
    nextWords: Int32Array<ArrayBuffer>,
  ): void => {
    buffer = nextBuffer;
    bytes = nextBytes;
    words = nextWords;
  };
  const exports = moduleExports<CoreExports>("core", CORE_EXPORTS, jsCore);
  enter();
  exports.init();
  return {
    name: "js",
    core: exports,
    instance<E extends object>(feature: KernelModule<E>): E {
      const exports = (builds.js[feature.name] as () => E & { attachHeap?: AttachHeap })();
      if (exports.attachHeap !== undefined && !graphs.has(exports.attachHeap)) {
        graphs.add(exports.attachHeap);
        attached = null;
      }
      return moduleExports<E>(feature.name, feature.exports, exports);
    },
    enter,
    buffer: () => buffer,
    grow(needed: number): void {
      if (needed <= buffer.byteLength) return;
      const next = new ArrayBuffer(Math.ceil(needed / PAGE) * PAGE);
      const nextBytes = new Uint8Array(next);
      nextBytes.set(bytes);
      use(next, nextBytes, new Int32Array(next));
    },
    reset(): void {
      const next = new ArrayBuffer(PAGE);
      use(next, new Uint8Array(next), new Int32Array(next));
      enter();
      exports.init();
    },
    another: () => createJsBackend(builds),
  };
}
