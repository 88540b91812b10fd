// parse()'s and canParse()'s fast path for relative references against a base
// (assembly/relative.ts): "/a/b?c", "b/c", "?q", "#f" that the parser copies
// through unchanged after the base's part. It must give exactly what the
// parser gives: the reference's URL, getter for getter, against bases of every
// kind (special and not, with credentials, port, query and fragment, without
// a host, with an opaque path, file:, blob:), the very record the parser
// writes (test/helpers/fast-path.ts), and canParse() the same answer. The inputs are
// built from spellings at the edges of each of its conditions, one part
// changed at a time and in seeded random mixes, and the paths of corpus URLs
// as links. Counted kernel writes show the fast path is taken.
import { beforeAll, describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";
import { reference, URL_FIELDS } from "../helpers/url-targets";
import { corpusLines } from "../helpers/corpus";
import { countingApi, type CountingApi } from "../helpers/counting-build";
import { summarize } from "../helpers/report";
import { edgeInputs, recordMismatches, referenceMismatches, writingMoreThanTheRecord } from "../helpers/fast-path";

const BASES = [
  "https://example.com/",
  "https://example.com",
  "https://u:p@example.com:8080/dir/page.html?x=1#y",
  "http://h/a",
  "http://1.2.3.4/a/b/",
  "ws://[::1]/a/",
  "foo://host/a/b",
  "foo://host",
  "foo://u@host:1/a/b?q",
  "foo:/a/b",
  "foo:/.//a/b",
  "file:///C:/a/b",
  "file://h/x/y",
  "file:///",
  "blob:https://a.example/b",
  "mailto:x@example.com",
  "about:blank",
];

const COMPONENTS = {
  lead: [
    "/",
    "",
    "?",
    "#",
    "//",
    "/\\",
    "\\",
    "./",
    "../",
    ".",
    "..",
    ".a/",
    "%2e/",
    "%2E%2e/",
    "a:",
    "1a:",
    "a:b/",
    "C|/",
    "C:/",
    " ",
    "\t/",
    "/\t",
    "é/",
    "~/",
  ],
  path: [
    "",
    "a",
    "a/b.html",
    "a/",
    "a b",
    ".config/x",
    "a/./b",
    "a/../b",
    "a/.",
    "a/..",
    "a/%2e/b",
    "\u00e9",
    "a\\b",
    "a:b",
    "a%41",
    "a|b",
    "a'b",
    "a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q.html",
  ],
  query: ["", "?", "?a=b", "?a b", "?a'b", "?\u00e9", "??", "?a=b&c=/d?e"],
  fragment: ["", "#", "#f", "#a b", "#\u00e9", "##", "#a`b"],
};

const PLAINS = [
  { lead: "/", path: "a/b.html", query: "?a=b", fragment: "#f" },
  { lead: "", path: "a/b.html", query: "", fragment: "" },
  { lead: "?", path: "", query: "", fragment: "#f" },
  { lead: "#", path: "", query: "", fragment: "" },
];

const INPUTS = edgeInputs(COMPONENTS, PLAINS, 1500, 20261125);

/** Corpus URLs as the links of a page: their path, query and fragment, with and without the leading "/". */
const LINKS = corpusLines("kasztp")
  .filter((line) => /^https?:\/\/[^/]+\/./.test(line))
  .slice(0, 300)
  .flatMap((line) => {
    const path = line.replace(/^https?:\/\/[^/]+/, "");
    return [path, path.slice(1)];
  });

describe.each(builds)("relative references against a base (%s)", (_name, api) => {
  it.each(BASES)("give the reference's URL and the parser's record against %s", (base) => {
    const inputs = [...INPUTS, ...LINKS];
    const wrong = [...referenceMismatches(api, inputs, base), ...recordMismatches(api, inputs, base)];
    expect(wrong.length, summarize(`${wrong.length} of ${inputs.length} differ`, wrong)).toBe(0);
    const answers = inputs.filter((input) => api.canParse(input, base) !== reference.canParse(input, base));
    expect(answers, "canParse() differs from the reference").toEqual([]);
  });
});

describe.each(builds)("relative references in a batch against a base (%s)", (_name, api) => {
  // Lines holding no line end: a batch's lines end at LF, and the parser removes a CR.
  const lines = [...INPUTS, ...LINKS].filter((input) => !/[\r\n]/.test(input));
  it.each(BASES)("give the reference's URL, line for line, against %s", (base) => {
    const batch = api.parseBatch(lines.join("\n"), { base });
    const wrong: string[] = [];
    lines.forEach((input, i) => {
      const want = reference.parse(input, base);
      const url = batch.get(i);
      const got = url && URL_FIELDS.map((field) => url[field]);
      const expected = want && URL_FIELDS.map((field) => want[field]);
      if (JSON.stringify(got) !== JSON.stringify(expected) || batch.href(i) !== (want?.href ?? null))
        wrong.push(`${JSON.stringify(input)}: ${JSON.stringify(got)}, reference ${JSON.stringify(expected)}`);
    });
    expect(wrong.length, summarize(`${wrong.length} of ${lines.length} differ`, wrong)).toBe(0);
  });
});

describe("the fast path for relative references is taken", () => {
  let counting: CountingApi;
  beforeAll(async () => {
    counting = await countingApi(1 << 20);
  });

  const cases: [string, string, string[]][] = [
    ["corpus paths as links", "https://example.com/dir/page.html", LINKS],
    ["queries and fragments", "https://u:p@example.com:8080/dir/page.html?x=1#y", ["?", "?a=b", "#", "#f", "?a=b#f"]],
    ["against a base that is not special", "foo://host/a/b", ["/x/y?z#w", "x/y", "?q", "#f"]],
    ["a fragment against an opaque path", "mailto:x@example.com", ["#f"]],
    ["queries and fragments against file:", "file:///C:/a/b", ["?q", "#f"]],
  ];
  it.each(cases)("for %s: the kernel writes the record and nothing else", (_name, base, links) => {
    // The links the parser keeps as they are (a corpus path may hold "\", which it makes "/").
    const inputs = links.filter((input) => reference.parse(input, base)?.href.endsWith(input));
    expect(inputs.length).toBeGreaterThan(links.length * 0.95);
    // The parser's own record and href for the same URLs, to show the count tells them apart.
    expect(
      writingMoreThanTheRecord(
        counting,
        inputs.map((input) => ` ${input}`),
        base,
      ).length,
    ).toBe(inputs.length);
    const slow = writingMoreThanTheRecord(counting, inputs, base);
    expect(slow.length, summarize(`${slow.length} of ${inputs.length} not on the fast path`, slow, 10)).toBe(0);
  });
});
