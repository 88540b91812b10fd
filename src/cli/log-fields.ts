// The fields of one input record, read in JavaScript: an access-log line's
// (only when a command asks for a log field: the URL itself is found by the
// kernel, assembly/access-log.ts), a JSON Lines object's keys, the cells of a
// CSV or TSV record.

import { unescapeLogField } from "../internal.js";

/** The fields of a Common or Combined Log Format line, in line order (the request split in three). */
export const ACCESS_LOG_FIELDS = [
  "client",
  "ident",
  "user",
  "time",
  "request",
  "method",
  "target",
  "version",
  "status",
  "bytes",
  "referer",
  "agent",
] as const;
export type AccessLogField = (typeof ACCESS_LOG_FIELDS)[number];

/** A record's field by name; null where it is absent. */
export type FieldReader = (name: string) => string | null;

/** The tokens of a log line: words split at spaces, [bracketed] and "quoted" (with \-escapes) as one. */
function tokens(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < line.length) {
    if (line[i] === " ") {
      i++;
      continue;
    }
    if (line[i] === '"') {
      let end = i + 1;
      while (end < line.length && line[end] !== '"') end += line[end] === "\\" ? 2 : 1;
      out.push(unescapeLogField(line.slice(i + 1, end)));
      i = end + 1;
    } else {
      const close = line[i] === "[" ? line.indexOf("]", i) : -1;
      const end = close !== -1 ? close + 1 : line.indexOf(" ", i) === -1 ? line.length : line.indexOf(" ", i);
      out.push(close !== -1 ? line.slice(i + 1, close) : line.slice(i, end));
      i = end;
    }
  }
  return out;
}

/** "-" is Apache's and nginx's "no value". */
function value(token: string | undefined): string | null {
  return token === undefined || token === "-" ? null : token;
}

/** The fields of an access-log line, by ACCESS_LOG_FIELDS name. */
export function accessLogFields(line: string): Record<AccessLogField, string | null> {
  const [client, ident, user, time, request, status, bytes, referer, agent] = tokens(line);
  // "METHOD target VERSION", as the kernel splits it: the target runs from the first space to the last.
  const first = request?.indexOf(" ") ?? -1;
  const last = request?.lastIndexOf(" ") ?? -1;
  return {
    client: value(client),
    ident: value(ident),
    user: value(user),
    time: value(time),
    request: value(request),
    method: first > 0 ? request.slice(0, first) : null,
    target: first > 0 ? value(request.slice(first + 1, last > first ? last : undefined)) : null,
    version: last > first ? request.slice(last + 1) : null,
    status: value(status),
    bytes: value(bytes),
    referer: value(referer),
    agent: value(agent),
  };
}

/** A JSON value as a field: strings as they are, other values as JSON; null and absent keys are null. */
function jsonField(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  return typeof v === "string" ? v : JSON.stringify(v);
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

/** A URL at a key path: only a string is one. */
export function jsonUrl(object: unknown, path: string): string | null {
  const v = atPath(object, path);
  return typeof v === "string" ? v : null;
}

/** Whether a CSV record that ends here is still inside a quoted field (odd number of quotes). */
export function insideQuotes(text: string): boolean {
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
