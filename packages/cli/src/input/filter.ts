// Which records a command keeps: --valid-only, --invalid-only, --scheme LIST.

import type { ParsedUrl } from "swurl";
import { UsageError } from "../errors.js";

/** Plain data, so that worker threads get it too. */
export interface RecordFilter {
  /** true: only URLs that parsed; false: only failures; null: both. */
  valid: boolean | null;
  /** Only URLs of these schemes (lower case, no ":"); null: any. A failure has no scheme. */
  schemes: string[] | null;
}

export const FILTER_OPTIONS = {
  "valid-only": { type: "boolean" },
  "invalid-only": { type: "boolean" },
  scheme: { type: "string" },
} as const;

export const FILTER_HELP = `Filters:
      --valid-only     only the records whose URL parses
      --invalid-only   only the records without a URL that parses
      --scheme LIST    only URLs of these schemes (comma-separated, e.g.
                       http,https: drops mailto:, javascript: and failures)
`;

export function recordFilter(
  command: string,
  values: { "valid-only"?: boolean; "invalid-only"?: boolean; scheme?: string },
): RecordFilter {
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
  return { valid: validOnly || schemes !== null ? true : invalidOnly ? false : null, schemes };
}

/** Whether a record with this URL (null: a failure) is kept. */
export function kept(filter: RecordFilter, url: ParsedUrl | null): boolean {
  if (filter.valid !== null && (url !== null) !== filter.valid) return false;
  return filter.schemes === null || (url !== null && filter.schemes.includes(url.protocol.slice(0, -1)));
}
