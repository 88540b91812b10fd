// canonicalize(url, { profile: "w3lib" }) of each build against the Python
// it reproduces: canonicalize_url() of Debian's python3-w3lib, run by
// /usr/bin/python3 in a child process that stays up for the whole suite. Both
// sides canonicalize the same sample of the corpus (every k-th line, at most
// SAMPLE lines; a build REPEAT times in a pass); a pass of the Python side is one request over
// a pipe ("go" in, "ok" out), whose cost (~0.1 ms) is counted against Python
// in a pass of ~100 ms. The ratio is of URLs per second, measured side by side
// in the same rounds; with --cpu, a Python pass is the CPU time the server
// reports for it (time.process_time). Without python3-w3lib (apt-get install python3-w3lib)
// the suite measures the builds alone and says so.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { keep } from "../lib.mjs";

const PYTHON = "/usr/bin/python3";
/** Python canonicalizes ~15-60 µs a URL: a pass over this many lines takes ~0.1 s. */
const SAMPLE = 2000;
/**
 * A pass of a build runs the sample this many times, so that it lasts about
 * as long as Python's (tens of ms): on a loaded machine a pass of a few ms
 * either fits in a time slice or waits for several, where a long pass
 * averages the waits as Python's does.
 */
const REPEAT = 20;

/** The python3-w3lib version, or null where it is not installed. */
function w3libVersion() {
  const r = spawnSync(PYTHON, ["-c", "import w3lib; print(w3lib.__version__)"], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : null;
}

const VERSION = w3libVersion();
const LABEL = `python3-w3lib ${VERSION} canonicalize_url`;
if (VERSION === null)
  process.stderr.write(
    `w3lib suite: ${PYTHON} has no w3lib (apt-get install python3-w3lib): measuring swurl's builds only, with no ratio to w3lib\n`,
  );

export const title = `canonicalize(url, { profile: "w3lib" }) against ${VERSION === null ? "(w3lib not installed)" : LABEL}, on a sample of ${SAMPLE} corpus lines`;
export const baseline = VERSION === null ? "js" : LABEL;
export const target =
  VERSION === null
    ? []
    : { what: `the w3lib profile at least 20x ${LABEL}`, over: LABEL, labels: ["wasm-simd", "wasm", "js"], ratio: 20 };

/**
 * The server: read the URLs, then canonicalize all of them once for each
 * request line ("N"), answering "N CPU" (CPU the seconds the pass took, by
 * time.process_time()).
 */
const SERVER = `
import sys
import time
from w3lib.url import canonicalize_url
with open(sys.argv[1], encoding="utf-8", errors="surrogateescape") as f:
    urls = f.read().split("\\n")
for line in sys.stdin:
    start = time.process_time()
    n = 0
    for u in urls:
        try:
            n += len(canonicalize_url(u))
        except Exception:
            pass
    sys.stdout.write(f"{line.strip()} {time.process_time() - start}\\n")
    sys.stdout.flush()
`;

let server = null;
let scratch = null;

/**
 * A task that sends a request to the Python server and waits for its answer:
 * one pass over the sample. Requests are numbered, so that a call whose
 * promise nobody awaits (tinybench calls a task once to see whether it is
 * async) cannot answer a later one.
 */
function pythonTask(sample, bytes) {
  scratch = mkdtempSync(path.join(tmpdir(), "swurl-w3lib-"));
  const file = path.join(scratch, "urls.txt");
  writeFileSync(file, sample.join("\n"));
  const child = spawn(PYTHON, ["-c", SERVER, file], { stdio: ["pipe", "pipe", "inherit"] });
  const answers = createInterface({ input: child.stdout });
  let sent = 0;
  let waiting = null;
  /** The CPU time of the last pass, ms, as the server measured it. */
  let cpuMs = 0;
  answers.on("line", (line) => {
    const [n, seconds] = line.split(" ");
    if (Number(n) !== sent) return;
    cpuMs = Number(seconds) * 1000;
    const resolve = waiting;
    waiting = null;
    resolve?.();
  });
  server = child;
  return {
    label: LABEL,
    items: sample.length,
    bytes,
    // The pass runs in the child process: bench/run.mjs --cpu takes its CPU time from here.
    cpuOfPass: () => cpuMs,
    // An async function: tinybench calls any other fn once to see whether it returns a promise, which
    // would send the server a pass of its own.
    fn: async () =>
      new Promise((resolve) => {
        waiting = resolve;
        child.stdin.write(`${++sent}\n`);
      }),
  };
}

export function tasks({ corpus, kernels }) {
  const step = Math.max(1, Math.floor(corpus.lines.length / SAMPLE));
  const sample = corpus.lines.filter((_, i) => i % step === 0).slice(0, SAMPLE);
  const bytes = sample.reduce((n, line) => n + Buffer.byteLength(line), 0);
  const out = kernels.map(({ name, api }) => ({
    label: name,
    kernel: name,
    items: sample.length * REPEAT,
    bytes: bytes * REPEAT,
    fn() {
      let n = 0;
      for (let r = 0; r < REPEAT; r++)
        for (let i = 0; i < sample.length; i++) n += api.canonicalize(sample[i], { profile: "w3lib" })?.length ?? 0;
      keep(n);
    },
  }));
  if (VERSION !== null) out.push(pythonTask(sample, bytes));
  return out;
}

export function teardown() {
  server?.stdin.end();
  server?.kill();
  server = null;
  if (scratch !== null) rmSync(scratch, { recursive: true, force: true });
  scratch = null;
}
