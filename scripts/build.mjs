// Build everything into build/:
//   0. src/generated/uts46-data.ts, the UTS #46 data (scripts/gen-uts46.mjs);
//   1. the kernel (assembly/), each of its modules (scripts/kernel-modules.mjs)
//      as two WASM modules, SIMD and scalar (asconfig.json targets), and the
//      types of their exports, src/generated/kernel.ts (scripts/kernel-types.mjs);
//   2. the library bundles build/index.js and build/js.js (esbuild),
//      with both WASM builds inlined and the kernel compiled to JS a second time
//      (ASC_TARGET = 0) for the pure-JS build, and the browser entries
//      build/browser/, whose fallback builds are a file fetched where needed;
//   3. the type declarations (tsc, into build/types/), with build/index.d.ts and
//      build/js.d.ts beside the bundles pointing at them (so that an import of
//      a bundle by path, as the tests make, is typed too);
//   4. the command, a package of its own (packages/cli/scripts/build.mjs).
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import * as esbuild from "esbuild";
import { browserFallback, KERNEL_JS, noWasm, wasmText } from "./bundle.mjs";
import { compileKernels, writeKernelTypes } from "./kernel-types.mjs";
import { KERNEL_MODULES, wasmFile } from "./kernel-modules.mjs";
import { reportSizes } from "./sizes.mjs";
import { buildCommand } from "../packages/cli/scripts/build.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
process.chdir(root);
mkdirSync("build", { recursive: true });

execFileSync(process.execPath, ["scripts/gen-uts46.mjs"], { stdio: "inherit" });

// The SIMD compiles also give the typings of the modules' exports (src/generated/kernel.ts).
const typings = new Map();
await compileKernels("simd", { typings });
writeKernelTypes(typings);
await compileKernels("scalar");

for (const module of KERNEL_MODULES) {
  for (const target of ["simd", "scalar"]) {
    const file = wasmFile(module, target);
    const wat = execFileSync(path.join("node_modules", ".bin", "wasm-dis"), [file], { encoding: "utf8" });
    // asc merges asconfig.json into every target: make sure the scalar build
    // really has no SIMD, since it exists for engines without it.
    if (target === "scalar" && /\bv128\b|i8x16|i16x8|i32x4/.test(wat))
      throw new Error(`${file} contains SIMD instructions`);
    // The kernel's fixed addresses (assembly/layout.ts) leave no room for
    // static data: a data segment (e.g. from Math.pow's tables) would be
    // overwritten, and a feature module's would overwrite the core's memory.
    if (/\(data\b/.test(wat)) throw new Error(`${file} has a data segment; assembly/layout.ts has no room for one`);
  }
}

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
// by path): each entry one self-contained ES module, nothing Node-only. The
// browser entry carries the SIMD build of each kernel module; the fallback
// builds (the scalar WASM and pure-JS builds, src/kernel/fallback-builds.ts)
// are build/browser/fallback.js, which it imports at import only where the
// engine cannot compile SIMD WASM, so that a browser downloads one build of
// each module it uses. swurl/js carries the pure-JS builds itself, and no WASM.
rmSync("build/browser", { recursive: true, force: true });
await esbuild.build({
  ...common,
  entryPoints: { index: "src/index.ts", fallback: "src/kernel/fallback-builds.ts" },
  outdir: "build/browser",
  platform: "browser",
  plugins: [browserFallback("./fallback.js"), wasmText],
});
await esbuild.build({
  ...common,
  entryPoints: { js: "src/js.ts" },
  outdir: "build/browser",
  platform: "browser",
  plugins: [noWasm],
});

// Declarations of this build only (a moved or deleted module leaves none behind).
rmSync("build/types", { recursive: true, force: true });
execFileSync(path.join("node_modules", ".bin", "tsc"), ["-p", "tsconfig.json"], { stdio: "inherit" });
for (const entry of ["index", "js"]) {
  writeFileSync(path.join("build", `${entry}.d.ts`), `export * from "./types/src/${entry}.js";\n`);
}

await reportSizes();
await buildCommand();
