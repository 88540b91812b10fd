// The URL Pattern tokenizer: token types, values and positions for each
// branch of the spec's algorithm, and its errors under both policies.
import { describe, expect, it } from "vitest";
import { isValidNameCodePoint, tokenize } from "../../src/urlpattern/tokenizer";

const brief = (input: string, policy: "strict" | "lenient" = "strict") =>
  tokenize(input, policy).map((t) => [t.type, t.value, t.index]);

describe("tokenize", () => {
  it("makes one token of each kind", () => {
    expect(brief("/a{b}*+?\\:")).toEqual([
      ["char", "/", 0],
      ["char", "a", 1],
      ["open", "{", 2],
      ["char", "b", 3],
      ["close", "}", 4],
      ["asterisk", "*", 5],
      ["other-modifier", "+", 6],
      ["other-modifier", "?", 7],
      ["escaped-char", ":", 8],
      ["end", "", 10],
    ]);
  });

  it("reads names of ID_Start then ID_Continue code points, $ and _", () => {
    expect(brief(":foo_1$:_x")).toEqual([
      ["name", "foo_1$", 0],
      ["name", "_x", 7],
      ["end", "", 10],
    ]);
    expect(brief(":café/")).toEqual([
      ["name", "café", 0],
      ["char", "/", 5],
      ["end", "", 6],
    ]);
    // A name stops at the first code point that cannot continue it.
    expect(brief(":a-b")).toEqual([
      ["name", "a", 0],
      ["char", "-", 2],
      ["char", "b", 3],
      ["end", "", 4],
    ]);
    // Astral code points are one code point (here U+1D400, a letter).
    expect(brief(":\u{1d400}x")[0]).toEqual(["name", "\u{1d400}x", 0]);
  });

  it("reads regular expressions with nested non-capturing groups and escapes", () => {
    expect(brief("(\\d+)")).toEqual([
      ["regexp", "\\d+", 0],
      ["end", "", 5],
    ]);
    expect(brief("(a(?:b|c))x")).toEqual([
      ["regexp", "a(?:b|c)", 0],
      ["char", "x", 10],
      ["end", "", 11],
    ]);
    expect(brief("(\\))")[0]).toEqual(["regexp", "\\)", 0]);
  });

  it.each([
    ["a name without a code point", ":"],
    ["a name starting with a digit", ":1"],
    ["a trailing backslash", "a\\"],
    ["an empty group", "()"],
    ["an unclosed group", "(a"],
    ["a group starting with ?", "(?a)"],
    ["a capturing nested group", "(a(b))"],
    ["a ( last in a group", "(a("],
    ["non-ASCII in a group", "(é)"],
    ["an escaped non-ASCII code point in a group", "(\\é)"],
    ["a trailing backslash in a group", "(a\\"],
  ])("throws a TypeError on %s when strict", (_, input) => {
    expect(() => tokenize(input, "strict")).toThrow(TypeError);
  });

  it("makes invalid-char tokens when lenient", () => {
    expect(brief(":", "lenient")).toEqual([
      ["invalid-char", ":", 0],
      ["end", "", 1],
    ]);
    // The group's error covers only the "(": the rest is tokenized again.
    expect(brief("(a", "lenient")).toEqual([
      ["invalid-char", "(", 0],
      ["char", "a", 1],
      ["end", "", 2],
    ]);
    expect(brief("a\\", "lenient")).toEqual([
      ["char", "a", 0],
      ["invalid-char", "\\", 1],
      ["end", "", 2],
    ]);
  });
});

describe("isValidNameCodePoint", () => {
  it("follows IdentifierStart and IdentifierPart", () => {
    for (const c of ["a", "Z", "_", "$", "é", "\u{1d400}"]) expect(isValidNameCodePoint(c, true)).toBe(true);
    for (const c of ["1", "-", "\u200c", "/", " "]) expect(isValidNameCodePoint(c, true)).toBe(false);
    for (const c of ["a", "1", "_", "$", "\u200c", "\u200d"]) expect(isValidNameCodePoint(c, false)).toBe(true);
    for (const c of ["-", ".", "/", " "]) expect(isValidNameCodePoint(c, false)).toBe(false);
  });
});
