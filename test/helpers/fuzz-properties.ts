// The fuzz properties: what must hold for every input, checked on all three
// builds (test/helpers/builds.ts). test/api/fuzz.test.ts runs them with a fixed seed and
// replays test/fixtures/fuzz-regressions.json; scripts/fuzz.mjs runs them for
// as long as asked, with a random seed.
//
// Each property is an arbitrary (test/helpers/fuzz-inputs.ts) and a check that returns
// the problems it finds in one value, [] when there is none. Values are plain
// JSON, so that a failing one can be kept in the regressions file as it is.
import fc from "fast-check";
import { builds, type Api } from "./builds";
import { batchDifferences, byteLines, stringLines } from "./batch-lines";
import * as gen from "./fuzz-inputs";
import { show } from "./report";
import { reference, URL_FIELDS, type UrlApi } from "./url-targets";
import { sequence, sequenceDifferences, type Sequence } from "./url-sequences";
import { urlPatternProperty } from "./urlpattern-differential";
import { urlPatternListProperty } from "./urlpattern-list-differential";

export { takeDisputes } from "./urlpattern-differential";

export interface FuzzProperty<T> {
  name: string;
  /** What is checked, for test names and the fuzz script's report. */
  title: string;
  arbitrary: fc.Arbitrary<T>;
  check(value: T): string[];
  /**
   * Where `check` asks an oracle outside swurl: the check without it, for a
   * value on which the oracle did not answer in time (scripts/fuzz.mjs).
   */
  checkWithoutOracle?(value: T): string[];
}

/** The value of a property, as kept in the regressions file. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every getter of a parse, or null where it fails. */
function fields(api: UrlApi, input: string, base?: string): string[] | null {
  const url = api.parse(input, base);
  return url && URL_FIELDS.map((field) => url[field]);
}

/** The problems of `run`: what it returns, or that it threw. */
function guarded(where: string, run: () => string[]): string[] {
  try {
    return run();
  } catch (error) {
    return [`${where}: threw ${String(error)}`];
  }
}

interface ParseCase {
  input: string;
  base?: string;
}

/**
 * parse() on one input, with or without a base: the same getters as whatwg-url
 * (or failure) in every build; never a throw; canParse() is parse() !== null;
 * parse(href) gives href again; a ParsedUrl base gives what its href gives; and
 * parseBatch() of the input gives parse() of each of its lines.
 */
const parseProperty: FuzzProperty<ParseCase> = {
  name: "parse",
  title: "parse ≡ whatwg-url, canParse, parse(href).href = href, ParsedUrl base, parseBatch ≡ parse",
  arbitrary: fc.record({ input: gen.input, base: gen.base }, { requiredKeys: ["input"] }),
  check({ input, base }) {
    const expected = fields(reference, input, base);
    return builds.flatMap(([name, api]) =>
      guarded(name, () => {
        const problems: string[] = [];
        const url = api.parse(input, base);
        const got = url && URL_FIELDS.map((field) => url[field]);
        if (got === null || expected === null) {
          if (got !== expected)
            problems.push(
              `${name}: ${got === null ? "fails" : `gives ${show(got[0])}`}, whatwg-url ${expected === null ? "fails" : `gives ${show(expected[0])}`}`,
            );
        } else {
          URL_FIELDS.forEach((field, i) => {
            if (got[i] !== expected[i])
              problems.push(`${name}: ${field} ${show(got[i])}, whatwg-url ${show(expected[i])}`);
          });
        }
        if (api.canParse(input, base) !== (url !== null))
          problems.push(`${name}: canParse() is ${url === null}, parse() ${url === null ? "fails" : "succeeds"}`);
        if (url !== null) {
          const again = api.parse(url.href)?.href;
          if (again !== url.href)
            problems.push(`${name}: parse(href) gives ${show(again ?? null)} for href ${show(url.href)}`);
        }
        const baseUrl = base === undefined ? null : api.parse(base);
        if (baseUrl !== null && api.parse(input, baseUrl)?.href !== url?.href)
          problems.push(`${name}: a ParsedUrl base gives another result than its href`);
        const lines = stringLines(input);
        problems.push(
          ...batchDifferences(api, api.parseBatch(input, { base }), lines, base).map(
            (d) => `${name}: parseBatch: ${d}`,
          ),
        );
        return problems;
      }),
    );
  },
};

interface BatchCase {
  lines: string[];
  crlf: boolean;
  bom: boolean;
  finalNewline: boolean;
  base?: string;
}

/** parseBatch() of many lines, from a string and from its UTF-8 bytes: line i is parse(line i) in every accessor. */
const batchProperty: FuzzProperty<BatchCase> = {
  name: "batch",
  title: "parseBatch of several lines (string and UTF-8 bytes) ≡ parse of each line",
  arbitrary: fc.record(
    {
      lines: fc.array(gen.input, { maxLength: 10 }),
      crlf: fc.boolean(),
      bom: fc.boolean(),
      finalNewline: fc.boolean(),
      base: gen.base,
    },
    { requiredKeys: ["lines", "crlf", "bom", "finalNewline"] },
  ),
  check({ lines, crlf, bom, finalNewline, base }) {
    const end = crlf ? "\r\n" : "\n";
    const text = (bom ? "\uFEFF" : "") + lines.join(end) + (finalNewline ? end : "");
    const bytes = new TextEncoder().encode(text);
    return builds.flatMap(([name, api]) =>
      guarded(name, () => [
        ...batchDifferences(api, api.parseBatch(text, { base }), stringLines(text), base).map(
          (d) => `${name}: string: ${d}`,
        ),
        ...batchDifferences(api, api.parseBatch(bytes, { base }), byteLines(bytes), base).map(
          (d) => `${name}: bytes: ${d}`,
        ),
      ]),
    );
  },
};

/** parseBatch() of raw bytes, UTF-8 or not: the lines TextDecoder makes of them, each parsed by parse(). */
const bytesProperty: FuzzProperty<number[]> = {
  name: "bytes",
  title: "parseBatch of arbitrary bytes ≡ parse of each line TextDecoder makes",
  arbitrary: gen.bytes,
  check(value) {
    const bytes = Uint8Array.from(value);
    const lines = byteLines(bytes);
    return builds.flatMap(([name, api]) =>
      guarded(name, () => batchDifferences(api, api.parseBatch(bytes), lines).map((d) => `${name}: ${d}`)),
    );
  },
};

/** The errors the API documents: percentDecode strict's SyntaxError, resolve's TypeError for a base without a scheme. */
const DOCUMENTED = /^(SyntaxError: percentDecode: |TypeError: resolve: base )/;

/** The result of `f` as JSON, or the error it threw. */
function outcome(f: () => unknown): string {
  try {
    return JSON.stringify(f()) ?? "undefined";
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

const OPERATIONS: [string, (api: Api, a: string, b: string) => unknown][] = [
  ["split", (api, a) => api.split(a).toJSON()],
  ["percentDecode", (api, a) => api.percentDecode(a)],
  ["percentDecode plusAsSpace strict", (api, a) => api.percentDecode(a, { plusAsSpace: true, strict: true })],
  ["percentEncode component", (api, a) => api.percentEncode(a, "component")],
  ["percentEncode rfc1738", (api, a) => api.percentEncode(a, "rfc1738")],
  ["schemeParts", (api, a) => api.schemeParts(a)],
  ["validate", (api, a) => api.validate(a)],
  ["extractUrls", (api, a, b) => api.extractUrls(`${b} ${a} <URL:${a}>`)],
  ["equivalent", (api, a, b) => api.equivalent(a, b)],
  ["resolve", (api, a, b) => api.resolve(a, b)],
];

/** The other public functions on URL-ish strings: the same result in every build, and no error but documented ones. */
const functionsProperty: FuzzProperty<{ a: string; b: string }> = {
  name: "functions",
  title:
    "split, percent*, schemeParts, validate, extractUrls, equivalent, resolve: builds agree, no undocumented error",
  arbitrary: fc.record({ a: gen.input, b: gen.base }),
  check({ a, b }) {
    const problems: string[] = [];
    for (const [op, run] of OPERATIONS) {
      const results = builds.map(([name, api]) => [name, outcome(() => run(api, a, b))]);
      const [[firstName, first]] = results;
      for (const [name, result] of results) {
        if (result !== first) problems.push(`${op}: ${name} gives ${show(result)}, ${firstName} ${show(first)}`);
      }
      if (/^[A-Za-z]*Error: /.test(first) && !DOCUMENTED.test(first)) problems.push(`${op}: ${first}`);
    }
    return problems;
  },
};

/** Sequences of setters and searchParams methods on corpus URLs (test/helpers/url-sequences.ts): every getter ≡ whatwg-url after every step. */
const settersProperty: FuzzProperty<Sequence> = {
  name: "setters",
  title: "URL setter and searchParams sequences on corpus URLs ≡ whatwg-url after every step, builds agree",
  arbitrary: sequence,
  check: (value) => guarded("sequence", () => sequenceDifferences(value)),
};

export const PROPERTIES: FuzzProperty<never>[] = [
  parseProperty,
  batchProperty,
  bytesProperty,
  functionsProperty,
  settersProperty,
] as FuzzProperty<never>[];

/**
 * Properties run only when named (npm run fuzz -- --property NAME) and by a
 * test file of their own: urlpattern and urlpatternlist need Node 24's
 * URLPattern as their oracle (test/urlpattern/differential.test.ts,
 * list-differential.test.ts).
 */
export const NAMED_PROPERTIES: FuzzProperty<never>[] = [
  urlPatternProperty,
  urlPatternListProperty,
] as FuzzProperty<never>[];

export function propertyNamed(name: string): FuzzProperty<Json> | undefined {
  return [...PROPERTIES, ...NAMED_PROPERTIES].find((p) => p.name === name) as FuzzProperty<Json> | undefined;
}

/** A fast-check property that fails with the problems of `check`. */
export function asProperty<T>({ arbitrary, check }: FuzzProperty<T>): fc.IProperty<[T]> {
  return fc.property(arbitrary, (value) => {
    const problems = check(value);
    if (problems.length > 0) throw new Error(problems.slice(0, 10).join("\n"));
  });
}
