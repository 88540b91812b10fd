// `stats --by param:NAME` and `--by route`, which the command counts from the
// bytes of each URL's search and pathname in the batch's hrefs
// (query-param.ts, pathname-memo.ts), against a reference loop over the
// lines: parse() of each, then URLSearchParams(url.search).get(NAME) and the
// first route URLPatternList.findIndex(url.href) gives. Random lists of
// URLs (special, non-special, opaque paths, file:, escapes, "+", repeated
// names, empty values, names with "%"), random routes (pathname patterns
// only, or with whole-URL ones), --sum line, read in blocks of a few lines
// and chunks of a few bytes, so that every block boundary is crossed.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { parse, URLPatternList } from "../../build/index.js";
import type { InputSpec } from "../../packages/cli/src/input/records";
import { type Cli, loadCli } from "./reader-properties";
import { randomCases } from "../helpers/quick";

const SEED = Number(process.env.SWURL_FUZZ_SEED ?? 0x34_0002);

const PREFIXES = [
  "https://a.example",
  "http://b.example:8080",
  "HTTP://A.EXAMPLE",
  "file://",
  "file:///C:",
  "foo://h",
  "foo:",
  "mailto:",
  "ws://w.example",
  "",
  "/",
  "https://",
  "blob:https://a.example",
];
const SEGMENTS = [
  "",
  "a",
  "b",
  "x",
  "caf%C3%A9",
  "café",
  "%2e%2E",
  "..",
  ".",
  "a+b",
  "%zz",
  "%41",
  "a b",
  "\\",
  "7",
  "12",
];
const NAMES = ["q", "q", "Q", "id", "q%20", "%71", "q+", "a%3Db", "", "é", "a b", "q=1"];
const VALUES = ["", "x", "a+b", "a%20b", "%FF", "caf%C3%A9", "x=y", "é", "%", "%2", "+", "%2B", "we%C3", "1"];

const pair = fc.oneof(
  fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom(...VALUES)).map(([n, v]) => `${n}=${v}`),
  fc.constantFrom(...NAMES),
);

/** A line of the list: a URL of the pieces above, or now and then a bare word or nothing. */
const urlLine = fc
  .tuple(
    fc.constantFrom(...PREFIXES),
    fc.array(fc.constantFrom(...SEGMENTS), { maxLength: 4 }),
    fc.boolean(),
    fc.option(fc.array(pair, { maxLength: 5 }), { nil: undefined }),
    fc.option(fc.constantFrom("#f", "#q=1", "#"), { nil: undefined }),
  )
  .map(([prefix, segments, slash, query, hash]) => {
    const path = (slash ? "/" : "") + segments.join("/");
    return `${prefix}${path}${query === undefined ? "" : `?${query.join("&")}`}${hash ?? ""}`;
  });

/** Pathname patterns (a line starting with "/"), and whole-URL ones. */
const PATHNAME_ROUTES = [
  "/*",
  "/:id",
  "/a/:id(\\d+)",
  "/a/*",
  "/caf%C3%A9/*",
  "/café/*",
  "/x{/:y}?",
  "/:a/:b",
  "/%41*",
  "/a\\+b/*",
  "/C\\:/*",
  "//*",
];
const URL_ROUTES = ["https://*.example/*", "mailto\\:*", "foo\\:*", "file:///*", "*://*/a/*"];

const routeList = fc.oneof(
  fc.uniqueArray(fc.constantFrom(...PATHNAME_ROUTES), { minLength: 1, maxLength: 5 }),
  fc.uniqueArray(fc.constantFrom(...PATHNAME_ROUTES, ...URL_ROUTES), { minLength: 1, maxLength: 5 }),
);

const groupCase = fc.record({
  lines: fc.array(urlLine, { minLength: 1, maxLength: 40 }),
  routes: routeList,
  param: fc.constantFrom("q", "Q", "id", "é", "q+", "a b", "q%20"),
  base: fc.constantFrom(undefined, "https://base.example/d/", "foo://h/d/"),
  sum: fc.boolean(),
  chunk: fc.integer({ min: 1, max: 64 }),
  block: fc.integer({ min: 1, max: 400 }),
  blockLines: fc.integer({ min: 1, max: 9 }),
});

type GroupCase = typeof groupCase extends fc.Arbitrary<infer T> ? T : never;

/** The chunks of `bytes`, `size` bytes each. */
async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

/** What a routes file's line gives the URLPattern constructor (routes.ts). */
const patternOf = (line: string) => (line.startsWith("/") ? { pathname: line } : line);

/**
 * The --log-format of the log variant: a virtual host, the request and a
 * duration, so that the URLs come from a program's batches and the groups
 * keep durations.
 */
const LOG_FORMAT = '$host "$request" $request_time';

/**
 * The lines of `c` that a log's request can hold as an absolute-form target
 * (a URL of its own, without the base: no space, quote, backslash or control
 * character to escape), for the log variant.
 */
const logLines = (c: GroupCase) =>
  c.lines.filter((line) => /^[a-zA-Z][^\s"\\]*$/.test(line) && !/[\x00-\x1f\x7f]/.test(line));

/** `c`'s lines, or with `log` its log variant's, each a request line "GET URL HTTP/1.1" of LOG_FORMAT. */
const caseText = (c: GroupCase, log: boolean) =>
  log ? logLines(c).map((line, i) => `h.example "GET ${line} HTTP/1.1" 0.${i}`) : c.lines;

/** Per key: each value's count and sum of line numbers, by the reference loop (over the log variant's URLs with `log`). */
function reference(c: GroupCase, log: boolean): Map<string, [number, number]>[] {
  const list = new URLPatternList(c.routes.map(patternOf));
  const counts = [new Map<string, [number, number]>(), new Map<string, [number, number]>()];
  (log ? logLines(c) : c.lines).forEach((line, i) => {
    const url = parse(line, log ? undefined : c.base);
    const param = url === null || url.search === "" ? null : new URLSearchParams(url.search).get(c.param);
    const index = url === null ? -1 : list.findIndex(url.href);
    const values = [param, index < 0 ? null : c.routes[index]];
    values.forEach((v, k) => {
      const key = v ?? "(none)";
      const [n, sum] = counts[k].get(key) ?? [0, 0];
      counts[k].set(key, [n + 1, sum + (c.sum ? i + 1 : 0)]);
    });
  });
  return counts;
}

/** Per key: each value's count and sum, by `stats --by param:NAME --by route` (of the log variant with `log`), run in-process. */
async function counted(cli: Cli, c: GroupCase, log: boolean): Promise<Map<string, [number, number]>[]> {
  const input: InputSpec = {
    format: log ? "log-format" : "lines",
    logFormat: log ? LOG_FORMAT : undefined,
    field: log ? "request" : "",
    baseField: undefined,
    base: c.base,
    skipBlank: log,
    skipComments: false,
    routes: c.routes,
  };
  const options = {
    input,
    filter: { valid: null, schemes: null, time: null },
    by: [`param:${c.param}`, "route"],
    sum: c.sum ? "line" : undefined,
  };
  cli.setBlockSizes(c.block, c.blockLines);
  try {
    const bytes = new TextEncoder().encode(caseText(c, log).join("\n"));
    const tally = await cli.statsWork.run(chunked(bytes, c.chunk), options, async () => {});
    const total = cli.statsTotal([tally], options);
    return total.groups.map(
      ({ counts, sums }) => new Map([...counts].map(([value, n]) => [value, [n, sums?.get(value) ?? 0]])),
    );
  } finally {
    cli.setBlockSizes(1 << 20, 1 << 16);
  }
}

const sorted = (m: Map<string, [number, number]>) => [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

let cli: Cli;
beforeAll(async () => {
  cli = await loadCli();
});

describe(`stats --by param:NAME and --by route (seed ${SEED})`, () => {
  for (const log of [false, true])
    it(`counts and sums equal the reference loop's at every block boundary${log ? ": a --log-format log with durations" : ""}`, async () => {
      await fc.assert(
        fc.asyncProperty(groupCase, async (c) => {
          const [got, want] = [await counted(cli, c, log), reference(c, log)];
          expect(sorted(got[0]), `param:${c.param}`).toEqual(sorted(want[0]));
          expect(sorted(got[1]), "route").toEqual(sorted(want[1]));
        }),
        { seed: SEED, numRuns: randomCases(400) },
      );
    });
});
