// The "w3lib" and "safe-browsing" profiles of canonicalize() and
// safeBrowsingExpressions() on their anchors' own test cases
// (test/fixtures/canon/), in every build: w3lib's 82 canonicalize_url cases,
// the 33 Canonicalize() examples of the Safe Browsing v4 documentation and
// gglsbl's 40, and the Go client's 52 where it does not drop parts on purpose.
import { describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";
import { anchorCases, type AnchorCase } from "../helpers/anchor-cases";

const W3LIB = anchorCases("w3lib");
const SAFE_BROWSING = anchorCases("safebrowsing");
const group = (name: string) => SAFE_BROWSING.filter((c) => c.group === name);

/**
 * The Go client's cases this profile does not match, on purpose: its
 * canonicalURL() returns scheme://host/path, without the query (q? -> q),
 * keeps a lower-case escape it never decoded (%1b), unescapes the whole URL
 * before it finds the scheme, and refuses a URL it cannot give a host.
 * The profile follows the documentation and gglsbl there.
 */
const GO_DIFFERENCES: Record<string, string> = {
  "sb-048": "drops the query",
  "sb-049": "drops the query",
  "sb-050": "drops the query",
  "sb-053": "drops the query",
  "sb-063": "keeps '%1b' as written; the documentation escapes with upper-case hex",
  "sb-065": "drops the query",
  "sb-068": "unescapes 'http%3A%2F%2F' into a scheme; gglsbl and the documentation find the scheme first",
  "sb-085": "refuses mailto:; without '://' gglsbl reads 'mailto:bryner' as userinfo and keeps the host",
};

/** The input as the anchor's test passed it: bytes (one character per byte in the file) as a Uint8Array. */
function input(c: AnchorCase): string | Uint8Array {
  const s = c.input as string;
  return c.input_type?.startsWith("bytes, not") ? Uint8Array.from(s, (ch) => ch.charCodeAt(0)) : s;
}

it("carries every case of the anchors", () => {
  expect(W3LIB.length).toBe(82);
  expect([group("doc").length, group("gglsbl").length, group("go").length]).toEqual([33, 40, 52]);
});

describe.each(builds)("%s", (_name, api) => {
  it.each(W3LIB.map((c) => [c.id, c] as const))("w3lib %s", (_id, c) => {
    // parse_url(bytes, encoding="latin1") is the decoding of the bytes, which the fixture has done: the string.
    const { parse_url_kwargs: _, ...options } = c.options;
    expect(api.canonicalize(c.input as string, { ...options, profile: "w3lib" })).toBe(c.expected);
  });

  it.each(group("doc").map((c) => [c.id, c] as const))("Safe Browsing documentation %s", (_id, c) => {
    expect(api.canonicalize(input(c), { profile: "safe-browsing" })).toBe(c.expected);
  });

  it.each(group("gglsbl").map((c) => [c.id, c] as const))("gglsbl %s", (_id, c) => {
    expect(api.canonicalize(input(c), { profile: "safe-browsing", keepPort: true })).toBe(c.expected);
  });

  it("matches the Go client but where it differs on purpose", () => {
    const differ = group("go").filter((c) => api.canonicalize(input(c), { profile: "safe-browsing" }) !== c.expected);
    expect(differ.map((c) => c.id)).toEqual(Object.keys(GO_DIFFERENCES));
  });

  it("writes the documented lookup expressions, in the documented order", () => {
    // The examples of "URLs and Hashing", section "Suffix/prefix expressions".
    expect(api.safeBrowsingExpressions("http://a.b.c/1/2.html?param=1")).toEqual([
      "a.b.c/1/2.html?param=1",
      "a.b.c/1/2.html",
      "a.b.c/",
      "a.b.c/1/",
      "b.c/1/2.html?param=1",
      "b.c/1/2.html",
      "b.c/",
      "b.c/1/",
    ]);
    expect(api.safeBrowsingExpressions("http://a.b.c.d.e.f.g/1.html")).toEqual([
      "a.b.c.d.e.f.g/1.html",
      "a.b.c.d.e.f.g/",
      "c.d.e.f.g/1.html",
      "c.d.e.f.g/",
      "d.e.f.g/1.html",
      "d.e.f.g/",
      "e.f.g/1.html",
      "e.f.g/",
      "f.g/1.html",
      "f.g/",
    ]);
    expect(api.safeBrowsingExpressions("http://1.2.3.4/1/")).toEqual(["1.2.3.4/1/", "1.2.3.4/"]);
  });

  it("looks up at most 5 hosts and 6 paths, after canonicalization", () => {
    const all = api.safeBrowsingExpressions("HTTP://A.B.C.D.E.F.G.%48/1/2/3/4/5/6.html?x=%31#frag");
    expect(all).toHaveLength(30);
    expect(all?.slice(0, 7)).toEqual([
      "a.b.c.d.e.f.g.h/1/2/3/4/5/6.html?x=1",
      "a.b.c.d.e.f.g.h/1/2/3/4/5/6.html",
      "a.b.c.d.e.f.g.h/",
      "a.b.c.d.e.f.g.h/1/",
      "a.b.c.d.e.f.g.h/1/2/",
      "a.b.c.d.e.f.g.h/1/2/3/",
      "d.e.f.g.h/1/2/3/4/5/6.html?x=1",
    ]);
    expect(api.safeBrowsingExpressions("http://[2001:db8::1]/a")).toEqual(["[2001:db8::1]/a", "[2001:db8::1]/"]);
    expect(api.safeBrowsingExpressions("http:///nohost")).toBeNull();
    // A Url is taken as its href; the top-level domain alone is never looked up.
    expect(api.safeBrowsingExpressions(api.parse("https://x.example/a/") ?? "")).toEqual([
      "x.example/a/",
      "x.example/",
    ]);
  });

  it.each([
    // The kernel's path step (assembly/canonical/escapes.ts) on edge cases; each
    // answer is what w3lib (Debian's 2.1.1) gives.
    ["http://a/%%2f", "http://a/%%2F"],
    ["http://a/%2541", "http://a/%41"],
    ["http://a/%", "http://a/%"],
    ["http://a/x%4", "http://a/x%4"],
    ["http://a/\u00e9%e9%20%5B", "http://a/%C3%A9%E9%20["],
    ["http://a/a b#c", "http://a/a%20b"],
    ["http://a/a|b%7C%23%3f?x=%26%3D+%2B&y", "http://a/a|b|%23%3F?x=%26%3D+%2B&y="],
  ])("w3lib %j", (input, want) => {
    expect(api.canonicalize(input, { profile: "w3lib" })).toBe(want);
  });

  it("refuses bytes for the profiles that take strings, and unknown encodings", () => {
    expect(() => api.canonicalize(new Uint8Array([0x61]), { profile: "w3lib" })).toThrow(TypeError);
    expect(() => api.canonicalize(new Uint8Array([0x61]))).toThrow(TypeError);
    expect(() => api.canonicalize("http://a/?q=1", { profile: "w3lib", encoding: "shift_jis" })).toThrow(
      /cannot encode to "shift_jis"/,
    );
    // A lone surrogate cannot be encoded: w3lib raises, the profile gives null.
    expect(api.canonicalize("http://a/\uD800", { profile: "w3lib" })).toBeNull();
  });
});
