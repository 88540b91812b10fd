// The fields of one input record, read in JavaScript: an access-log line's
// (only when a command asks for a log field: the URL itself is found by the
// kernel, assembly/access-log.ts), a JSON Lines object's keys, the cells of a
// CSV or TSV record.

import { LOG_FIELDS, requestParts, unescapeLogField } from "swurl";
import { jsonString } from "./json-text.js";

/** The fields of a Common or Combined Log Format line, in line order (the request split in three). */
export const ACCESS_LOG_FIELDS = LOG_FIELDS;
type AccessLogField = (typeof ACCESS_LOG_FIELDS)[number];

/** A record's field by name; null where it is absent. */
export type FieldReader = (name: string) => string | null;

/**
 * A quoted log field: escapes (\", \\, \xHH) kept, undone by unescapeLogField().
 * Written as runs of plain bytes between escapes, so that V8 reads a run in
 * one loop of its class rather than trying an alternation at every byte.
 */
const QUOTED = String.raw`"([^"\\]*(?:\\[\s\S][^"\\]*)*)"`;

/**
 * The Common and Combined Log Formats by their grammar, as the kernel reads
 * them (assembly/access-log.ts): client, ident and user are runs of bytes
 * other than space; time in brackets; the request quoted; status and bytes
 * digits or "-"; then, in Combined, the quoted referer and user agent; then
 * anything a server adds after a space.
 */
const COMMON = new RegExp(
  String.raw`^([^ ]+) ([^ ]+) ([^ ]+) \[([^\]]+)\] ${QUOTED} (\d+|-) (\d+|-)(?: ${QUOTED} ${QUOTED}(?= |$))?(?: [\s\S]*)?$`,
);

/** "-" is Apache's and nginx's "no value". */
function value(token: string | undefined): string | null {
  return token === undefined || token === "-" ? null : token;
}

const NO_LOG_FIELDS = Object.fromEntries(ACCESS_LOG_FIELDS.map((f) => [f, null])) as Record<
  AccessLogField,
  string | null
>;

/**
 * The fields of an access-log line, by ACCESS_LOG_FIELDS name; every one
 * null where the line does not match the format (`combined`: with referer
 * and user agent).
 */
export function accessLogFields(line: string, combined: boolean): Record<AccessLogField, string | null> {
  const m = COMMON.exec(line);
  if (m === null || (combined && m[8] === undefined)) return NO_LOG_FIELDS;
  const [, client, ident, user, time, quotedRequest, status, bytes, referer, agent] = m;
  // "METHOD target VERSION", split as the kernel splits it (before the escapes are undone).
  const parts = requestParts(quotedRequest);
  const unescaped = (v: string | null | undefined) =>
    v === null || v === undefined ? null : value(unescapeLogField(v));
  return {
    client: value(client),
    ident: value(ident),
    user: value(user),
    time: value(time),
    request: unescaped(quotedRequest),
    method: unescaped(parts?.method),
    target: unescaped(parts?.target),
    version: unescaped(parts?.version),
    status: value(status),
    bytes: value(bytes),
    referer: unescaped(referer),
    agent: unescaped(agent),
  };
}

/** A JSON value as a field: strings as they are, other values as JSON; null and absent keys are null. */
function jsonField(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  return typeof v === "string" ? v : jsonString(v);
}

/** The value at a dotted key path ("request.url") of a parsed JSON value. */
function atPath(object: unknown, path: string): unknown {
  let v = object;
  for (const key of path.split(".")) {
    if (typeof v !== "object" || v === null) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** A field at a key path: strings as they are, other values as JSON. */
export function jsonPath(object: unknown, path: string): string | null {
  return jsonField(atPath(object, path));
}

/** A field at a key path as JSON text (a string with its quotes, a number as written); null and absent keys are null. */
export function jsonText(object: unknown, path: string): string | null {
  const v = atPath(object, path);
  return v === undefined || v === null ? null : jsonString(v);
}

/** A URL at a key path: only a string is one. */
export function jsonUrl(object: unknown, path: string): string | null {
  const v = atPath(object, path);
  return typeof v === "string" ? v : null;
}

/** Whether `text` holds an odd number of quotes: a CSV record that ends after it is inside a quoted field. */
export function oddQuotes(text: string): boolean {
  let n = 0;
  for (let i = text.indexOf('"'); i !== -1; i = text.indexOf('"', i + 1)) n++;
  return (n & 1) === 1;
}

/** RFC 4180 cells of one CSV record (which may span lines). */
export function csvCells(record: string): string[] {
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    let cell = "";
    if (record[i] === '"') {
      for (i++; i < record.length; i++) {
        if (record[i] === '"') {
          if (record[i + 1] !== '"') {
            i++;
            break;
          }
          i++;
        }
        cell += record[i];
      }
    }
    const comma = record.indexOf(",", i);
    cell += record.slice(i, comma === -1 ? record.length : comma);
    cells.push(cell);
    if (comma === -1) return cells;
    i = comma + 1;
  }
}

const TSV_UNESCAPES: Record<string, string> = { "\\\\": "\\", "\\t": "\t", "\\n": "\n", "\\r": "\r" };

/** The cells of a TSV line, with \\, \t, \n and \r (as `swurl parse --format tsv` writes them) decoded. */
export function tsvCells(line: string): string[] {
  const cells = line.split("\t");
  return line.includes("\\") ? cells.map((c) => c.replace(/\\[\\tnr]/g, (e) => TSV_UNESCAPES[e])) : cells;
}
