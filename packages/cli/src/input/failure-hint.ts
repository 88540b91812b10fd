// Why most records of a run failed, where the command can name the
// cause: an access log's request targets without --base, a URL field that no
// record has. One hint on stderr after the run (stats puts it in its report);
// the rows are written as asked all the same.

import { type InputSpec, programRead, type Records } from "./records.js";

/** What a run's records came to: how many, how many without a URL that parses, how many without the URL's field. */
export interface Failures {
  records: number;
  invalid: number;
  missing: number;
}

export function noFailures(): Failures {
  return { records: 0, invalid: 0, missing: 0 };
}

/** Add a block of `records` of which `invalid` had no URL that parses. */
export function addFailures(into: Failures, records: Records, invalid: number): void {
  into.records += records.length;
  into.invalid += invalid;
  into.missing += records.missing;
}

/** The sum of the counts of a run's pieces (one per range with --threads). */
function sumFailures(pieces: Failures[]): Failures {
  const sum = noFailures();
  for (const p of pieces) {
    sum.records += p.records;
    sum.invalid += p.invalid;
    sum.missing += p.missing;
  }
  return sum;
}

/** The cause of relative URLs where the input is an access log read without --base; null otherwise. */
function relativeTargets(spec: InputSpec): string | null {
  const log = spec.format === "combined" || spec.format === "common" || programRead(spec.format);
  return log && spec.base === undefined && spec.field === "request"
    ? "request targets such as /path?query are relative: --base URL (the site's URL) resolves them"
    : null;
}

/** A share of failures this large is no stray bad line but a cause the run has: half of the records. */
const MOST = 0.5;

/**
 * The cause of a run's failures, for its hint, where most of the records it
 * came to (`f`) failed and the cause is one the command can name; null
 * otherwise.
 */
export function failureCause(spec: InputSpec, f: Failures): string | null {
  if (f.records === 0 || f.invalid < MOST * f.records) return null;
  return f.missing === f.records
    ? `no record has the field ${JSON.stringify(spec.field)}: --field NAME names the URL's field`
    : relativeTargets(spec);
}

/** Write the hint, if one is due, for a run of `spec` whose pieces came to `pieces`. */
export function writeFailureHint(spec: InputSpec, pieces: Failures[]): void {
  const cause = failureCause(spec, sumFailures(pieces));
  if (cause !== null) process.stderr.write(`swurl: hint: ${cause}\n`);
}
