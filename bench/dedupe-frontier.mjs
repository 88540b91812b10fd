// `swurl canon --dedupe` at frontier scale (not part of `npm run bench`: at
// 100 million lines it takes the better part of an hour and ~20 GB of disk).
//
//   npm run build
//   node bench/dedupe-frontier.mjs [LINES] [MEMORY]     (default 100000000 512M)
//
// 1. Writes a generated frontier of LINES lines, about 70% distinct after
//    canonicalization (bench/frontier.mjs), to a folder of its own in the
//    system's temporary folder (SWURL_BENCH_DIR to choose another).
// 2. Times `swurl canon --dedupe --memory MEMORY --temp-dir ...` over it:
//    wall time, CPU time and peak RSS (bench/max-rss.mjs), and the peak bytes of its
//    temporary folder (polled every 0.5 s).
// 3. Checks its output: sorted (LC_ALL=C sort), it must equal `LC_ALL=C
//    sort -u` of the canonical forms of every line (`swurl canon`, failures
//    left out), compared by SHA-256 and line count. Equal sorted, with no
//    line twice in the sorted output, means the same set, each URL once.
//    The reference pipeline runs alongside the dedupe (it reads only the
//    frontier), so on a busy machine the check ends soon after the dedupe;
//    the dedupe's CPU time and peak RSS are its own process's either way.
// Every file it wrote is removed at the end, also on an error or Ctrl-C.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// SWURL_BENCH_CLI: a copy of packages/cli/build/cli.js to run (so that a build during the run changes nothing).
const CLI = process.env.SWURL_BENCH_CLI ?? path.join(ROOT, "packages", "cli", "build", "cli.js");
const lines = Number(process.argv[2] ?? 100_000_000);
const memory = process.argv[3] ?? "512M";
const dir = mkdtempSync(path.join(process.env.SWURL_BENCH_DIR ?? tmpdir(), "swurl-bench-dedupe-"));
const remove = () => rmSync(dir, { recursive: true, force: true });
process.on("exit", remove);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

const file = (name) => path.join(dir, name);
const log = (text) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${text}\n`);

/** Run a shell pipeline (bash, pipefail); its standard output as text. */
function sh(command) {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-o", "pipefail", "-c", command], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (status) =>
      status === 0 ? resolve({ stdout, stderr }) : reject(new Error(`${command}: status ${status}\n${stderr}`)),
    );
  });
}

/** Bytes of the files under `folder` now. */
function bytesUnder(folder) {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    try {
      total += statSync(path.join(entry.parentPath, entry.name)).size;
    } catch {
      // Removed between the listing and the stat.
    }
  }
  return total;
}

const GB = 1e9;
const started = Date.now();
log(`frontier of ${lines} lines in ${dir}`);
await sh(`node ${path.join(ROOT, "bench", "frontier.mjs")} ${lines} > ${file("frontier.txt")}`);
log(`frontier written: ${(statSync(file("frontier.txt")).size / GB).toFixed(2)} GB`);

const spill = file("tmp");
await sh(`mkdir ${spill}`);
const sortTemp = file("sort-tmp");
await sh(`mkdir ${sortTemp}`);
const referenceRun = sh(
  `node ${CLI} canon ${file("frontier.txt")} | grep -v '^$' | LC_ALL=C sort -u -S 1G -T ${sortTemp} | tee >(wc -l >&2) | sha256sum`,
);
let diskPeak = 0;
const poll = setInterval(() => (diskPeak = Math.max(diskPeak, bytesUnder(spill))), 500);
const t0 = performance.now();
const run = await sh(
  `node --import ${path.join(ROOT, "bench", "max-rss.mjs")} ${CLI} canon --dedupe --memory ${memory} --temp-dir ${spill} ${file("frontier.txt")} > ${file("deduped.txt")}`,
);
const seconds = (performance.now() - t0) / 1000;
clearInterval(poll);
const rssKiB = Number(/max-rss-kb (\d+)/.exec(run.stderr)?.[1]);
const cpuSeconds = Number(/cpu-ms (\d+)/.exec(run.stderr)?.[1]) / 1000;
const left = readdirSync(spill).length;
log(
  `dedupe: ${seconds.toFixed(1)} s (CPU ${cpuSeconds.toFixed(1)} s), peak RSS ${(rssKiB / 1024).toFixed(0)} MiB, temporary disk at most ${(diskPeak / GB).toFixed(2)} GB, ${left} entries left in --temp-dir`,
);

log("checking: sort of the output against sort -u of the canonical forms");
const sorted = await sh(`LC_ALL=C sort -S 1G -T ${spill} ${file("deduped.txt")} | tee >(wc -l >&2) | sha256sum`);
const reference = await referenceRun;
log("check done");
const count = (r) => Number(r.stderr.trim());
const same = sorted.stdout === reference.stdout && count(sorted) === count(reference);
const result = {
  lines,
  memory,
  distinct: count(reference),
  written: count(sorted),
  sameAsSortU: same,
  seconds: Number(seconds.toFixed(1)),
  cpuSeconds,
  peakRssMiB: Math.round(rssKiB / 1024),
  tempDiskPeakGB: Number((diskPeak / GB).toFixed(2)),
  tempEntriesLeft: left,
  frontierGB: Number((statSync(file("frontier.txt")).size / GB).toFixed(2)),
  node: process.version,
  benchMinutes: Number(((Date.now() - started) / 60000).toFixed(1)),
};
console.log(JSON.stringify(result, null, 2));
if (!same || left !== 0) process.exitCode = 1;
