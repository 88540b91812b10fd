// esbuild as the build and its tools use it.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * The pure-JS build of the kernel: assembly/ under the name the wrapper
 * imports its modules by (swurl-kernel-js/js.ts for the core in
 * src/kernel/js-backend.ts, the feature modules' entries in
 * src/kernel/modules.ts), with asc's compile-time constants as the JS target
 * sees them.
 */
export const KERNEL_JS = {
  alias: { "swurl-kernel-js": "./assembly" },
  define: { ASC_TARGET: "0", ASC_FEATURE_SIMD: "false" },
};

/**
 * `source` (an ES module whose imports are relative to `resolveDir`, the
 * repository unless given, in language `loader`) bundled into one ES module
 * in memory, with the other `options` added to esbuild's; its text.
 *
 * @param {string} source
 * @param {import("esbuild").Loader} loader
 * @param {{ resolveDir?: string } & import("esbuild").BuildOptions} [options]
 */
export async function bundleSource(source, loader, { resolveDir = root, ...options } = {}) {
  const result = await esbuild.build({
    stdin: { contents: source, resolveDir, loader },
    bundle: true,
    format: "esm",
    write: false,
    logLevel: "warning",
    ...options,
  });
  return result.outputFiles[0].text;
}

/** encodeWasmText() of src/kernel/wasm-text.ts, compiled from its TypeScript on first use. */
let encoder;
async function wasmTextEncoder() {
  if (!encoder) {
    const text = await bundleSource(`export { encodeWasmText } from "./src/kernel/wasm-text.ts";`, "ts", {
      platform: "neutral",
    });
    encoder = (await import(`data:text/javascript;base64,${Buffer.from(text).toString("base64")}`)).encodeWasmText;
  }
  return encoder;
}

/**
 * An esbuild plugin: a `.wasm` import is the module as text, a string that
 * src/kernel/wasm-text.ts decodes (smaller than base64 under gzip and brotli:
 * see there).
 */
export const wasmText = {
  name: "wasm-text",
  setup(build) {
    build.onLoad({ filter: /\.wasm$/ }, async (args) => {
      const encode = await wasmTextEncoder();
      return { contents: `export default ${JSON.stringify(encode(await readFile(args.path)))};`, loader: "js" };
    });
  },
};

/**
 * An esbuild plugin for swurl/js, which runs the pure-JS build of every
 * kernel module and never compiles WASM: a `.wasm` import (the SIMD build that
 * each feature module's descriptor names, src/kernel/modules.ts) is an empty
 * text instead of the module.
 */
export const noWasm = {
  name: "no-wasm",
  setup(build) {
    build.onLoad({ filter: /\.wasm$/ }, () => ({ contents: `export default "";`, loader: "js" }));
  },
};

/**
 * An esbuild plugin for the browser entries: src/kernel/fallback.ts, which
 * imports the fallback builds (the scalar WASM and pure-JS builds of every
 * module), becomes fallback.browser.ts, which imports them with import()
 * only where the engine cannot compile SIMD WASM, from the file beside the
 * entry that the build makes of src/kernel/fallback-builds.ts (`file`).
 */
export function browserFallback(file) {
  return {
    name: "browser-fallback",
    setup(build) {
      const kernel = path.join(root, "src", "kernel");
      build.onResolve({ filter: /(^|\/)fallback(-builds)?\.js$/ }, (args) => {
        const target = path.resolve(args.resolveDir, args.path);
        if (target === path.join(kernel, "fallback.js")) return { path: path.join(kernel, "fallback.browser.ts") };
        const fromBrowser = args.importer === path.join(kernel, "fallback.browser.ts");
        return fromBrowser && target === path.join(kernel, "fallback-builds.js")
          ? { path: file, external: true }
          : undefined;
      });
    },
  };
}
