// Memory under long use, on each kernel: many parse() calls one by one, then
// parseStream() over a stream much larger than memory (the corpus again and
// again, generated, nothing on disk). Every hostname is read, so that each
// result is really made. The resident set size, the JS heap and the kernel's
// memory (the WASM memory, or the JS build's ArrayBuffer) are sampled ten
// times per part; "flat" means they do not grow after the first tenth.
//
//   node bench/memory.mjs                         10 million calls and 1 GB, every kernel
//   node bench/memory.mjs --calls=1e6 --gb=0.2 --kernel=js
//
// Run it after `npm run build`. test/kernel/memory.test.ts checks the same on a
// smaller scale in CI.
import { readFileSync } from "node:fs";
import { loadCorpus } from "../scripts/data/corpus.mjs";
import { repeatedChunks } from "../scripts/data/random.mjs";
import { table } from "./lib.mjs";

const KERNELS = ["wasm-simd", "wasm", "js"];
const MB = 1e6;
const BASE = "https://example.com/a/b?c#d";

function parseArgs(argv) {
  const options = { calls: 10_000_000, gb: 1, kernels: KERNELS };
  for (const arg of argv) {
    const [key, value] = arg.split("=");
    if (key === "--calls" && Number(value) > 0) options.calls = Number(value);
    else if (key === "--gb" && Number(value) > 0) options.gb = Number(value);
    else if (key === "--kernel" && KERNELS.includes(value)) options.kernels = [value];
    else throw new Error(`unknown argument ${arg}; expected --calls=N, --gb=N or --kernel=${KERNELS.join("|")}`);
  }
  return options;
}

const mb = (bytes) => (bytes / MB).toFixed(1);

/** Memory now: process figures and the kernel's memory of `api`. */
function sample(api, done) {
  const m = process.memoryUsage();
  const kernel = api[Symbol.for("swurl.internals")].backend.buffer().byteLength;
  return { done, rss: m.rss, heap: m.heapUsed, buffers: m.arrayBuffers, kernel };
}

/** The table of samples, and the growth after the first one (taken after a tenth of the work). */
function report(title, samples, unit) {
  console.log(`\n${title}`);
  const rows = samples.map((s) => ({
    done: `${s.done} ${unit}`,
    rss: mb(s.rss),
    heap: mb(s.heap),
    buffers: mb(s.buffers),
    kernel: mb(s.kernel),
  }));
  console.log(
    table(rows, [
      [unit, "done", "r"],
      ["RSS MB", "rss", "r"],
      ["JS heap MB", "heap", "r"],
      ["array buffers MB", "buffers", "r"],
      ["kernel memory MB", "kernel", "r"],
    ]),
  );
  const first = samples[0];
  const peak = (key) => Math.max(...samples.map((s) => s[key]));
  const growth = (key) => mb(peak(key) - first[key]);
  console.log(
    `growth after the first tenth: RSS ${growth("rss")} MB, JS heap ${growth("heap")} MB, kernel memory ${growth("kernel")} MB (peak ${mb(peak("kernel"))} MB)`,
  );
}

function parseCalls(api, lines, calls) {
  const samples = [];
  let sum = 0;
  const t0 = performance.now();
  for (let i = 0; i < calls; ) {
    const end = Math.min(calls, i + calls / 10);
    for (; i < end; i++) {
      const url = api.parse(lines[i % lines.length], i & 1 ? BASE : undefined);
      if (url !== null) sum += url.hostname.length;
    }
    samples.push(sample(api, i));
  }
  const seconds = (performance.now() - t0) / 1000;
  report(
    `${calls} parse() calls (corpus lines, every other one against a base), ${(seconds).toFixed(1)} s, checksum ${sum}`,
    samples,
    "calls",
  );
}

async function streamBytes(api, body, total) {
  const progress = { sent: 0 };
  const samples = [];
  let next = total / 10;
  let lines = 0;
  let sum = 0;
  const t0 = performance.now();
  for await (const batch of api.parseStream(repeatedChunks(body, total, 64 * 1024, progress))) {
    for (let i = 0; i < batch.length; i++) sum += batch.hostname(i)?.length ?? 0;
    lines += batch.length;
    if (progress.sent >= next) {
      samples.push(sample(api, (progress.sent / 1e9).toFixed(2)));
      next += total / 10;
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  report(
    `parseStream over ${total / 1e9} GB, ${lines} lines, ${seconds.toFixed(1)} s (${(total / MB / seconds).toFixed(0)} MB/s), checksum ${sum}`,
    samples,
    "GB",
  );
}

async function main() {
  const { calls, gb, kernels } = parseArgs(process.argv.slice(2));
  const swurl = await import(new URL("../build/index.js", import.meta.url).href);
  const { lines } = loadCorpus(new URL("data/kasztp.txt", import.meta.url));
  const body = new TextEncoder().encode(
    new TextDecoder().decode(readFileSync(new URL("data/kasztp.txt", import.meta.url))) + "\n",
  );
  console.log(`Node ${process.version}; before: RSS ${mb(process.memoryUsage().rss)} MB`);
  for (const name of kernels) {
    const api = swurl.createSwurl(name);
    console.log(`\n## ${name}`);
    parseCalls(api, lines, calls);
    await streamBytes(api, body, gb * 1e9);
  }
  console.log(`\npeak RSS of the whole run: ${mb(process.resourceUsage().maxRSS * 1024)} MB (getrusage maxrss)`);
}

main().catch((error) => {
  console.error(`memory: ${error.message}`);
  process.exit(1);
});
