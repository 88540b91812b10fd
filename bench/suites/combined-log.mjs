// A combined access log of about 1 GB (SWURL_BENCH_LOG_MB, default 1000),
// generated from the corpus (bench/access-log.mjs), through the CLI as users
// run it, each pass a process of its own:
//   - swurl stats --input combined, against a plain Node.js script of the same
//     tally (bench/combined-log-node.mjs: readline, a regex, new URL per line);
//   - swurl parse --input combined --format tsv and --format parquet, the
//     default fields to a file.
// MB/s counts the log's bytes. The peak RSS of every process (bench/max-rss.mjs)
// is printed after the suite. The log is written to a temporary directory and
// deleted after the suite (kept with SWURL_BENCH_KEEP_LOG=1, for a rerun on
// another Node.js: SWURL_BENCH_LOG names an existing one).
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { once as event } from "node:events";
import { accessLog } from "../access-log.mjs";

const NODE_SCRIPT = "node: readline, regex, new URL()";
const BASE = "https://www.example.com/";
const here = new URL("..", import.meta.url);
const cli = new URL("../build/cli.js", here).pathname;

export const title = `a generated combined log: swurl stats --input combined vs ${NODE_SCRIPT}; swurl parse to TSV and Parquet`;
export const baseline = NODE_SCRIPT;
export const once = true;
export const target = {
  what: `swurl stats --input combined >= 3x the MB/s of ${NODE_SCRIPT}; Parquet >= 0.5x TSV (see the ratios); RSS < 300 MB (printed below)`,
  over: NODE_SCRIPT,
  labels: ["swurl stats --input combined"],
  ratio: 3,
};
// A pass is a process over the whole log: one measured pass per task and round.
export const benchOptions = { iterations: 1, warmupIterations: 0, warmup: false };
export const rounds = 2;

let directory = null;
const peaks = new Map();

export function teardown() {
  // One write: the main thread ends this worker soon after, and later writes were lost.
  console.log(
    [
      "\npeak RSS per process (combined-log):",
      ...[...peaks].map(([label, kb]) => `  ${label}: ${(kb / 1024).toFixed(0)} MiB`),
    ].join("\n"),
  );
  if (directory === null) return;
  for (const f of ["out.tsv", "out.parquet"]) rmSync(path.join(directory, f), { force: true });
  if (process.env.SWURL_BENCH_KEEP_LOG === "1") console.log(`  (log kept in ${directory})`);
  else rmSync(directory, { recursive: true, force: true });
  directory = null;
}

/** Write about `bytes` of log lines to `file`, a block of generated lines at a time. */
async function writeLog(file, bytes) {
  const urls = readFileSync(new URL("data/kasztp.txt", here), "utf8")
    .replace(/^\uFEFF/, "")
    .split("\n")
    .filter((l) => l !== "");
  const out = createWriteStream(file);
  let written = 0;
  for (let seed = 1; written < bytes; seed++) {
    const block =
      accessLog(urls, 50_000, seed)
        .map((l) => l.text)
        .join("\n") + "\n";
    written += Buffer.byteLength(block);
    if (!out.write(block)) await event(out, "drain");
  }
  out.end();
  await event(out, "finish");
}

/** Run `node args...` to the end; records its peak RSS under `label`. */
async function run(label, args) {
  // Standard output a pipe read and dropped ("ignore" would be a /dev/null open for reading and
  // writing, which swurl takes for a closed standard output).
  const child = spawn(process.execPath, ["--import", new URL("max-rss.mjs", here).pathname, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.resume();
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const [code] = await event(child, "close");
  const kb = Number(/max-rss-kb (\d+)/.exec(stderr)?.[1]);
  if (code !== 0) throw new Error(`${label} exited with ${code}: ${stderr.slice(0, 500)}`);
  peaks.set(label, Math.max(peaks.get(label) ?? 0, kb));
}

export async function tasks() {
  directory = mkdtempSync(path.join(tmpdir(), "swurl-bench-log-"));
  let file = process.env.SWURL_BENCH_LOG;
  if (file === undefined || !existsSync(file)) {
    file = path.join(directory, "access.log");
    await writeLog(file, Number(process.env.SWURL_BENCH_LOG_MB ?? 1000) * 1e6);
  }
  const bytes = statSync(file).size;
  const out = path.join(directory, "out");
  const task = (label, args) => ({ label, bytes, fn: () => run(label, args) });
  /** swurl parse of the log to a file of `format`. */
  const parseArgs = (format) => [
    cli,
    "parse",
    "--input",
    "combined",
    "--base",
    BASE,
    "--format",
    format,
    "--output",
    `${out}.${format}`,
    file,
  ];
  return [
    task(NODE_SCRIPT, [new URL("combined-log-node.mjs", here).pathname, file, BASE]),
    task("swurl stats --input combined", [cli, "stats", "--input", "combined", "--base", BASE, file]),
    task("swurl parse --format tsv", parseArgs("tsv")),
    task("swurl parse --format parquet", parseArgs("parquet")),
  ];
}
