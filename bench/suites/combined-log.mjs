// Two generated combined access logs (scripts/data/access-log.mjs) through the CLI as
// users run it, each pass a process of its own:
//   - "repeated": about 1 GB (SWURL_BENCH_LOG_MB, default 1000) from kasztp,
//     whose tallies hold the corpus's hosts and paths (tens of thousands);
//   - "distinct": about 300 MB (SWURL_BENCH_DISTINCT_MB) from kasztp,
//     npm-mixed and debian-files' paths, each origin-form target with a path
//     segment of its own among a million, so the path tally holds far more
//     distinct keys, as a real site's log does.
// On each: swurl stats --input combined (1 and 2 threads) against a plain
// Node.js script of the same tally (bench/combined-log-node.mjs: readline, a
// regex, new URL per line, and the counts by status); on the distinct log,
// the groupings an analyst asks for first, stats --by status and --by status
// --by pathname, against that script and against DuckDB's SQL of the same
// two groupings (bench/combined-log-duckdb.mjs); swurl parse --format tsv (1 and 2 threads) and
// --format parquet, the default fields to a file; on the distinct log's gzip
// (written by zlib at level 6), stats and parse --format tsv with 1 and 2
// threads (with 2, one inflates while the other parses); and, where Debian's
// goaccess is installed, GoAccess over the same log with its requests panel
// only (the others, visitors, browsers, referrers and so on, are work swurl
// does not do). MB/s counts the log's
// bytes. The peak RSS of every process (bench/max-rss.mjs) is printed after
// the suite, and each --threads 2 beside its --threads 1: wall and CPU time,
// the least of their passes, with the load average at the suite's start and
// end (a wall-time ratio of threads means something on an idle machine only). The logs are written to a temporary directory and deleted after
// the suite (kept with SWURL_BENCH_KEEP_LOG=1; SWURL_BENCH_LOG and
// SWURL_BENCH_DISTINCT_LOG name existing ones, for a rerun on another Node.js).
import { spawn } from "node:child_process";
import { createReadStream, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { once as event } from "node:events";
import { loadavg } from "node:os";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { accessLog } from "../../scripts/data/access-log.mjs";

const NODE_SCRIPT = "node: readline, regex, new URL()";
const DUCKDB = "duckdb: read_csv, regexp_extract, group by";
const BY_STATUS = "swurl stats --by status";
const BY_STATUS_PATHNAME = "swurl stats --by status --by pathname";
const BASE = "https://www.example.com/";
const here = new URL("..", import.meta.url);
const cli = new URL("../packages/cli/build/cli.js", here).pathname;
const LOGS = {
  repeated: {
    mb: Number(process.env.SWURL_BENCH_LOG_MB ?? 1000),
    env: "SWURL_BENCH_LOG",
    corpora: ["kasztp"],
    paths: 0,
  },
  distinct: {
    mb: Number(process.env.SWURL_BENCH_DISTINCT_MB ?? 300),
    env: "SWURL_BENCH_DISTINCT_LOG",
    corpora: ["kasztp", "npm-mixed", "debian-files"],
    paths: 1_000_000,
  },
};
const label = (what, log) => `${what} (${log})`;

export const title = `generated combined logs: swurl stats --input combined (and --by) vs ${NODE_SCRIPT} and DuckDB; swurl parse to TSV and Parquet; 1 and 2 threads; GoAccess where installed`;
export const baseline = label(NODE_SCRIPT, "repeated");
export const once = true;
export const target = [
  {
    what: "swurl stats --by status costs at most 30% over swurl stats (distinct log)",
    over: label("swurl stats", "distinct"),
    labels: [label(BY_STATUS, "distinct")],
    ratio: 1 / 1.3,
  },
  {
    what: `${BY_STATUS_PATHNAME} >= 3x the MB/s of ${NODE_SCRIPT} (distinct log)`,
    over: label(NODE_SCRIPT, "distinct"),
    labels: [label(BY_STATUS_PATHNAME, "distinct")],
    ratio: 3,
  },
  {
    what: `${BY_STATUS_PATHNAME} >= 2x the MB/s of ${DUCKDB} (distinct log)`,
    over: label(DUCKDB, "distinct"),
    labels: [label(BY_STATUS_PATHNAME, "distinct")],
    ratio: 2,
  },
  ...Object.keys(LOGS).map((log) => ({
    what: `swurl stats >= 3x the MB/s of ${NODE_SCRIPT} (${log} log)`,
    over: label(NODE_SCRIPT, log),
    labels: [label("swurl stats", log)],
    ratio: 3,
  })),
  ...[...Object.keys(LOGS), "distinct, gzip"].flatMap((log) => [
    {
      what: `swurl stats --threads 2 >= 1.7x --threads 1 (${log} log)`,
      over: label("swurl stats", log),
      labels: [label("swurl stats --threads 2", log)],
      ratio: 1.7,
    },
    {
      what: `swurl parse --format tsv --threads 2 >= 1.7x --threads 1 (${log} log)`,
      over: label("swurl parse --format tsv", log),
      labels: [label("swurl parse --format tsv --threads 2", log)],
      ratio: 1.7,
    },
  ]),
];
// A pass is a process over the whole log: one measured pass per task and round.
export const benchOptions = { iterations: 1, warmupIterations: 0, warmup: false };
export const rounds = 2;

let directory = null;
const peaks = new Map();
/** The least CPU time (user + system, ms) of each process's passes: ratios on a shared machine are of these. */
const cpu = new Map();
/** The least wall time (ms) of each process's passes. */
const wall = new Map();
/** The CPU time (ms) of each process's last pass, for bench/run.mjs --cpu: the pass runs in the child. */
const lastCpu = new Map();
/** The load average (1 minute) when the suite's tasks were made. */
let loadAtStart = 0;
const THREADS_2 = " --threads 2";

/** Each --threads 2 pass beside its --threads 1: wall and CPU seconds and the ratios. */
function threadsTable() {
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  return [...wall.keys()]
    .filter((name) => name.includes(THREADS_2) && wall.has(name.replace(THREADS_2, "")))
    .map((two) => {
      const one = two.replace(THREADS_2, "");
      return (
        `  ${one}: wall ${s(wall.get(one))} -> ${s(wall.get(two))} (${(wall.get(one) / wall.get(two)).toFixed(2)}x), ` +
        `CPU ${s(cpu.get(one))} -> ${s(cpu.get(two))} (${(cpu.get(two) / cpu.get(one)).toFixed(2)}x the CPU)`
      );
    });
}

export function teardown() {
  // One write: the main thread ends this worker soon after, and later writes were lost.
  console.log(
    [
      "\npeak RSS per process (combined-log):",
      ...[...peaks].map(([name, kb]) => `  ${name}: ${(kb / 1024).toFixed(0)} MiB`),
      "\nCPU time per process, user + system, the least of its passes (combined-log):",
      ...[...cpu].map(([name, ms]) => `  ${name}: ${(ms / 1000).toFixed(2)} s`),
      `\n--threads 1 -> --threads 2, the least of their passes (combined-log; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end):`,
      ...threadsTable(),
    ].join("\n"),
  );
  if (directory === null) return;
  for (const f of ["out.tsv", "out.parquet", "out.json", "distinct.log.gz"])
    rmSync(path.join(directory, f), { force: true });
  if (process.env.SWURL_BENCH_KEEP_LOG === "1") console.log(`  (logs kept in ${directory})`);
  else rmSync(directory, { recursive: true, force: true });
  directory = null;
}

/** The lines of corpus `name` of bench/data. */
function corpus(name) {
  return readFileSync(new URL(`data/${name}.txt`, here), "utf8")
    .replace(/^\uFEFF/, "")
    .split("\n")
    .filter((l) => l !== "");
}

/** Write about `bytes` of log lines of kind `log` to `file`, a block of generated lines at a time. */
async function writeLog(file, { mb, corpora, paths }) {
  const urls = corpora.flatMap(corpus);
  const out = createWriteStream(file);
  let written = 0;
  for (let seed = 1; written < mb * 1e6; seed++) {
    const block =
      accessLog(urls, 50_000, seed, false, paths)
        .map((l) => l.text)
        .join("\n") + "\n";
    written += Buffer.byteLength(block);
    if (!out.write(block)) await event(out, "drain");
  }
  out.end();
  await event(out, "finish");
}

/** GoAccess, the C log analyzer, where Debian's package is installed. */
const GOACCESS = "/usr/bin/goaccess";
/** GoAccess's panels other than requests: work that swurl stats does not do. */
const GOACCESS_OTHER_PANELS = [
  "VISITORS",
  "OS",
  "BROWSERS",
  "VISIT_TIMES",
  "REFERRERS",
  "REFERRING_SITES",
  "KEYPHRASES",
  "STATUS_CODES",
  "GEO_LOCATION",
  "REMOTE_USER",
  "CACHE_STATUS",
  "VIRTUAL_HOSTS",
  "NOT_FOUND",
  "STATIC_REQUESTS",
  "HOSTS",
  "MIME_TYPE",
  "TLS_TYPE",
];

/** Run `node args...` to the end; records its peak RSS under `name`. */
function run(name, args) {
  return runCommand(name, process.execPath, ["--import", new URL("max-rss.mjs", here).pathname, ...args]);
}

/**
 * Run `command args...` to the end; records its peak RSS and CPU time
 * (printed as "max-rss-kb N" and "cpu-ms N" on stderr) under `name`.
 */
async function runCommand(name, command, args) {
  // Standard output a pipe read and dropped ("ignore" would be a /dev/null open for reading and
  // writing, which swurl takes for a closed standard output).
  const started = performance.now();
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.resume();
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const [code] = await event(child, "close");
  const ms = performance.now() - started;
  const kb = Number(/max-rss-kb (\d+)/.exec(stderr)?.[1]);
  if (code !== 0) throw new Error(`${name} exited with ${code}: ${stderr.slice(0, 500)}`);
  peaks.set(name, Math.max(peaks.get(name) ?? 0, kb));
  wall.set(name, Math.min(wall.get(name) ?? Infinity, ms));
  const cpuMs = Number(/cpu-ms (\d+)/.exec(stderr)?.[1]);
  if (Number.isFinite(cpuMs)) {
    cpu.set(name, Math.min(cpu.get(name) ?? Infinity, cpuMs));
    lastCpu.set(name, cpuMs);
  }
}

export async function tasks() {
  loadAtStart = loadavg()[0];
  directory = mkdtempSync(path.join(tmpdir(), "swurl-bench-log-"));
  const out = path.join(directory, "out");
  const all = [];
  for (const [log, kind] of Object.entries(LOGS)) {
    let file = process.env[kind.env];
    if (file === undefined || !existsSync(file)) {
      file = path.join(directory, `${log}.log`);
      await writeLog(file, kind);
    }
    const bytes = statSync(file).size;
    const script = label(NODE_SCRIPT, log);
    // Each fn an async function: tinybench calls any other fn once to see whether it returns a promise,
    // and leaves that promise running, so that every task's process ran at once with the first pass.
    const task = (what, args, on = log) => ({
      label: label(what, on),
      bytes,
      baseline: script,
      fn: async () => run(label(what, on), args),
      cpuOfPass: () => lastCpu.get(label(what, on)),
    });
    /** swurl stats of `input` (the log), by the keys `by`. */
    const stats = (threads, by = [], input = file) => [
      cli,
      "stats",
      "--input",
      "combined",
      "--base",
      BASE,
      "--threads",
      String(threads),
      ...by.flatMap((key) => ["--by", key]),
      input,
    ];
    /** swurl parse of `input` (the log) to a file of `format`. */
    const parse = (format, threads, input = file) => [
      cli,
      "parse",
      "--input",
      "combined",
      "--base",
      BASE,
      "--format",
      format,
      "--threads",
      String(threads),
      "--output",
      `${out}.${format}`,
      input,
    ];
    all.push(
      task(NODE_SCRIPT, [new URL("combined-log-node.mjs", here).pathname, file, BASE]),
      task("swurl stats", stats(1)),
      task("swurl stats --threads 2", stats(2)),
      task("swurl parse --format tsv", parse("tsv", 1)),
      task("swurl parse --format tsv --threads 2", parse("tsv", 2)),
      task("swurl parse --format parquet", parse("parquet", 1)),
    );
    if (log === "distinct") {
      all.push(
        task(BY_STATUS, stats(1, ["status"])),
        task(BY_STATUS_PATHNAME, stats(1, ["status", "pathname"])),
        task(DUCKDB, [new URL("combined-log-duckdb.mjs", here).pathname, file]),
      );
      const gz = path.join(directory, "distinct.log.gz");
      await pipeline(createReadStream(file), createGzip({ level: 6 }), createWriteStream(gz));
      const on = "distinct, gzip";
      all.push(
        task("swurl stats", stats(1, [], gz), on),
        task("swurl stats --threads 2", stats(2, [], gz), on),
        task("swurl parse --format tsv", parse("tsv", 1, gz), on),
        task("swurl parse --format tsv --threads 2", parse("tsv", 2, gz), on),
      );
    }
    if (existsSync(GOACCESS)) {
      const what = label("goaccess, requests panel", log);
      const args = [
        ...["-f", "max-rss-kb %M", GOACCESS, file, "--log-format=COMBINED", "--no-progress", "-o", `${out}.json`],
        ...GOACCESS_OTHER_PANELS.map((panel) => `--ignore-panel=${panel}`),
      ];
      all.push({ label: what, bytes, baseline: script, fn: async () => runCommand(what, "/usr/bin/time", args) });
    }
  }
  return all;
}
