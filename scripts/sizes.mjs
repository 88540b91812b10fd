// The sizes users pay for, printed by every build: each kernel module's two
// WASM builds, and minified browser bundles of programs that import parts of
// the package's browser entry (what Vite, webpack or esbuild make of it). The
// build fails when a bundle is over its budget; test/package/package.test.ts
// checks the same bundles of the packed tarball.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { bundleSource } from "./bundle.mjs";
import { KERNEL_MODULES, wasmFile } from "./kernel-modules.mjs";

const KiB = 1024;

/**
 * The programs measured, each with its budget in gzip bytes: an ES module
 * that imports `entry` (a quoted specifier) and uses what it imports. Issue
 * #33 sets the goals of 40 KiB for `{ parse }` and 100 KiB for the whole API;
 * the budgets are the sizes of today's build, which the next change may not
 * pass.
 */
export const PROGRAMS = [
  {
    name: "{ parse }",
    budget: 42.5 * KiB,
    source: (entry) => `import { parse } from ${entry}; globalThis.out = parse(globalThis.input);`,
  },
  {
    name: "{ URL, URLSearchParams }",
    budget: 45.5 * KiB,
    source: (entry) =>
      `import { URL, URLSearchParams } from ${entry}; globalThis.out = [new URL(globalThis.input), new URLSearchParams(globalThis.input)];`,
  },
  {
    name: "the whole API",
    budget: 105.5 * KiB,
    source: (entry) => `import * as swurl from ${entry}; globalThis.out = swurl;`,
  },
];

const kib = (n) => `${(n / KiB).toFixed(1)} KiB`;
const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;

/**
 * Each program's minified browser bundle, with `entry` the package's browser
 * entry as the program imports it and `resolveDir` where it is resolved from:
 * its name, budget, and raw and gzip bytes.
 */
export async function bundleSizes(entry, resolveDir) {
  const rows = [];
  for (const program of PROGRAMS) {
    const text = await bundleSource(program.source(JSON.stringify(entry)), "js", {
      minify: true,
      platform: "browser",
      target: "es2022",
      resolveDir,
    });
    const bytes = Buffer.from(text);
    rows.push({ name: program.name, budget: program.budget, raw: bytes.length, gzip: gzip(bytes) });
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
  console.log("browser bundles (raw / gzip -9, budget):");
  for (const row of rows)
    console.log(
      `  ${row.name.padEnd(26)} ${kib(row.raw).padStart(10)} / ${kib(row.gzip).padStart(9)}   ${kib(row.budget)}`,
    );
  const over = overBudget(rows);
  if (over.length > 0) throw new Error(`${over.join("; ")} (scripts/sizes.mjs)`);
}
