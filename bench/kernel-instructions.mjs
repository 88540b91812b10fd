// Machine instructions per kernel call, counted with valgrind's callgrind:
// a measure of the kernel's work that does not move with the machine's load,
// where wall time on a shared machine moves by 2x (see README, Performance).
//
//   npm run instructions                                             every corpus, compared with and saved as the baseline
//   npm run build && node bench/kernel-instructions.mjs            parse, canParse and split on kasztp, compared only
//   node bench/kernel-instructions.mjs parse build/swurl.wasm      one export, another build
//   node bench/kernel-instructions.mjs split js                    the pure-JS build's kernel
//   node bench/kernel-instructions.mjs parse --empty                every input empty: the loop, the call and the kernel's rejection
//   node bench/kernel-instructions.mjs parse call                  a kernel whose exports return at once: the loop and the call alone
//   node bench/kernel-instructions.mjs batch                        batchBegin + batchRun over the lines, a line
//   node bench/kernel-instructions.mjs --corpus=debian-files,kasztp  other corpora (names in bench/data/, generated
//                                                                     ones: file-urls, ipv4-hosts; or files)
//   node bench/kernel-instructions.mjs --corpus=all --write          every corpus, saved as the baseline
//   node bench/kernel-instructions.mjs api-parse build/swurl.wasm  the wrapper too (API_OPERATIONS; not in the baseline)
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
// The loop's own cost and the call into WASM are included: the build "call"
// counts them alone (--empty counts them with the kernel's work on an empty
// input, which goes through the parser to its failure). The batch
// operation is the bulk kernel instead: the same lines as one block, each
// pass one batchBegin() and one batchRun() over it, counted a line (no
// wrapper, no strings: what parseBatch() spends in the kernel). The api-*
// operations count what a user's program runs instead, the wrapper included:
// the API of build/index.js on the build's kernel, over the same lines.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadCorpus } from "../scripts/data/corpus.mjs";
import { corpusFiles, LINES, perCall, requireValgrind } from "./callgrind.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const OPERATIONS = ["parse", "canParse", "split", "batch"];
const BASELINE = path.join(root, "bench/instructions.json");

/**
 * A WASM module of 20 MB memory whose parse, canParse and split return 0 at
 * once, with the kernel's signature (six i32 parameters, an i32 result):
 * counted in place of a kernel, it leaves the loop and the call from JS.
 */
const NO_OP_KERNEL = new Uint8Array([
  ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // "\0asm", version 1
  ...[0x01, 0x0b, 0x01, 0x60, 0x06, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x01, 0x7f], // type 0: (i32 x 6) -> i32
  ...[0x03, 0x02, 0x01, 0x00], // function 0 of type 0
  ...[0x05, 0x04, 0x01, 0x00, 0xc0, 0x02], // memory: 320 pages
  ...[0x07, 0x25, 0x04], // four exports:
  ...[0x06, ...new TextEncoder().encode("memory"), 0x02, 0x00],
  ...[0x05, ...new TextEncoder().encode("parse"), 0x00, 0x00],
  ...[0x08, ...new TextEncoder().encode("canParse"), 0x00, 0x00],
  ...[0x05, ...new TextEncoder().encode("split"), 0x00, 0x00],
  ...[0x0a, 0x06, 0x01, 0x04, 0x00, 0x41, 0x00, 0x0b], // function 0: no locals, i32.const 0, end
]);

/**
 * The kernel of `build` (the core's .wasm file, "js" for the pure-JS build's
 * kernel as createSwurl("js") runs it, or "call" for NO_OP_KERNEL) with at
 * least 20 MB of memory: its exports and its bytes; with `bulk`, the bulk
 * module's exports with them (its .wasm file beside the core's, in the
 * core's memory), which only the batch operation uses: a process that
 * instantiates, or loads, more than it measures counts differently (see the
 * dispatch of --run below).
 */
async function loadKernel(build, bulk) {
  if (build === "call") {
    const kernel = new WebAssembly.Instance(new WebAssembly.Module(NO_OP_KERNEL), {}).exports;
    return { kernel, bytes: new Uint8Array(kernel.memory.buffer) };
  }
  if (build === "js") {
    // The library and the descriptor of its bulk module, bundled together
    // (the module's JS build shares the heap of its bundle).
    // esbuild loaded here only: in the measured process of a WASM build,
    // more loaded code changes what V8 makes of the loop, and so the count.
    const { bundleSource, KERNEL_JS, wasmText } = await import("../scripts/bundle.mjs");
    const entry = `export { createSwurl } from "./src/index.ts"; export { BULK } from "./src/kernel/modules.ts";`;
    const text = await bundleSource(entry, "ts", { platform: "node", ...KERNEL_JS, plugins: [wasmText] });
    const { createSwurl, BULK } = await import(`data:text/javascript;base64,${Buffer.from(text).toString("base64")}`);
    const arena = createSwurl("js")[Symbol.for("swurl.internals")];
    arena.reserve(20 << 20);
    const kernel = bulk ? { ...arena.backend.core, ...arena.backend.instance(BULK) } : arena.backend.core;
    return { kernel, bytes: new Uint8Array(arena.backend.buffer()) };
  }
  const core = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(build)), {}).exports;
  const bulkFile = build.replace(/swurl((\.simd)?\.wasm)$/, "swurl-bulk$1");
  const bulkExports =
    bulk &&
    new WebAssembly.Instance(new WebAssembly.Module(readFileSync(bulkFile)), {
      env: { memory: core.memory },
      core,
    }).exports;
  core.init();
  core.memory.grow(300);
  return { kernel: bulk ? { ...core, ...bulkExports } : core, bytes: new Uint8Array(core.memory.buffer) };
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
  /** canParse() of each line. */
  "api-canParse": (api, lines, passes) => {
    let n = 0;
    for (let pass = 0; pass < passes; pass++) {
      for (const line of lines) if (api.canParse(line)) n++;
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
  const { kernel, bytes } = await loadKernel(build, false);
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
  const { kernel, bytes } = await loadKernel(build, true);
  const lines = loadCorpus(corpus).lines.slice(0, LINES);
  const text = empty ? "\n".repeat(lines.length) : `${lines.join("\n")}\n`;
  const src = 65536;
  const { written } = new TextEncoder().encodeInto(text, bytes.subarray(src));
  // The table 8-aligned after the block and its vector slack, as src/bulk/batch.ts places it.
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

/** Node running this script on `operation` of `wasm` over `corpus`, `passes` times: the measured program. */
function program(operation, wasm, corpus, empty) {
  return (passes) => [
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
  // --corpus=all: the corpora of npm run bench, generated ones included.
  const corpora = corpusFiles(argv.find((a) => a.startsWith("--corpus="))?.slice("--corpus=".length));
  const [operation, file] = argv.filter((a) => !a.startsWith("--"));
  const operations = operation ? [operation] : OPERATIONS;
  const wasm = file === "js" || file === "call" ? file : path.resolve(file ?? path.join(root, "build/swurl.simd.wasm"));
  requireValgrind("kernel-instructions");
  const name = wasm === "js" || wasm === "call" ? wasm : path.relative(root, wasm);
  const label = { js: "the pure-JS build's kernel", call: "a kernel that returns at once" }[name] ?? name;
  const save = write && !empty && name !== "call";
  const baseline = existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, "utf8")) : {};
  const what = empty ? `${LINES} empty inputs` : `first ${LINES} lines of each corpus`;
  console.log(`${label}, ${what}, machine instructions a call (callgrind; baseline: bench/instructions.json):`);
  for (const corpus of corpora) {
    const key = path.basename(corpus, ".txt");
    console.log(`  ${key}`);
    for (const operation of operations) {
      const count = perCall(corpus, program(operation, wasm, corpus, empty));
      const before = empty ? undefined : baseline[name]?.[key]?.[operation];
      console.log(
        `    ${operation.padEnd(8)} ${String(count).padStart(6)}${before === undefined ? "" : `   baseline ${before}`}`,
      );
      if (save && !(operation in API_OPERATIONS)) ((baseline[name] ??= {})[key] ??= {})[operation] = count;
    }
  }
  if (save) writeFileSync(BASELINE, `${JSON.stringify(baseline, null, 2)}\n`);
}
