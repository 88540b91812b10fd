// --output FILE, all or nothing: the output is written to a temporary file
// beside FILE and renamed over it once complete (rename(2) within one folder
// is atomic), so a reader of FILE sees the previous file or the whole new
// one, never a part. On an error, SIGINT or SIGTERM the temporary file is
// removed and FILE is left as it was. FILE that exists and is not a regular
// file (/dev/stdout, a FIFO) is written in place: there is nothing to rename.

import { readdirSync, realpathSync, statSync, unlinkSync } from "node:fs";
import { rename } from "node:fs/promises";
import path from "node:path";

/** Temporary files not yet renamed: removed when the process exits before their commit. */
const pending = new Set<string>();

/**
 * The signals that stop a run (a closed terminal, Ctrl-C, a scheduler's
 * TERM) and the exit status of each, as shells report it: 128 + its number.
 */
export const SIGNAL_STATUS = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;

let hooked = false;

/** Remove the temporary files of this process (an exit before their commit). */
function removePending(): void {
  for (const file of pending) {
    try {
      unlinkSync(file);
    } catch {
      // Already gone.
    }
  }
  pending.clear();
}

/** Remove the pending files however the process ends: an exit, SIGINT or SIGTERM. */
function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.on("exit", removePending);
  for (const [signal, status] of Object.entries(SIGNAL_STATUS)) {
    // process.exit() runs the "exit" listeners, which a signal's default action would not;
    // a turn later, so that the other listeners (the progress line's) run first.
    process.on(signal, () =>
      setImmediate(() => {
        if (pending.size > 0) process.stderr.write(`swurl: stopped by ${signal}: the output file was not written\n`);
        process.exit(status);
      }),
    );
  }
}

/**
 * The temporary files of FILE are named `.FILE.swurl-PID-RANDOM`: the PID
 * of the process that writes one tells a later run whether its owner is
 * still alive.
 */
const TEMP_NAME = /^\.(.*)\.swurl-(\d+)-[0-9a-f]{12}$/;

/** Whether process `pid` is alive (signal 0 checks without sending). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: alive, another user's.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Remove the temporary files of `target` that a process left when it was killed (SIGKILL runs no handler). */
function removeDead(target: string): void {
  const folder = path.dirname(target);
  for (const name of readdirSync(folder)) {
    const m = TEMP_NAME.exec(name);
    if (m === null || m[1] !== path.basename(target) || alive(Number(m[2]))) continue;
    try {
      unlinkSync(path.join(folder, name));
    } catch {
      // Gone already, or not ours to remove.
    }
  }
}

/**
 * Where output for `file` goes: a temporary file beside it, or `file` itself
 * when it is not a regular file. The new file gets the mode of the one it
 * replaces; `note` hears when FILE had other hard links, which the rename
 * leaves on the previous content.
 */
export function outputTarget(
  file: string,
  note: (text: string) => void = (text) => process.stderr.write(text),
): { write: string; mode: number | null; commit: () => Promise<void> } {
  let target = file;
  let mode: number | null = null;
  try {
    const info = statSync(file);
    if (!info.isFile()) return { write: file, mode: null, commit: async () => {} };
    // A symbolic link to a file: the file it names is replaced, not the link.
    target = realpathSync(file);
    mode = info.mode & 0o7777;
    if (info.nlink > 1)
      note(`swurl: note: ${file} has other hard links; they keep the previous content (the new file replaces it)\n`);
  } catch {
    // No such file yet: it is made by the rename.
  }
  removeDead(target);
  const temp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.swurl-${process.pid}-${process.getBuiltinModule("node:crypto").randomBytes(6).toString("hex")}`,
  );
  hookExit();
  pending.add(temp);
  return {
    write: temp,
    mode,
    async commit() {
      await rename(temp, target);
      pending.delete(temp);
    },
  };
}
