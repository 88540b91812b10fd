// The sizes users pay for, printed by every build: the two WASM modules, and a
// minified browser bundle of a program that imports only parse() from the
// package's browser entry (what Vite, webpack or esbuild make of it). The build
// fails when that bundle is over its budget.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { bundleSource } from "./bundle.mjs";

/**
 * Gzip bytes at most for `import { parse } from "swurl"`, minified for a
 * browser, within issue #13's cap of 80 KB. Every entry carries both WASM
 * modules and the JS build of the whole kernel, so kernel code for any
 * feature counts here: the kernel tallies and dedupe set of the command, the
 * crawler keys' byte steps, URL pattern matching, the access-log grammar and
 * IRI extraction took the bundle past 70 KB, and the kernel's keys of the
 * normalize-url and crawlee profiles (assembly/canonical/keys.ts, ~5.7 KB in
 * the three kernels) to the cap itself (79,953 bytes). A kernel
 * module of their own for the bulk features, or leaving the scalar WASM
 * module out of the browser entry (browsers without WASM SIMD would get the
 * JS build, ~12 KB less), would win it back.
 */
export const PARSE_BUNDLE_BUDGET = 80_000;

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** A minified browser bundle of `source`, an ES module that imports the browser entry: its bytes. */
async function bundle(source) {
  return Buffer.from(await bundleSource(source, "js", { minify: true, platform: "browser", target: "es2022" }));
}

export async function reportSizes(root = process.cwd()) {
  const rows = [];
  for (const file of ["build/swurl.simd.wasm", "build/swurl.wasm"]) {
    const bytes = readFileSync(path.join(root, file));
    rows.push([file, bytes.length, gzip(bytes)]);
  }
  const entry = JSON.stringify(path.join(root, "build/browser/index.js"));
  const parseOnly = await bundle(`import { parse } from ${entry}; globalThis.out = parse(globalThis.input);`);
  rows.push(["browser bundle of { parse }", parseOnly.length, gzip(parseOnly)]);
  const whole = await bundle(`import * as swurl from ${entry}; globalThis.out = swurl;`);
  rows.push(["browser bundle of the whole API", whole.length, gzip(whole)]);

  console.log("sizes (raw / gzip -9):");
  for (const [what, raw, gz] of rows)
    console.log(`  ${what.padEnd(34)} ${kb(raw).padStart(9)} / ${kb(gz).padStart(8)}`);
  const parseGzip = rows[2][2];
  if (parseGzip > PARSE_BUNDLE_BUDGET) {
    throw new Error(
      `the browser bundle of { parse } is ${kb(parseGzip)} gzip, over its budget of ${kb(PARSE_BUNDLE_BUDGET)} (scripts/sizes.mjs)`,
    );
  }
}
