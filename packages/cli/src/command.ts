// What a command of the swurl CLI is, and what it is handed to run.

import type { Output } from "./io.js";

export interface Context {
  stdout: Output;
  /** The CLI's own script, which worker threads load (--threads). */
  script: URL;
}

export interface Command {
  name: string;
  /** One line for the top-level help. */
  summary: string;
  /** The text of `swurl NAME --help`. */
  help: string;
  run(args: string[], context: Context): Promise<void>;
}
