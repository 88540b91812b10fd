// --log-format: a server's own definition of its access-log lines, compiled
// once into a program (log-program.ts). The two syntaxes are told apart by
// their sigils:
//   nginx  log_format: variables $name or ${name}, the rest literal text
//          ('$remote_addr - $remote_user [$time_local] "$request" ...');
//   Apache LogFormat (mod_log_config): directives %X, %>X, %{arg}X, %%
//          for "%", the C escapes \" \\ \t \n of the configuration string
//          ('%h %l %u %t \"%r\" %>s %b ...').
// A field keeps the server's name ("remote_addr", "%>s") and answers to the
// common name of what it holds (client, status...). Both servers escape `"`,
// `\` and bytes outside printable ASCII in the values they write (\xHH).

import { UsageError } from "../errors.js";
import {
  type CommonName,
  type FieldKind,
  type LogProgram,
  type ProgramField,
  program,
  type TimeSyntax,
} from "./log-program.js";
import { readsStrftime } from "./log-time.js";

/** A piece of a definition: literal text or a field. */
type Piece = string | ProgramField;

/** What a variable or directive holds: its common name, kind, time syntax or duration unit. */
type Meaning = Omit<ProgramField, "name" | "escaped">;

export const text = (common?: CommonName): Meaning => ({ common, kind: "text" });
export const integer = (common?: CommonName): Meaning => ({ common, kind: "integer" });
/** A duration in seconds, a decimal. */
export const seconds = (common?: CommonName): Meaning => ({ common, kind: "decimal", unit: 1 });
/** A duration as an integer count of `unit` seconds (1e-3: milliseconds). */
export const integerDuration = (unit: number, common?: CommonName): Meaning => ({ common, kind: "integer", unit });
/** The time of the request, written in `syntax`. */
export const time = (syntax: TimeSyntax, kind: FieldKind = "text"): Meaning => ({ common: "time", kind, time: syntax });

/** nginx's variables (ngx_http_log_module, ngx_http_core_module) that have a common name or a type. */
const NGINX: Record<string, Meaning> = {
  remote_addr: text("client"),
  remote_user: text("user"),
  time_local: time("clf"),
  time_iso8601: time("iso"),
  msec: time("epoch", "decimal"),
  request: text("request"),
  request_method: text("method"),
  request_uri: text("target"),
  args: text("query"),
  query_string: text("query"),
  server_protocol: text("version"),
  status: integer("status"),
  body_bytes_sent: integer("bytes"),
  bytes_sent: integer("bytes"),
  request_length: integer(),
  http_referer: text("referer"),
  http_user_agent: text("agent"),
  host: text("vhost"),
  http_host: text("vhost"),
  server_name: text("vhost"),
  server_port: integer("port"),
  scheme: text("scheme"),
  request_time: seconds("duration"),
  pipe: text(),
  connection: integer(),
  connection_requests: integer(),
};

/** Apache's directives by letter (mod_log_config's "Custom Log Formats"). */
const APACHE: Record<string, Meaning> = {
  a: text("client"),
  h: text("client"),
  l: text("ident"),
  u: text("user"),
  t: time("clf"),
  r: text("request"),
  m: text("method"),
  U: text("target"),
  q: text("query"),
  H: text("version"),
  s: integer("status"),
  b: integer("bytes"),
  B: integer("bytes"),
  O: integer("bytes"),
  I: integer(),
  S: integer(),
  v: text("vhost"),
  V: text("vhost"),
  p: integer("port"),
  D: integerDuration(1e-6, "duration"),
  T: integerDuration(1, "duration"),
  k: integer(),
  P: integer(),
};

/** Apache's request headers (%{Name}i) with a common name. */
const APACHE_HEADERS: Record<string, CommonName> = { referer: "referer", "user-agent": "agent", host: "vhost" };

/** %{UNIT}T: the duration in that unit. */
const APACHE_UNITS: Record<string, number> = { s: 1, ms: 1e-3, us: 1e-6 };

/**
 * %{FORMAT}t, FORMAT after an optional "begin:" or "end:" (when the time was
 * taken): the epoch forms, a strftime(3) format whose conversions log-time.ts
 * reads, or text without a time (msec_frac, usec_frac, anything else).
 */
const APACHE_EPOCHS: Record<string, ProgramField["time"]> = { sec: "epoch", msec: "epoch-ms", usec: "epoch-us" };

/** The field of a variable or directive `name`; `meaning` undefined: text of no common name. */
function field(name: string, meaning: Meaning | undefined): ProgramField {
  return { name, escaped: true, ...(meaning ?? text()) };
}

/** nginx: $name (letters, digits, _) or ${name}. */
function nginxPieces(definition: string): Piece[] {
  const pieces: Piece[] = [];
  const re = /\$(?:\{([^}]*)\}|([A-Za-z0-9_]+))/g;
  let last = 0;
  for (const m of definition.matchAll(re)) {
    pieces.push(definition.slice(last, m.index));
    const name = m[1] ?? m[2];
    if (name === "") throw new UsageError(`--log-format: \${} names no variable`);
    pieces.push(field(name, NGINX[name]));
    last = m.index + m[0].length;
  }
  pieces.push(definition.slice(last));
  return pieces;
}

const C_ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", t: "\t", n: "\n" };

/** The meaning of Apache's directive `letter` with argument `arg` (or undefined). */
function apacheMeaning(letter: string, arg: string | undefined): Meaning | undefined {
  if (arg === undefined) return APACHE[letter];
  switch (letter) {
    case "i": {
      const common = APACHE_HEADERS[arg.toLowerCase()];
      return common === undefined ? undefined : text(common);
    }
    case "a":
      return arg === "c" ? text("client") : undefined;
    case "p":
      return integer(arg === "remote" ? undefined : "port");
    case "T": {
      const unit = APACHE_UNITS[arg];
      return unit === undefined ? undefined : integerDuration(unit, "duration");
    }
    case "t": {
      const format = arg.replace(/^(begin|end):/, "");
      const epoch = APACHE_EPOCHS[format];
      if (epoch !== undefined) return time(epoch, "integer");
      return readsStrftime(format) ? time(`strftime:${format}`) : text();
    }
    default:
      return undefined;
  }
}

/** Apache: %[<>][!][codes][{arg}]letter, or %^ti / %^to; %% a percent sign; \" \\ \t \n the characters. */
function apachePieces(definition: string): Piece[] {
  const pieces: Piece[] = [];
  let literal = "";
  const re = /%%|\\(.)|%[<>]?!?[\d,]*(?:\{([^}]*)\})?(\^t[io]|[a-zA-Z])/gs;
  let last = 0;
  for (const m of definition.matchAll(re)) {
    literal += definition.slice(last, m.index);
    last = m.index + m[0].length;
    if (m[0] === "%%") literal += "%";
    else if (m[1] !== undefined) literal += C_ESCAPES[m[1]] ?? `\\${m[1]}`;
    else {
      const [written, , arg, letter] = m;
      if (letter === "t" && arg === undefined) {
        // %t is the time in brackets: the brackets are literals, the field what they hold.
        pieces.push(`${literal}[`, field(written, APACHE.t));
        literal = "]";
        continue;
      }
      pieces.push(literal, field(written, apacheMeaning(letter, arg)));
      literal = "";
    }
  }
  const rest = definition.slice(last);
  if (/%/.test(rest)) throw new UsageError(`--log-format: ${JSON.stringify(rest)}: not an Apache directive`);
  pieces.push(literal + rest);
  return pieces;
}

/** Which syntax `definition` is written in, by its sigils (or both, or none). */
function syntaxOf(definition: string): "nginx" | "apache" | "both" | "none" {
  const nginx = /\$(?:\{|[A-Za-z0-9_])/.test(definition);
  const apache = /%[<>]?!?[\d,]*(?:\{[^}]*\})?(?:\^t[io]|[a-zA-Z])/.test(definition);
  return nginx && apache ? "both" : nginx ? "nginx" : apache ? "apache" : "none";
}

/**
 * The program of pieces (literal, field, literal, ...; a literal may be ""):
 * two fields with no literal between cannot be told apart, but Apache's
 * %U%q, the path and its query, read as one target.
 */
export function compilePieces(pieces: Piece[], spaceRuns = false): LogProgram {
  const literals: string[] = [""];
  const fields: ProgramField[] = [];
  for (const piece of pieces) {
    if (typeof piece === "string") {
      literals[literals.length - 1] += piece;
      continue;
    }
    const before = fields.at(-1);
    if (before !== undefined && literals.at(-1) === "") {
      if (before.common === "target" && piece.common === "query") {
        fields[fields.length - 1] = { ...before, name: before.name + piece.name };
        continue;
      }
      throw new UsageError(
        `--log-format: ${before.name} and ${piece.name} have nothing between them: where one ends cannot be told`,
      );
    }
    fields.push(piece);
    literals.push("");
  }
  if (fields.length === 0) throw new UsageError("--log-format: the definition has no field");
  const names = fields.map((f) => f.name);
  for (const [i, n] of names.entries())
    if (names.indexOf(n) !== i) throw new UsageError(`--log-format: ${n} is in the definition twice`);
  return program(literals, fields, spaceRuns);
}

/**
 * The programs compiled in this thread, by definition: a run asks for its
 * format's program where it checks its options, where it reads (each range,
 * with threads) and where it asks what a field is; a program is never
 * changed once compiled, so one serves them all.
 */
const compiled = new Map<string, LogProgram>();

/** The program of an nginx log_format or Apache LogFormat definition, compiled once per thread. */
export function compileLogFormat(definition: string): LogProgram {
  const known = compiled.get(definition);
  if (known !== undefined) return known;
  const fresh = compileDefinition(definition);
  compiled.set(definition, fresh);
  return fresh;
}

/** Compile an nginx log_format or Apache LogFormat definition. */
function compileDefinition(definition: string): LogProgram {
  const syntax = syntaxOf(definition);
  if (syntax === "both" || syntax === "none") {
    const which = syntax === "both" ? ", not both" : ": the definition names no field of either";
    throw new UsageError(
      `--log-format: write an nginx log_format ($remote_addr ...) or an Apache LogFormat (%h ...)${which}`,
    );
  }
  return compilePieces(syntax === "nginx" ? nginxPieces(definition) : apachePieces(definition));
}

/** A field read from a vendor's table of fields (log-formats.ts): its name, meaning, whether the server escapes it. */
export function vendorField(name: string, meaning: Meaning | undefined, escaped = false): ProgramField {
  return { name, escaped, ...(meaning ?? text()) };
}

export type { FieldKind, Meaning };
