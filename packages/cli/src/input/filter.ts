// Which records a command keeps: --valid-only, --invalid-only, --scheme LIST,
// --since and --until.

import type { ParsedUrl } from "swurl";
import { UsageError } from "../errors.js";
import type { TimeSyntax } from "./log-program.js";
import { isoTime, logTime } from "./log-time.js";
import { timeSyntax } from "./program-records.js";
import type { InputSpec, Records } from "./records.js";

/** Plain data, so that worker threads get it too. */
export interface RecordFilter {
  /** true: only URLs that parsed; false: only failures; null: both. */
  valid: boolean | null;
  /** Only URLs of these schemes (lower case, no ":"); null: any. A failure has no scheme. */
  schemes: string[] | null;
  /** Only records whose time is in [since, until) (milliseconds; null: open), read in `syntax`; null: any time. */
  time: { since: number | null; until: number | null; syntax: TimeSyntax } | null;
}

export const FILTER_OPTIONS = {
  "valid-only": { type: "boolean" },
  "invalid-only": { type: "boolean" },
  scheme: { type: "string" },
  since: { type: "string" },
  until: { type: "string" },
} as const;

export const FILTER_HELP = `Filters:
      --valid-only     only the records whose URL parses
      --invalid-only   only the records without a URL that parses
      --scheme LIST    only URLs of these schemes (comma-separated, e.g.
                       http,https: drops mailto:, javascript: and failures)
      --since TIME     access logs: only the records at or after TIME, an
                       ISO 8601 date or date and time (2026-10-10,
                       2026-10-10T13:00, 2026-10-10T13:00:00+02:00; UTC
                       without a zone), as the log's time field says
      --until TIME     only the records before TIME (a record without a
                       time is left out by either)
`;

interface FilterValues {
  "valid-only"?: boolean;
  "invalid-only"?: boolean;
  scheme?: string;
  since?: string;
  until?: string;
}

/** --since and --until of an input read as `spec` (undefined: running text). */
function timeWindow(command: string, values: FilterValues, spec: InputSpec | undefined): RecordFilter["time"] {
  if (values.since === undefined && values.until === undefined) return null;
  const syntax = spec === undefined ? null : timeSyntax(spec);
  if (syntax === null) {
    throw new UsageError(`${command}: --since and --until need an access log whose time field swurl reads (--input)`);
  }
  const read = (name: string, value: string | undefined) => {
    if (value === undefined) return null;
    const t = isoTime(value);
    if (t === null)
      throw new UsageError(`${command}: --${name} ${JSON.stringify(value)} is not an ISO 8601 date and time`);
    return t;
  };
  const since = read("since", values.since);
  const until = read("until", values.until);
  if (since !== null && until !== null && until <= since)
    throw new UsageError(`${command}: --until must come after --since`);
  return { since, until, syntax };
}

/** The filter of the options; `spec`: how the input is read (undefined: running text). */
export function recordFilter(command: string, values: FilterValues, spec?: InputSpec): RecordFilter {
  const validOnly = values["valid-only"] === true;
  const invalidOnly = values["invalid-only"] === true;
  if (validOnly && invalidOnly) throw new UsageError(`${command}: --valid-only and --invalid-only exclude each other`);
  const schemes =
    values.scheme === undefined ? null : values.scheme.split(",").map((s) => s.trim().toLowerCase().replace(/:$/, ""));
  if (schemes?.some((s) => !/^[a-z][a-z0-9+.-]*$/.test(s))) {
    throw new UsageError(
      `${command}: --scheme ${JSON.stringify(values.scheme)} is not a comma-separated list of schemes`,
    );
  }
  if (schemes !== null && invalidOnly)
    throw new UsageError(`${command}: --scheme keeps URLs only; it cannot go with --invalid-only`);
  return {
    valid: validOnly || schemes !== null ? true : invalidOnly ? false : null,
    schemes,
    time: timeWindow(command, values, spec),
  };
}

/** Whether record `i` of `records` (none: a link of running text), with this URL (null: a failure), is kept. */
export function kept(filter: RecordFilter, url: ParsedUrl | null, records?: Records, i = 0): boolean {
  if (filter.valid !== null && (url !== null) !== filter.valid) return false;
  if (filter.schemes !== null && (url === null || !filter.schemes.includes(url.protocol.slice(0, -1)))) return false;
  // recordFilter() gives a time window only to records of an access log.
  return filter.time === null || (records !== undefined && inWindow(filter.time, records.field(i, "time")));
}

/** Whether a time written as `text` is in the window. */
function inWindow({ since, until, syntax }: NonNullable<RecordFilter["time"]>, text: string | null): boolean {
  const t = text === null ? null : logTime(text, syntax);
  return t !== null && (since === null || t >= since) && (until === null || t < until);
}
