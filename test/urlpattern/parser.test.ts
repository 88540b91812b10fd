// The URL Pattern parser: the part list of each spec branch (automatic
// prefixes, {} groups, modifiers, numbered names, the wildcards), its errors,
// and the regular expression and pattern string made back from the parts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsePatternString, parseTokens } from "../../src/urlpattern/parser";
import { DEFAULT_OPTIONS, HOSTNAME_OPTIONS, type Part, PATHNAME_OPTIONS } from "../../src/urlpattern/parts";
import { generatePatternString, generateRegExp } from "../../src/urlpattern/regexp";
import { randomCases } from "../helpers/quick";

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

describe("parsePatternString of a string of chars and names", () => {
  // Strings of a router's units, with now and then one that makes another
  // token or goes past ASCII, so that both the direct reading and the hand
  // over to the tokenizer are met.
  const unit = fc.constantFrom(
    ..."/:ab1$_.-~".split(""),
    ...["/", ":", ":id", ":x", "/:id", "."],
    ...["*", "?", "+", "{", "}", "(\\d+)", "\\", "é", ":é", "\u{1F600}"],
  );
  const pattern = fc.array(unit, { maxLength: 12 }).map((units) => units.join(""));
  const options = fc.constantFrom(PATHNAME_OPTIONS, HOSTNAME_OPTIONS, DEFAULT_OPTIONS);

  /** The parts, or the error, and every string given the encoding callback, in order. */
  function run(parse: typeof parsePatternString, input: string, o: typeof PATHNAME_OPTIONS) {
    const encoded: string[] = [];
    const encode = (s: string) => {
      encoded.push(s);
      if (s.includes("..")) throw new TypeError("no dot segments here");
      return s.toUpperCase();
    };
    try {
      return { parts: parse(input, o, encode), encoded };
    } catch (error) {
      return { error: (error as Error).constructor.name, encoded };
    }
  }

  it("gives the parts, the callback's calls and the errors of the token parser", () => {
    fc.assert(
      fc.property(pattern, options, (input, o) => {
        expect(run(parsePatternString, input, o)).toEqual(run(parseTokens, input, o));
      }),
      { numRuns: randomCases(3000) },
    );
  });

  it("leaves a duplicate name and a long list of groups to the token parser", () => {
    expect(() => path("/:a/:a")).toThrow(TypeError);
    const many = Array.from({ length: 40 }, (_, i) => `/:g${i}`).join("");
    expect(path(many)).toEqual(parseTokens(many, PATHNAME_OPTIONS, identity));
    expect(() => path(`${many}/:g3`)).toThrow(TypeError);
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
