// equivalent() (docs/api.md section 5): RFC 1630 "Before two URIs can be compared, it
// is therefore necessary to bring them to the same encoding level", and RFC
// 3986 section 6.2.2 / 6.2.3.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";
import { randomCases } from "../helpers/quick";

describe.each(builds)("equivalent (%s)", (_name, api) => {
  it("RFC 1630 Example 1: identical, as the %2D encodes a hyphen character", () => {
    expect(
      api.equivalent(
        "http://info.cern.ch/albert/bertram/marie-claude",
        "http://info.cern.ch/albert/bertram/marie%2Dclaude",
      ),
    ).toBe(true);
  });

  it("RFC 1630 Example 2: NOT identical, as the encoded slash does not have hierarchical significance", () => {
    expect(
      api.equivalent(
        "http://info.cern.ch/albert/bertram/marie-claude",
        "http://info.cern.ch/albert%2Fbertram/marie-claude",
      ),
    ).toBe(false);
    expect(api.equivalent("http://a/b%2Fc", "http://a/b/c")).toBe(false);
  });

  it("ignores the case of scheme, host and hex digits (RFC 3986 section 6.2.2.1)", () => {
    expect(api.equivalent("HTTP://WWW.Example.COM/a", "http://www.example.com/a")).toBe(true);
    expect(api.equivalent("http://a/%2f%c3%a9", "http://a/%2F%C3%A9")).toBe(true);
    expect(api.equivalent("http://a/Path", "http://a/path")).toBe(false);
    expect(api.equivalent("http://User@a/", "http://user@a/")).toBe(false);
  });

  it("decodes escapes of unreserved characters only (RFC 3986 section 6.2.2.2)", () => {
    expect(api.equivalent("http://a/%7Euser/%41%5f%2e", "http://a/~user/A_.")).toBe(true);
    expect(api.equivalent("http://%61.com/", "http://a.com/")).toBe(true);
    // Not ["%20", " "]: a space is no reserved character but an unsafe one,
    // and RFC 1630 compares URLs "at the same encoding level": "my%20file" and
    // "my file" are one URL ("what RFC 1630 and RFC 1738 state outright", below).
    for (const [escaped, plain] of [
      ["%3F", "?"],
      ["%23", "#"],
      ["%3B", ";"],
      ["%40", "@"],
      ["%2B", "+"],
      ["%25", "%"],
    ]) {
      expect(api.equivalent(`http://a/x${escaped}y`, `http://a/x${plain}y`), escaped).toBe(false);
    }
  });

  it("drops the default port and an empty one (RFC 3986 section 6.2.3)", () => {
    expect(api.equivalent("http://example.com:80/", "http://example.com/")).toBe(true);
    expect(api.equivalent("http://example.com:/", "http://example.com/")).toBe(true);
    expect(api.equivalent("http://example.com:0080/", "http://example.com/")).toBe(true);
    expect(api.equivalent("https://example.com:443/x", "https://example.com/x")).toBe(true);
    expect(api.equivalent("ftp://example.com:21/x", "ftp://example.com/x")).toBe(true);
    expect(api.equivalent("http://example.com:8080/", "http://example.com/")).toBe(false);
    expect(api.equivalent("https://example.com:80/", "https://example.com/")).toBe(false);
  });

  it("takes an empty http(s) path as '/'", () => {
    expect(api.equivalent("http://example.com", "http://example.com/")).toBe(true);
    expect(api.equivalent("https://example.com?q", "https://example.com/?q")).toBe(true);
    expect(api.equivalent("foo://example.com", "foo://example.com/")).toBe(false);
  });

  it("keeps query and fragment apart, and absent apart from empty", () => {
    expect(api.equivalent("http://a/?q%3Dx", "http://a/?q%3dx")).toBe(true);
    expect(api.equivalent("http://a/b#%7E", "http://a/b#~")).toBe(true);
    expect(api.equivalent("http://a/b?", "http://a/b")).toBe(false);
    // RFC 1630: "A void fragment-id with or without the hash sign means that the URL refers to
    // the whole object".
    expect(api.equivalent("http://a/b#", "http://a/b")).toBe(true);
    expect(api.equivalent("http://a/b?x", "http://a/b#x")).toBe(false);
  });

  it("works on non-ASCII input and relative references", () => {
    expect(api.equivalent("http://a/é%7e", "http://a/é~")).toBe(true);
    expect(api.equivalent("../a%2db", "../a-b")).toBe(true);
  });

  it("throws a TypeError for a non-string", () => {
    expect(() => api.equivalent("a", undefined as unknown as string)).toThrow(TypeError);
  });
});

describe("equivalent agrees in every build and is an equivalence", () => {
  const url = fc
    .tuple(
      fc.constantFrom("http", "HTTP", "https", "ftp", "x"),
      fc.constantFrom("a.com", "A.COM", "%61.com", "a.com:80", "a.com:", "a.com:8080", "u@a.com"),
      fc.string({
        unit: fc.constantFrom("/", "a", "A", "%41", "%2f", "%2F", "%7e", "~", "-", "%2D", "?", "#", "%25"),
        maxLength: 8,
      }),
    )
    .map(([scheme, host, rest]) => `${scheme}://${host}${rest}`);
  it("for random URLs", () => {
    fc.assert(
      fc.property(url, url, url, (a, b, c) => {
        const [first, ...rest] = builds.map(([, api]) => api.equivalent(a, b));
        for (const other of rest) expect(other, `${a} ${b}`).toBe(first);
        const api = builds[0][1];
        expect(api.equivalent(a, a)).toBe(true);
        expect(api.equivalent(b, a)).toBe(first);
        if (first && api.equivalent(b, c)) expect(api.equivalent(a, c), `${a} ${b} ${c}`).toBe(true);
      }),
      { numRuns: randomCases(1500) },
    );
  });
});
