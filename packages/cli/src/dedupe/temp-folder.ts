// A temporary folder that is removed whatever happens: at the end, on an
// error, on process.exit() (a reader that went away, Ctrl-C with a progress
// line) and on SIGINT or SIGTERM, which would otherwise end the process
// without any of these.

import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { OutputError } from "../errors.js";
import { reason } from "../io.js";

/**
 * Files of the folder merged at once: more than the 256 partitions of one
 * dedupe spill, fewer than the files a process may open (often 1,024).
 */
export const MERGE_FILES = 300;

/** Bytes a FileWriter buffers before a write. */
const WRITE_BUFFER = 1 << 16;

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
      throw new OutputError(`cannot make a temporary folder in ${where}: ${reason(e)}`);
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

function tempError(folder: TempFolder, e: unknown): OutputError {
  return new OutputError(`cannot write the temporary folder ${folder.path}: ${reason(e)}`);
}

/** Files written through small buffers, synchronously (the spill is the only work going on). */
export class FileWriter {
  private readonly fd: number;
  private readonly buffer = Buffer.allocUnsafe(WRITE_BUFFER);
  private filled = 0;

  constructor(
    private readonly folder: TempFolder,
    readonly path: string,
  ) {
    this.fd = this.io(() => openSync(path, "w"));
  }

  private io<T>(action: () => T): T {
    try {
      return action();
    } catch (e) {
      throw tempError(this.folder, e);
    }
  }

  write(bytes: Uint8Array): void {
    if (this.filled + bytes.length > this.buffer.length) this.flush();
    if (bytes.length > this.buffer.length) this.writeAll(bytes);
    else {
      this.buffer.set(bytes, this.filled);
      this.filled += bytes.length;
    }
  }

  private flush(): void {
    this.writeAll(this.buffer.subarray(0, this.filled));
    this.filled = 0;
  }

  private writeAll(bytes: Uint8Array): void {
    for (let done = 0; done < bytes.length; )
      done += this.io(() => writeSync(this.fd, bytes, done, bytes.length - done));
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}
