// --trace (packages/cli/src/trace.ts): each thread's wall time by phase and
// its CPU time, on stderr after the run, for stats and parse, with one thread
// and with --threads 2; the output is the same as without it.
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { swurl, scratchFolder } from "../helpers/cli-run";

const scratch = scratchFolder("swurl-trace-");
const BASE = "https://www.example.com/";

/** About `mb` MB of a combined log: RANGE_BYTES (4 MB) and more is cut into ranges by --threads. */
function combinedLog(mb: number): string {
  const lines: string[] = [];
  let bytes = 0;
  for (let i = 0; bytes < mb * 1e6; i++) {
    const line = `10.0.${i % 256}.${i % 7} - - [10/Oct/2026:13:55:${String(i % 60).padStart(2, "0")} +0000] "GET /items/${i % 5000}?page=${i % 13} HTTP/1.1" ${i % 17 === 0 ? 404 : 200} ${i % 9000} "-" "curl/8.5.0"`;
    lines.push(line);
    bytes += line.length + 1;
  }
  return `${lines.join("\n")}\n`;
}

const HEAD = "swurl: trace: milliseconds of wall time by phase, and each thread's CPU time";

interface Row {
  thread: string;
  phases: Map<string, number>;
  total: number;
  cpu: string;
}

/** The table of threads --trace wrote to `stderr`, and its range lines. */
function traceTable(stderr: string): { rows: Row[]; ranges: string[] } {
  const lines = stderr.split("\n").filter((l) => l.startsWith("swurl: trace: "));
  expect(lines[0]).toBe(HEAD);
  const cells = (l: string) =>
    l
      .slice("swurl: trace: ".length)
      .trim()
      .split(/\s{2,}/);
  const head = cells(lines[1]);
  expect(head[0]).toBe("thread");
  expect(head.slice(-2)).toEqual(["total", "cpu"]);
  const rows: Row[] = [];
  let at = 2;
  for (; at < lines.length && !lines[at].includes(" range") && !/ranges, /.test(lines[at]); at++) {
    const c = cells(lines[at]);
    expect(c).toHaveLength(head.length);
    const phases = new Map(head.slice(1, -2).map((name, k) => [name, Number(c[k + 1])]));
    rows.push({ thread: c[0], phases, total: Number(c[head.length - 2]), cpu: c[head.length - 1] });
  }
  for (const row of rows) {
    // Each phase is rounded to a millisecond on its own: the sum is the total within one a column.
    const sum = [...row.phases.values()].reduce((a, b) => a + b, 0);
    expect(Math.abs(sum - row.total)).toBeLessThanOrEqual(row.phases.size);
    // Node 24 tells each thread's own CPU time; Node 20 does not.
    if (typeof (process as { threadCpuUsage?: unknown }).threadCpuUsage === "function")
      expect(Number(row.cpu)).toBeGreaterThan(0);
    else expect(row.cpu).toBe("-");
  }
  return { rows, ranges: lines.slice(at) };
}

/** The JSON report without its times, which differ from run to run. */
function report(stdout: string): unknown {
  const { seconds: _s, megabytesPerSecond: _m, ...rest } = JSON.parse(stdout) as Record<string, unknown>;
  return rest;
}

describe("--trace", () => {
  it("stats --threads 2: a row per thread, its phases, its ranges; the report unchanged", () => {
    const file = scratch.file("big.log", combinedLog(6));
    const args = ["stats", "--input", "combined", "--base", BASE, "--by", "status", "--json", "--threads", "2", file];
    const plain = swurl(args);
    const traced = swurl([...args, "--trace"]);
    expect(plain.status).toBe(0);
    expect(traced.status).toBe(0);
    expect(plain.stderr).not.toContain("trace");
    expect(report(traced.stdout)).toEqual(report(plain.stdout));
    const { rows, ranges } = traceTable(traced.stderr);
    expect(rows.map((r) => r.thread)).toEqual(["main", "worker 1"]);
    for (const row of rows) {
      for (const phase of ["read", "parse", "tally", "merge"]) expect(row.phases.get(phase)).toBeGreaterThan(0);
    }
    // The main thread waits for the worker's tally (or the worker for nothing): one of them waits.
    expect(rows.some((r) => (r.phases.get("wait") ?? 0) > 0)).toBe(true);
    // stats hands out ranges of 4 MiB at least as threads ask: the first to each thread, together the whole file.
    expect(ranges).toHaveLength(2);
    expect(ranges[0]).toMatch(/^swurl: trace: range 0 \[0\.0, 4\.2\) MB on main: \d+-\d+ ms$/);
    expect(ranges[1]).toMatch(/^swurl: trace: range 1 \[4\.2, 6\.0\) MB on worker 1: \d+-\d+ ms$/);
  });

  it("parse, one thread: read, parse, format and write; the rows unchanged", () => {
    const file = scratch.file("small.log", combinedLog(1));
    const args = ["parse", "--input", "combined", "--base", BASE, "--format", "tsv", file];
    const plain = swurl(args);
    const traced = swurl([...args, "--trace"]);
    expect(traced.status).toBe(0);
    expect(traced.stdout).toBe(plain.stdout);
    const { rows, ranges } = traceTable(traced.stderr);
    expect(rows.map((r) => r.thread)).toEqual(["main"]);
    for (const phase of ["start", "read", "parse", "format", "write"])
      expect(rows[0].phases.get(phase)).toBeGreaterThan(0);
    expect(rows[0].phases.has("tally")).toBe(false);
    expect(ranges).toEqual([]);
  });

  it("parse --threads 2: a row per thread, each range listed; the rows unchanged", () => {
    const file = scratch.file("ranges.log", combinedLog(6));
    const args = ["parse", "--input", "combined", "--base", BASE, "--format", "tsv", "--threads", "2", file];
    const traced = swurl([...args, "--trace"]);
    expect(traced.status).toBe(0);
    expect(traced.stdout).toBe(swurl(args.filter((a) => a !== "2" && a !== "--threads")).stdout);
    const { rows, ranges } = traceTable(traced.stderr);
    expect(rows.map((r) => r.thread)).toEqual(["main", "worker 1"]);
    // Two ranges of 4 MB: listed one by one.
    expect(ranges.map((r) => /range (\d+)/.exec(r)?.[1]).sort()).toEqual(["0", "1"]);
  });

  it("stats --threads 2 on a gzip file: a row for the thread that inflates it; the report unchanged", () => {
    const file = scratch.file("big.log.gz", gzipSync(combinedLog(3)));
    const args = ["stats", "--input", "combined", "--base", BASE, "--json", "--threads", "2", file];
    const traced = swurl([...args, "--trace"]);
    expect(traced.status).toBe(0);
    expect(report(traced.stdout)).toEqual(report(swurl(args).stdout));
    const { rows, ranges } = traceTable(traced.stderr);
    expect(rows.map((r) => r.thread)).toEqual(["main", "inflate"]);
    const inflate = rows[1];
    // It loads, awaits the file and zlib, posts chunks: nothing of a parser's phases.
    for (const phase of ["start", "read", "write"]) expect(inflate.phases.get(phase)).toBeGreaterThan(0);
    for (const phase of ["parse", "tally"]) expect(inflate.phases.get(phase)).toBe(0);
    for (const phase of ["read", "parse", "tally"]) expect(rows[0].phases.get(phase)).toBeGreaterThan(0);
    // The main thread's work spans the inflating thread's: it cannot end before its last chunk came.
    expect(rows[0].total).toBeGreaterThanOrEqual(inflate.total - 1);
    expect(ranges).toEqual([]);
  });

  it("is refused by canon", () => {
    const r = swurl(["canon", "--trace"], "http://a/\n");
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/unknown option --trace/);
  });
});
