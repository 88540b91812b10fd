// A temporary folder that is removed whatever happens: at the end, on an
// error, on process.exit() (a reader that went away, Ctrl-C with a progress
// line) and on SIGINT or SIGTERM, which would otherwise end the process
// without any of these.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { OutputError } from "./errors.js";

/** The exit status of a process ended by a signal, as shells report it: 128 + its number. */
const SIGNAL_STATUS = { SIGINT: 130, SIGTERM: 143 } as const;

export class TempFolder {
  readonly path: string;
  private readonly onExit = () => this.remove();
  private readonly onSignal = (signal: keyof typeof SIGNAL_STATUS) => {
    this.remove();
    process.exit(SIGNAL_STATUS[signal]);
  };

  /** A new folder in `parent` (os.tmpdir() when null), named after `prefix`. */
  constructor(parent: string | null, prefix: string) {
    const where = parent ?? tmpdir();
    try {
      this.path = mkdtempSync(path.join(where, prefix));
    } catch (e) {
      throw new OutputError(`cannot make a temporary folder in ${where}: ${(e as Error).message}`);
    }
    process.on("exit", this.onExit);
    for (const signal of Object.keys(SIGNAL_STATUS)) process.on(signal, this.onSignal);
  }

  file(name: string): string {
    return path.join(this.path, name);
  }

  /** Remove the folder and everything in it (again: nothing). */
  remove(): void {
    rmSync(this.path, { recursive: true, force: true });
    process.removeListener("exit", this.onExit);
    for (const signal of Object.keys(SIGNAL_STATUS)) process.removeListener(signal, this.onSignal);
  }
}
