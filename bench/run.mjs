// Benchmarks of the built package (npm run bench builds first).
//
//   node bench/run.mjs                  every suite in bench/suites/
//   node bench/run.mjs split            only the named suites (file names without .mjs)
//   node bench/run.mjs --time=3000 ...  milliseconds of measurement per task (default 2000)
//
// A suite is a module in bench/suites/ exporting `title` and `tasks(context)`;
// context = { corpus, kernels }, where kernels = [{ name, api }] for the SIMD
// WASM, scalar WASM and pure-JS builds, and corpus = { lines, bytes, ... }
// (bench/corpus.mjs). Each task is { label, fn } and one call of fn is one
// pass over the whole corpus, unless it says otherwise with `bytes`/`items`.
// Throughput is reported in MB/s (10^6 bytes of URL text, line ends not
// counted) and ns per URL, from the median pass.
//
// A suite may also export `baseline` (the label its ratios are to; default
// "js"; a task may name its own with `baseline`), `target` ({ what, over, labels, ratio }: labels whose MB/s must be
// at least `ratio` times the MB/s of `over`), `benchOptions` (tinybench
// options, e.g. fewer iterations for long tasks) and `teardown()` (run after
// the suite, e.g. to delete its files).
import { readdirSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { Bench } from "tinybench";
import { loadCorpus } from "./corpus.mjs";
import { median, table } from "./lib.mjs";

const here = new URL(".", import.meta.url);
const KERNELS = ["wasm-simd", "wasm", "js"];

function parseArgs(argv) {
  const names = [];
  let time = 2000;
  for (const arg of argv) {
    if (arg.startsWith("--time=")) time = Number(arg.slice("--time=".length));
    else if (arg.startsWith("-")) throw new Error(`unknown option ${arg}`);
    else names.push(arg);
  }
  if (!(time > 0)) throw new Error("--time must be a positive number of milliseconds");
  return { names, time };
}

async function loadSuites(names) {
  const available = readdirSync(new URL("suites/", here))
    .filter((f) => f.endsWith(".mjs"))
    .map((f) => f.slice(0, -".mjs".length))
    .sort();
  const unknown = names.filter((n) => !available.includes(n));
  if (unknown.length) throw new Error(`unknown suite ${unknown.join(", ")}; available: ${available.join(", ")}`);
  const chosen = names.length ? available.filter((n) => names.includes(n)) : available;
  return Promise.all(chosen.map(async (name) => ({ name, ...(await import(new URL(`suites/${name}.mjs`, here).href)) })));
}

/** Import time of the package, then each kernel's createSwurl: the first call and later ones. */
async function loadKernels() {
  const t0 = performance.now();
  const swurl = await import(new URL("../build/index.js", here).href);
  const importMs = performance.now() - t0;
  const rows = [];
  const kernels = [];
  for (const name of KERNELS) {
    let start = performance.now();
    const api = swurl.createSwurl(name);
    const first = performance.now() - start;
    const again = [];
    for (let i = 0; i < 10; i++) {
      start = performance.now();
      swurl.createSwurl(name);
      again.push(performance.now() - start);
    }
    kernels.push({ name, api });
    rows.push({ kernel: name, first: first.toFixed(2), again: median(again).toFixed(2) });
  }
  return { importMs, kernels, rows, best: swurl.bestKernel() };
}

async function main() {
  const { names, time } = parseArgs(process.argv.slice(2));
  const suites = await loadSuites(names);
  const { importMs, kernels, rows: loadRows, best } = await loadKernels();
  const corpus = loadCorpus(new URL("data/kasztp.txt", here));

  console.log(`swurl benchmarks: Node ${process.version}, ${process.platform}/${process.arch}; default kernel here: ${best}`);
  console.log(
    `corpus: bench/data/kasztp.txt, ${corpus.lines.length} URLs, ${(corpus.bytes / 1e6).toFixed(2)} MB, ` +
      `${corpus.ascii ? "all ASCII" : "not all ASCII"}; fed as flat strings, one per line (bench/corpus.mjs)`,
  );
  console.log(`\nload time, ms (importing build/index.js took ${importMs.toFixed(1)} ms; it already made the default ${best} instance)`);
  console.log(table(loadRows, [["kernel", "kernel", "l"], ["first createSwurl()", "first", "r"], ["later, median of 10", "again", "r"]]));

  const results = [];
  for (const suite of suites) {
    const bench = new Bench({ name: suite.name, time, warmupTime: 500, iterations: 10, warmupIterations: 3, ...suite.benchOptions });
    const tasks = suite.tasks({ corpus, kernels });
    for (const task of tasks) bench.add(task.label, task.fn);
    process.stderr.write(`running ${suite.name} (${tasks.length} tasks)...\n`);
    try {
      await bench.run();
    } finally {
      await suite.teardown?.();
    }
    tasks.forEach((task, i) => {
      const result = bench.tasks[i].result;
      if (result.state !== "completed") throw new Error(`${suite.name} / ${task.label}: ${result.state} ${result.error ?? ""}`);
      const { p50, min } = result.latency;
      const bytes = task.bytes ?? corpus.bytes;
      results.push({
        suite: suite.name,
        title: suite.title,
        label: task.label,
        baseline: task.baseline,
        mbps: bytes / 1e3 / p50,
        bestMbps: bytes / 1e3 / min,
        nsPerUrl: (p50 * 1e6) / (task.items ?? corpus.lines.length),
        rme: result.latency.rme,
        runs: result.latency.samplesCount,
      });
    });
  }

  // "vs base": MB/s over the baseline's in the same suite (the pure-JS build's unless the suite names one).
  const baselines = new Map(suites.map((suite) => [suite.name, suite.baseline ?? "js"]));
  const rows = results.map((r) => {
    const baseLabel = r.baseline ?? baselines.get(r.suite);
    const base = results.find((o) => o.suite === r.suite && o.label === baseLabel);
    return {
      suite: r.suite,
      build: r.label,
      mbps: r.mbps.toFixed(0),
      best: r.bestMbps.toFixed(0),
      ns: r.nsPerUrl.toFixed(0),
      rme: `±${r.rme.toFixed(1)}%`,
      runs: r.runs,
      ratio: base ? `${(r.mbps / base.mbps).toFixed(2)}x` : "",
    };
  });
  console.log(
    "\nthroughput: one pass = every corpus line once; MB/s and ns/URL of the median pass, best = fastest pass;\n" +
      "± = tinybench's relative margin of error of the mean; vs base = median MB/s over the suite's baseline's\n" +
      "(the js build's, unless the suite names another)",
  );
  console.log(
    table(rows, [
      ["suite", "suite", "l"], ["build", "build", "l"], ["MB/s", "mbps", "r"], ["best MB/s", "best", "r"],
      ["ns/URL", "ns", "r"], ["±", "rme", "r"], ["passes", "runs", "r"], ["vs base", "ratio", "r"],
    ]),
  );
  for (const suite of suites) console.log(`  ${suite.name}: ${suite.title}`);

  for (const suite of suites.filter((s) => s.target)) {
    const { what, over, labels, ratio: wanted } = suite.target;
    const find = (label) => results.find((r) => r.suite === suite.name && r.label === label);
    console.log(`\ntarget (${suite.name}): ${what}`);
    for (const label of labels) {
      const ratio = find(label).mbps / find(over).mbps;
      const best = find(label).bestMbps / find(over).bestMbps;
      console.log(`  ${label}: ${ratio.toFixed(2)}x (best passes: ${best.toFixed(2)}x) -> ${ratio >= wanted ? "met" : "NOT met"}`);
    }
  }
}

main().catch((error) => {
  console.error(`bench: ${error.message}`);
  process.exit(1);
});
