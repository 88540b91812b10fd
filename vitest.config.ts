import { readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { encodeWasmText } from "./src/kernel/wasm-text.ts";

export default defineConfig({
  // Tests that import src/ directly get the kernel as the build bundles it
  // (scripts/bundle.mjs): a .wasm import as text, the JS build under its alias.
  plugins: [
    {
      name: "wasm-text",
      enforce: "pre",
      load(id) {
        if (id.endsWith(".wasm")) return `export default ${JSON.stringify(encodeWasmText(readFileSync(id)))};`;
      },
    },
  ],
  resolve: { alias: { "swurl-kernel-js": path.resolve(import.meta.dirname, "assembly") } },
  define: { ASC_TARGET: "0", ASC_FEATURE_SIMD: "false" },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
