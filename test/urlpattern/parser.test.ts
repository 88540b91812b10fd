// The URL Pattern parser: the part list of each spec branch (automatic
// prefixes, {} groups, modifiers, numbered names, the wildcards), its errors,
// and the regular expression and pattern string made back from the parts.
import { describe, expect, it } from "vitest";
import { parsePatternString } from "../../src/urlpattern/parser";
import { DEFAULT_OPTIONS, HOSTNAME_OPTIONS, type Part, PATHNAME_OPTIONS } from "../../src/urlpattern/parts";
import { generatePatternString, generateRegExp } from "../../src/urlpattern/regexp";

const identity = (s: string) => s;
const path = (input: string) => parsePatternString(input, PATHNAME_OPTIONS, identity);
const part = (p: Partial<Part> & Pick<Part, "type">): Part => ({
  value: "",
  modifier: "none",
  name: "",
  prefix: "",
  suffix: "",
  ...p,
});

describe("parsePatternString", () => {
  it("takes the prefix code point before a group as its prefix", () => {
    expect(path("/books/:id(\\d+)?")).toEqual([
      part({ type: "fixed-text", value: "/books" }),
      part({ type: "regexp", value: "\\d+", modifier: "optional", name: "id", prefix: "/" }),
    ]);
    // Another char before a group stays fixed text.
    expect(path("/a-:x")).toEqual([
      part({ type: "fixed-text", value: "/a-" }),
      part({ type: "segment-wildcard", name: "x" }),
    ]);
  });

  it("numbers unnamed groups and recognizes the wildcards through their regexps", () => {
    expect(path("/*/(.*)/([^\\/]+?)/(a)")).toEqual([
      part({ type: "full-wildcard", name: "0", prefix: "/" }),
      part({ type: "full-wildcard", name: "1", prefix: "/" }),
      part({ type: "segment-wildcard", name: "2", prefix: "/" }),
      part({ type: "regexp", value: "a", name: "3", prefix: "/" }),
    ]);
  });

  it("reads {} groups: joined with text without a modifier, parts of their own with one", () => {
    expect(path("/a{b}c")).toEqual([part({ type: "fixed-text", value: "/abc" })]);
    expect(path("/a{b}?c")).toEqual([
      part({ type: "fixed-text", value: "/a" }),
      part({ type: "fixed-text", value: "b", modifier: "optional" }),
      part({ type: "fixed-text", value: "c" }),
    ]);
    expect(path("{/x:y(a|b).z}*")).toEqual([
      part({ type: "regexp", value: "a|b", modifier: "zero-or-more", name: "y", prefix: "/x", suffix: ".z" }),
    ]);
    expect(path("{}?")).toEqual([]);
  });

  it("takes * after a name as a modifier and alone as a wildcard", () => {
    expect(path("/:a*")).toEqual([
      part({ type: "segment-wildcard", modifier: "zero-or-more", name: "a", prefix: "/" }),
    ]);
    expect(path("**")).toEqual([part({ type: "full-wildcard", modifier: "zero-or-more", name: "0" })]);
  });

  it("passes fixed text, prefixes and suffixes through the encoding callback", () => {
    const parts = parsePatternString("{a:x.b}", DEFAULT_OPTIONS, (s) => s.toUpperCase());
    expect(parts).toEqual([part({ type: "segment-wildcard", name: "x", prefix: "A", suffix: ".B" })]);
  });

  it.each([
    ["a duplicate name", "/:a/:a"],
    ["an unclosed {", "/{a"],
    ["a stray }", "/a}"],
    ["nested {", "{a{b}}"],
    ["a modifier without a part", "/?"],
    ["a tokenizing error", "/:"],
  ])("throws a TypeError on %s", (_, input) => {
    expect(() => path(input)).toThrow(TypeError);
  });
});

describe("generateRegExp", () => {
  it("makes the spec's forms for each kind of part", () => {
    expect(generateRegExp(path("/books/:id(\\d+)?"), PATHNAME_OPTIONS)).toEqual({
      source: "^\\/books(?:\\/(\\d+))?$",
      names: ["id"],
    });
    expect(generateRegExp(path("/:a+"), PATHNAME_OPTIONS).source).toBe("^(?:\\/((?:[^\\/]+?)(?:\\/(?:[^\\/]+?))*))$");
    expect(generateRegExp(path("(a)*{b}?"), PATHNAME_OPTIONS)).toEqual({
      source: "^((?:a)*)(?:b)?$",
      names: ["0"],
    });
    const host = parsePatternString(":sub.example.com", HOSTNAME_OPTIONS, identity);
    expect(generateRegExp(host, HOSTNAME_OPTIONS).source).toBe("^([^\\.]+?)\\.example\\.com$");
    expect(generateRegExp(path("/:a*"), PATHNAME_OPTIONS).source).toBe("^(?:\\/((?:[^\\/]+?)(?:\\/(?:[^\\/]+?))*))?$");
  });
});

describe("generatePatternString", () => {
  it.each([
    ["/books/:id(\\d+)?", "/books/:id(\\d+)?"],
    ["/a{b}c", "/abc"],
    ["/(.*)", "/*"],
    ["/:a(.*)", "/:a(.*)"],
    ["/:a\\b", "{/:a}b"],
    ["{:a}:b", ":a:b"],
    ["{/a}?:b", "{/a}?:b"],
    ["/a/{:b}", "/a/{:b}"],
    ["/(x)(y)", "/(x)(y)"],
    ["{x:y-z}+", "{x:y-z}+"],
    ["{:y.z}", "{:y.z}"],
    ["{:y\\z}", "{:y\\z}"],
    ["\\:a\\*", "\\:a\\*"],
  ])("normalizes %s to %s", (input, expected) => {
    expect(generatePatternString(path(input), PATHNAME_OPTIONS)).toBe(expected);
  });
});
