// The CPU time and peak memory of one run of the command, as the command's
// own process reports them at its exit (process.resourceUsage(): user and
// system CPU microseconds, maximum resident set size in KiB, loaded with
// --import before the command): figures for a fault test's bounds, which do
// not depend on the machine's load as wall-clock time does.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CLI } from "./cli-run";
import { runChild } from "./child";

export interface Measured {
  status: number | null;
  stdout: string;
  stderr: string;
  /** User plus system CPU seconds of the child. */
  cpu: number;
  /** Peak resident set size in bytes. */
  peak: number;
}

/** A mark in front of time's own line, so that the command's stderr stays apart. */
const MARK = "swurl-test-time:";

/** A module that writes the process's figures on stderr when it exits, after MARK. */
const REPORT = `data:text/javascript,${encodeURIComponent(
  `process.on("exit", () => { const u = process.resourceUsage(); ` +
    `process.stderr.write("${MARK}" + u.userCPUTime / 1e6 + " " + u.systemCPUTime / 1e6 + " " + u.maxRSS + "\\n"); });`,
)}`;

/** Run `swurl ...args` (standard input from `input`) and take its CPU time and peak memory. */
export function measure(args: string[], input: string | Buffer = "", limitMs?: number): Measured {
  const r = runChild(process.execPath, ["--import", REPORT, CLI, ...args], {
    input,
    maxBuffer: 1 << 30,
    ...(limitMs === undefined ? {} : { timeout: limitMs }),
  });
  return figures(r.status, r.signal, r.stdout.toString("utf8"), r.stderr.toString("utf8"));
}

/** The result of a run whose stderr ends with REPORT's figures. */
function figures(status: number | null, signal: string | null, stdout: string, stderr: string): Measured {
  const at = stderr.lastIndexOf(MARK);
  if (at === -1) throw new Error(`no figures from the command (status ${status}, signal ${signal}): ${stderr}`);
  const [user, system, kib] = stderr
    .slice(at + MARK.length)
    .trim()
    .split(" ")
    .map(Number);
  return { status, stdout, stderr: stderr.slice(0, at), cpu: user + system, peak: kib * 1024 };
}

/** Bytes of standard output kept for the result: more is read and dropped (a test of memory may write much). */
const KEPT_OUTPUT = 1 << 20;

/**
 * measure() with standard input written from `input` as it is made (a test
 * of memory need not hold its input), and at most KEPT_OUTPUT bytes of
 * standard output kept. `readAfterMs`: standard output is not read for
 * that long, or until all of the input was taken (a slow reader: the pipe
 * fills, and a command that waits for its writes stops taking input).
 */
export async function measureStream(
  args: string[],
  input: AsyncIterable<Uint8Array | string>,
  readAfterMs = 0,
): Promise<Measured> {
  const child = spawn(process.execPath, ["--import", REPORT, CLI, ...args], { stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => {
    if (stdout.length < KEPT_OUTPUT) stdout += d.toString("utf8");
  });
  if (readAfterMs > 0) child.stdout.pause();
  const reading = setTimeout(() => child.stdout.resume(), readAfterMs);
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
  const exited = once(child, "close");
  // A command that stops reading early ends the pipe: that is its result, not the test's error.
  child.stdin.on("error", () => {});
  try {
    await pipeline(Readable.from(input), child.stdin);
  } catch {
    // As above.
  }
  // A command that took all of its input while its output was not read held that output.
  clearTimeout(reading);
  child.stdout.resume();
  const [status, signal] = (await exited) as [number | null, string | null];
  return figures(status, signal, stdout, stderr);
}
