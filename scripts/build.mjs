// Build everything into build/:
//   0. src/generated/uts46-data.ts, the UTS #46 data (scripts/gen-uts46.mjs);
//   1. the kernel (assembly/) as two WASM modules, SIMD and scalar (asconfig.json
//      targets), and the types of its exports, src/generated/kernel.ts (scripts/kernel-types.mjs);
//   2. the library bundles build/index.js and build/js.js (esbuild),
//      with both WASM modules inlined and the kernel compiled to JS a second time
//      (ASC_TARGET = 0) for the pure-JS build;
//   3. the type declarations (tsc, into build/types/), with build/index.d.ts and
//      build/js.d.ts beside the bundles pointing at them (so that an import of
//      a bundle by path, as the tests make, is typed too);
//   4. the command, a package of its own (packages/cli/scripts/build.mjs).
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import * as esbuild from "esbuild";
import { KERNEL_JS, wasmText } from "./bundle.mjs";
import { compileKernel, writeKernelTypes } from "./kernel-types.mjs";
import { reportSizes } from "./sizes.mjs";
import { buildCommand } from "../packages/cli/scripts/build.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
process.chdir(root);
mkdirSync("build", { recursive: true });

execFileSync(process.execPath, ["scripts/gen-uts46.mjs"], { stdio: "inherit" });

// The SIMD compile also gives the typings of the kernel's exports (src/generated/kernel.ts).
await Promise.all([compileKernel("simd", { typings: writeKernelTypes }), compileKernel("scalar")]);

// asc merges asconfig.json into every target: make sure the scalar build really
// has no SIMD, since it exists for engines without it.
const wat = execFileSync(path.join("node_modules", ".bin", "wasm-dis"), ["build/swurl.wasm"], { encoding: "utf8" });
if (/\bv128\b|i8x16|i16x8|i32x4/.test(wat)) throw new Error("build/swurl.wasm contains SIMD instructions");
// The kernel's fixed addresses (assembly/layout.ts) leave no room for static
// data: a data segment (e.g. from Math.pow's tables) would be overwritten.
if (/\(data\b/.test(wat))
  throw new Error("build/swurl.wasm has a data segment; assembly/layout.ts has no room for one");

// The library for Node.js: the entries share chunks, so that a program using
// swurl and swurl/js loads the common code once.
// Chunk names carry a content hash: clear the old ones so build/ holds only this build.
rmSync("build/chunks", { recursive: true, force: true });
/** What every bundle shares: the kernel's JS build under its alias, asc's constants, WASM as text. */
const common = {
  bundle: true,
  format: "esm",
  target: "es2022",
  ...KERNEL_JS,
  // Text, decoded only for the module an engine runs (src/kernel/wasm-text.ts, wasm-backend.ts).
  plugins: [wasmText],
  minifySyntax: true,
  logLevel: "warning",
};
await esbuild.build({
  ...common,
  entryPoints: ["src/index.ts", "src/js.ts"],
  outdir: "build",
  splitting: true,
  platform: "neutral",
  external: ["node:*"],
  chunkNames: "chunks/[name]-[hash]",
});
// For browsers (the package's "browser" condition, or a <script type=module>
// by path): each entry one self-contained ES module, nothing Node-only.
await esbuild.build({
  ...common,
  entryPoints: ["src/index.ts", "src/js.ts"],
  outdir: "build/browser",
  platform: "browser",
});

// Declarations of this build only (a moved or deleted module leaves none behind).
rmSync("build/types", { recursive: true, force: true });
execFileSync(path.join("node_modules", ".bin", "tsc"), ["-p", "tsconfig.json"], { stdio: "inherit" });
for (const entry of ["index", "js"]) {
  writeFileSync(path.join("build", `${entry}.d.ts`), `export * from "./types/src/${entry}.js";\n`);
}

await reportSizes();
await buildCommand();
