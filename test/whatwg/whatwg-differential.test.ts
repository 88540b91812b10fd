// parse and canParse against whatwg-url 17.3, the WHATWG reference (not Node's
// own URL, which predates recent spec changes): every line of every corpus
// (scripts/data/corpus.mjs CORPORA: the vendored ones and the generated file: and
// IPv4-host lists), kasztp also against a base, and seeded random mutations of
// kasztp's URLs (test/helpers/url-mutations.ts). Every getter must agree, and so must failure.
//
// SWURL_DIFF_CASES sets the number of mutations (default 100000, a tenth in a quick run) and
// SWURL_DIFF_SEED the seed, for longer or different local runs:
//   SWURL_DIFF_CASES=1000000 SWURL_DIFF_SEED=7 npx vitest run test/whatwg/whatwg-differential.test.ts
// (the reference's results are kept for all builds: some 500 bytes a case).
import { describe, expect, it } from "vitest";
import { CORPORA } from "../../scripts/data/corpus.mjs";
import { corpusLines } from "../helpers/corpus";
import { mutationCases, type DiffCase } from "../helpers/url-mutations";
import { reference, REFERENCE_NAME, targets, URL_FIELDS, type UrlApi } from "../helpers/url-targets";
import { show, summarize } from "../helpers/report";
import { randomCases } from "../helpers/quick";

function envInteger(name: string, fallback: number): number {
  const value = process.env[name] ? Number(process.env[name]) : fallback;
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`${name}=${process.env[name]}: expected a whole number`);
  return value;
}

const MUTATIONS = envInteger("SWURL_DIFF_CASES", randomCases(100_000));
const SEED = envInteger("SWURL_DIFF_SEED", 0x5eed);
const CORPUS_BASE = "https://example.com/a/b?c#d";
// The reference costs 50-150 us a URL: allow 1 ms a case for long runs on slow machines.
const TIMEOUT = Math.max(120_000, MUTATIONS);

// One real URL per line; the last is a truncated "https://".
const corpus = corpusLines("kasztp");

/** What a parse gives: every getter in URL_FIELDS order, or null for a failure. */
type Outcome = string[] | null;

function outcome(api: UrlApi, { input, base }: DiffCase): Outcome {
  const url = api.parse(input, base);
  return url && URL_FIELDS.map((field) => url[field]);
}

/** How the API's result on one case differs from the reference's, or null where it agrees. */
function difference(api: UrlApi, c: DiffCase, expected: Outcome): string | null {
  let got: Outcome;
  let canParse: boolean;
  try {
    got = outcome(api, c);
    canParse = api.canParse(c.input, c.base);
  } catch (error) {
    return `threw ${String(error)}`;
  }
  if (expected === null || got === null) {
    if (got !== expected)
      return got === null ? "fails, the reference parses it" : `parses to ${show(got[0])}, the reference fails`;
  } else {
    const fields = URL_FIELDS.flatMap((f, i) =>
      got[i] === expected[i] ? [] : [`${f}: ${show(got[i])}, reference ${show(expected[i])}`],
    );
    if (fields.length > 0) return fields.join("; ");
  }
  return canParse === (expected !== null)
    ? null
    : `canParse is ${canParse}, parse ${expected === null ? "fails" : "succeeds"}`;
}

/** A set of cases whose reference outcomes are computed once, by the first build that needs them. */
function caseSet(cases: DiffCase[]): { cases: DiffCase[]; expected: () => Outcome[] } {
  let outcomes: Outcome[] | undefined;
  return { cases, expected: () => (outcomes ??= cases.map((c) => outcome(reference, c))) };
}

const sets: [string, ReturnType<typeof caseSet>][] = [
  ...CORPORA.map((name): [string, ReturnType<typeof caseSet>] => {
    const lines = corpusLines(name);
    return [`${name} corpus, ${lines.length} lines, without base`, caseSet(lines.map((input) => ({ input })))];
  }),
  [
    `kasztp corpus, ${corpus.length} lines, against ${CORPUS_BASE}`,
    caseSet(corpus.map((input) => ({ input, base: CORPUS_BASE }))),
  ],
  [`${MUTATIONS} mutations, seed ${SEED}`, caseSet(mutationCases(MUTATIONS, SEED, corpus))],
];

describe.each(targets)(`agrees with ${REFERENCE_NAME} (%s)`, (_build, api) => {
  it.each(sets)("%s", { timeout: TIMEOUT }, (_name, { cases, expected }) => {
    const outcomes = expected();
    const disagreements: string[] = [];
    cases.forEach((c, i) => {
      const diff = difference(api, c, outcomes[i]);
      if (diff !== null)
        disagreements.push(
          `#${i} input ${show(c.input)}${c.base === undefined ? "" : ` base ${show(c.base)}`}: ${diff}`,
        );
    });
    expect(
      disagreements.length,
      summarize(`${disagreements.length} of ${cases.length} disagree`, disagreements, 10),
    ).toBe(0);
  });
});
