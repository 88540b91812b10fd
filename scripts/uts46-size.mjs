// The size that UTS #46 adds to a bundle: src/whatwg/uts46.ts with everything
// it imports (the code and the generated data), bundled and minified by
// esbuild and gzipped (zlib's default level), against the tr46 package it
// replaced (with its punycode dependency) bundled the same way.
//
//   node scripts/uts46-size.mjs      (after npm run build, which generates the data)
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import path from "node:path";
import * as esbuild from "esbuild";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

async function gzipSize(contents) {
  const result = await esbuild.build({
    stdin: { contents, resolveDir: root, loader: "ts" },
    bundle: true,
    minify: true,
    write: false,
    format: "esm",
    platform: "neutral",
    mainFields: ["main"],
    target: "es2022",
    logLevel: "warning",
  });
  const code = result.outputFiles[0].contents;
  return { minified: code.length, gzip: gzipSync(code).length };
}

/** Minified and gzipped bytes of swurl's UTS #46 ToASCII, code and data. */
export const uts46Size = () => gzipSize(`export { toAscii } from "./src/whatwg/uts46.ts";`);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ours = await uts46Size();
  const tr46 = await gzipSize(`export { toASCII } from "tr46";`);
  console.log(`swurl UTS #46 (code + data): ${ours.minified} bytes minified, ${ours.gzip} gzipped`);
  console.log(`tr46 + punycode:             ${tr46.minified} bytes minified, ${tr46.gzip} gzipped`);
}
