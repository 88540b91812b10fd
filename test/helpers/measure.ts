// The CPU time and peak memory of one run of the command, as /usr/bin/time
// reports them for the child (GNU time: user and system seconds, maximum
// resident set size in KiB): figures for a fault test's bounds, which do not
// depend on the machine's load as wall-clock time does.
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

/** Run `swurl ...args` (standard input from `input`, or a shell redirection in `stdin`) under /usr/bin/time. */
export function measure(args: string[], input: string | Buffer = "", limitMs?: number): Measured {
  const r = runChild("/usr/bin/time", ["-f", `${MARK}%U %S %M`, process.execPath, CLI, ...args], {
    input,
    maxBuffer: 1 << 30,
    ...(limitMs === undefined ? {} : { timeout: limitMs }),
  });
  const stderr = r.stderr.toString("utf8");
  const at = stderr.lastIndexOf(MARK);
  if (at === -1) throw new Error(`no figures from /usr/bin/time (status ${r.status}, signal ${r.signal}): ${stderr}`);
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
