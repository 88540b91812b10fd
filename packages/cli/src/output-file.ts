// --output FILE, all or nothing: the output is written to a temporary file
// beside FILE and renamed over it once complete (rename(2) within one folder
// is atomic), so a reader of FILE sees the previous file or the whole new
// one, never a part. On an error, SIGINT or SIGTERM the temporary file is
// removed and FILE is left as it was. FILE that exists and is not a regular
// file (/dev/stdout, a FIFO) is written in place: there is nothing to rename.

import { randomBytes } from "node:crypto";
import { realpathSync, statSync, unlinkSync } from "node:fs";
import { rename } from "node:fs/promises";
import path from "node:path";

/** Temporary files not yet renamed: removed when the process exits before their commit. */
const pending = new Set<string>();

/** The exit status of a process ended by a signal, as shells report it: 128 + its number. */
const SIGNAL_STATUS: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };

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

/** Where output for `file` goes: a temporary file beside it, or `file` itself when it is not a regular file. */
export function outputTarget(file: string): { write: string; commit: () => Promise<void> } {
  let target = file;
  try {
    if (!statSync(file).isFile()) return { write: file, commit: async () => {} };
    // A symbolic link to a file: the file it names is replaced, not the link.
    target = realpathSync(file);
  } catch {
    // No such file yet: it is made by the rename.
  }
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.swurl-${randomBytes(6).toString("hex")}`);
  hookExit();
  pending.add(temp);
  return {
    write: temp,
    async commit() {
      await rename(temp, target);
      pending.delete(temp);
    },
  };
}
