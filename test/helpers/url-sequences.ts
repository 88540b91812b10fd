// Random sequences of URL operations (every setter, and the methods of
// searchParams) on URLs of the corpus (bench/data/*.txt) and URL-ish strings,
// for the fuzz property "setters" (test/helpers/fuzz-properties.ts): after every step
// every getter of swurl's URL, in each build, equals whatwg-url's, the href
// setter throws where whatwg-url's throws, and the builds agree.
import fc from "fast-check";
import { URL as WhatwgURL } from "whatwg-url";
import { builds } from "./builds";
import { corpusLines } from "./corpus";
import * as gen from "./fuzz-inputs";
import { show } from "./report";
import { URL_FIELDS, type UrlField } from "./url-api";

/** What a sequence does to a URL: set an attribute, or call a method of its searchParams. */
export type Operation =
  | { set: (typeof SETTERS)[number]; value: string }
  | { params: "append" | "set"; name: string; value: string }
  | { params: "delete" | "has"; name: string; value?: string }
  | { params: "get" | "getAll"; name: string }
  | { params: "sort" };

export interface Sequence {
  start: string;
  steps: Operation[];
}

const SETTERS = URL_FIELDS.filter((f): f is Exclude<UrlField, "origin"> => f !== "origin");
/** What is compared after every step. */
const GETTERS = URL_FIELDS;

/** The valid URLs of the three corpora, as whatwg-url parses them (made on first use). */
let corpusUrls: string[] | null = null;
function corpus(): string[] {
  corpusUrls ??= ["kasztp", "npm-mixed", "debian-files"]
    .flatMap((name) => corpusLines(name))
    .filter((line) => WhatwgURL.canParse(line));
  return corpusUrls;
}

/** Values the setters branch on, besides pieces of real URLs and random strings. */
const EDGES = [
  "",
  "?",
  "#",
  ":",
  "/",
  "//",
  "\\",
  "@",
  ":@",
  "a@b",
  "u:p",
  "[::1]",
  "[::1]:8080",
  "1.2.3.4",
  "0x7f.1",
  "999.1.1.1",
  "example.com",
  "EXAMPLE.com:81",
  "example.com:",
  "example.com:65536",
  "localhost",
  "xn--nxasmq6b",
  "ex%41mple",
  "\u4f8b\u3048.\u30c6\u30b9\u30c8",
  "a b",
  "%2e",
  ".",
  "..",
  "/./a/../b",
  "C:",
  "C|/x",
  "//x/y",
  "/.//p",
  "http",
  "https",
  "HTTP",
  "file",
  "blob",
  "ws",
  "wss",
  "ftp",
  "sc",
  "javascript",
  "data",
  "0",
  "80",
  "443",
  "21",
  "8080",
  "65535",
  "99999",
  "12abc",
  "\t8\n0",
  " 80",
  "\u0000",
  "\u001f",
  "\ud800",
  "a=b&c=d",
  "?a=b+c%20d",
  "#x#y",
  "\u00e9",
];

const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EDGES) },
  { weight: 2, arbitrary: gen.anyString },
  { weight: 2, arbitrary: gen.urlish },
);
const paramName = fc.oneof(
  fc.constantFrom("a", "b", "q", "", "+", "%20", "\u00e9", "a b"),
  fc.string({ maxLength: 6 }),
);
const paramValue = fc.oneof(fc.constantFrom("", "1", "x y", "&", "=", "%", "+", "\ud800"), gen.anyString);

const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ set: fc.constantFrom(...SETTERS), value: piece }) },
  {
    weight: 2,
    arbitrary: fc.record({
      params: fc.constantFrom("append" as const, "set" as const),
      name: paramName,
      value: paramValue,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record(
      { params: fc.constantFrom("delete" as const, "has" as const), name: paramName, value: paramValue },
      { requiredKeys: ["params", "name"] },
    ),
  },
  { weight: 1, arbitrary: fc.record({ params: fc.constantFrom("get" as const, "getAll" as const), name: paramName }) },
  { weight: 1, arbitrary: fc.constant({ params: "sort" as const }) },
);

/** A URL to start from (mostly one of the corpus) and up to 8 operations. */
export const sequence: fc.Arbitrary<Sequence> = fc.record({
  start: fc.oneof(
    { weight: 4, arbitrary: fc.nat().map((i) => corpus()[i % corpus().length]) },
    { weight: 1, arbitrary: gen.urlish.filter((s) => WhatwgURL.canParse(s)) },
  ),
  steps: fc.array(operation, { minLength: 1, maxLength: 8 }),
});

type AnyURL = Record<string, unknown> & {
  searchParams: Record<string, (...args: string[]) => unknown> & { size: number };
};
type URLClass = new (input: string) => AnyURL;

/** Apply `op`; what it returned (or that it threw), as a string to compare. */
function apply(url: AnyURL, op: Operation): string {
  try {
    if ("set" in op) {
      url[op.set] = op.value;
      return "";
    }
    const params = url.searchParams;
    if (op.params === "sort") return show(params.sort());
    if (op.params === "get" || op.params === "getAll") return show(params[op.params](op.name));
    if (op.params === "append" || op.params === "set") return show(params[op.params](op.name, op.value));
    const value = (op as { value?: string }).value;
    return show(value === undefined ? params[op.params](op.name) : params[op.params](op.name, value));
  } catch (error) {
    return `threw ${(error as Error).name}`;
  }
}

/** Every getter, searchParams' serialization and size, as one list. */
function state(url: AnyURL): string[] {
  return [...GETTERS.map((g) => String(url[g])), url.searchParams.toString(), String(url.searchParams.size)];
}
const NAMES = [...GETTERS, "searchParams", "searchParams.size"];

/** The differences of `sequence` between whatwg-url and each build, step by step. */
export function sequenceDifferences({ start, steps }: Sequence): string[] {
  const urls: [string, AnyURL][] = [
    ["whatwg-url", new (WhatwgURL as unknown as URLClass)(start)],
    ...builds.map(([name, api]): [string, AnyURL] => [name, new (api.URL as unknown as URLClass)(start)]),
  ];
  const problems: string[] = [];
  for (let i = 0; i <= steps.length && problems.length === 0; i++) {
    const results = urls.map(([, url]) => (i === 0 ? "" : apply(url, steps[i - 1])));
    const states = urls.map(([, url]) => state(url));
    const [want, wantResult] = [states[0], results[0]];
    const where = i === 0 ? `start ${show(start)}` : `step ${i} ${show(steps[i - 1])}`;
    urls.forEach(([name], k) => {
      if (results[k] !== wantResult) problems.push(`${where}: ${name} returns ${results[k]}, whatwg-url ${wantResult}`);
      NAMES.forEach((getter, g) => {
        if (states[k][g] !== want[g])
          problems.push(`${where}: ${name} ${getter} ${show(states[k][g])}, whatwg-url ${show(want[g])}`);
      });
    });
  }
  return problems;
}
