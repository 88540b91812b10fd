// canParse() at the edges of its fast path (isPlainHttpUrl in
// assembly/parser.ts): inputs built from a scheme, the characters after it, a
// host, a port and what follows, some of each just inside the fast path and some
// just outside it, with and without a base. Every build must answer as the
// reference (whatwg-url 17.3) does, and as its own parse() does.
import { describe, expect, it } from "vitest";
import { reference, targets } from "../helpers/url-targets";
import { show, summarize } from "../helpers/report";

const SCHEMES = ["http", "https", "HTTP", "hTtPs", "httpss", "htt", "ftp", "ws"];
const AFTER_SCHEME = ["://", ":/", ":\\\\", ":///", ":/\t/", "://\t", ":"];
const HOSTS = [
  "example.com",
  "EXAMPLE.COM",
  "a",
  "",
  "1.2.3.4",
  "1.2.3.4.0X5",
  "0x",
  "foo.0X5",
  "foo.09",
  "999999999999",
  "ex%41mple.com",
  "ex%2fa",
  "ex ample",
  "exa\tmple",
  "münchen",
  "xn--a",
  "XN--A",
  "a..b",
  "a.",
  "-",
  "a_b",
  "a~!$&'()*+,;=b",
  "[::1]",
  "u:p@host",
  "@host",
  "a|b",
  "a^b",
  "a<b",
  "a\x7fb",
];
const PORTS = ["", ":", ":80", ":443", ":65535", ":65536", ":0099999", ":8a", "::80"];
const TAILS = ["", "/", "\\", "?q", "#f", "/p q", " ", "\t", "\n/", "x", "@x"];
const BASES = [undefined, "http://base.example/x/y", "file:///C:/"];

function cases(): { input: string; base?: string }[] {
  const all: { input: string; base?: string }[] = [];
  for (const scheme of SCHEMES)
    for (const after of AFTER_SCHEME)
      for (const host of HOSTS)
        for (const port of PORTS)
          for (const tail of TAILS) {
            const input = scheme + after + host + port + tail;
            // Bases matter only where the input might be relative: about one input in seven gets all of them.
            const bases = all.length % 7 === 0 ? BASES : [undefined];
            for (const base of bases) all.push(base === undefined ? { input } : { input, base });
          }
  return all;
}

const CASES = cases();
const expected = CASES.map(({ input, base }) => reference.canParse(input, base));

describe.each(targets)("canParse at the edges of its fast path (%s)", (_build, api) => {
  it(`${CASES.length} inputs agree with the reference and with parse()`, { timeout: 120_000 }, () => {
    const wrong: string[] = [];
    CASES.forEach(({ input, base }, i) => {
      const got = api.canParse(input, base);
      const parsed = api.parse(input, base) !== null;
      if (got !== expected[i] || parsed !== got) {
        wrong.push(
          `${show(input)}${base === undefined ? "" : ` base ${show(base)}`}: canParse ${got}, parse ${parsed}, reference ${expected[i]}`,
        );
      }
    });
    expect(wrong.length, summarize(`${wrong.length} of ${CASES.length} disagree`, wrong, 20)).toBe(0);
    // Both answers occur, in numbers: the cases reach both sides of the fast path.
    expect(expected.filter(Boolean).length).toBeGreaterThan(CASES.length / 10);
    expect(expected.filter((v) => !v).length).toBeGreaterThan(CASES.length / 10);
  });
});
