// canonicalize() (docs/api.md section 7): table tests of each step, cases in the
// spirit of Google Safe Browsing's and w3lib's canonicalization tests (with
// swurl's answers where it differs on purpose, see docs/canonical.md), and the
// idempotence property over arbitrary and URL-shaped strings in every build.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { builds, everyBuild, type Api } from "../helpers/builds";
import { randomCases } from "../helpers/quick";

// The options of swurl's own canonical form (no profile).
type Options = Exclude<NonNullable<Parameters<Api["canonicalize"]>[1]>, { profile: string }>;

/** [input, options, expected] */
const TABLE: [string, Options, string | null][] = [
  // What the WHATWG parser already does.
  ["HTTP://WWW.Example.COM/A", {}, "http://www.example.com/A"],
  ["http://example.com:80/", {}, "http://example.com/"],
  ["https://example.com:443/x", {}, "https://example.com/x"],
  ["http://example.com:8080/", {}, "http://example.com:8080/"],
  ["http://example.com", {}, "http://example.com/"],
  ["http://example.com/a/./b/../c", {}, "http://example.com/a/c"],
  ["http://example.com/a/%2e/b/%2E%2e/c", {}, "http://example.com/a/c"],
  ["http://0x7f.1/", {}, "http://127.0.0.1/"],
  ["http://3279880203/blah", {}, "http://195.127.0.11/blah"],
  ["http://B\u00fccher.example/", {}, "http://xn--bcher-kva.example/"],
  ["  http://example.com/\t a\nb  ", {}, "http://example.com/%20ab"],
  // Fragments.
  ["http://example.com/a#frag", {}, "http://example.com/a"],
  ["http://evil.com/foo#bar#baz", {}, "http://evil.com/foo"],
  ["http://example.com/a#frag", { keepFragment: true }, "http://example.com/a#frag"],
  ["http://example.com/a#%7e%2f", { keepFragment: true }, "http://example.com/a#~%2F"],
  ["http://example.com/a#", { keepFragment: true }, "http://example.com/a"],
  // Escapes: unreserved decoded, others upper-cased, reserved kept.
  ["http://example.com/%7Euser/%41%62%63%2d%2E%5f%30", {}, "http://example.com/~user/Abc-._0"],
  ["http://example.com/a%2fb%3fc%23d%25", {}, "http://example.com/a%2Fb%3Fc%23d%25"],
  ["http://example.com/caf%c3%a9", {}, "http://example.com/caf%C3%A9"],
  ["http://example.com/caf\u00e9", {}, "http://example.com/caf%C3%A9"],
  ["http://example.com/?q=%7e%2b%20+", {}, "http://example.com/?q=~%2B%20+"],
  ["http://example.com/%", {}, "http://example.com/%25"],
  ["http://example.com/%zz%4", {}, "http://example.com/%25zz%254"],
  ["http://example.com/%%34%31", {}, "http://example.com/%2541"],
  ["http://us%65r:p%61ss%3a@example.com/", {}, "http://user:pass%3A@example.com/"],
  ["foo://h%4fst%2fx/p", {}, "foo://hOst%2Fx/p"],
  ["mailto:%7Ejoe@example.com", {}, "mailto:~joe@example.com"],
  // Empty query.
  ["http://example.com/q?", {}, "http://example.com/q"],
  ["http://example.com/q?#f", { keepFragment: true }, "http://example.com/q#f"],
  ["http://example.com/q?r?", {}, "http://example.com/q?r?"],
  ["http://example.com/foo?bar;", {}, "http://example.com/foo?bar;"],
  // sortQuery: stable by name; w3lib would also sort b=5 after b=2.
  ["http://www.example.com/do?c=3&b=5&b=2&a=50", { sortQuery: true }, "http://www.example.com/do?a=50&b=5&b=2&c=3"],
  ["http://example.com/?b&a=&a", { sortQuery: true }, "http://example.com/?a=&a&b"],
  ["http://example.com/?b=1&&a=2&", { sortQuery: true }, "http://example.com/?a=2&b=1"],
  ["http://example.com/?%62=1&a=2", { sortQuery: true }, "http://example.com/?a=2&b=1"],
  ["http://example.com/?b=1&a+b=2&a%20a=3", { sortQuery: true }, "http://example.com/?a%20a=3&a+b=2&b=1"],
  // stripParams: strings match names exactly, RegExps test them.
  ["http://example.com/?utm_source=x&id=1&utm_medium=y", { stripParams: [/^utm_/] }, "http://example.com/?id=1"],
  ["http://example.com/?utm%5Fsource=x&id=1", { stripParams: ["utm_source"] }, "http://example.com/?id=1"],
  ["http://example.com/?utm_source=x", { stripParams: [/^utm_/] }, "http://example.com/"],
  ["http://example.com/?sid=1&sidx=2&SID=3", { stripParams: ["sid"] }, "http://example.com/?sidx=2&SID=3"],
  ["http://example.com/?a=1&fbclid=2&b=3", { stripParams: ["fbclid"], sortQuery: true }, "http://example.com/?a=1&b=3"],
  ["http://example.com/?x=1&y=2&z=3", { stripParams: [/[xz]/g] }, "http://example.com/?y=2"],
  // base.
  ["../b?x#y", { base: "http://example.com/a/c/d" }, "http://example.com/a/b?x"],
  ["b", { base: "not a url" }, null],
  // Failures.
  ["", {}, null],
  ["www.google.com/", {}, null],
  ["http://exa mple.com/", {}, null],
  ["http://[::1/", {}, null],
];

// Google Safe Browsing's canonicalization examples (Safe Browsing API,
// "URLs and Hashing"; also the doctests of SURT's GoogleURLCanonicalizer),
// with swurl's answer: the same, or different for a reason given in
// docs/canonical.md.
const SAFE_BROWSING: [string, string | null][] = [
  // Safe Browsing decodes until no escape is left ("http://host/%25"); %25 is not unreserved.
  ["http://host/%25%32%35", "http://host/%2525"],
  ["http://www.google.com/", "http://www.google.com/"],
  [
    "http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%65%62%61%79%2E%63%6F%6D/",
    "http://168.188.99.26/.secure/www.ebay.com/",
  ],
  [
    "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/",
    "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/",
  ],
  // Safe Browsing decodes repeatedly (to "~a!b@c%23d$e%25f^00&11*22(33)44_55+"); swurl decodes once, unreserved only.
  [
    "http://host.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B",
    "http://host.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B",
  ],
  ["http://www.google.com/blah/..", "http://www.google.com/"],
  ["http://www.evil.com/blah#frag", "http://www.evil.com/blah"],
  ["http://www.GOOgle.com/", "http://www.google.com/"],
  // Safe Browsing removes the trailing dots; to DNS they are one name, to HTTP (Host header, TLS) not quite.
  ["http://www.google.com.../", "http://www.google.com.../"],
  ["http://www.google.com/foo\tbar\rbaz\n2", "http://www.google.com/foobarbaz2"],
  // Safe Browsing keeps an empty query.
  ["http://www.google.com/q?", "http://www.google.com/q"],
  ["http://evil.com/foo;", "http://evil.com/foo;"],
  ["http://notrailingslash.com", "http://notrailingslash.com/"],
  ["http://www.gotaport.com:1234/", "http://www.gotaport.com:1234/"],
  ["  http://www.google.com/  ", "http://www.google.com/"],
  // A space and controls are forbidden in a WHATWG host: no URL.
  ["http:// leadingspace.com/", null],
  ["http://\x01\x80.com/", null],
  // Safe Browsing assumes http:// for a scheme-less string; WHATWG has no URL without a base.
  ["www.google.com", null],
  ["https://www.securesite.com/", "https://www.securesite.com/"],
  ["http://host.com/ab%23cd", "http://host.com/ab%23cd"],
  // Safe Browsing merges slashes in the path; they can matter to servers.
  ["http://host.com//twoslashes?more//slashes", "http://host.com//twoslashes?more//slashes"],
];

// In the spirit of w3lib's canonicalize_url tests (scrapy/w3lib tests/test_url.py).
const W3LIB: [string, Options, string][] = [
  ["http://www.example.com/", { sortQuery: true }, "http://www.example.com/"],
  ["http://www.example.com/do?a=1&b=2&c=3", { sortQuery: true }, "http://www.example.com/do?a=1&b=2&c=3"],
  ["http://www.example.com/do?c=1&b=2&a=3", { sortQuery: true }, "http://www.example.com/do?a=3&b=2&c=1"],
  ["http://www.example.com/do?&a=1", { sortQuery: true }, "http://www.example.com/do?a=1"],
  // w3lib re-encodes the query as form data (%20 becomes "+", "a" becomes "a="); swurl keeps what the server sees.
  ["http://www.example.com/do?q=a%20space&a=1", { sortQuery: true }, "http://www.example.com/do?a=1&q=a%20space"],
  ["http://www.example.com/do?q=a+space&a=1", { sortQuery: true }, "http://www.example.com/do?a=1&q=a+space"],
  ["http://www.example.com/do?a&b", { sortQuery: true }, "http://www.example.com/do?a&b"],
  ["http://www.example.com/a do?a=1", {}, "http://www.example.com/a%20do?a=1"],
  // w3lib decodes %3A in a path to ":".
  ["http://www.example.com/a%3Ado", {}, "http://www.example.com/a%3Ado"],
  ["http://www.example.com/a%2Fdo", {}, "http://www.example.com/a%2Fdo"],
  ["http://www.example.com/a%2fdo%7euser", {}, "http://www.example.com/a%2Fdo~user"],
  ["http://www.example.com/r\u00e9sum\u00e9", {}, "http://www.example.com/r%C3%A9sum%C3%A9"],
  ["http://www.example.com/do?q=r\u00e9sum\u00e9", {}, "http://www.example.com/do?q=r%C3%A9sum%C3%A9"],
  ["http://www.EXAMPLE.com/", {}, "http://www.example.com/"],
  ["http://www.example.com/do?a=1#frag", {}, "http://www.example.com/do?a=1"],
  ["http://www.example.com/do?a=1#frag", { keepFragment: true }, "http://www.example.com/do?a=1#frag"],
  ["http://user:pass@www.example.com/do?a=1#frag", {}, "http://user:pass@www.example.com/do?a=1"],
  // w3lib keeps a default port.
  ["http://www.example.com:80/do?a=1", {}, "http://www.example.com/do?a=1"],
  ["http://www.example.com/do?1750,4", {}, "http://www.example.com/do?1750,4"],
  ["http://www.example.com/do?k=%2f%7e", {}, "http://www.example.com/do?k=%2F~"],
];

describe.each(builds)("canonicalize (%s)", (_name, api) => {
  it.each(TABLE)("%j %j -> %j", (input, options, expected) => {
    expect(api.canonicalize(input, options)).toBe(expected);
  });

  it.each(SAFE_BROWSING)("Safe Browsing example %j -> %j", (input, expected) => {
    expect(api.canonicalize(input)).toBe(expected);
  });

  it.each(W3LIB)("w3lib-style %j %j -> %j", (input, options, expected) => {
    expect(api.canonicalize(input, options)).toBe(expected);
  });

  it("takes a ParsedUrl as already parsed", () => {
    const url = api.parse("HTTP://Example.com/%7e?#x")!;
    expect(api.canonicalize(url)).toBe("http://example.com/~");
    expect(api.canonicalize(url, { base: "http://other/" })).toBe("http://example.com/~");
  });

  it("and parse() keep interleaved IDNA hosts apart", () => {
    expect(api.canonicalize("http://B\u00fccher.example/")).toBe("http://xn--bcher-kva.example/");
    expect(api.parse("http://\u65e5\u672c.jp/")?.hostname).toBe("xn--wgv71a.jp");
    expect(api.canonicalize("http://example.com/")).toBe("http://example.com/");
    expect(api.parse("http://caf\u00e9.example/")?.hostname).toBe("xn--caf-dma.example");
    expect(api.canonicalize("http://\u65e5\u672c.jp/")).toBe("http://xn--wgv71a.jp/");
  });

  it("rejects options it cannot use", () => {
    expect(() => api.canonicalize("http://a/", { stripParams: ["a", 1 as unknown as string] })).toThrow(TypeError);
    expect(() => api.canonicalize("http://a/", { stripParams: "utm" as unknown as string[] })).toThrow(TypeError);
  });
});

// URL-shaped strings: pieces that exercise every step and its interplay with a reparse.
const SCHEMES = [
  "http://",
  "https://",
  "HTTP://",
  "ftp://",
  "ws://",
  "file://",
  "file:///",
  "foo://",
  "foo:",
  "foo:/",
  "web+demo:/.//",
  "mailto:",
  "javascript:",
  "blob:http://h/",
  "data:",
  "",
  "//",
  "/",
];
const PIECES = [
  "%",
  "%%",
  "%2",
  "%2e",
  "%2E",
  "%2e%2E",
  "%2f",
  "%2F",
  "%3F",
  "%23",
  "%25",
  "%41",
  "%7e",
  "%7E",
  "%5f",
  "%2d",
  "%30",
  "%c3%a9",
  "%C3",
  "%zz",
  "%g1",
  "2",
  "5",
  "e",
  "E",
  "41",
  "a",
  "Z",
  ".",
  "..",
  "/",
  "//",
  "\\",
  "?",
  "??",
  "#",
  "##",
  "&",
  "=",
  "+",
  "@",
  ":",
  ";",
  "[",
  "]",
  "[::1]",
  "127.0.0.1",
  "0x7f.1",
  "example.com",
  "EXAMPLE.com",
  ":80",
  ":443",
  ":0",
  ":65536",
  " ",
  "\t",
  "\n",
  "\x00",
  "\x7f",
  "'",
  '"',
  "<",
  "{",
  "|",
  "^",
  "`",
  "\u00e9",
  "\u00df",
  "xn--",
  "\ufffd",
  "\ud800",
  "\u{1f600}",
  "utm_source=x",
  "a=1",
  "b=2",
  "utm_x",
  "C:",
  "C|",
  "localhost",
];
const urlish = fc
  .tuple(fc.constantFrom(...SCHEMES), fc.array(fc.constantFrom(...PIECES), { maxLength: 16 }))
  .map(([scheme, pieces]) => scheme + pieces.join(""));
const BASES = [undefined, "http://example.com/a/b?c#d", "file:///C:/x/y", "foo://h/p/q", "mailto:x", "https://h/%2e/"];
const options: fc.Arbitrary<Options> = fc.record(
  {
    base: fc.constantFrom(...BASES),
    keepFragment: fc.boolean(),
    sortQuery: fc.boolean(),
    stripParams: fc.constantFrom(undefined, [/^utm_/], ["a", "b"], [""]),
  },
  { requiredKeys: [] },
);

const RUNS = randomCases(3000);

describe.each(builds)("canonicalize is idempotent (%s)", (_name, api) => {
  /** canonicalize(canonicalize(x)) === canonicalize(x), and the result is a URL the WHATWG parser leaves as it is. */
  function stable(input: string, opts: Options): void {
    const once = api.canonicalize(input, opts);
    expect(once === null).toBe(api.parse(input, opts.base) === null);
    if (once === null) return;
    expect(api.canonicalize(once, opts)).toBe(once);
    expect(api.parse(once)?.href).toBe(once);
  }

  it("on arbitrary strings", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 60 }), options, stable), { numRuns: RUNS, seed: 6 });
  });

  it("on URL-shaped strings", () => {
    fc.assert(fc.property(urlish, options, stable), { numRuns: RUNS * 5, seed: 7 });
  });

  it("does not depend on the case of hex digits in escapes", () => {
    const swapCase = (s: string) =>
      s.replace(/%[0-9a-f]{2}/gi, (e) =>
        e.replace(/[a-z]/g, (c) => c.toUpperCase()) === e ? e.toLowerCase() : e.toUpperCase(),
      );
    fc.assert(
      fc.property(urlish, options, (input, opts) => {
        expect(api.canonicalize(swapCase(input), opts)).toBe(api.canonicalize(input, opts));
      }),
      { numRuns: RUNS, seed: 9 },
    );
  });
});

// A quick run (SWURL_BUILDS) has one build, nothing to compare.
describe.runIf(everyBuild)("canonicalize gives the same result in every build", () => {
  const [[referenceName, reference], ...others] = builds;
  it("compares each build with another one", () => {
    expect(others.length).toBeGreaterThan(0);
    for (const [name, api] of others) expect(api, name).not.toBe(reference);
  });

  it.each(others)(`%s as ${referenceName}`, (_name, api) => {
    fc.assert(
      fc.property(urlish, options, (input, opts) => {
        expect(api.canonicalize(input, opts)).toBe(reference.canonicalize(input, opts));
      }),
      { numRuns: RUNS, seed: 8 },
    );
  });
});
