// esbuild as the build and its tools use it.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * The pure-JS build of the kernel: assembly/js.ts under the name the wrapper
 * imports it by (src/kernel/js-backend.ts), with asc's compile-time constants
 * as the JS target sees them.
 */
export const KERNEL_JS = {
  alias: { "swurl-kernel-js": "./assembly/js.ts" },
  define: { ASC_TARGET: "0", ASC_FEATURE_SIMD: "false" },
};

/**
 * `source` (an ES module whose imports are relative to the repository, in
 * language `loader`) bundled into one ES module in memory, with `options`
 * added to esbuild's; its text.
 */
export async function bundleSource(source, loader, options) {
  const result = await esbuild.build({
    stdin: { contents: source, resolveDir: root, loader },
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
