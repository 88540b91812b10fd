// The parser's scheme and authority scans at their edges (assembly/run.ts
// schemeRun, schemeKind and authorityState in assembly/parser.ts; split's
// schemeEnd and splitAuthority in assembly/split.ts): schemes across the
// 16-byte vector width, in any case, spelling a special scheme or just missing
// one; authorities with and without "@", ":" and "[" in every order. Every
// build must give the reference's (whatwg-url 17.3) URL, getter for getter,
// and split() must agree between builds and with RFC 3986's grammar.
import { describe, expect, it } from "vitest";
import { reference, targets, URL_FIELDS } from "../helpers/url-targets";
import { builds } from "../helpers/builds";
import { show, summarize } from "../helpers/report";

const LONG = "abcdefghijklmnopqrstuvwxyz+-.0123456789";
const SCHEMES = [
  "http",
  "HTTP",
  "hTtP",
  "https",
  "HTTPS",
  "httpS",
  "htt",
  "httpx",
  "httpss",
  "htTp0",
  "file",
  "FILE",
  "filex",
  "blob",
  "BLOB",
  "ws",
  "WS",
  "wss",
  "wSs",
  "ftp",
  "FTP",
  "ftps",
  "f",
  "a+b",
  "a-b.c",
  // Around one and two vector widths, and with the letters to lower-case past the first vector.
  LONG.slice(0, 15),
  LONG.slice(0, 16),
  LONG.slice(0, 17),
  LONG.toUpperCase(),
  LONG.slice(0, 31),
  LONG.slice(0, 32).toUpperCase(),
  // Not schemes: a byte outside the scheme set inside or right after the run.
  "ht tp",
  "ht\u00e9tp",
  "1http",
  "http_",
  LONG.slice(0, 16) + "\u00e9",
];
const AUTHORITIES = [
  "host",
  "HOST.example",
  "h",
  "u@h",
  "u:p@h",
  "u:@h",
  ":p@h",
  ":@h",
  "@h",
  "a@b@h",
  "a:b:c@h",
  "u@h:8080",
  "u:p@h:",
  "h:80",
  "h:0080",
  "h:",
  "h:x",
  "[::1]",
  "[::1]:81",
  "u@[::1]:81",
  "[::1",
  "h]:1",
  "a:b",
  "a@",
  "u@:1",
  "a[b]@h",
  "[a@b]",
  "host.example.with.a.name.longer.than.sixteen",
  "user.name.longer.than.sixteen@host.longer.than.sixteen:8080",
];
const AFTER = ["", "/", "/p?q#f", "\\x", "?q", "#f"];

interface Case {
  input: string;
}

function cases(): Case[] {
  const all: Case[] = [];
  for (const scheme of SCHEMES) {
    for (const authority of AUTHORITIES)
      for (const after of AFTER) all.push({ input: `${scheme}://${authority}${after}` });
    // The scheme alone, and followed by an opaque path, one slash, or nothing.
    for (const rest of [":", ":x", ":/x", ":x:y", ""]) all.push({ input: scheme + rest });
  }
  return all;
}

const CASES = cases();
const expected = CASES.map(({ input }) => {
  const url = reference.parse(input);
  return url && URL_FIELDS.map((field) => url[field]);
});

describe.each(targets)("scheme and authority edges, parse() (%s)", (_build, api) => {
  it(`${CASES.length} inputs give the reference's URL`, () => {
    const wrong: string[] = [];
    CASES.forEach(({ input }, i) => {
      const url = api.parse(input);
      const got = url && URL_FIELDS.map((field) => url[field]);
      if (JSON.stringify(got) !== JSON.stringify(expected[i])) {
        wrong.push(
          `${show(input)}: ${got ? show(got[0]) : "failure"}, reference ${expected[i] ? show(expected[i]![0]) : "failure"}`,
        );
      }
      if (api.canParse(input) !== (expected[i] !== null)) wrong.push(`${show(input)}: canParse disagrees`);
    });
    expect(wrong.length, summarize(`${wrong.length} of ${CASES.length} disagree`, wrong, 20)).toBe(0);
    expect(expected.filter((e) => e === null).length).toBeGreaterThan(CASES.length / 20);
  });
});

describe("scheme and authority edges, split()", () => {
  const [first, ...others] = builds;
  it("every build splits alike", () => {
    const wrong: string[] = [];
    for (const { input } of CASES) {
      const want = JSON.stringify(first[1].split(input));
      for (const [name, api] of others) {
        const got = JSON.stringify(api.split(input));
        if (got !== want) wrong.push(`${show(input)}: ${name} ${got}, ${first[0]} ${want}`);
      }
    }
    expect(wrong.length, summarize(`${wrong.length} disagree`, wrong, 20)).toBe(0);
  });
  it("a scheme is ALPHA *( ALPHA / DIGIT / + / - / . ) then ':', and a bare host is all host", () => {
    const [, api] = first;
    expect(api.split(`${LONG.toUpperCase()}://h/`).scheme).toBe(LONG.toUpperCase());
    expect(api.split(`${LONG.slice(0, 16)}\u00e9://h/`).scheme).toBeNull();
    expect(api.split("1http://h/").scheme).toBeNull();
    const bare = api.split("http://host.example.with.a.name.longer.than.sixteen/p");
    expect([bare.user, bare.password, bare.host, bare.port]).toEqual([
      null,
      null,
      "host.example.with.a.name.longer.than.sixteen",
      null,
    ]);
    const full = api.split("http://a:b@c@[::1]:81/p");
    expect([full.user, full.password, full.host, full.port]).toEqual(["a", "b@c", "[::1]", "81"]);
  });
});
