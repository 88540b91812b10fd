// parse() and canParse() keep the last base given as a string (or as an
// object's href) and what it parsed to (src/whatwg/parse.ts), so that many
// inputs resolved against one base parse it once. Whatever the order of the
// bases, each call must answer as whatwg-url does for its own arguments:
// a base repeated, a base that fails, a base that changes under the same
// object (a platform URL whose pathname is set between calls), a ParsedUrl.
import { describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";
import { reference } from "../helpers/url-targets";
import { mulberry32, pick } from "../helpers/random";

const BASES = [
  "https://example.com/a/b/c?q#f",
  "https://example.com/a/b/c?q#f",
  "http://other.example/x/",
  "not a base",
  "file:///C:/dir/file",
  "https://example.com/a/b/c?q",
  "data:text/plain,opaque",
  "blob:https://example.com/uuid",
  "",
];
const INPUTS = ["", "d", "../up", "?query", "#frag", "//host/p", "/abs", "https://absolute.example/", "x:y"];

describe.each(builds)("the kept base (%s)", (_name, api) => {
  it("answers each call as whatwg-url does, whatever the order of bases", () => {
    const random = mulberry32(1125);
    for (let i = 0; i < 3000; i++) {
      const base = pick(random, BASES);
      const input = pick(random, INPUTS);
      const expected = reference.parse(input, base)?.href ?? null;
      expect(api.parse(input, base)?.href ?? null, `${JSON.stringify(input)} against ${JSON.stringify(base)}`).toBe(
        expected,
      );
      expect(api.canParse(input, base)).toBe(expected !== null);
    }
  });

  it("follows a platform URL base whose href changes between calls", () => {
    const platform = new globalThis.URL("https://example.com/one/two");
    // parse() takes any object with a string href (docs/api.md); its type names string | ParsedUrl.
    const base = platform as unknown as string;
    expect(api.parse("three", base)?.href).toBe("https://example.com/one/three");
    platform.pathname = "/four/five";
    expect(api.parse("three", base)?.href).toBe("https://example.com/four/three");
    platform.href = "http://changed.example/";
    expect(api.parse("three", base)?.href).toBe("http://changed.example/three");
  });

  it("takes a ParsedUrl base after a string base with the same href", () => {
    const href = "https://example.com/p/q";
    expect(api.parse("r", href)?.href).toBe("https://example.com/p/r");
    const url = api.parse("https://elsewhere.example/s/t");
    expect(url).not.toBeNull();
    expect(api.parse("r", url ?? undefined)?.href).toBe("https://elsewhere.example/s/r");
    expect(api.parse("r", href)?.href).toBe("https://example.com/p/r");
  });
});
