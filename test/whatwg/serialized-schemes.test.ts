// parse()'s fast path for serialized URLs (assembly/serialized.ts) beyond
// http(s) with a domain: file: URLs (with an empty host, a domain or an IPv4
// address), IPv4 hosts in canonical dotted-quad form in every special scheme,
// and URLs of schemes that are not special, with a host ("git+https://...") or
// an opaque path ("mailto:...", "urn:...", "data:..."). The same three checks
// as test/whatwg/serialized-fast-path.test.ts (test/helpers/fast-path.ts), on URLs built at the
// edges of each condition of those shapes, the debian-files and npm-mixed
// corpora and the generated file-urls and ipv4-hosts ones.
import { beforeAll, describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";
import { reference } from "../helpers/url-targets";
import { corpusLines } from "../helpers/corpus";
import { countingApi, type CountingApi } from "../helpers/counting-build";
import { summarize } from "../helpers/report";
import { edgeInputs, recordMismatches, referenceMismatches, writingMoreThanTheRecord } from "../helpers/fast-path";

const QUERY = ["", "?", "?a=b", "?a'b", "?a b", '?a"b', "?\u00e9", "?a`b", "?a{}", "??", "?a<b>", "?\x7f", "?%zz"];
const FRAGMENT = ["", "#", "#a", "#a b", "#a`b", "#a#b", "#\u00e9", "#a'b", "#a?b", "#\x00"];
const TRAILER = ["", " ", "\n", "\t", "\x00"];

/** file: URLs: "file://", a host (empty, "localhost", a domain, an IPv4 address, a drive letter), a path with drive letters. */
const FILE = {
  scheme: [
    "file://",
    "FILE://",
    "File://",
    "file:/",
    "file:",
    "file:\\\\",
    "file:/\\",
    "fil://",
    "filex://",
    "file:///",
    "files://",
  ],
  host: [
    "",
    "localhost",
    "LOCALHOST",
    "localhost.",
    "localhos",
    "localhostx",
    "host",
    "Host",
    "h.example",
    "1.2.3.4",
    "1.2.3.04",
    "0x1",
    "a.1",
    "C:",
    "C|",
    "c",
    "a%41",
    "a b",
    "[::1]",
    "u@h",
    "\u00e9",
    "xn--a",
    "a_b",
  ],
  port: ["", ":", ":80", ":0", ":8080"],
  path: [
    "/",
    "/a",
    "/C:",
    "/C|",
    "/C|/a",
    "/c:/a",
    "/C:/..",
    "/C:/.",
    "/a|b",
    "/|",
    "/ab|",
    "/C|x",
    "/..",
    "/./a",
    "/a/..",
    "/%2e",
    "/%2e%2E/a",
    "/home/.cache/a",
    "/.git",
    "/.%2e/a",
    "/..x",
    "/a b",
    "/a\\b",
    "//",
    "//a",
    "///a",
    "/a%20b",
    "/usr/share/doc/a-b_c+d~e.txt",
    "/\u00e9",
    "/a{b}",
    "/a^b",
    "/a`b",
    "/a\tb",
    "",
    "a",
    "C:",
    "C|/a",
  ],
  query: QUERY,
  fragment: FRAGMENT,
  trailer: TRAILER,
};
const FILE_PLAINS = [
  { scheme: "file://", host: "", port: "", path: "/usr/share/doc/a.txt", query: "", fragment: "", trailer: "" },
  {
    scheme: "file://",
    host: "files.example",
    port: "",
    path: "/share/a.txt",
    query: "?q",
    fragment: "#f",
    trailer: "",
  },
];

/** Special URLs with an IPv4 host: every special scheme, addresses at the edges of the canonical dotted quad. */
const IPV4 = {
  scheme: ["http://", "https://", "ws://", "wss://", "ftp://", "file://", "WS://", "ftp:/", "wss:", "ftps://"],
  host: [
    "1.2.3.4",
    "0.0.0.0",
    "255.255.255.255",
    "256.1.1.1",
    "1.256.1.1",
    "1.2.3.256",
    "1.2.3.255",
    "01.2.3.4",
    "1.02.3.4",
    "1.2.3.04",
    "1.2.3.00",
    "00.1.1.1",
    "0.1.1.0",
    "1.2.3",
    "1.2",
    "1",
    "1.2.3.4.5",
    "1.2.3.4.",
    "1.2.3.4..",
    "1..3.4",
    ".1.2.3.4",
    "0x1.2.3.4",
    "1.2.3.0x4",
    "1.2.3.0X4",
    "1234.1.1.1",
    "1.2.3.1234",
    "1.2.3.4a",
    "a.1.2.3",
    "999.1.1.1",
    "10.0.0.1",
    "1.2.3.-4",
    "+1.2.3.4",
    "1.2.3.4%2e",
    "4294967295",
    "0x7f000001",
    "127.1",
    "1.2.3.9999999999",
    "199.249.250.100",
    "100.10.1.0",
    "1.2.3.2555",
    "1.2.3.25.",
    "1.2.3.25a",
  ],
  port: ["", ":", ":0", ":01", ":80", ":443", ":21", ":8080", ":65536"],
  path: ["/", "", "/a/b.html", "/.", "/a b", "/a\\b", "?x"],
  query: QUERY,
  fragment: FRAGMENT,
  trailer: TRAILER,
};
const IPV4_PLAINS = [
  { scheme: "http://", host: "192.168.10.1", port: "", path: "/a/b.html", query: "?q=1", fragment: "#f", trailer: "" },
];

/** Schemes that are not special: an authority ("//" host) or an opaque path ("mailto:x@y"). */
const OTHER = {
  scheme: [
    "git+https:",
    "git:",
    "a:",
    "A:",
    "aB:",
    "a1+-.:",
    "1a:",
    "+a:",
    "mailto:",
    "urn:",
    "data:",
    "node:",
    "blob:",
    "javascript:",
    "Git+https:",
    "git+https",
    "a b:",
    "a:b:",
    "ws:",
    "file:",
    "about:",
    "\u00e9:",
  ],
  slashes: ["//", "", "/", "///", "\\\\", "/\\"],
  host: [
    "example.com",
    "",
    "Example.com",
    "a%41",
    "1.2.3.4",
    "a.1",
    "0x1",
    "u@h",
    "u:p@h",
    "[::1]",
    "a b",
    "a^b",
    "a|b",
    "\u00e9",
    "localhost",
    "a\x7fb",
  ],
  port: ["", ":", ":0", ":01", ":80", ":443", ":9418", ":65536", ":1a"],
  path: [
    "/a/b.git",
    "",
    "/",
    "x@y.com",
    "a b",
    "a ",
    " a",
    "a\tb",
    "\u00e9",
    "a\x7f",
    "a\x00",
    "a<b>",
    'a"b',
    "a`b",
    "a{b}",
    "a\\b",
    "/./a",
    "/..",
    "/%2e",
    ".",
    "..",
    "a/./b",
    "/a b",
    "/a|b",
    "//",
    "%zz",
    "text/plain,hi",
    "uuid:09f55116-97e1-49cf-b3b8-44d0207e7730",
    "a/../b",
    "a ?",
  ],
  query: [...QUERY, "? ", "?a?b"],
  fragment: FRAGMENT,
  trailer: TRAILER,
};
const OTHER_PLAINS = [
  {
    scheme: "git+https:",
    slashes: "//",
    host: "example.com",
    port: "",
    path: "/a/b.git",
    query: "",
    fragment: "",
    trailer: "",
  },
  {
    scheme: "mailto:",
    slashes: "",
    host: "",
    port: "",
    path: "x@y.com",
    query: "?subject=a",
    fragment: "",
    trailer: "",
  },
];

const EDGES = [
  ...edgeInputs(FILE, FILE_PLAINS, 10_000, 0xf11e),
  ...edgeInputs(IPV4, IPV4_PLAINS, 10_000, 0x1b4),
  ...edgeInputs(OTHER, OTHER_PLAINS, 10_000, 0x07e),
];
const CORPORA = ["debian-files", "npm-mixed", "file-urls", "ipv4-hosts"].flatMap((name) => corpusLines(name));

describe.each(builds)("parse()'s fast path for file:, IPv4 and other schemes (%s)", (_build, api) => {
  it(`${EDGES.length} edge inputs give the reference's URL`, () => {
    const wrong = referenceMismatches(api, EDGES);
    expect(wrong.length, summarize(`${wrong.length} of ${EDGES.length} disagree`, wrong, 20)).toBe(0);
  });

  it("writes the parser's record for every edge input and corpus line", () => {
    const wrong = recordMismatches(api, [...EDGES, ...CORPORA]);
    expect(wrong.length, summarize(`${wrong.length} records differ`, wrong, 20)).toBe(0);
  });
});

describe("the fast path is taken", () => {
  let counting: CountingApi;
  beforeAll(async () => {
    counting = await countingApi(1 << 20);
  });

  const cases: [string, string[]][] = [
    [
      "debian-files lines (file:///...)",
      corpusLines("debian-files")
        .filter((line) => line.length >= 30)
        .slice(0, 300),
    ],
    [
      "file: URLs with a host, IPv4 hosts, and drive letters",
      [
        "file://files.example.org/share/docs/a.txt",
        "file://10.1.2.3/share/docs/readme.txt",
        "file:///C:/Users/someone/Documents/a.txt",
        "http://192.168.100.200:8080/admin/index.html?x=1",
        "https://1.2.3.4/some/longer/path/name",
        "ws://127.0.0.1:9000/socket/path/x",
        "ftp://10.0.0.254/pub/some/file/name.tar.gz",
      ],
    ],
    [
      "schemes that are not special",
      [
        "git+https://github.com/someone/some-project.git",
        "git://github.com/isaacs/chownr.git#v1.0.27",
        "mailto:someone.with.a.long.name@example.com",
        "urn:uuid:09f55116-97e1-49cf-b3b8-44d0207e7730",
        "data:application/json;charset=utf-8;base64,eyJhIjoxfQ==",
        "npm:@npmcli/semver-with-patch@1.2.3",
        "git+ssh://github.com:22/someone/project.git?ref=main#readme",
        "git://host.example/a/b.git?ref='v1'#x",
        "urn:example:a?q='1'",
      ],
    ],
  ];
  it.each(cases)("for %s: the kernel writes the record and nothing else", (_name, inputs) => {
    for (const input of inputs) expect(reference.parse(input)?.href, input).toBe(input);
    // The parser's own record and href for the same URL, to show the count tells them apart.
    expect(
      writingMoreThanTheRecord(
        counting,
        inputs.map((input) => ` ${input}`),
      ).length,
    ).toBe(inputs.length);
    const slow = writingMoreThanTheRecord(counting, inputs);
    expect(slow.length, summarize(`${slow.length} of ${inputs.length} not on the fast path`, slow, 10)).toBe(0);
  });
});
