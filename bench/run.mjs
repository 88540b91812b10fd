// Benchmarks of the built package (npm run bench builds first).
//
//   node bench/run.mjs                   every suite in bench/suites/
//   node bench/run.mjs split             only the named suites (file names without .mjs)
//   node bench/run.mjs --time=3000 ...   milliseconds of measurement per task (default 2000)
//   node bench/run.mjs --rounds=6 ...    rounds the time is spread over (default 10)
//   node bench/run.mjs --corpus=NAME ... another corpus: a name of bench/data/ or a generated one (file-urls,
//                                        ipv4-hosts; scripts/data/generated-corpora.mjs), or a file of one URL per line
//                                        (default kasztp)
//   node bench/run.mjs --json=FILE ...   also write each task's result and ratio as JSON (bench/matrix.mjs reads it)
//   node bench/run.mjs --cpu ...         time each pass in process CPU time instead of wall-clock time
//
// One isolate per build. Each kernel build (SIMD WASM, scalar WASM, pure JS)
// runs in a worker thread of its own, as in a program that imports one build:
// the wrapper's code is the same source for every build, and in one isolate
// its call sites would gather type feedback from all three kernels, a state no
// user's program is in. (A/B runs of split() on Node 20, one build alone
// against three in one isolate, showed no difference beyond the machine's
// noise; the separation is for fidelity, not a measured speed-up.) Separate
// processes would do as well, but on the test machine the speed of a whole
// process differed by up to 2x from one process to the next (URL.canParse
// over the corpus: ~200 against ~360 ns a URL), which no statistic within a
// process shows.
//
// Rounds. The tasks of a suite are measured in rounds: in each round every
// worker in turn runs each of its tasks for time / rounds ms, so that all the
// tasks' passes come from across the suite's run and not from one stretch of
// it (on a shared machine the speed drifts by ±20% within a minute). Only one
// worker runs at a time. The statistics are over all passes of all rounds.
// Tasks that use no build (Node's URL, whatwg-url, url-parse) run in every
// worker; a build's ratio to such a reference is to the one in its own worker.
//
// CPU time (--cpu). On a machine that other work shares, wall-clock passes
// swing by 2x and more; a pass's process CPU time (process.cpuUsage) counts
// only the time this process ran. Only one worker runs at a time, so it is
// that worker's pass, with the garbage collector's and the compiler's helper
// threads, which is the cost of the pass too (a collection of one task's
// garbage may land in a later task's pass: compare medians with the best).
// A task whose pass runs in another process gives its CPU time itself
// (`cpuOfPass()`: the w3lib suite's Python server).
//
// Calibration. Ratios between builds (split against the JS build) compare
// passes of two workers, and on the test machine one thread ran the same code
// up to 1.5x slower than another in the same run. In suites whose baseline is a
// build, every worker also runs a fixed task of no build (CALIBRATION, Node's
// URL.canParse over the corpus) in every round, and a build's ratio to another
// is of their MB/s each divided by its own worker's calibration MB/s.
//
// A suite is a module in bench/suites/ exporting `title` and `tasks(context)`;
// context = { corpus, kernels, best }, where kernels = [{ name, api }] holds
// the worker's one build, best is the name of the default build (bestKernel())
// and corpus = { lines, bytes, ... } (scripts/data/corpus.mjs); no tasks means that
// the suite has nothing to measure on the corpus (search-params on a corpus
// without queries), and the report says so. Each task is
// { label, fn, kernel? } (kernel: the name of the build it runs, absent for a
// reference) and one call of fn is one pass over the whole corpus, unless it
// says otherwise with `bytes`/`items`. Throughput is reported in MB/s (10^6
// bytes of URL text, line ends not counted) and ns per URL, of the median pass.
//
// A suite may also export `baseline` (the label its ratios are to; default
// "js"; a task may name its own with `baseline`), `target` ({ what, over,
// labels, ratio }, or a list of them: labels whose MB/s must be at least
// `ratio` times the MB/s of `over`), `once` (run only in the default build's worker: suites of one build
// or of references only), `benchOptions` (tinybench options, e.g. fewer
// iterations for long tasks) and `teardown()` (run after the suite, e.g. to
// delete its files); `rounds` overrides the number of rounds (for suites whose
// passes take seconds); `report({ build, ns })` (a text of its own figures
// for each build, from ns(label), the median ns an item of a task in that
// build's worker: geometric means, goals, the steps of a call).
import { readdirSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { Bench } from "tinybench";
import { corpusFile, loadCorpus } from "../scripts/data/corpus.mjs";
import { median, referencePerLine, table } from "./lib.mjs";

const here = new URL(".", import.meta.url);
const KERNELS = ["wasm-simd", "wasm", "js"];
/** The label of the calibration task (see "Calibration" above). */
const CALIBRATION = "calibration: Node's URL.canParse";
/** Two-sided 95% critical value of the normal distribution, for the margin of error over many passes. */
const Z95 = 1.96;

function parseArgs(argv) {
  const names = [];
  let time = 2000;
  let rounds = 10;
  let corpus = "kasztp";
  let json = null;
  let cpu = false;
  for (const arg of argv) {
    if (arg.startsWith("--time=")) time = Number(arg.slice("--time=".length));
    else if (arg.startsWith("--corpus=")) corpus = arg.slice("--corpus=".length);
    else if (arg.startsWith("--json=")) json = arg.slice("--json=".length);
    else if (arg.startsWith("--rounds=")) rounds = Number(arg.slice("--rounds=".length));
    else if (arg === "--cpu") cpu = true;
    else if (arg.startsWith("-")) throw new Error(`unknown option ${arg}`);
    else names.push(arg);
  }
  if (!(time > 0)) throw new Error("--time must be a positive number of milliseconds");
  if (!(Number.isInteger(rounds) && rounds > 0)) throw new Error("--rounds must be a positive whole number");
  return { names, time, rounds, corpus: corpusFile(corpus), json, cpu };
}

async function loadSuites(names) {
  const available = readdirSync(new URL("suites/", here))
    .filter((f) => f.endsWith(".mjs"))
    .map((f) => f.slice(0, -".mjs".length))
    .sort();
  const unknown = names.filter((n) => !available.includes(n));
  if (unknown.length) throw new Error(`unknown suite ${unknown.join(", ")}; available: ${available.join(", ")}`);
  const chosen = names.length ? available.filter((n) => names.includes(n)) : available;
  return Promise.all(
    chosen.map(async (name) => ({ name, ...(await import(new URL(`suites/${name}.mjs`, here).href)) })),
  );
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

/** The worker of one build: runs a round of a suite's tasks when asked, and posts the pass times. */
/**
 * The passes of each task in process CPU time, ms: for `budget` ms of wall
 * time a task (two passes at least), after three passes not counted where
 * `warmup` (tinybench's options do not apply).
 */
async function cpuSamples(tasks, budget, warmup) {
  const samples = [];
  for (const task of tasks) {
    if (warmup) for (let i = 0; i < 3; i++) await task.fn();
    const passes = [];
    const end = performance.now() + budget;
    do {
      const start = process.cpuUsage();
      await task.fn();
      const used = process.cpuUsage(start);
      passes.push(task.cpuOfPass?.() ?? (used.user + used.system) / 1000);
    } while (passes.length < 2 || performance.now() < end);
    samples.push(passes);
  }
  return samples;
}

/** Each task's pass times (ms) of one round, with tinybench in wall-clock time. */
async function wallSamples(name, tasks, suite, time, rounds, round) {
  const bench = new Bench({
    name,
    time: time / (suite.rounds ?? rounds),
    iterations: Math.max(2, Math.ceil(10 / rounds)),
    warmup: round === 0,
    warmupTime: 500,
    warmupIterations: 3,
    retainSamples: true,
    ...suite.benchOptions,
  });
  for (const task of tasks) bench.add(task.label, task.fn);
  await bench.run();
  return bench.tasks.map((t, i) => {
    if (t.result.state !== "completed")
      throw new Error(`${name} / ${tasks[i].label}: ${t.result.state} ${t.result.error ?? ""}`);
    return [...t.result.latency.samples];
  });
}

async function worker({ names, build, time, rounds, corpus: file, cpu }) {
  const suites = new Map((await loadSuites(names)).map((s) => [s.name, s]));
  const { kernel, best, load } = await loadKernel(build);
  const corpus = loadCorpus(file);
  const tasksOf = new Map();
  parentPort.postMessage({ type: "ready", best, load });
  parentPort.on("message", async ({ type, suite: name, round }) => {
    const suite = suites.get(name);
    try {
      if (type === "end") {
        tasksOf.delete(name);
        await suite.teardown?.();
        parentPort.postMessage({ type: "done" });
        return;
      }
      if (!tasksOf.has(name)) {
        // A suite may make its input first (tasks() may return a promise).
        const tasks = await suite.tasks({ corpus, kernels: [kernel], best });
        // No tasks: the suite has nothing to measure on this corpus (it says so in the report).
        if (tasks.length > 0 && !suite.once && KERNELS.includes(suite.baseline ?? "js"))
          tasks.push(referencePerLine({ corpus }, CALIBRATION, URL.canParse));
        tasksOf.set(name, tasks);
      }
      const tasks = tasksOf.get(name);
      const samples = cpu
        ? await cpuSamples(tasks, time / (suite.rounds ?? rounds), round === 0)
        : await wallSamples(name, tasks, suite, time, rounds, round);
      const passes = tasks.map((task, i) => {
        const { label, kernel: of = null, baseline, bytes = corpus.bytes, items = corpus.lines.length } = task;
        return { label, kernel: of, baseline, bytes, items, samples: samples[i] };
      });
      parentPort.postMessage({ type: "round", passes });
    } catch (error) {
      parentPort.postMessage({ type: "error", message: error.message });
    }
  });
}

/** A worker thread for `build`, with a promise-returning request(). */
async function startWorker(build, options) {
  const thread = new Worker(new URL(import.meta.url), { workerData: { ...options, build } });
  let pending = null;
  thread.on("message", (message) => {
    const settle = pending;
    pending = null;
    if (message.type === "error") settle.reject(new Error(`${build}: ${message.message}`));
    else settle.resolve(message);
  });
  thread.on("error", (error) => pending?.reject(error));
  const request = (message) =>
    new Promise((resolve, reject) => {
      pending = { resolve, reject };
      if (message !== null) thread.postMessage(message);
    });
  const ready = await request(null);
  return { build, request, ready, stop: () => thread.terminate() };
}

/** Statistics over the pooled pass times (ms) of every round. */
function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((s, x) => s + x, 0) / sorted.length;
  const sd = Math.sqrt(sorted.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, sorted.length - 1));
  return {
    p50: median(sorted),
    min: sorted[0],
    rme: (100 * Z95 * sd) / Math.sqrt(sorted.length) / mean,
    runs: sorted.length,
  };
}

/** Every suite, round by round, each round in every worker in turn; one result per task and worker. */
async function measure(suites, workers, options) {
  const best = workers[0].ready.best;
  const results = [];
  for (const suite of suites) {
    const rounds = suite.rounds ?? options.rounds;
    const taking = workers.filter((w) => !suite.once || w.build === best);
    const pooled = new Map();
    for (let round = 0; round < rounds; round++) {
      process.stderr.write(`${suite.name}: round ${round + 1} of ${rounds}\n`);
      for (const w of taking) {
        const { passes } = await w.request({ type: "round", suite: suite.name, round });
        for (const pass of passes) {
          const key = `${w.build}\u0000${pass.label}`;
          if (!pooled.has(key)) pooled.set(key, { ...pass, samples: [], worker: w.build });
          pooled.get(key).samples.push(...pass.samples);
        }
      }
    }
    for (const w of taking) await w.request({ type: "end", suite: suite.name });
    for (const task of pooled.values()) {
      const { p50, min, rme, runs } = summarize(task.samples);
      results.push({
        suite: suite.name,
        label: task.label,
        kernel: task.kernel,
        worker: task.worker,
        baseline: task.baseline,
        mbps: task.bytes / 1e3 / p50,
        bestMbps: task.bytes / 1e3 / min,
        nsPerUrl: (p50 * 1e6) / task.items,
        rme,
        runs,
      });
    }
  }
  return results;
}

async function main(options) {
  const suites = await loadSuites(options.names);
  const corpus = loadCorpus(options.corpus);
  const workers = [];
  for (const build of KERNELS) workers.push(await startWorker(build, options));
  let results;
  try {
    results = await measure(suites, workers, options);
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
  const best = workers[0].ready.best;

  console.log(
    `swurl benchmarks: Node ${process.version}, ${process.platform}/${process.arch}; default kernel here: ${best}`,
  );
  console.log(
    `corpus: ${options.corpus}, ${corpus.lines.length} URLs, ${(corpus.bytes / 1e6).toFixed(2)} MB, ` +
      `${corpus.ascii ? "all ASCII" : "not all ASCII"}; fed as flat strings, one per line (scripts/data/corpus.mjs)`,
  );
  console.log(
    `each build in a worker thread of its own; ${options.rounds} rounds of ${options.time / options.rounds} ms a task, ` +
      `the workers taking turns; passes in ${options.cpu ? "process CPU time" : "wall-clock time"}`,
  );
  console.log(
    "\nload time in each worker, ms (importing build/index.js makes the default instance; then createSwurl of the build)",
  );
  console.log(
    table(
      workers.map((w) => w.ready.load),
      [
        ["kernel", "kernel", "l"],
        ["import", "importMs", "r"],
        ["first createSwurl()", "first", "r"],
        ["later, median of 10", "again", "r"],
      ],
    ),
  );

  // "vs base": MB/s over the baseline's in the same suite (the pure-JS build's unless the suite names
  // one); a reference baseline (a task of no build) is the one measured in the same worker.
  const baselines = new Map(suites.map((suite) => [suite.name, suite.baseline ?? "js"]));
  const find = (suite, label, worker) =>
    results.find((o) => o.suite === suite && o.label === label && (o.kernel !== null || o.worker === worker));
  const baseOf = (r) => find(r.suite, r.baseline ?? baselines.get(r.suite), r.worker);
  /** MB/s of `r` over its base's; across workers, each first divided by its worker's calibration. */
  const ratioOf = (r, base, key = "mbps") => {
    if (r.worker === base.worker || r.kernel === null) return r[key] / base[key];
    const calibration = (w) => find(r.suite, CALIBRATION, w)[key];
    return r[key] / calibration(r.worker) / (base[key] / calibration(base.worker));
  };
  const manyWorkers = (suite) => new Set(results.filter((r) => r.suite === suite).map((r) => r.worker)).size > 1;
  const rows = results.map((r) => {
    const base = baseOf(r);
    return {
      suite: r.suite,
      build: r.kernel === null && manyWorkers(r.suite) ? `${r.label} [${r.worker} worker]` : r.label,
      mbps: r.mbps.toFixed(0),
      best: r.bestMbps.toFixed(0),
      ns: r.nsPerUrl.toFixed(0),
      rme: `±${r.rme.toFixed(1)}%`,
      runs: r.runs,
      ratio: base && r.label !== CALIBRATION ? `${ratioOf(r, base).toFixed(2)}x` : "",
      vsBase: base && r.label !== CALIBRATION ? ratioOf(r, base) : null,
      label: r.label,
      kernel: r.kernel,
    };
  });
  /** Whether a suite had tasks on this corpus (some have nothing to measure on some corpora). */
  const measured = (suite) => results.some((r) => r.suite === suite.name);
  // Each target of each suite (one or a list), then a line per label it names.
  const targetResults = [];
  for (const suite of suites.filter(measured)) {
    for (const { what, over, labels, ratio: wanted } of [suite.target ?? []].flat()) {
      targetResults.push({ suite: suite.name, what, label: null });
      for (const label of labels) {
        // A label of a build, or of a task of no build in a suite run once.
        const r = find(suite.name, label, null) ?? results.find((o) => o.suite === suite.name && o.label === label);
        if (r === undefined) continue;
        const base = find(suite.name, over, r.worker);
        const ratio = ratioOf(r, base);
        targetResults.push({ suite: suite.name, what, label, ratio, bestRatio: ratioOf(r, base, "bestMbps"), wanted });
      }
    }
  }
  if (options.json) {
    const report = {
      node: process.version,
      corpus: options.corpus,
      urls: corpus.lines.length,
      rows: rows.map(({ suite, label, kernel, mbps, vsBase }) => ({
        suite,
        label,
        kernel,
        mbps: Number(mbps),
        vsBase,
      })),
      targets: targetResults.filter((t) => t.label !== null),
    };
    writeFileSync(options.json, `${JSON.stringify(report, null, 1)}\n`);
  }
  console.log(
    "\nthroughput: one pass = every corpus line once; MB/s and ns/URL of the median pass, best = fastest pass;\n" +
      "± = 95% margin of error of the mean pass; vs base = median MB/s over the suite's baseline's (the js\n" +
      "build's, unless the suite names another; a reference, such as Node's URL, from the same worker;\n" +
      "between builds, each MB/s first divided by the calibration MB/s of its worker)",
  );
  console.log(
    table(rows, [
      ["suite", "suite", "l"],
      ["build", "build", "l"],
      ["MB/s", "mbps", "r"],
      ["best MB/s", "best", "r"],
      ["ns/URL", "ns", "r"],
      ["±", "rme", "r"],
      ["passes", "runs", "r"],
      ["vs base", "ratio", "r"],
    ]),
  );
  for (const suite of suites)
    console.log(`  ${suite.name}: ${measured(suite) ? suite.title : "nothing to measure on this corpus"}`);

  for (const { suite, what, label, ratio, bestRatio, wanted } of targetResults) {
    if (label === null) console.log(`\ntarget (${suite}): ${what}`);
    else
      console.log(
        `  ${label}: ${ratio.toFixed(2)}x (best passes: ${bestRatio.toFixed(2)}x) -> ${ratio >= wanted ? "met" : "NOT met"}`,
      );
  }
  for (const suite of suites.filter((s) => s.report !== undefined && measured(s))) {
    for (const build of new Set(results.filter((r) => r.suite === suite.name).map((r) => r.worker))) {
      const ns = (label) => {
        const r = results.find((o) => o.suite === suite.name && o.label === label && o.worker === build);
        if (r === undefined) throw new Error(`${suite.name}: no task ${label} in the ${build} worker`);
        return r.nsPerUrl;
      };
      console.log(`\n${suite.report({ build, ns })}`);
    }
  }
}

if (isMainThread) {
  main(parseArgs(process.argv.slice(2))).catch((error) => {
    console.error(`bench: ${error.message}`);
    process.exit(1);
  });
} else {
  worker(workerData).catch((error) => parentPort.postMessage({ type: "error", message: error.message }));
}
