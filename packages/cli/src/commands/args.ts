// Command-line arguments: node:util's parseArgs, with its errors turned into
// one-line usage messages, and the checks of option values shared by the commands.

import { parseArgs, type ParseArgsConfig } from "node:util";
import { canParse } from "swurl";
import { UsageError } from "../errors.js";
import { openOutput, type Output } from "../io.js";
import { readRoutes } from "../output/routes.js";
import { defaultField, INPUT_FORMATS, type InputFormat, type InputSpec, programRead } from "../input/records.js";
import { compileLogFormat } from "../input/log-format.js";
import { FILTER_OPTIONS } from "../input/filter.js";
import { TRACE_OPTIONS } from "../trace.js";

type OptionSpecs = NonNullable<ParseArgsConfig["options"]>;

/** What every command understands. */
export const COMMON_OPTIONS = {
  help: { type: "boolean", short: "h" },
} as const satisfies OptionSpecs;

/** -o/--output FILE, of every command that writes rows or a report. */
export const OUTPUT_OPTIONS = { output: { type: "string", short: "o" } } as const satisfies OptionSpecs;

/** Where a command writes: --output FILE, all or nothing (output-file.ts), or standard output. */
export function commandOutput(file: string | undefined, stdout: Output): Promise<Output> {
  return file === undefined ? Promise.resolve(stdout) : openOutput(file);
}

/** The help of the input options, shared by the bulk commands. */
export const INPUT_HELP = `Input:
  FILE...                  read in order as one stream; none or - is standard
                           input; gzip and zstd (seen by their first bytes)
                           are decompressed
  -i, --input FORMAT       lines (one URL a line, the default), combined or
                           common (Apache/nginx access logs), jsonl, csv,
                           tsv; or an access log as a server writes it:
                           vcombined, vcommon, w3c, cloudfront, cloudstorage,
                           awselb, awsalb, awss3, squid, traefikclf, caddy
      --log-format DEF     an access log in the server's own format: an
                           nginx log_format ('$remote_addr - $remote_user
                           [$time_local] "$request" ...') or an Apache
                           LogFormat ('%h %l %u %t "%r" %>s %b ...')
      --field NAME         where the URL is: request (default) or referer in
                           an access log; a dotted key path in jsonl (default
                           url); a header name (default url) or a 1-based
                           column number (then there is no header) in csv/tsv
      --base URL           resolve relative URLs (origin-form request
                           targets such as /a?b) against URL
      --base-field NAME    jsonl, csv, tsv: resolve each URL against this
                           field of its record (a page's URL); where it is
                           missing, empty or "-", against --base
      --skip-comments      skip lines that start with #
  A missing field or "-" is a record without a URL (a failure, never
  dropped). Blank lines are no records, but in a list of URLs, where parse
  and canon keep a row for each line.
`;

/** How the input is read: its format, the URL's field, comments. */
export const INPUT_OPTIONS = {
  input: { type: "string", short: "i" },
  "log-format": { type: "string" },
  field: { type: "string" },
  "skip-comments": { type: "boolean" },
} as const satisfies OptionSpecs;

/** The options of the commands that read URLs in bulk. */
export const BULK_OPTIONS = {
  ...COMMON_OPTIONS,
  ...INPUT_OPTIONS,
  base: { type: "string" },
  "base-field": { type: "string" },
  threads: { type: "string" },
} as const satisfies OptionSpecs;

/** --routes FILE, of the commands with the route field (stats, parse). */
const ROUTES_OPTIONS = { routes: { type: "string" } } as const satisfies OptionSpecs;

/** The options of the commands that read records and report their fields (parse, stats). */
export const RECORD_OPTIONS = {
  ...BULK_OPTIONS,
  ...FILTER_OPTIONS,
  ...ROUTES_OPTIONS,
  ...OUTPUT_OPTIONS,
  ...TRACE_OPTIONS,
} as const satisfies OptionSpecs;

export const ROUTES_HELP = `Routes:
      --routes FILE        URL patterns, one a line (the URL Pattern Standard's
                           syntax; a line starting with / is a pathname
                           pattern, # starts a comment): the field route is the
                           first one a URL matches, as FILE writes it
`;

export interface Parsed<O extends OptionSpecs> {
  values: ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>["values"];
  /** The FILE operands, read in order as one stream; none means standard input ("-" is standard input too). */
  files: string[];
}

/** Parse `args` for `command`: options and any number of FILE operands. */
export function parseCommandArgs<O extends OptionSpecs>(command: string, args: string[], options: O): Parsed<O> {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(`${command}: ${describeParseError(e)}`);
  }
  const { values, positionals } = parsed;
  if (positionals.filter((f) => f === "-").length > 1)
    throw new UsageError(`${command}: standard input (-) can be read once only`);
  return { values, files: positionals };
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
      if (error.message?.includes("ambiguous"))
        return `option ${name} needs a value (write ${name}=VALUE for one that starts with "-")`;
      return `option ${name} needs a value`;
    default:
      throw e;
  }
}

/** How a kind of numeric option is read and shown: its value (NaN where it is none) and its words. */
interface NumberKind {
  read(value: string): number;
  show(n: number): string;
  what: string;
}

const INTEGER: NumberKind = {
  read: (value) => (/^\d+$/.test(value) ? Number(value) : NaN),
  show: String,
  what: "an integer",
};

const SIZE_UNITS: Record<string, number> = { "": 1, K: 2 ** 10, M: 2 ** 20, G: 2 ** 30 };

/** A size in bytes: digits with K, M or G (2^10, 2^20, 2^30 bytes) or none; shown in the largest unit that divides it. */
const SIZE: NumberKind = {
  read(value) {
    const m = /^(\d+(?:\.\d+)?)([KMG]?)B?$/i.exec(value);
    return m === null ? NaN : Math.floor(Number(m[1]) * SIZE_UNITS[m[2].toUpperCase()]);
  },
  show(bytes) {
    for (const unit of ["G", "M", "K"]) if (bytes % SIZE_UNITS[unit] === 0) return `${bytes / SIZE_UNITS[unit]}${unit}`;
    return String(bytes);
  },
  what: "a size",
};

/** The value of option --`name` of `command` as `kind` reads it, in [min, max]; `fallback` where it is not given. */
function boundedOption(
  kind: NumberKind,
  example: string,
  [command, name, value, fallback, min, max]: [string, string, string | undefined, number, number, number],
): number {
  if (value === undefined) return fallback;
  const n = kind.read(value);
  if (!(n >= min && n <= max))
    throw new UsageError(
      `${command}: --${name} must be ${kind.what} from ${kind.show(min)} to ${kind.show(max)}${example}, got ${JSON.stringify(value)}`,
    );
  return n;
}

/** The value of a numeric option: an integer in [min, max]. */
export function integerOption(...args: [string, string, string | undefined, number, number, number]): number {
  return boundedOption(INTEGER, "", args);
}

/** A size in bytes (K, M or G, or none) in [min, max]. */
export function sizeOption(...args: [string, string, string | undefined, number, number, number]): number {
  return boundedOption(SIZE, " (such as 512M)", args);
}

/** --base: checked once here, so that a bad base is a usage error and not every line a failure. */
export function baseOption(command: string, value: string | undefined): string | undefined {
  if (value !== undefined && !canParse(value))
    throw new UsageError(`${command}: --base ${JSON.stringify(value)} is not a valid URL`);
  return value;
}

/** --threads N: at most this many (each thread holds a kernel and a range of output). */
const MAX_THREADS = 64;

export function threadsOption(command: string, value: string | undefined): number {
  return integerOption(command, "threads", value, 1, 1, MAX_THREADS);
}

/** --input FORMAT: one of INPUT_FORMATS (`fallback` when absent). */
function inputFormat(command: string, value: string | undefined, fallback: InputFormat = "lines"): InputFormat {
  if (value === undefined) return fallback;
  if ((INPUT_FORMATS as readonly string[]).includes(value)) return value as InputFormat;
  throw new UsageError(
    `${command}: unknown input format ${JSON.stringify(value)}; expected ${INPUT_FORMATS.join(", ")}`,
  );
}

interface InputValues {
  input?: string;
  "log-format"?: string;
  field?: string;
  "base-field"?: string;
  "skip-comments"?: boolean;
  base?: string;
  routes?: string;
}

/**
 * The InputSpec of the options. `skipBlank`: whether a blank line of a list
 * of URLs is skipped (stats) or kept as a failure row, so that row N stays
 * line N (parse, canon); blank lines of the other formats are never records.
 */
export function inputSpec(command: string, values: InputValues, skipBlank: boolean): InputSpec {
  const definition = values["log-format"];
  if (definition !== undefined && values.input !== undefined)
    throw new UsageError(`${command}: --log-format is the input's format: it takes no --input`);
  const format = definition === undefined ? inputFormat(command, values.input) : "log-format";
  // A definition that does not compile is a usage error now, not a failure on every line.
  if (definition !== undefined) {
    try {
      compileLogFormat(definition);
    } catch (e) {
      throw e instanceof UsageError ? new UsageError(`${command}: ${e.message}`) : e;
    }
  }
  const field = values.field ?? defaultField(format);
  if (format === "lines" && values.field !== undefined)
    throw new UsageError(`${command}: --field needs --input (a list of URLs has no fields)`);
  if (values.field === "") throw new UsageError(`${command}: --field needs a name`);
  const log = format === "combined" || format === "common" || programRead(format);
  if (log && field !== "request" && field !== "referer") {
    throw new UsageError(`${command}: --field for an access log is request or referer, got ${JSON.stringify(field)}`);
  }
  if (format === "common" && field === "referer")
    throw new UsageError(`${command}: the Common Log Format has no referer (--input combined has)`);
  const baseField = values["base-field"];
  if (baseField !== undefined && (format === "lines" || log)) {
    throw new UsageError(`${command}: --base-field needs --input jsonl, csv or tsv`);
  }
  return {
    format,
    field,
    baseField,
    base: baseOption(command, values.base),
    skipBlank: skipBlank || format !== "lines",
    skipComments: values["skip-comments"] === true,
    routes: values.routes === undefined ? undefined : readRoutes(command, values.routes),
    logFormat: definition,
  };
}
