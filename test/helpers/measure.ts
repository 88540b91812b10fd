// The CPU time and peak memory of one run of the command, as the command's
// own process reports them at its exit (process.resourceUsage(): user and
// system CPU microseconds, maximum resident set size in KiB, loaded with
// --import before the command): figures for a fault test's bounds, which do
// not depend on the machine's load as wall-clock time does.
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
  const stderr = r.stderr.toString("utf8");
  const at = stderr.lastIndexOf(MARK);
  if (at === -1) throw new Error(`no figures from the command (status ${r.status}, signal ${r.signal}): ${stderr}`);
  const [user, system, kib] = stderr
    .slice(at + MARK.length)
    .trim()
    .split(" ")
    .map(Number);
  return {
    status: r.status,
    stdout: r.stdout.toString("utf8"),
    stderr: stderr.slice(0, at),
    cpu: user + system,
    peak: kib * 1024,
  };
}
