// Long fuzz runs: the properties of test/helpers/fuzz-properties.ts (the ones the test
// suite runs with a fixed seed) for as long as asked, from a random seed, on
// the three builds. Every failure is shrunk by fast-check and appended to
// test/fixtures/fuzz-regressions.json, which the test suite replays.
//
//   npm run fuzz                          one minute
//   npm run fuzz -- --minutes 30 --jobs 2
//   npm run fuzz -- --cases 1000000 --seed 12345
//   npm run fuzz -- --property parse
//   node scripts/node-lines.mjs 24 scripts/fuzz.mjs --property urlpattern --cases 1000000 --jobs 2
//
// The urlpattern property runs only when named, under Node 24 (its URLPattern
// is the oracle): the pairs where Node 24's answer is not swurl's are run in
// Chromium at the end (test/helpers/urlpattern-chromium.ts), and each of
// swurl's answers must be Node 24's or Chromium's.
//
// Run after `npm run build` (npm run fuzz builds first). The properties are
// TypeScript: they are bundled into .fuzz/ with esbuild, as the tests import
// them, and run in worker threads, one per job.
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const BUNDLE = path.join(root, ".fuzz", "properties.mjs");
const ORACLE = path.join(root, ".fuzz", "chromium-oracle.mjs");
const FIXTURE = path.join(root, "test", "fixtures", "fuzz-regressions.json");
const LOG = path.join(root, ".fuzz", "runs.log");
/** Cases per property in one round of a worker; the proportions of the whole run. */
const ROUND = { parse: 500, batch: 150, bytes: 150, functions: 200, setters: 200, urlpattern: 300 };
/** Run only when named with --property. */
const NAMED = ["urlpattern"];
/** Builds each case is checked on (test/helpers/builds.ts). */
const BUILDS = 3;

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
  await esbuild.build({
    entryPoints: {
      properties: path.join(root, "test", "helpers", "fuzz-properties.ts"),
      "chromium-oracle": path.join(root, "test", "helpers", "urlpattern-chromium.ts"),
    },
    outdir: path.dirname(BUNDLE),
    outExtension: { ".js": ".mjs" },
    bundle: true,
    format: "esm",
    platform: "node",
    packages: "external",
    logLevel: "warning",
    plugins: [
      {
        // The tests import the built package: so does the bundle, by its path from .fuzz/.
        // The bench's modules stay where they are too: bench/corpus.mjs finds
        // its data from its own address (import.meta.url).
        name: "built-package",
        setup(build) {
          build.onResolve({ filter: /\/build\/(index|js)\.js$|\/bench\/[^/]+\.mjs$/ }, (args) => ({
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

async function worker() {
  const fc = (await import("fast-check")).default;
  const { PROPERTIES, NAMED_PROPERTIES, asProperty, takeDisputes } = await import(pathToFileURL(BUNDLE).href);
  const { job, seed, deadline, cases, property } = workerData;
  const chosen =
    property === undefined ? PROPERTIES : [...PROPERTIES, ...NAMED_PROPERTIES].filter((p) => p.name === property);
  let done = 0;
  for (let round = 0; Date.now() < deadline && done < cases; round++) {
    const s = roundSeed(seed, job, round);
    for (const p of chosen) {
      const numRuns = Math.min(ROUND[p.name], cases - done);
      if (numRuns <= 0) break;
      const details = fc.check(asProperty(p), { seed: s, numRuns });
      done += details.numRuns;
      parentPort.postMessage({ type: "progress", property: p.name, runs: details.numRuns });
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
  if (options.property === "urlpattern" && typeof globalThis.URLPattern !== "function") {
    throw new Error(
      `--property urlpattern needs an engine with URLPattern, the oracle: node scripts/node-lines.mjs 24 scripts/fuzz.mjs ${process.argv.slice(2).join(" ")}`,
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
  let failures = 0;
  let kept = 0;
  /** Pairs where Node 24's URLPattern is not swurl's, by their JSON (urlpattern). */
  const disputes = new Map();
  const total = () => Object.values(runs).reduce((a, b) => a + b, 0);
  const report = () => {
    const seconds = (Date.now() - start) / 1000;
    const each = Object.entries(runs)
      .filter(([, n]) => n > 0)
      .map(([name, n]) => `${name} ${n}`)
      .join(", ");
    console.log(
      `${seconds.toFixed(0)} s: ${total()} cases (${each}), ${(total() / seconds).toFixed(0)}/s, ${failures} failure(s)`,
    );
  };
  const timer = setInterval(report, 30_000);
  const summary = () => {
    const seconds = ((Date.now() - start) / 1000).toFixed(0);
    const line = `${new Date().toISOString()} seed ${options.seed} jobs ${options.jobs}: ${total()} cases in ${seconds} s (${total() * BUILDS} build checks; ${JSON.stringify(runs)}), ${failures} failure(s), ${kept} new in ${path.relative(root, FIXTURE)}`;
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
  await Promise.all(
    Array.from({ length: options.jobs }, (_, job) => {
      const w = new Worker(fileURLToPath(import.meta.url), {
        workerData: { job, seed: options.seed, deadline, cases: perJob, property: options.property },
      });
      w.on("message", (m) => {
        if (m.type === "progress") {
          runs[m.property] += m.runs;
          return;
        }
        if (m.type === "disputes") {
          for (const d of m.disputes) disputes.set(JSON.stringify(d.pair), d);
          return;
        }
        failures++;
        const found = `npm run fuzz, seed ${options.seed}, job ${job}, round seed ${m.seed}, ${new Date().toISOString().slice(0, 10)}`;
        if (keep(m, found)) kept++;
        console.log(
          `FAILURE in ${m.property} (round seed ${m.seed}, path ${m.path}):\n  value ${JSON.stringify(m.value)}\n  ${m.message.split("\n").join("\n  ")}`,
        );
      });
      return new Promise((resolve, reject) => {
        w.on("error", reject);
        w.on("exit", resolve);
      });
    }),
  );
  clearInterval(timer);
  if (disputes.size > 0) {
    const { undecided } = await import(pathToFileURL(ORACLE).href);
    const left = await undecided([...disputes.values()]);
    console.log(
      `urlpattern: ${disputes.size} distinct pair(s) where Node 24's URLPattern is not swurl's, run in Chromium: ${left.length} where an answer of swurl's is neither Node 24's nor Chromium's`,
    );
    for (const problem of left.slice(0, 20)) console.log(`DISAGREEMENT ${problem}`);
    failures += left.length;
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
