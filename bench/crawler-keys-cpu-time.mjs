// The crawler-key profiles against the packages they reproduce in CPU time,
// for a machine too loaded for wall-clock ratios (bench/suites/crawler-keys.mjs
// measures those): the suite's messy URLs of each corpus, each task's passes
// in process CPU time (process.cpuUsage), the tasks taking turns pass by pass,
// so that all of them see the same stretch of the machine. Each build runs in
// a process of its own with the two packages (as bench/run.mjs gives each
// build a worker: in one isolate the wrapper's call sites would see all three
// kernels). Process CPU time counts every thread: the garbage collector's
// helpers and the compiler's too, and the garbage a task leaves may be
// collected in the passes of the task after it (both packages leave much):
// that is why the median and the best pass are printed both. It prints ns a
// URL of each and the profile's ratio to its package.
//
//   node bench/crawler-keys-cpu-time.mjs [PASSES]        (npm run build first; default 40 passes a task)
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import normalizeUrl from "normalize-url";
import { normalizeUrl as apifyNormalizeUrl } from "@apify/utilities";
import { corpusFile, loadCorpus } from "./corpus.mjs";
import { median, table } from "./lib.mjs";
import { keyLength, messyUrls } from "./suites/crawler-keys.mjs";

const PASSES = Number(process.argv[2] ?? 40);
/** Set in a child: the one build it measures. */
const BUILD = process.argv[3];

/** Each task's CPU ns a URL of every pass; the tasks take turns, pass by pass. */
function measure(tasks, urls) {
  const times = tasks.map(() => []);
  let sink = 0;
  for (let pass = -3; pass < PASSES; pass++) {
    tasks.forEach(([, key], t) => {
      const start = process.cpuUsage();
      for (let i = 0; i < urls.length; i++) sink += key(urls[i]);
      const used = process.cpuUsage(start);
      // The first passes warm the engine up: not counted.
      if (pass >= 0) times[t].push(((used.user + used.system) * 1000) / urls.length);
    });
  }
  if (sink < 0) console.log(sink);
  return times.map((passes) => ({ median: median(passes), best: Math.min(...passes) }));
}

/** The rows of one build, measured in this process. */
async function child(build) {
  const api =
    build === "js"
      ? await import(new URL("../build/js.js", import.meta.url).href)
      : (await import(new URL("../build/index.js", import.meta.url).href)).createSwurl(build);
  const rows = [];
  for (const corpus of ["kasztp", "npm-mixed", "debian-files"]) {
    const urls = messyUrls(loadCorpus(corpusFile(corpus)).lines);
    const tasks = [
      ["normalize-url 10.0.0", keyLength((u) => normalizeUrl(u))],
      ["@apify/utilities", keyLength((u) => apifyNormalizeUrl(u))],
      [`normalize-url: ${build}`, keyLength((u) => api.canonicalize(u, { profile: "normalize-url" }))],
      [`crawlee: ${build}`, keyLength((u) => api.canonicalize(u, { profile: "crawlee" }))],
    ];
    const results = measure(tasks, urls);
    tasks.forEach(([label], t) => {
      const r = results[t];
      const base = t === 2 ? results[0] : t === 3 ? results[1] : null;
      rows.push({
        corpus,
        task: t < 2 ? `${label} [${build} process]` : label,
        median: r.median.toFixed(0),
        best: r.best.toFixed(0),
        ratio: base === null ? "" : `${(base.median / r.median).toFixed(1)}x (${(base.best / r.best).toFixed(1)}x)`,
      });
    });
  }
  return rows;
}

if (BUILD !== undefined) {
  process.stdout.write(JSON.stringify(await child(BUILD)));
} else {
  const rows = [];
  for (const build of ["wasm-simd", "wasm", "js"]) {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), String(PASSES), build], {
      encoding: "utf8",
      maxBuffer: 1 << 24,
    });
    if (r.status !== 0) throw new Error(`${build}: ${r.stderr}`);
    rows.push(...JSON.parse(r.stdout));
  }
  rows.sort((a, b) => (a.corpus < b.corpus ? -1 : a.corpus > b.corpus ? 1 : 0));
  console.log(
    `crawler keys in CPU time: ${PASSES} passes a task over the suite's messy URLs (2,000 a corpus), one process a build; Node ${process.version}`,
  );
  console.log(
    table(rows, [
      ["corpus", "corpus", "l"],
      ["task", "task", "l"],
      ["CPU ns/URL, median pass", "median", "r"],
      ["best pass", "best", "r"],
      ["ratio to its package, median (best)", "ratio", "r"],
    ]),
  );
}
