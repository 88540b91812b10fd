// Benchmarks of the built package (npm run bench builds first).
//
//   node bench/run.mjs                   every suite in bench/suites/
//   node bench/run.mjs split             only the named suites (file names without .mjs)
//   node bench/run.mjs --time=3000 ...   milliseconds of measurement per task (default 2000)
//   node bench/run.mjs --rounds=6 ...    rounds the time is spread over (default 4)
//
// One process per build. Each kernel build (SIMD WASM, scalar WASM, pure JS)
// is measured in a Node process of its own (this script again, with
// --build=NAME), as a program that imports one build runs it. When the three
// shared one process, the wrapper's call sites (the same source for every
// build) saw three kernels and their inline caches went polymorphic, which
// slowed every build: split() on wasm-simd took ~380 ns a URL beside the other
// builds and ~270 ns alone (Node 20 on the 2-core test machine, best of 20
// alternating passes).
// Tasks that use no build (Node's URL, whatwg-url, url-parse) run in every
// build's process; a build's ratio to such a reference is to the reference
// measured in its own process. Ratios between builds (split vs the JS build)
// are across processes.
//
// Rounds. The tasks of a suite are measured in rounds, each task running for
// time / rounds ms a round, so that each task's passes come from across the
// suite's run and not from one stretch of it: on a shared machine the speed
// drifts by ±20% within a minute. The statistics are over all passes.
//
// A suite is a module in bench/suites/ exporting `title` and `tasks(context)`;
// context = { corpus, kernels, best }, where kernels = [{ name, api }] holds
// the process's one build, best is the name of the default build (bestKernel())
// and corpus = { lines, bytes, ... } (bench/corpus.mjs). Each task is
// { label, fn, kernel? } (kernel: the name of the build it runs, absent for a
// reference) and one call of fn is one pass over the whole corpus, unless it
// says otherwise with `bytes`/`items`. Throughput is reported in MB/s (10^6
// bytes of URL text, line ends not counted) and ns per URL, of the median pass.
//
// A suite may also export `baseline` (the label its ratios are to; default
// "js"; a task may name its own with `baseline`), `target` ({ what, over,
// labels, ratio }: labels whose MB/s must be at least `ratio` times the MB/s of
// `over`), `once` (run only in the default build's process: suites of one build
// or of references only), `benchOptions` (tinybench options, e.g. fewer
// iterations for long tasks) and `teardown()` (run after the suite, e.g. to
// delete its files).
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { Bench } from "tinybench";
import { loadCorpus } from "./corpus.mjs";
import { median, table } from "./lib.mjs";

const here = new URL(".", import.meta.url);
const KERNELS = ["wasm-simd", "wasm", "js"];
/** Two-sided 95% critical value of the normal distribution, for the margin of error over many passes. */
const Z95 = 1.96;

function parseArgs(argv) {
  const names = [];
  let time = 2000;
  let rounds = 4;
  let build = null;
  for (const arg of argv) {
    if (arg.startsWith("--time=")) time = Number(arg.slice("--time=".length));
    else if (arg.startsWith("--rounds=")) rounds = Number(arg.slice("--rounds=".length));
    else if (arg.startsWith("--build=")) build = arg.slice("--build=".length);
    else if (arg.startsWith("-")) throw new Error(`unknown option ${arg}`);
    else names.push(arg);
  }
  if (!(time > 0)) throw new Error("--time must be a positive number of milliseconds");
  if (!(Number.isInteger(rounds) && rounds > 0)) throw new Error("--rounds must be a positive whole number");
  if (build !== null && !KERNELS.includes(build)) throw new Error(`--build must be one of ${KERNELS.join(", ")}`);
  return { names, time, rounds, build };
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

/** Import time of the package, then createSwurl(build): the first call and later ones. */
async function loadKernel(build) {
  const t0 = performance.now();
  const swurl = await import(new URL("../build/index.js", here).href);
  const importMs = performance.now() - t0;
  let start = performance.now();
  const api = swurl.createSwurl(build);
  const first = performance.now() - start;
  const again = [];
  for (let i = 0; i < 10; i++) {
    start = performance.now();
    swurl.createSwurl(build);
    again.push(performance.now() - start);
  }
  return {
    kernel: { name: build, api },
    best: swurl.bestKernel(),
    load: { kernel: build, importMs: importMs.toFixed(1), first: first.toFixed(2), again: median(again).toFixed(2) },
  };
}

/** Statistics over the pooled pass times (ms) of every round. */
function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((s, x) => s + x, 0) / sorted.length;
  const sd = Math.sqrt(sorted.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, sorted.length - 1));
  return { p50: median(sorted), min: sorted[0], rme: (100 * Z95 * sd) / Math.sqrt(sorted.length) / mean, runs: sorted.length };
}

/** Measure one suite's tasks in this process, in `rounds` rounds. */
async function measure(suite, tasks, { time, rounds }) {
  const samples = tasks.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const bench = new Bench({
      name: suite.name,
      time: time / rounds,
      iterations: Math.max(2, Math.ceil(10 / rounds)),
      warmup: round === 0,
      warmupTime: 500,
      warmupIterations: 3,
      retainSamples: true,
      ...suite.benchOptions,
    });
    for (const task of tasks) bench.add(task.label, task.fn);
    await bench.run();
    bench.tasks.forEach((t, i) => {
      const result = t.result;
      if (result.state !== "completed") throw new Error(`${suite.name} / ${tasks[i].label}: ${result.state} ${result.error ?? ""}`);
      samples[i].push(...result.latency.samples);
    });
  }
  return samples.map(summarize);
}

/** The child: every suite's tasks for one build; the results as JSON on stdout. */
async function child({ names, time, rounds, build }) {
  const suites = await loadSuites(names);
  const { kernel, best, load } = await loadKernel(build);
  const corpus = loadCorpus(new URL("data/kasztp.txt", here));
  const results = [];
  for (const suite of suites) {
    if (suite.once && build !== best) continue;
    const tasks = suite.tasks({ corpus, kernels: [kernel], best });
    if (tasks.length === 0) continue;
    process.stderr.write(`  ${build}: ${suite.name} (${tasks.length} tasks)...\n`);
    let stats;
    try {
      stats = await measure(suite, tasks, { time, rounds });
    } finally {
      await suite.teardown?.();
    }
    tasks.forEach((task, i) => {
      const { p50, min, rme, runs } = stats[i];
      const bytes = task.bytes ?? corpus.bytes;
      results.push({
        suite: suite.name,
        label: task.label,
        kernel: task.kernel ?? null,
        process: build,
        baseline: task.baseline,
        mbps: bytes / 1e3 / p50,
        bestMbps: bytes / 1e3 / min,
        nsPerUrl: (p50 * 1e6) / (task.items ?? corpus.lines.length),
        rme,
        runs,
      });
    });
  }
  process.stdout.write(JSON.stringify({ best, load, results }));
}

/** Run this script for one build in a process of its own. */
function runChild(build, { names, time, rounds }) {
  const script = fileURLToPath(import.meta.url);
  const args = [script, `--build=${build}`, `--time=${time}`, `--rounds=${rounds}`, ...names];
  const run = spawnSync(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"], maxBuffer: 64 << 20, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`the ${build} process failed (exit ${run.status ?? run.signal})`);
  return JSON.parse(run.stdout);
}

async function parent(options) {
  const suites = await loadSuites(options.names);
  const corpus = loadCorpus(new URL("data/kasztp.txt", here));
  process.stderr.write(`measuring each build in a process of its own, ${options.rounds} rounds of ${options.time / options.rounds} ms a task\n`);
  const runs = KERNELS.map((build) => runChild(build, options));
  const best = runs[0].best;
  const results = runs.flatMap((r) => r.results);

  console.log(`swurl benchmarks: Node ${process.version}, ${process.platform}/${process.arch}; default kernel here: ${best}`);
  console.log(
    `corpus: bench/data/kasztp.txt, ${corpus.lines.length} URLs, ${(corpus.bytes / 1e6).toFixed(2)} MB, ` +
      `${corpus.ascii ? "all ASCII" : "not all ASCII"}; fed as flat strings, one per line (bench/corpus.mjs)`,
  );
  console.log(`each build measured in a process of its own; ${options.rounds} rounds of ${options.time / options.rounds} ms a task`);
  console.log("\nload time, ms (importing build/index.js makes the default instance; then createSwurl of the build)");
  console.log(
    table(runs.map((r) => r.load), [
      ["kernel", "kernel", "l"], ["import", "importMs", "r"], ["first createSwurl()", "first", "r"], ["later, median of 10", "again", "r"],
    ]),
  );

  // "vs base": MB/s over the baseline's in the same suite (the pure-JS build's unless the suite names
  // one); a reference baseline (a task of no build) is the one measured in the same process.
  const baselines = new Map(suites.map((suite) => [suite.name, suite.baseline ?? "js"]));
  const baseOf = (r) => {
    const label = r.baseline ?? baselines.get(r.suite);
    return results.find((o) => o.suite === r.suite && o.label === label && (o.kernel !== null || o.process === r.process));
  };
  const multiProcess = (suite) => new Set(results.filter((r) => r.suite === suite).map((r) => r.process)).size > 1;
  const rows = results.map((r) => {
    const base = baseOf(r);
    return {
      suite: r.suite,
      build: r.kernel === null && multiProcess(r.suite) ? `${r.label} [${r.process} process]` : r.label,
      mbps: r.mbps.toFixed(0),
      best: r.bestMbps.toFixed(0),
      ns: r.nsPerUrl.toFixed(0),
      rme: `±${r.rme.toFixed(1)}%`,
      runs: r.runs,
      ratio: base ? `${(r.mbps / base.mbps).toFixed(2)}x` : "",
    };
  });
  rows.sort((a, b) => suites.findIndex((s) => s.name === a.suite) - suites.findIndex((s) => s.name === b.suite));
  console.log(
    "\nthroughput: one pass = every corpus line once; MB/s and ns/URL of the median pass, best = fastest pass;\n" +
      "± = 95% margin of error of the mean pass; vs base = median MB/s over the suite's baseline's (the js\n" +
      "build's, unless the suite names another; a reference, such as Node's URL, from the same process)",
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
    console.log(`\ntarget (${suite.name}): ${what}`);
    for (const label of labels) {
      const r = results.find((o) => o.suite === suite.name && o.label === label);
      const base = results.find((o) => o.suite === suite.name && o.label === over && (o.kernel !== null || o.process === r.process));
      const ratio = r.mbps / base.mbps;
      const bestRatio = r.bestMbps / base.bestMbps;
      console.log(`  ${label}: ${ratio.toFixed(2)}x (best passes: ${bestRatio.toFixed(2)}x) -> ${ratio >= wanted ? "met" : "NOT met"}`);
    }
  }
}

const options = parseArgs(process.argv.slice(2));
(options.build === null ? parent(options) : child(options)).catch((error) => {
  console.error(`bench: ${error.message}`);
  process.exit(1);
});
