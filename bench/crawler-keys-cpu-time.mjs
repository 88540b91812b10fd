// The crawler-key profiles against the packages they reproduce in CPU time,
// for a machine too loaded for wall-clock ratios (bench/suites/crawler-keys.mjs
// measures those): the suite's messy URLs of each corpus, each task's passes
// in process CPU time (process.cpuUsage), the tasks taking turns pass by pass
// in one process, so that all of them see the same stretch of the machine.
// It prints ns a URL of the median and of the best pass, and the profile's
// ratio to its package on each. The garbage a task leaves is collected in the
// passes that follow, its own or another's: a GC-heavy package (both are)
// lends some of its collection time to the profile's passes, which is why
// the median and best ratios are printed both.
//
//   node bench/crawler-keys-cpu-time.mjs [PASSES]        (npm run build first; default 40 passes a task)
import normalizeUrl from "normalize-url";
import { normalizeUrl as apifyNormalizeUrl } from "@apify/utilities";
import { corpusFile, loadCorpus } from "./corpus.mjs";
import { median, table } from "./lib.mjs";
import { messyUrls } from "./suites/crawler-keys.mjs";

const PASSES = Number(process.argv[2] ?? 40);
const swurl = await import(new URL("../build/index.js", import.meta.url).href);
const js = await import(new URL("../build/js.js", import.meta.url).href);
const builds = [
  ["wasm-simd", swurl.createSwurl("wasm-simd")],
  ["wasm", swurl.createSwurl("wasm")],
  ["js", js],
];

/** A key's length, 0 where there is none (normalize-url throws on some inputs), as the suite counts it. */
function keyLength(make) {
  return (url) => {
    try {
      return make(url)?.length ?? 0;
    } catch {
      return 0;
    }
  };
}

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

const rows = [];
for (const corpus of ["kasztp", "npm-mixed", "debian-files"]) {
  const urls = messyUrls(loadCorpus(corpusFile(corpus)).lines);
  const tasks = [
    ["normalize-url 10.0.0", keyLength((u) => normalizeUrl(u))],
    ["@apify/utilities", keyLength((u) => apifyNormalizeUrl(u))],
    ...builds.flatMap(([name, api]) => [
      [`normalize-url: ${name}`, keyLength((u) => api.canonicalize(u, { profile: "normalize-url" }))],
      [`crawlee: ${name}`, keyLength((u) => api.canonicalize(u, { profile: "crawlee" }))],
    ]),
  ];
  const results = measure(tasks, urls);
  const [normalizeUrlTime, apifyTime] = results;
  tasks.forEach(([label], t) => {
    const r = results[t];
    const base = label.startsWith("normalize-url:") ? normalizeUrlTime : label.startsWith("crawlee:") ? apifyTime : null;
    rows.push({
      corpus,
      task: label,
      median: r.median.toFixed(0),
      best: r.best.toFixed(0),
      ratio: base === null ? "" : `${(base.median / r.median).toFixed(1)}x (${(base.best / r.best).toFixed(1)}x)`,
    });
  });
}
console.log(
  `crawler keys in CPU time: ${PASSES} passes a task over the suite's messy URLs (2,000 a corpus); Node ${process.version}`,
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
