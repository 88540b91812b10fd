// Machine instructions per kernel call, counted with valgrind's callgrind:
// a measure of the kernel's work that does not move with the machine's load,
// where wall time on a shared machine moves by 2x (see README, Performance).
//
//   npm run instructions                                             every corpus, compared with and saved as the baseline
//   npm run build && node scripts/kernel-instructions.mjs            parse, canParse and split on kasztp, compared only
//   node scripts/kernel-instructions.mjs parse build/swurl.wasm      one export, another build
//   node scripts/kernel-instructions.mjs split js                    the pure-JS build's kernel
//   node scripts/kernel-instructions.mjs parse --empty                every input empty: the cost of the loop and the call
//   node scripts/kernel-instructions.mjs batch                        batchBegin + batchRun over the lines, a line
//   node scripts/kernel-instructions.mjs --corpus=debian-files,kasztp  other corpora (names in bench/data/, or files)
//   node scripts/kernel-instructions.mjs --corpus=all --write          every corpus, saved as the baseline
//   node scripts/kernel-instructions.mjs api-parse build/swurl.wasm  the wrapper too (API_OPERATIONS; not in the baseline)
//
// Each count is printed beside the committed baseline, bench/instructions.json
// (per build, corpus and export), when it has one; --write replaces the
// baseline's entries for what was counted, so that a kernel change commits its
// cost with it (npm run instructions writes).
//
// The kernel export runs directly on the UTF-8 bytes of the first 5,000
// corpus lines, each at its own address, with no wrapper. Two runs differ only
// in the number of passes (4 and 24); the difference of their totals over the
// 100,000 calls between them leaves out start-up, compilation and the
// corpus's loading. V8 runs single-threaded in predictable mode with eager
// optimisation (no Liftoff), so a count repeats to within a few instructions.
// The loop's own cost and the call into WASM are included: --empty counts them
// (with the kernel's work on an empty input, which fails at once). The batch
// operation is the bulk kernel instead: the same lines as one block, each
// pass one batchBegin() and one batchRun() over it, counted a line (no
// wrapper, no strings: what parseBatch() spends in the kernel). The api-*
// operations count what a user's program runs instead, the wrapper included:
// the API of build/index.js on the build's kernel, over the same lines.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadCorpus } from "../bench/corpus.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const LINES = 5000;
const FEW = 4;
const MANY = 24;
const OPERATIONS = ["parse", "canParse", "split", "batch"];
const DATA = path.join(root, "bench/data");
const BASELINE = path.join(root, "bench/instructions.json");
/** The corpora of --corpus=all: those of npm run bench (sample.txt is a part of kasztp.txt). */
const ALL_CORPORA = readdirSync(DATA)
  .filter((f) => f.endsWith(".txt") && f !== "sample.txt")
  .map((f) => f.slice(0, -4))
  .sort();

/** A corpus argument: a name in bench/data/ ("kasztp") or a file. */
function corpusFile(name) {
  return existsSync(path.join(DATA, `${name}.txt`)) ? path.join(DATA, `${name}.txt`) : path.resolve(name);
}

/**
 * The kernel of `build` (a .wasm file, or "js" for the pure-JS build's kernel
 * as createSwurl("js") runs it) with at least 20 MB of memory: its exports and bytes.
 */
async function loadKernel(build) {
  if (build === "js") {
    const { createSwurl } = await import(path.join(root, "build/index.js"));
    const arena = createSwurl("js")[Symbol.for("swurl.internals")];
    arena.reserve(20 << 20);
    return { kernel: arena.backend.kernel, bytes: new Uint8Array(arena.backend.buffer()) };
  }
  const kernel = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(build)), {}).exports;
  kernel.init();
  kernel.memory.grow(300);
  return { kernel, bytes: new Uint8Array(kernel.memory.buffer) };
}

/**
 * Programs through the API (wrapper and kernel), each reading hostname and
 * pathname as bench/suites/parse.mjs and batch.mjs do: a count depends on
 * the loop around the calls too (V8 inlines the getters into it up to a
 * budget of bytecode).
 */
const API_OPERATIONS = {
  /** parse() of each line. */
  "api-parse": (api, lines, passes) => {
    let n = 0;
    for (let pass = 0; pass < passes; pass++) {
      for (const line of lines) {
        const url = api.parse(line);
        if (url !== null) n += url.hostname.length + url.pathname.length;
      }
    }
    return n;
  },
  /** parseBatch() of the lines, one batch a pass. */
  "api-batch": (api, lines, passes) => {
    const text = lines.join("\n");
    let n = 0;
    for (let pass = 0; pass < passes; pass++) {
      const batch = api.parseBatch(text);
      for (let i = 0; i < batch.length; i++) {
        const host = batch.hostname(i);
        if (host !== null) n += host.length + batch.pathname(i).length;
      }
    }
    return n;
  },
};

/** Run API operation `operation` on the API of `build` (a .wasm file of build/, or "js") `passes` times over the lines. */
async function runApi(operation, build, corpus, passes) {
  const { createSwurl } = await import(path.join(root, "build/index.js"));
  const kernel = build === "js" ? "js" : path.basename(build) === "swurl.simd.wasm" ? "wasm-simd" : "wasm";
  return API_OPERATIONS[operation](createSwurl(kernel), loadCorpus(corpus).lines.slice(0, LINES), passes);
}

/** Run `operation` of the kernel of `build` `passes` times over the lines: the measured program. */
async function runKernel(operation, build, corpus, passes, empty) {
  const { kernel, bytes } = await loadKernel(build);
  const encoder = new TextEncoder();
  const lines = loadCorpus(corpus).lines.slice(0, LINES);
  // Each line at its own address (parse edits its input in place), 32 bytes apart for the vector slack.
  const at = new Int32Array(lines.length);
  const length = new Int32Array(lines.length);
  let p = 65536;
  lines.forEach((line, i) => {
    const { written } = encoder.encodeInto(line, bytes.subarray(p));
    at[i] = p;
    length[i] = empty ? 0 : written;
    p += written + 32;
  });
  const output = 16 << 20;
  const call = kernel[operation];
  let sink = 0;
  if (operation === "split") {
    for (let pass = 0; pass < passes; pass++) {
      for (let i = 0; i < at.length; i++) sink += call(at[i], length[i], output, 0) ?? 0;
    }
    return sink;
  }
  // parse() and canParse(): no base, no UTS #46 result.
  for (let pass = 0; pass < passes; pass++) {
    for (let i = 0; i < at.length; i++) sink += call(at[i], length[i], output, 0, 0, 0);
  }
  return sink;
}

/**
 * batchBegin() and batchRun() `passes` times over the lines as one block (LF
 * after each; empty lines with `empty`), the table and hrefs after it: the
 * kernel of parseBatch() without its wrapper.
 */
async function runBatch(build, corpus, passes, empty) {
  const { kernel, bytes } = await loadKernel(build);
  const lines = loadCorpus(corpus).lines.slice(0, LINES);
  const text = empty ? "\n".repeat(lines.length) : `${lines.join("\n")}\n`;
  const src = 65536;
  const { written } = new TextEncoder().encodeInto(text, bytes.subarray(src));
  // The table 8-aligned after the block and its vector slack, as src/batch.ts places it.
  const table = (src + written + 16 + 7) & ~7;
  // The output window: the rest of memory, less the slack batchRun() needs after it.
  const outEnd = bytes.length - 16;
  let sink = 0;
  for (let pass = 0; pass < passes; pass++) {
    const n = kernel.batchBegin(src, written, 0, 2 ** 31 - 1, 0, table);
    sink += kernel.batchRun(outEnd) === n ? n : -1;
  }
  return sink;
}

/** Instructions of the whole program for `passes` passes, from callgrind. */
function count(operation, wasm, corpus, passes, empty) {
  const args = [
    "--tool=callgrind",
    "--callgrind-out-file=/dev/null",
    process.execPath,
    "--single-threaded",
    "--predictable",
    "--no-liftoff",
    fileURLToPath(import.meta.url),
    "--run",
    operation,
    wasm,
    corpus,
    String(passes),
    String(empty),
  ];
  // callgrind reports on standard error.
  const { stderr } = spawnSync("valgrind", args, { encoding: "utf8" });
  const collected = /Collected : (\d+)/.exec(stderr);
  if (!collected) throw new Error(`no callgrind total in:\n${stderr}`);
  return Number(collected[1]);
}

const argv = process.argv.slice(2);
if (argv[0] === "--run") {
  // Dispatched here, not in runKernel(): a larger runKernel() reaches V8's
  // optimising tiers after another number of calls, which moved the per-call
  // count of the 3,284-line npm-mixed corpus by ~160 instructions.
  if (argv[1] in API_OPERATIONS) await runApi(argv[1], argv[2], argv[3], Number(argv[4]));
  else if (argv[1] === "batch") await runBatch(argv[2], argv[3], Number(argv[4]), argv[5] === "true");
  else await runKernel(argv[1], argv[2], argv[3], Number(argv[4]), argv[5] === "true");
} else {
  const empty = argv.includes("--empty");
  const write = argv.includes("--write");
  const corpusOption = argv.find((a) => a.startsWith("--corpus="))?.slice("--corpus=".length) ?? "kasztp";
  const corpora = corpusOption === "all" ? ALL_CORPORA : corpusOption.split(",");
  const [operation, file] = argv.filter((a) => !a.startsWith("--"));
  const operations = operation ? [operation] : OPERATIONS;
  const wasm = file === "js" ? "js" : path.resolve(file ?? path.join(root, "build/swurl.simd.wasm"));
  try {
    execFileSync("valgrind", ["--version"], { stdio: "ignore" });
  } catch {
    console.error("kernel-instructions: valgrind is not installed (Debian: apt install valgrind)");
    process.exit(1);
  }
  const name = wasm === "js" ? "js" : path.relative(root, wasm);
  const baseline = existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, "utf8")) : {};
  const what = empty ? `${LINES} empty inputs` : `first ${LINES} lines of each corpus`;
  console.log(
    `${name === "js" ? "the pure-JS build's kernel" : name}, ${what}, machine instructions a call (callgrind; baseline: bench/instructions.json):`,
  );
  for (const corpusName of corpora) {
    const corpus = corpusFile(corpusName);
    const key = path.basename(corpus, ".txt");
    console.log(`  ${key}`);
    for (const operation of operations) {
      const calls = (MANY - FEW) * Math.min(LINES, loadCorpus(corpus).lines.length);
      const perCall = Math.round(
        (count(operation, wasm, corpus, MANY, empty) - count(operation, wasm, corpus, FEW, empty)) / calls,
      );
      const before = empty ? undefined : baseline[name]?.[key]?.[operation];
      console.log(
        `    ${operation.padEnd(8)} ${String(perCall).padStart(6)}${before === undefined ? "" : `   baseline ${before}`}`,
      );
      if (write && !empty && !(operation in API_OPERATIONS)) ((baseline[name] ??= {})[key] ??= {})[operation] = perCall;
    }
  }
  if (write && !empty) writeFileSync(BASELINE, `${JSON.stringify(baseline, null, 2)}\n`);
}
