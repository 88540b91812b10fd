// The w3lib profile against Debian's python3-w3lib in CPU time, for a
// machine too loaded for wall-clock ratios (bench/suites/w3lib.mjs measures
// those): the same sample as the suite (every k-th line of each corpus, at
// most 2,000), process CPU time of the best of several passes on each side
// (process.cpuUsage, Python's time.process_time), ns a URL and the ratio.
//
//   node bench/w3lib-cpu-time.mjs          (npm run build first; needs /usr/bin/python3 with w3lib)
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { corpusFile, loadCorpus } from "./corpus.mjs";
import { table } from "./lib.mjs";

const SAMPLE = 2000;
const swurl = await import(new URL("../build/index.js", import.meta.url).href);
const js = await import(new URL("../build/js.js", import.meta.url).href);
const builds = [
  ["wasm-simd", swurl.createSwurl("wasm-simd")],
  ["wasm", swurl.createSwurl("wasm")],
  ["js", js],
];

/** Python's best CPU time a URL (ns) over the lines of `file`. */
function python(file) {
  const script = `
import sys, time
from w3lib.url import canonicalize_url
urls = open(sys.argv[1], encoding="utf-8", errors="surrogateescape").read().split("\\n")
best = 1e9
for r in range(7):
    t = time.process_time()
    for u in urls:
        try: canonicalize_url(u)
        except Exception: pass
    best = min(best, time.process_time() - t)
print(best / len(urls) * 1e9)
`;
  const r = spawnSync("/usr/bin/python3", ["-c", script, file], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`python3-w3lib: ${r.stderr || "not installed (apt-get install python3-w3lib)"}`);
  return Number(r.stdout);
}

/** A build's best CPU time a URL (ns): 30 passes of 5 rounds over the sample. */
function build(api, sample) {
  let best = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < 30; pass++) {
    const start = process.cpuUsage();
    for (let k = 0; k < 5; k++) for (const url of sample) api.canonicalize(url, { profile: "w3lib" });
    const used = process.cpuUsage(start);
    best = Math.min(best, ((used.user + used.system) * 1000) / (sample.length * 5));
  }
  return best;
}

const scratch = mkdtempSync(path.join(tmpdir(), "swurl-w3lib-cpu-"));
const rows = [];
try {
  for (const corpus of ["kasztp", "npm-mixed", "debian-files"]) {
    const { lines } = loadCorpus(corpusFile(corpus));
    const step = Math.max(1, Math.floor(lines.length / SAMPLE));
    const sample = lines.filter((_, i) => i % step === 0).slice(0, SAMPLE);
    const file = path.join(scratch, `${corpus}.txt`);
    writeFileSync(file, sample.join("\n"));
    const py = python(file);
    const row = { corpus, python: py.toFixed(0) };
    for (const [name, api] of builds) {
      const ns = build(api, sample);
      row[name] = `${ns.toFixed(0)} (${(py / ns).toFixed(1)}x)`;
    }
    rows.push(row);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`w3lib profile against python3-w3lib, CPU ns a URL (best pass) and ratio; Node ${process.version}`);
console.log(
  table(rows, [
    ["corpus", "corpus", "l"],
    ["python3-w3lib", "python", "r"],
    ["wasm-simd", "wasm-simd", "r"],
    ["wasm", "wasm", "r"],
    ["js", "js", "r"],
  ]),
);
