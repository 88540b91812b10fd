// A log format compiled into a program (log-format.ts): the literal bytes
// between its fields and, for each field, how its end is found and what it
// may hold. The command's WASM module runs it over a block's lines
// (assembly/program.ts, through program-kernel.ts) and gives each field's
// byte range, making no string: the strings are made when a field is asked
// for.
//
//   literal[0] field[0] literal[1] field[1] ... field[n-1] literal[n]
//
// A field ends at the first byte of the literal after it; a field after a
// literal that ends with `"` and before one that starts with `"` is quoted:
// it ends at the first `"` that no backslash escapes (Apache's and nginx's
// escapes). A field at the end of the definition ends at a space, a tab or
// the end of the line. After the last literal a line may go on after a space or a
// tab (the fields a server adds after its format's).

import { ACCESS_LOG_FIELDS } from "./log-fields.js";
import { strftimeExtent } from "./log-time.js";

/** The meaning of a field to the commands: the common names a user may group by, beside the server's names (the Combined Log Format's, and more). */
const COMMON_NAMES = [...ACCESS_LOG_FIELDS, "query", "vhost", "port", "scheme", "duration"] as const;
export type CommonName = (typeof COMMON_NAMES)[number];

/** How a time field is written (log-time.ts reads each). */
export type TimeSyntax =
  | "clf" // 10/Oct/2026:13:55:36 +0000 (Apache %t, nginx $time_local)
  | "iso" // 2026-10-10T13:55:36+00:00, 2026-10-10T13:55:36.123456Z
  | "date" // W3C date, 2026-10-10 (UTC), with a "clock" field
  | "clock" // W3C time, 13:55:36 (UTC)
  | "epoch" // seconds since 1970 (a fraction allowed)
  | "epoch-ms"
  | "epoch-us"
  | `strftime:${string}`; // Apache %{FORMAT}t: the strftime(3) FORMAT (log-time.ts reads the conversions it can)

/** What a field holds: text, an integer ("-" is none), a decimal number, or a time. */
export type FieldKind = "text" | "integer" | "decimal";

export interface ProgramField {
  /** The server's name: nginx's variable, Apache's directive (%>s), a W3C or vendor field name. */
  name: string;
  /** The common name it answers to, if any. */
  common?: CommonName;
  kind: FieldKind;
  /** The syntax of a time field. */
  time?: TimeSyntax;
  /** A duration field's unit, in seconds (1e-3: milliseconds). */
  unit?: number;
  /** The server escapes `"`, `\` and other bytes as \", \\ and \xHH in this field (Apache, nginx). */
  escaped: boolean;
  /** The server writes this field URL-encoded: some bytes as %XX, "%" itself as %25 (CloudFront). */
  urlEncoded?: boolean;
  /** The server writes a space of this field as "+" (IIS's W3C text fields): each "+" is read as a space. */
  plusSpaces?: boolean;
  /** "host:port" in one field: the common name is its host (an ELB's client:port). */
  hostPort?: boolean;
}

export interface LogProgram {
  /** The literal bytes around the fields: one more than the fields. */
  literals: Uint8Array[];
  fields: ProgramField[];
  /** Per field: it is quoted (ends at an unescaped quote). */
  quoted: boolean[];
  /** Per field: a time whose own syntax says where it ends (log-time.ts strftimeExtent), or null. */
  extents: (RegExp | null)[];
  /** A space of a literal matches a run of spaces (Squid pads its columns). */
  spaceRuns: boolean;
}

/** The program of a definition's literals and fields (what log-format.ts compiles). */
export function program(literals: string[], fields: ProgramField[], spaceRuns = false): LogProgram {
  const encoder = new TextEncoder();
  return {
    literals: literals.map((l) => encoder.encode(l)),
    fields,
    quoted: fields.map((_, k) => literals[k].endsWith('"') && literals[k + 1].startsWith('"')),
    extents: fields.map((f) => strftimeExtent(f.time)),
    spaceRuns,
  };
}
