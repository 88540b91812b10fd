// esbuild as the build and its tools use it.
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
