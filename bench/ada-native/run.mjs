// Native Ada's machine instructions a URL, counted exactly as
// bench/kernel-instructions.mjs counts swurl's kernel (bench/callgrind.mjs:
// callgrind totals of 4 and 24 passes over the first 5,000 lines of a corpus,
// the difference over the calls between them), so that the two compare.
//
//   node bench/ada-native/run.mjs ADA_SOURCE                              parse, parse-host-path and can_parse on kasztp
//   node bench/ada-native/run.mjs ADA_SOURCE can_parse --corpus=all        one operation, every corpus of bench/data/
//   node bench/ada-native/run.mjs ADA_SOURCE --corpus=npm-mixed,my.txt     corpora by name or file
//   node bench/ada-native/run.mjs ADA_SOURCE parse --empty                 every input empty: the loop, the call and Ada's rejection
//   node bench/ada-native/run.mjs ADA_SOURCE --cxx=clang++-14              another compiler
//
// ADA_SOURCE is a checkout of github.com/ada-url/ada (this repository does
// not vendor it), for example the tag the README of this folder names:
//   git clone --depth 1 --branch v3.4.4 https://github.com/ada-url/ada /tmp/ada
// Ada is one translation unit, src/ada.cpp, compiled once with the harness
// beside it (harness.cpp) into build/ada-native/, with the flags of FLAGS.
// Each count is printed beside swurl's count for the same corpus in the
// committed baseline bench/instructions.json (SIMD build; parse against
// parse and parse-host-path, can_parse against canParse) and their ratio.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { corpusFiles, LINES, perCall, requireValgrind } from "../callgrind.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(path.dirname(here));
/** Ada's release flags (its CMake Release build: -O3 -DNDEBUG), for the machine's default target: valgrind 3.19 cannot run AVX-512 code. */
const FLAGS = ["-O3", "-std=c++20", "-DNDEBUG"];
const OPERATIONS = ["parse", "parse-host-path", "can_parse"];
/** swurl's kernel export each Ada operation compares with. */
const SWURL_EXPORT = { parse: "parse", "parse-host-path": "parse", can_parse: "canParse" };
const SWURL_BUILD = "build/swurl.simd.wasm";

/** The harness linked with Ada from `source` by `cxx`, built again when the source, compiler or harness changes. */
function buildHarness(source, cxx) {
  const out = path.join(root, "build/ada-native", path.basename(cxx));
  const harness = path.join(out, "harness");
  const stamp = path.join(out, "stamp.json");
  const version = execFileSync(cxx, ["--version"], { encoding: "utf8" }).split("\n")[0];
  const key = JSON.stringify({
    source: path.resolve(source),
    version,
    flags: FLAGS,
    harness: readFileSync(path.join(here, "harness.cpp"), "utf8"),
  });
  if (existsSync(harness) && existsSync(stamp) && readFileSync(stamp, "utf8") === key) return { harness, version };
  mkdirSync(out, { recursive: true });
  const include = `-I${path.join(source, "include")}`;
  console.error(`building Ada from ${source} with ${version} ${FLAGS.join(" ")} ...`);
  execFileSync(cxx, [...FLAGS, include, "-c", path.join(source, "src/ada.cpp"), "-o", path.join(out, "ada.o")]);
  execFileSync(cxx, [...FLAGS, include, path.join(here, "harness.cpp"), path.join(out, "ada.o"), "-o", harness]);
  writeFileSync(stamp, key);
  return { harness, version };
}

const argv = process.argv.slice(2);
const [source, operation] = argv.filter((a) => !a.startsWith("--"));
if (!source || !existsSync(path.join(source, "src/ada.cpp"))) {
  console.error("usage: node bench/ada-native/run.mjs ADA_SOURCE [operation] [--corpus=...] [--empty] [--cxx=g++]");
  console.error("ADA_SOURCE: a checkout of https://github.com/ada-url/ada (src/ada.cpp, include/)");
  process.exit(2);
}
requireValgrind("ada-native");
const empty = argv.includes("--empty");
const cxx = argv.find((a) => a.startsWith("--cxx="))?.slice("--cxx=".length) ?? "g++";
const corpora = corpusFiles(argv.find((a) => a.startsWith("--corpus="))?.slice("--corpus=".length));
const { harness, version } = buildHarness(source, cxx);
const swurl = JSON.parse(readFileSync(path.join(root, "bench/instructions.json"), "utf8"))[SWURL_BUILD] ?? {};
const what = empty ? `${LINES} empty inputs` : `first ${LINES} lines of each corpus`;
console.log(`native Ada (${source}, ${version} ${FLAGS.join(" ")}), ${what}, machine instructions a call (callgrind):`);
for (const corpus of corpora) {
  const key = path.basename(corpus, ".txt");
  console.log(`  ${key}`);
  for (const op of operation ? [operation] : OPERATIONS) {
    const count = perCall(corpus, (passes) => [harness, op, corpus, String(LINES), String(passes), String(empty)]);
    const theirs = empty ? undefined : swurl[key]?.[SWURL_EXPORT[op]];
    const beside =
      theirs === undefined
        ? ""
        : `   swurl ${SWURL_EXPORT[op]} ${theirs} (baseline), ${(theirs / count).toFixed(2)}x of Ada's`;
    console.log(`    ${op.padEnd(15)} ${String(count).padStart(6)}${beside}`);
  }
}
