// surt() and the "surt" profile of canonicalize(), in every build: the
// project's own cases, written from the SURT format (SURT's own tests are
// AGPL-3.0 and are not copied into this MIT project), then SURT 0.3.1's own
// cases from ../shared/canon/surt.json beside the repository, where it is.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";

/** [input, options, key] */
const KEYS: [string, Record<string, unknown>, string][] = [
  // The host's labels reversed and joined by ",", ")" before the path; a leading "www" label dropped.
  ["http://www.example.com/", {}, "com,example)/"],
  ["https://news.example.co.uk/world", {}, "uk,co,example,news)/world"],
  ["http://www7.example.com/a", {}, "com,example)/a"],
  ["http://wwwx.example.com/a", {}, "com,example,wwwx)/a"],
  ["http://www.example.com/", { host_massage: false }, "com,example,www)/"],
  // The scheme only with with_scheme; a comma after the host with trailing_comma.
  ["https://example.com/a/", { with_scheme: true }, "https://(com,example)/a"],
  ["ftp://example.com/", { trailing_comma: true }, "com,example,)/"],
  ["http://example.com/", { with_scheme: true, trailing_comma: true }, "http://(com,example,)/"],
  // Lower case, default ports off, other ports kept, the last "/" of a path off.
  ["HTTP://Example.COM:80/Dir/Page.HTML", {}, "com,example)/dir/page.html"],
  ["https://example.com:443/", {}, "com,example)/"],
  ["https://example.com:80/", {}, "com,example:80)/"],
  ["http://example.com:8080/x/", {}, "com,example:8080)/x"],
  // The query sorted by name then value, lower-cased; an empty one off; the fragment off.
  ["http://example.com/s?z=1&b=2&a=3&b=1", {}, "com,example)/s?a=3&b=1&b=2&z=1"],
  ["http://example.com/s?Q=Word", {}, "com,example)/s?q=word"],
  ["http://example.com/s?Q=Word", { query_lowercase: false }, "com,example)/s?Q=Word"],
  ["http://example.com/s?b=1&a=2", { query_alpha_reorder: false }, "com,example)/s?b=1&a=2"],
  ["http://example.com/s?#top", {}, "com,example)/s"],
  // Session ids out of the query.
  ["http://example.com/p?jsessionid=0123456789ABCDEF0123456789abcdef&page=2", {}, "com,example)/p?page=2"],
  // (The "&" before a removed id stays, and sorts first as an empty parameter.)
  ["http://example.com/p?page=2&sid=0123456789abcdef0123456789abcdef", {}, "com,example)/p?&page=2"],
  // An escaped "&" in the query stays escaped, also when escaped twice; other escapes are decoded.
  ["http://example.com/s?r=%2526&q=a%26b%3Dc%2F", {}, "com,example)/s?q=a%26b=c/&r=%26"],
  // Safe Browsing's steps first: escapes decoded until none is left, then escaped once; dot segments, "//".
  ["http://example.com/a%2520b/./c/../d//e", {}, "com,example)/a%20b/d/e"],
  ["http://example.com/%7Euser/", {}, "com,example)/~user"],
  ["http://Example.com.../x", {}, "com,example)/x"],
  // Hosts: IDNA, IPv4 in any of its forms, reversed unless reverse_ipaddr is false.
  ["http://www.b\u00fccher.example/", {}, "example,xn--bcher-kva)/"],
  ["http://10.0.0.1/", {}, "1,0,0,10)/"],
  ["http://167772161/", {}, "1,0,0,10)/"],
  ["http://10.0.0.1/", { reverse_ipaddr: false }, "10.0.0.1)/"],
  // No scheme: http is assumed.
  ["example.com/a?b", {}, "com,example)/a?b"],
  // URLs without a host keep their scheme; empty input is "-"; ARC header records are kept.
  ["dns:www.example.com", {}, "dns:www.example.com"],
  ["mailto:someone@example.com", { with_scheme: true }, "mailto:someone@example.com"],
  ["", {}, "-"],
  [
    "filedesc://crawl.arc.gz 0.0.0.0 20090101000000 text/plain 76",
    {},
    "filedesc://crawl.arc.gz 0.0.0.0 20090101000000 text/plain 76",
  ],
];

/** [input, options, canonical URL] for canonicalize(input, { profile: "surt", ...options }). */
const URLS: [string, Record<string, unknown>, string][] = [
  ["http://www.Example.com:80/A/?b=2&a=1#f", {}, "http://example.com/a?a=1&b=2"],
  ["http://user:pass@example.com/", {}, "http://example.com/"],
  ["http://example.com/a?", {}, "http://example.com/a"],
  // Google's steps alone: case, slashes, the query and "?" kept.
  [
    "http://www.Example.com//A/?b=2&a=1#f",
    { canonicalizer: "GoogleURLCanonicalizer" },
    "http://www.example.com/A/?b=2&a=1",
  ],
  ["http://example.com/a?", { canonicalizer: "GoogleURLCanonicalizer" }, "http://example.com/a?"],
  // The Internet Archive's steps alone: escapes, non-ASCII and the fragment as written.
  ["http://example.com/Caf\u00e9?B=1", { canonicalizer: "IAURLCanonicalizer" }, "http://example.com/caf\u00e9?b=1"],
  ["http://www.Example.com/A%2541/#f", { canonicalizer: "IAURLCanonicalizer" }, "http://example.com/a%2541#f"],
];

describe.each(builds)("%s", (_name, api) => {
  it.each(KEYS)("surt(%j, %j) = %j", (input, options, key) => {
    expect(api.surt(input, options)).toBe(key);
  });

  it.each(URLS)("canonicalize(%j, surt %j) = %j", (input, options, url) => {
    expect(api.canonicalize(input, { ...options, profile: "surt" })).toBe(url);
  });

  it("takes bytes, a Url, null", () => {
    expect(api.surt(new TextEncoder().encode("http://www.example.com/caf\u00e9"))).toBe("com,example)/caf%c3%a9");
    expect(api.surt(api.parse("http://www.example.com/a/b/") ?? "")).toBe("com,example)/a/b");
    expect(api.surt(null)).toBe("-");
    expect(api.canonicalize(new Uint8Array([0x61, 0x2e, 0x63, 0x6f]), { profile: "surt" })).toBe("http://a.co/");
  });

  it("gives null for a port SURT cannot read, and refuses an unknown canonicalizer", () => {
    expect(api.surt("http://example.com:99999/")).toBeNull();
    expect(api.surt("http://example.com:8o/")).toBeNull();
    expect(() => api.surt("http://a/", { canonicalizer: "Nope" as never })).toThrow(/unknown canonicalizer "Nope"/);
  });
});

// SURT's own cases (AGPL-3.0, so read from beside the repository, never copied in).
const SHARED = new URL("../../../shared/canon/surt.json", import.meta.url);
const GROUPS = ["surt.surt", "GoogleURLCanonicalizer", "IAURLCanonicalizer", "DefaultIAURLCanonicalizer"];
/** The one case whose option is a Python function (an identity canonicalizer): nothing to pass from JavaScript. */
const NOT_PORTABLE = ["surt-171"];

interface SurtCase {
  id: string;
  group: string;
  input: string | null;
  options: Record<string, unknown>;
  expected: string;
}

const shared = existsSync(SHARED)
  ? (JSON.parse(readFileSync(SHARED, "utf8")) as { cases: SurtCase[] }).cases.filter(
      (c) => GROUPS.includes(c.group) && !NOT_PORTABLE.includes(c.id),
    )
  : [];

describe.skipIf(shared.length === 0)("SURT 0.3.1's own cases (../shared/canon/surt.json)", () => {
  it("has all of them", () => expect(shared).toHaveLength(107));

  describe.each(builds)("%s", (_name, api) => {
    it.each(shared.map((c) => [c.id, c] as const))("%s", (_id, c) => {
      if (c.group === "surt.surt") expect(api.surt(c.input, c.options)).toBe(c.expected);
      else {
        const canonicalizer = c.group as "GoogleURLCanonicalizer";
        const got = api.canonicalize(c.input as string, { ...c.options, profile: "surt", canonicalizer });
        expect(got).toBe(c.expected);
      }
    });
  });
});

if (shared.length === 0) {
  it.skip(`SURT's own cases: ${SHARED.pathname} is not there (it is beside the repository in CI)`, () => {});
}
