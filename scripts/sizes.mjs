// The sizes users pay for, printed by every build: each kernel module's two
// WASM builds, and minified browser bundles of programs that import parts of
// the package's browser entry (what Vite, webpack or esbuild make of it). A
// bundle's size is what a browser that runs SIMD WASM loads: the program's
// chunk and the chunks it imports, each gzipped; the fallback builds, a chunk
// it imports with import(), are fetched only where SIMD WASM cannot run
// (printed apart, not budgeted). The build fails when a bundle is over its
// budget; test/package/package.test.ts checks the same bundles of the packed
// tarball.
import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import path from "node:path";
import * as esbuild from "esbuild";
import { KERNEL_MODULES, wasmFile } from "./kernel-modules.mjs";

const KiB = 1024;

/**
 * The programs measured, each with its budget in gzip bytes: an ES module
 * that imports `entry` (a quoted specifier) and uses what it imports.
 */
export const PROGRAMS = [
  {
    name: "{ parse }",
    budget: 40 * KiB,
    source: (entry) => `import { parse } from ${entry}; globalThis.out = parse(globalThis.input);`,
  },
  {
    name: "{ URL, URLSearchParams }",
    budget: 45 * KiB,
    source: (entry) =>
      `import { URL, URLSearchParams } from ${entry}; globalThis.out = [new URL(globalThis.input), new URLSearchParams(globalThis.input)];`,
  },
  {
    name: "the whole API",
    budget: 100 * KiB,
    source: (entry) => `import * as swurl from ${entry}; globalThis.out = swurl;`,
  },
];

const kib = (n) => `${(n / KiB).toFixed(1)} KiB`;
const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;

/**
 * Each program's minified browser bundle, with `entry` the package's browser
 * entry as the program imports it and `resolveDir` where it is resolved from,
 * split into chunks as a bundler splits it: its name, budget, the raw and
 * gzip bytes that a browser running SIMD WASM loads (the program's chunk and
 * those it imports statically), and the gzip bytes of the chunks it imports
 * with import() (`lazy`).
 */
export async function bundleSizes(entry, resolveDir) {
  const rows = [];
  for (const program of PROGRAMS) {
    const result = await esbuild.build({
      stdin: { contents: program.source(JSON.stringify(entry)), resolveDir, loader: "js" },
      bundle: true,
      splitting: true,
      format: "esm",
      minify: true,
      platform: "browser",
      target: "es2022",
      outdir: "out",
      write: false,
      metafile: true,
      logLevel: "warning",
    });
    const text = new Map(result.outputFiles.map((file) => [path.relative(process.cwd(), file.path), file.contents]));
    const outputs = result.metafile.outputs;
    const start = Object.keys(outputs).find((name) => outputs[name].entryPoint === "<stdin>");
    const loaded = new Set();
    const visit = (name) => {
      if (loaded.has(name)) return;
      loaded.add(name);
      for (const { path: next, kind } of outputs[name].imports) if (kind === "import-statement") visit(next);
    };
    visit(start);
    const sum = (names, size) => names.reduce((total, name) => total + size(text.get(name)), 0);
    const lazy = Object.keys(outputs).filter((name) => !loaded.has(name) && name.endsWith(".js"));
    rows.push({
      name: program.name,
      budget: program.budget,
      raw: sum([...loaded], (bytes) => bytes.length),
      gzip: sum([...loaded], gzip),
      lazy: sum(lazy, gzip),
    });
  }
  return rows;
}

/** The rows of bundleSizes() over their budget, as sentences. */
export function overBudget(rows) {
  return rows
    .filter((row) => row.gzip > row.budget)
    .map((row) => `the browser bundle of ${row.name} is ${kib(row.gzip)} gzip, over its budget of ${kib(row.budget)}`);
}

export async function reportSizes(root = process.cwd()) {
  console.log("kernel modules (raw / gzip -9, SIMD and scalar):");
  for (const module of KERNEL_MODULES) {
    const sizes = ["simd", "scalar"].map((target) => {
      const bytes = readFileSync(path.join(root, wasmFile(module, target)));
      return `${kib(bytes.length).padStart(10)} / ${kib(gzip(bytes)).padStart(9)}`;
    });
    console.log(`  ${module.name.padEnd(12)} ${sizes.join("   ")}`);
  }
  const rows = await bundleSizes(path.join(root, "build/browser/index.js"), root);
  console.log(
    "browser bundles, as a browser running SIMD WASM loads them (raw / gzip -9, budget; fallback chunk gzip):",
  );
  for (const row of rows)
    console.log(
      `  ${row.name.padEnd(26)} ${kib(row.raw).padStart(10)} / ${kib(row.gzip).padStart(9)}   ${kib(row.budget).padStart(9)}   ${kib(row.lazy).padStart(9)}`,
    );
  const over = overBudget(rows);
  if (over.length > 0) throw new Error(`${over.join("; ")} (scripts/sizes.mjs)`);
}
