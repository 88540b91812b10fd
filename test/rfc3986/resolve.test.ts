// resolve() (docs/api.md section 5): RFC 3986 section 5.4's examples, and RFC 1630's.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";
import { randomCases } from "../helpers/quick";

const BASE = "http://a/b/c/d;p?q";

/** RFC 3986 section 5.4.1, "Normal Examples". */
const NORMAL: [string, string][] = [
  ["g:h", "g:h"],
  ["g", "http://a/b/c/g"],
  ["./g", "http://a/b/c/g"],
  ["g/", "http://a/b/c/g/"],
  ["/g", "http://a/g"],
  ["//g", "http://g"],
  ["?y", "http://a/b/c/d;p?y"],
  ["g?y", "http://a/b/c/g?y"],
  ["#s", "http://a/b/c/d;p?q#s"],
  ["g#s", "http://a/b/c/g#s"],
  ["g?y#s", "http://a/b/c/g?y#s"],
  [";x", "http://a/b/c/;x"],
  ["g;x", "http://a/b/c/g;x"],
  ["g;x?y#s", "http://a/b/c/g;x?y#s"],
  ["", "http://a/b/c/d;p?q"],
  [".", "http://a/b/c/"],
  ["./", "http://a/b/c/"],
  ["..", "http://a/b/"],
  ["../", "http://a/b/"],
  ["../g", "http://a/b/g"],
  ["../..", "http://a/"],
  ["../../", "http://a/"],
  ["../../g", "http://a/g"],
];

/** RFC 3986 section 5.4.2, "Abnormal Examples" (with the strict parser for "http:g"). */
const ABNORMAL: [string, string][] = [
  ["../../../g", "http://a/g"],
  ["../../../../g", "http://a/g"],
  ["/./g", "http://a/g"],
  ["/../g", "http://a/g"],
  ["g.", "http://a/b/c/g."],
  [".g", "http://a/b/c/.g"],
  ["g..", "http://a/b/c/g.."],
  ["..g", "http://a/b/c/..g"],
  ["./../g", "http://a/b/g"],
  ["./g/.", "http://a/b/c/g/"],
  ["g/./h", "http://a/b/c/g/h"],
  ["g/../h", "http://a/b/c/h"],
  ["g;x=1/./y", "http://a/b/c/g;x=1/y"],
  ["g;x=1/../y", "http://a/b/c/y"],
  ["g?y/./x", "http://a/b/c/g?y/./x"],
  ["g?y/../x", "http://a/b/c/g?y/../x"],
  ["g#s/./x", "http://a/b/c/g#s/./x"],
  ["g#s/../x", "http://a/b/c/g#s/../x"],
  ["http:g", "http:g"],
];

/** RFC 1630, "Partial (relative) form", examples in the context of magic://a/b/c//d/e/f. */
const RFC1630: [string, string][] = [
  ["g", "magic://a/b/c//d/e/g"],
  ["/g", "magic://a/g"],
  ["//g", "magic://g"],
  ["../g", "magic://a/b/c//d/g"],
  ["g:h", "g:h"],
];

describe.each(builds)("resolve (%s)", (_name, api) => {
  it.each(NORMAL)("RFC 3986 5.4.1: %j", (ref, target) => {
    expect(api.resolve(ref, BASE)).toBe(target);
  });

  it.each(ABNORMAL)("RFC 3986 5.4.2: %j", (ref, target) => {
    expect(api.resolve(ref, BASE)).toBe(target);
  });

  it.each(RFC1630)("RFC 1630 in magic://a/b/c//d/e/f: %j", (ref, target) => {
    expect(api.resolve(ref, "magic://a/b/c//d/e/f")).toBe(target);
  });

  it.each(RFC1630)(
    'RFC 1630: "in the context of the URI magic://a/b/c//d/e/ the results would be exactly the same": %j',
    (ref, target) => {
      expect(api.resolve(ref, "magic://a/b/c//d/e/")).toBe(target);
    },
  );

  it("ignores the base's fragment and keeps the reference's userinfo and port as written", () => {
    expect(api.resolve("g", "http://a/b#frag")).toBe("http://a/g");
    expect(api.resolve("//u:p@h:8080/x/../y", BASE)).toBe("http://u:p@h:8080/y");
    expect(api.resolve("x", "http://u@h:1")).toBe("http://u@h:1/x"); // 5.2.3: authority and empty path
    expect(api.resolve("x", "mailto:a@b")).toBe("mailto:x"); // no authority, no "/" in the path
    expect(api.resolve("../%2E%2E/x", "http://a/b/c/")).toBe("http://a/b/%2E%2E/x"); // nothing decoded
  });

  it("needs an absolute base (RFC 3986 section 5.1): TypeError otherwise", () => {
    expect(() => api.resolve("g", "/b/c")).toThrow(TypeError);
    expect(() => api.resolve("g", "")).toThrow(TypeError);
    expect(() => api.resolve("g", 1 as unknown as string)).toThrow(TypeError);
  });
});

describe("resolve gives the same result in every build", () => {
  const piece = fc.string({
    unit: fc.constantFrom("a", "/", ".", "..", "./", "../", "?", "#", ":", "@", "%2E", "é", "g:h", "//"),
    maxLength: 12,
  });
  it("for random references against absolute bases", () => {
    fc.assert(
      fc.property(
        piece,
        fc.constantFrom(BASE, "magic://a/b/c//d/e/f", "http://a", "mailto:x@y", "file:///a/b/"),
        (ref, base) => {
          const [first, ...rest] = builds.map(([, api]) => api.resolve(ref, base));
          for (const other of rest) expect(other, `${ref} in ${base}`).toBe(first);
          // The target is absolute and has no dot segments left: resolving it again gives it back.
          expect(builds[0][1].split(first).scheme, ref).not.toBeNull();
          expect(builds[0][1].resolve(first, base), ref).toBe(first);
        },
      ),
      { numRuns: randomCases(1000) },
    );
  });
});
