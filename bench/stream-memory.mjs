// Memory of parseStream over a stream far larger than memory should allow:
// an async generator yields the corpus again and again, in 64 KiB chunks as
// fs streams do, without writing anything to disk; every batch is read
// (hostname and pathname of each line) and dropped. The resident set size is
// sampled after every batch and printed as the stream goes; at the end, the
// peak (getrusage's maxrss) and how much it grew after the first 10% of the
// stream, which is the "flat memory" claim.
//
//   node bench/stream-memory.mjs                    3 GB through the default kernel
//   node bench/stream-memory.mjs --gb=5 --kernel=js
//
// Run it after `npm run build` (npm run bench builds too).
import { readFileSync } from "node:fs";
import { repeatedChunks } from "../scripts/data/random.mjs";

const MB = 1e6;
const CHUNK = 64 * 1024;

function parseArgs(argv) {
  const options = { gb: 3, kernel: undefined };
  for (const arg of argv) {
    const [key, value] = arg.split("=");
    if (key === "--gb" && Number(value) > 0) options.gb = Number(value);
    else if (key === "--kernel" && value) options.kernel = value;
    else throw new Error(`unknown argument ${arg}; expected --gb=N or --kernel=wasm-simd|wasm|js`);
  }
  return options;
}

/** Bytes the stream has handed out so far. */
const progress = { sent: 0 };

/** The corpus, without its BOM and with a final newline, repeated to `total` bytes in CHUNK-sized pieces. */
function repeatedCorpus(total) {
  const text = new TextDecoder().decode(readFileSync(new URL("data/kasztp.txt", import.meta.url))) + "\n";
  return repeatedChunks(new TextEncoder().encode(text), total, CHUNK, progress);
}

const mb = (bytes) => (bytes / MB).toFixed(0);

async function main() {
  const { gb, kernel } = parseArgs(process.argv.slice(2));
  const swurl = await import(new URL("../build/index.js", import.meta.url).href);
  const api = swurl.createSwurl(kernel);
  const total = gb * 1e9;
  const start = process.memoryUsage();
  console.log(
    `parseStream over ${gb} GB of the corpus repeated (an async generator, ${CHUNK / 1024} KiB chunks), kernel ${api.kernel}, Node ${process.version}`,
  );
  console.log(
    `before: rss ${mb(start.rss)} MB, heap used ${mb(start.heapUsed)} MB, array buffers ${mb(start.arrayBuffers)} MB`,
  );
  console.log("| input GB | lines | batches | rss MB | heap used MB | array buffers MB | MB/s so far |");
  console.log("|---:|---:|---:|---:|---:|---:|---:|");

  let lines = 0;
  let batches = 0;
  let failures = 0;
  let peakRss = 0;
  let rssAfterWarmup = 0;
  let next = total / 10;
  let sum = 0;
  const t0 = performance.now();
  const row = (bytes) => {
    const m = process.memoryUsage();
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      `| ${(bytes / 1e9).toFixed(2)} | ${lines} | ${batches} | ${mb(m.rss)} | ${mb(m.heapUsed)} | ${mb(m.arrayBuffers)} | ${(bytes / MB / seconds).toFixed(0)} |`,
    );
  };
  for await (const batch of api.parseStream(repeatedCorpus(total))) {
    for (let i = 0; i < batch.length; i++) {
      const host = batch.hostname(i);
      if (host !== null) sum += host.length + batch.pathname(i).length;
    }
    lines += batch.length;
    failures += batch.failures;
    batches++;
    const rss = process.memoryUsage.rss();
    peakRss = Math.max(peakRss, rss);
    if (progress.sent >= next) {
      if (rssAfterWarmup === 0) rssAfterWarmup = rss;
      row(progress.sent);
      next += total / 10;
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  const maxRss = process.resourceUsage().maxRSS * 1024;
  console.log(
    `\n${lines} lines (${failures} failures) in ${batches} batches, ${seconds.toFixed(1)} s, ${(total / MB / seconds).toFixed(0)} MB/s (checksum ${sum})`,
  );
  console.log(`peak RSS: ${mb(maxRss)} MB (getrusage maxrss; sampled after each batch: ${mb(peakRss)} MB)`);
  console.log(`RSS growth after the first 10% of the stream: ${mb(peakRss - rssAfterWarmup)} MB`);
}

main().catch((error) => {
  console.error(`stream-memory: ${error.message}`);
  process.exit(1);
});
