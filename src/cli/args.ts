// Command-line arguments: node:util's parseArgs, with its errors turned into
// one-line usage messages, and the checks of option values shared by the commands.

import { parseArgs, type ParseArgsConfig } from "node:util";
import { canParse } from "../index.js";

/** Bad usage: printed as one line (no stack trace), exit status 1. */
export class UsageError extends Error {
  override name = "UsageError";
}

export type OptionSpecs = NonNullable<ParseArgsConfig["options"]>;

/** What every command understands. */
export const COMMON_OPTIONS = {
  help: { type: "boolean", short: "h" },
} as const satisfies OptionSpecs;

/** The options of the commands that read URLs one per line, in bulk. */
export const BULK_OPTIONS = {
  ...COMMON_OPTIONS,
  base: { type: "string" },
  threads: { type: "string" },
} as const satisfies OptionSpecs;

export interface Parsed<O extends OptionSpecs> {
  values: ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>["values"];
  /** The one FILE operand, or "-" (standard input) when there is none. */
  file: string;
}

/**
 * Parse `args` for `command`. At most one operand (the input file) is allowed;
 * "-" or no operand means standard input.
 */
export function parseCommandArgs<O extends OptionSpecs>(command: string, args: string[], options: O): Parsed<O> {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(`${command}: ${describeParseError(e)}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) {
    throw new UsageError(`${command}: expected at most one input file, got ${positionals.length} (${positionals.join(" ")})`);
  }
  return { values, file: positionals[0] ?? "-" };
}

/** parseArgs' messages run long (the unknown-option one explains "--"): keep the first clause. */
function describeParseError(e: unknown): string {
  const error = e as { code?: string; message?: string };
  // "Unknown option '-x'", "Option '-f, --format <value>' argument missing": the long name if there is one.
  const name = /'(?:-\w, )?(--?[^' ]+)/.exec(error.message ?? "")?.[1];
  switch (error.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown option ${name}`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      if (error.message?.includes("does not take an argument")) return `option ${name} takes no value`;
      // "ambiguous": the next word starts with "-", and parseArgs will not take it as the value.
      if (error.message?.includes("ambiguous")) return `option ${name} needs a value (write ${name}=VALUE for one that starts with "-")`;
      return `option ${name} needs a value`;
    default:
      throw e;
  }
}

/** The value of a numeric option: an integer in [min, max]. */
export function integerOption(command: string, name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) throw new UsageError(`${command}: --${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
  return n;
}

/** --base: checked once here, so that a bad base is a usage error and not every line a failure. */
export function baseOption(command: string, value: string | undefined): string | undefined {
  if (value !== undefined && !canParse(value)) throw new UsageError(`${command}: --base ${JSON.stringify(value)} is not a valid URL`);
  return value;
}

/** --threads N: at most this many (each thread holds a kernel and a range of output). */
export const MAX_THREADS = 64;

export function threadsOption(command: string, value: string | undefined): number {
  return integerOption(command, "threads", value, 1, 1, MAX_THREADS);
}
