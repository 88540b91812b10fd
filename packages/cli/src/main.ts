// The swurl command line: the command table, the top-level help, and the
// translation of failures into a one-line message and exit status 1.

import { createRequire } from "node:module";
import { extractUrls } from "swurl";
import { canonCommand, canonWork } from "./commands/canon.js";
import type { Command, Context } from "./command.js";
import { extractCommand } from "./commands/extract.js";
import { InputError, OutputError, UsageError } from "./errors.js";
import { Output } from "./io.js";
import { parseCommand, parseWork } from "./commands/parse.js";
import { statsCommand, statsWork } from "./commands/stats.js";
import type { Work } from "./work.js";

const COMMANDS: Command[] = [parseCommand, statsCommand, canonCommand, extractCommand(extractUrls)];

/** The Work of each bulk command by name, for the worker threads. */
export const WORKS: Record<string, Work<never, unknown>> = { parse: parseWork, stats: statsWork, canon: canonWork };

function topHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return `swurl: URLs one per line, parsed as browsers do (WHATWG URL Standard)

Usage: swurl <command> [FILE|-]... [options]

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join("\n")}

With no FILE, or when FILE is -, read standard input; several FILEs are
read in order as one stream, gzip decompressed.
\`swurl <command> --help\` shows the options of a command.

Options:
  -h, --help      show this help
  -v, --version   show the version
`;
}

function version(script: URL): string {
  // build/cli.js sits one folder below package.json, in the repository and in the published package.
  const pkg = createRequire(script)("../package.json") as { version: string };
  return `swurl ${pkg.version}\n`;
}

/** Run the command line `args` (without "node" and the script); returns the exit status. */
export async function main(args: string[], script: URL): Promise<number> {
  const context: Context = { stdout: new Output(process.stdout), script };
  const [name, ...rest] = args;
  try {
    if (name === undefined)
      throw new UsageError(`a command is needed: ${COMMANDS.map((c) => c.name).join(", ")} (swurl --help shows them)`);
    if (name === "-h" || name === "--help" || name === "help") {
      await context.stdout.write(topHelp());
      return 0;
    }
    if (name === "-v" || name === "--version") {
      await context.stdout.write(version(script));
      return 0;
    }
    const command = COMMANDS.find((c) => c.name === name);
    if (command === undefined)
      throw new UsageError(`unknown command ${JSON.stringify(name)} (swurl --help lists the commands)`);
    await command.run(rest, context);
    return 0;
  } catch (e) {
    if (!(e instanceof UsageError || e instanceof InputError || e instanceof OutputError)) throw e;
    process.stderr.write(`swurl: ${e.message}\n`);
    return 1;
  }
}
