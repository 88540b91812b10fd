// Long fuzz runs: the properties of test/helpers/fuzz-properties.ts (the ones the test
// suite runs with a fixed seed) for as long as asked, from a random seed, on
// the three builds. Every failure is shrunk by fast-check and appended to
// test/fixtures/fuzz-regressions.json, which the test suite replays.
//
//   npm run fuzz                          one minute
//   npm run fuzz -- --minutes 30 --jobs 2
//   npm run fuzz -- --cases 1000000 --seed 12345
//   npm run fuzz -- --property parse
//   npm run fuzz -- --property cli --cases 60000   the CLI's readers and stats --by of logs (test/cli/reader-properties.ts)
//   node scripts/node-lines.mjs 24 scripts/fuzz.mjs --property urlpattern --cases 1000000 --jobs 2
//   node scripts/node-lines.mjs 24 scripts/fuzz.mjs --property urlpatternlist --cases 20000
//
// The cli property runs the CLI's readers on random files against reference
// readers; its cases are files of up to ~30 lines, and the run reports the
// lines generated. Its failures are printed (with the case, which the
// property's test can replay), not kept in the regressions file, whose
// properties are synchronous.
//
// The urlpatternlist property (URLPatternList against the standard's loop
// over Node 24's URLPattern; test/helpers/urlpattern-list-differential.ts)
// runs only when named, under Node 24, as does urlpattern.
// The urlpattern property runs only when named, under Node 24 (its URLPattern
// is the oracle): the pairs where Node 24's answer is not swurl's are run in
// Chromium at the end (test/helpers/urlpattern-chromium.ts), and each of
// swurl's answers must be Node 24's or Chromium's, or the pair falls under a
// known departure of both engines from the standard, whose check holds on it
// (test/helpers/urlpattern-departures.ts departures(), counted apart).
//
// A watchdog in the main thread restarts a worker whose case has run for
// STALL_SECONDS: the new worker takes up the same round and passes over that
// case. The first time, the case runs without its oracle outside swurl (the
// property's checkWithoutOracle: Node 24's URLPattern does not return on
// some pairs, where Chromium answers at once); a second stall on the same
// case is swurl's, a failure. The report names every case passed over.
//
// Run after `npm run build` (npm run fuzz builds first). The properties are
// TypeScript: they are bundled into .fuzz/ with esbuild, as the tests import
// them, and run in worker threads, one per job.
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { KERNEL_JS, wasmText } from "./bundle.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const BUNDLE = path.join(root, ".fuzz", "properties.mjs");
const READERS = path.join(root, ".fuzz", "readers.mjs");
/** Lines of a cli case's file at most: more lines a case than the test's, for the same costs a case. */
const READER_LINES = 400;
const ORACLE = path.join(root, ".fuzz", "chromium-oracle.mjs");
const DEPARTURES = path.join(root, ".fuzz", "departures.mjs");
const FIXTURE = path.join(root, "test", "fixtures", "fuzz-regressions.json");
const LOG = path.join(root, ".fuzz", "runs.log");
/** The urlpattern pairs where Node 24's answer is not swurl's, of the last run, before Chromium answers them. */
const DISPUTES = path.join(root, ".fuzz", "urlpattern-disputes.json");
/** The urlpattern pairs where swurl's answer is neither Node 24's nor Chromium's, of the last run. */
const DISAGREEMENTS = path.join(root, ".fuzz", "urlpattern-disagreements.txt");
/** Cases per property in one round of a worker; the proportions of the whole run. */
const ROUND = {
  parse: 500,
  batch: 150,
  bytes: 150,
  functions: 200,
  setters: 200,
  cli: 50,
  urlpattern: 300,
  urlpatternlist: 50,
};
/** Run only when named with --property. */
const NAMED = ["urlpattern", "urlpatternlist"];
/** Builds each case is checked on (test/helpers/builds.ts). */
const BUILDS = 3;
/** Seconds a case may run before the watchdog restarts its worker (a case takes milliseconds). */
const STALL_SECONDS = 20;

function parseArgs(argv) {
  const options = { minutes: undefined, cases: undefined, seed: undefined, jobs: 1, property: undefined };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i].replace(/^--/, "");
    const value = argv[++i];
    if (!(key in options) || value === undefined) {
      throw new Error(
        `unknown argument ${argv[i - 1]}; expected --minutes N, --cases N, --seed N, --jobs N or --property NAME`,
      );
    }
    options[key] = key === "property" ? value : Number(value);
    if (key !== "property" && !(Number.isFinite(options[key]) && options[key] >= 0))
      throw new Error(`--${key} ${value}: expected a number`);
  }
  if (options.minutes === undefined && options.cases === undefined) options.minutes = 1;
  if (options.property !== undefined && !(options.property in ROUND)) {
    throw new Error(`--property ${options.property}: expected one of ${Object.keys(ROUND).join(", ")}`);
  }
  options.seed ??= Math.floor(Math.random() * 2 ** 31);
  return options;
}

async function bundle() {
  const esbuild = await import("esbuild");
  mkdirSync(path.dirname(BUNDLE), { recursive: true });
  // Both bundles: ES modules for Node of the test sources, the kernel's JS build and its .wasm imports included.
  const common = {
    bundle: true,
    format: "esm",
    platform: "node",
    packages: "external",
    logLevel: "warning",
    ...KERNEL_JS,
  };
  // The readers' property bundles the CLI's sources itself (loadCli()), as its test does.
  await esbuild.build({
    ...common,
    entryPoints: [path.join(root, "test", "cli", "reader-properties.ts")],
    outfile: READERS,
    plugins: [wasmText],
  });
  await esbuild.build({
    ...common,
    entryPoints: {
      properties: path.join(root, "test", "helpers", "fuzz-properties.ts"),
      "chromium-oracle": path.join(root, "test", "helpers", "urlpattern-chromium.ts"),
      departures: path.join(root, "test", "helpers", "urlpattern-departures.ts"),
    },
    outdir: path.dirname(BUNDLE),
    outExtension: { ".js": ".mjs" },
    plugins: [
      wasmText,
      {
        // The tests import the built package: so does the bundle, by its path from .fuzz/.
        // The data generators stay where they are too: scripts/data/corpus.mjs
        // finds its data from its own address (import.meta.url).
        name: "built-package",
        setup(build) {
          build.onResolve({ filter: /\/build\/(index|js)\.js$|\/scripts\/data\/[^/]+\.mjs$/ }, (args) => ({
            path: `./${path.relative(path.dirname(BUNDLE), path.resolve(args.resolveDir, args.path))}`,
            external: true,
          }));
        },
      },
    ],
  });
}

/** A round's seed: a different one for every job and round of the run. */
function roundSeed(seed, job, round) {
  return (Math.imul(seed ^ Math.imul(job, 0x9e3779b9), 0x85ebca6b) + Math.imul(round + 1, 0xc2b2ae35)) & 0x7fffffff;
}

/** The CLI's readers' property (asynchronous): a round of `numRuns` cases; posts its progress and failure. */
async function readersRound(fc, readers, cli, s, numRuns, watch) {
  let lines = 0;
  const details = await fc.check(
    fc.asyncProperty(readers.readerCases(READER_LINES), async (c) => {
      if (watch.next() !== "run") return;
      lines += readers.caseLines(c);
      const problems = await readers.readerDifferences(cli, c);
      // A log's cases also count every field and the tallies' URL parts with stats --by (and --sum bytes).
      if (readers.logCase(c)) problems.push(...(await readers.groupDifferences(cli, c)));
      if (problems.length > 0) throw new Error(problems.join("\n"));
    }),
    { seed: s, numRuns },
  );
  parentPort.postMessage({ type: "progress", property: "cli", runs: details.numRuns - watch.passed, lines });
  if (details.failed) {
    parentPort.postMessage({
      type: "failure",
      property: "cli",
      value: details.counterexample[0],
      seed: s,
      path: details.counterexamplePath,
      message: String(details.errorInstance?.message ?? details.errorInstance),
    });
  }
  return details.numRuns;
}

async function worker() {
  const fc = (await import("fast-check")).default;
  const { PROPERTIES, NAMED_PROPERTIES, asProperty, takeDisputes } = await import(pathToFileURL(BUNDLE).href);
  const { job, seed, deadline, cases, property, step, skips, startRound } = workerData;
  /** [round, case within the round]: the watchdog reads it. */
  const at = new Int32Array(step);
  /** The case about to run: "run", or how a case the watchdog saw stall is passed over ("oracle": without its oracle; "all"). */
  const watch = {
    passed: 0,
    next() {
      const index = Atomics.add(at, 1, 1) + 1;
      const skip = skips.find((k) => k.round === Atomics.load(at, 0) && k.index === index);
      if (skip === undefined) return "run";
      this.passed++;
      return skip.mode;
    },
  };
  const chosen =
    property === undefined ? PROPERTIES : [...PROPERTIES, ...NAMED_PROPERTIES].filter((p) => p.name === property);
  const readers = property === undefined || property === "cli" ? await import(pathToFileURL(READERS).href) : null;
  const cli = readers === null ? null : await readers.loadCli();
  let done = 0;
  for (let round = startRound; Date.now() < deadline && done < cases; round++) {
    const s = roundSeed(seed, job, round);
    Atomics.store(at, 0, round);
    Atomics.store(at, 1, 0);
    if (readers !== null) {
      const numRuns = Math.min(ROUND.cli, cases - done);
      watch.passed = 0;
      if (numRuns > 0) done += (await readersRound(fc, readers, cli, s, numRuns, watch)) - watch.passed;
    }
    for (const p of chosen) {
      const numRuns = Math.min(ROUND[p.name], cases - done);
      if (numRuns <= 0) break;
      watch.passed = 0;
      const watched = {
        ...p,
        check(value) {
          const how = watch.next();
          if (how === "run") return p.check(value);
          parentPort.postMessage({ type: "stalled", property: p.name, value, seed: s, how });
          return how === "oracle" && p.checkWithoutOracle !== undefined ? p.checkWithoutOracle(value) : [];
        },
      };
      const details = fc.check(asProperty(watched), { seed: s, numRuns });
      done += details.numRuns - watch.passed;
      parentPort.postMessage({ type: "progress", property: p.name, runs: details.numRuns - watch.passed });
      const disputes = takeDisputes();
      if (disputes.length > 0) parentPort.postMessage({ type: "disputes", disputes });
      if (details.failed) {
        parentPort.postMessage({
          type: "failure",
          property: p.name,
          value: details.counterexample[0],
          seed: s,
          path: details.counterexamplePath,
          message: String(details.errorInstance?.message ?? details.errorInstance),
        });
      }
    }
  }
}

/** Append a failure to the regressions file, unless the same value of the same property is there. */
function keep(failure, found) {
  const entries = JSON.parse(readFileSync(FIXTURE, "utf8"));
  const key = JSON.stringify([failure.property, failure.value]);
  if (entries.some((e) => JSON.stringify([e.property, e.value]) === key)) return false;
  entries.push({ property: failure.property, value: failure.value, found, problem: failure.message.split("\n")[0] });
  writeFileSync(FIXTURE, JSON.stringify(entries, null, 2) + "\n");
  return true;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (NAMED.includes(options.property) && typeof globalThis.URLPattern !== "function") {
    throw new Error(
      `--property ${options.property} needs an engine with URLPattern, the oracle: node scripts/node-lines.mjs 24 scripts/fuzz.mjs ${process.argv.slice(2).join(" ")}`,
    );
  }
  await bundle();
  const start = Date.now();
  const deadline = options.minutes === undefined ? Infinity : start + options.minutes * 60_000;
  const limit = options.minutes === undefined ? `${options.cases} cases` : `${options.minutes} min`;
  console.log(
    `fuzz: seed ${options.seed}, ${options.jobs} job(s), ${limit}, properties ${
      options.property ??
      Object.keys(ROUND)
        .filter((name) => !NAMED.includes(name))
        .join(", ")
    }`,
  );
  console.log(
    `(replay this run: npm run fuzz -- --seed ${options.seed} --jobs ${options.jobs} ${options.minutes === undefined ? `--cases ${options.cases}` : `--minutes ${options.minutes}`}${options.property === undefined ? "" : ` --property ${options.property}`})`,
  );

  const runs = Object.fromEntries(Object.keys(ROUND).map((name) => [name, 0]));
  /** Lines of the cli property's generated files. */
  let lines = 0;
  let failures = 0;
  let kept = 0;
  /** Pairs where Node 24's URLPattern is not swurl's, by their JSON (urlpattern). */
  const disputes = new Map();
  /** The cases the watchdog passed over, as the restarted workers name them. */
  const stalled = [];
  const total = () => Object.values(runs).reduce((a, b) => a + b, 0);
  const report = () => {
    const seconds = (Date.now() - start) / 1000;
    const each = Object.entries(runs)
      .filter(([, n]) => n > 0)
      .map(([name, n]) => `${name} ${n}`)
      .join(", ");
    console.log(
      `${seconds.toFixed(0)} s: ${total()} cases (${each}${lines > 0 ? `; cli ${lines} lines` : ""}), ${(total() / seconds).toFixed(0)}/s, ${failures} failure(s)`,
    );
  };
  const timer = setInterval(report, 30_000);
  const summary = () => {
    const seconds = ((Date.now() - start) / 1000).toFixed(0);
    const line = `${new Date().toISOString()} seed ${options.seed} jobs ${options.jobs}: ${total()} cases in ${seconds} s (${total() * BUILDS} build checks; ${JSON.stringify(runs)}; cli ${lines} lines), ${failures} failure(s), ${stalled.length} passed over after ${STALL_SECONDS} s, ${kept} new in ${path.relative(root, FIXTURE)}`;
    console.log(line);
    appendFileSync(LOG, line + "\n");
  };
  // Stopped early (Ctrl-C): the counts so far, then out.
  process.once("SIGINT", () => {
    report();
    summary();
    process.exit(130);
  });
  const perJob = options.cases === undefined ? Infinity : Math.ceil(options.cases / options.jobs);
  /** Cases passed over after a stall: { job, round, index, mode }. */
  const skips = [];
  /** Cases each job has reported done. */
  const doneBy = new Array(options.jobs).fill(0);
  /** Run job `job` from round `startRound` until its share of cases is done, restarting it where a case stalls. */
  const runJob = (job, startRound) =>
    new Promise((resolve, reject) => {
      const step = new SharedArrayBuffer(8);
      const at = new Int32Array(step);
      const w = new Worker(fileURLToPath(import.meta.url), {
        workerData: {
          job,
          seed: options.seed,
          deadline,
          cases: perJob - doneBy[job],
          property: options.property,
          step,
          startRound,
          skips: skips.filter((k) => k.job === job),
        },
      });
      let seen = "";
      let still = 0;
      const watchdog = setInterval(() => {
        const now = `${Atomics.load(at, 0)}:${Atomics.load(at, 1)}`;
        if (now !== seen || Atomics.load(at, 1) === 0) {
          seen = now;
          still = 0;
          return;
        }
        if (++still < STALL_SECONDS) return;
        clearInterval(watchdog);
        const round = Atomics.load(at, 0);
        const index = Atomics.load(at, 1);
        const again = skips.find((k) => k.job === job && k.round === round && k.index === index);
        if (again === undefined) skips.push({ job, round, index, mode: "oracle" });
        else {
          // The case stalled without its oracle too: swurl's, a failure.
          again.mode = "all";
          failures++;
          console.log(
            `FAILURE: a case ran for ${STALL_SECONDS} s without its oracle (job ${job}, round ${round}, case ${index})`,
          );
        }
        w.removeAllListeners("exit");
        w.terminate().then(() => runJob(job, round).then(resolve, reject), reject);
      }, 1000);
      w.on("message", (m) => {
        if (m.type === "progress") {
          runs[m.property] += m.runs;
          doneBy[job] += m.runs;
          lines += m.lines ?? 0;
          return;
        }
        if (m.type === "disputes") {
          for (const d of m.disputes) disputes.set(JSON.stringify(d.pair), d);
          return;
        }
        if (m.type === "stalled") {
          stalled.push(m);
          console.log(
            `passed over after ${STALL_SECONDS} s (${m.how === "oracle" ? "run again without its oracle" : "not run"}), round seed ${m.seed}: ${JSON.stringify(m.value)}`,
          );
          return;
        }
        failures++;
        const found = `npm run fuzz, seed ${options.seed}, job ${job}, round seed ${m.seed}, ${new Date().toISOString().slice(0, 10)}`;
        if (m.property !== "cli" && keep(m, found)) kept++;
        console.log(
          `FAILURE in ${m.property} (round seed ${m.seed}, path ${m.path}):\n  value ${JSON.stringify(m.value)}\n  ${m.message.split("\n").join("\n  ")}`,
        );
      });
      w.on("error", (error) => {
        clearInterval(watchdog);
        reject(error);
      });
      w.on("exit", () => {
        clearInterval(watchdog);
        resolve();
      });
    });
  await Promise.all(Array.from({ length: options.jobs }, (_, job) => runJob(job, 0)));
  clearInterval(timer);
  if (disputes.size > 0) {
    const { undecidedPairs, describeUndecided } = await import(pathToFileURL(ORACLE).href);
    const { departures } = await import(pathToFileURL(DEPARTURES).href);
    writeFileSync(DISPUTES, JSON.stringify([...disputes.values()]));
    const left = await undecidedPairs([...disputes.values()]);
    console.log(
      `urlpattern: ${disputes.size} distinct pair(s) where Node 24's URLPattern is not swurl's, run in Chromium: ${left.length} where an answer of swurl's is neither Node 24's nor Chromium's`,
    );
    // Where Chromium departs from the standard as well, there is no tiebreak
    // between the engines: each such pair is counted by the known departure
    // whose check holds on it (test/helpers/urlpattern-departures.ts), and
    // kept in DISAGREEMENTS with the rest for review, its kind first.
    const kinds = await departures(left);
    const explained = new Map();
    const unexplained = [];
    const entries = left.map((entry, i) => {
      const text = describeUndecided(entry);
      const why = kinds[i];
      if (why === null) unexplained.push(text);
      else explained.set(why, (explained.get(why) ?? 0) + 1);
      return `${why ?? "UNEXPLAINED"}\n${text}\n`;
    });
    writeFileSync(DISAGREEMENTS, entries.join(""));
    for (const [why, n] of explained) console.log(`  ${n} explained by a departure of both engines: ${why}`);
    console.log(`  ${unexplained.length} unexplained (all ${left.length} in ${path.relative(root, DISAGREEMENTS)})`);
    for (const problem of unexplained.slice(0, 20)) console.log(`DISAGREEMENT ${problem}`);
    failures += unexplained.length;
  }
  report();
  summary();
  if (failures > 0) process.exitCode = 1;
}

if (isMainThread) {
  main().catch((error) => {
    console.error(`fuzz: ${error.message}`);
    process.exit(1);
  });
} else {
  await worker();
}
