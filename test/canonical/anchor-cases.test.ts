// The "normalize-url" and "crawlee" profiles of canonicalize() on their
// anchors' own test cases (test/fixtures/canon/), in every build:
// normalize-url's 205 (test.js of 8.0.2, with 10.0.0's answers where that
// release changed them) and @apify/utilities' 44 normalizeUrl cases.
import { describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";
import { anchorCases, type AnchorCase } from "../helpers/anchor-cases";

const NORMALIZE_URL = anchorCases("normalize-url");
const APIFY = anchorCases("apify");

/** The cases where normalize-url 10.0.0 answers otherwise than 8.0.2's test.js (docs/canonical.md). */
const CHANGED_IN_10 = ["nu-175", "nu-181", "nu-189"];

/** What normalize-url 10.0.0 returns for a case: the test's expectation, or 10.0.0's own answer where it changed. */
function expected10(c: AnchorCase): unknown {
  const oracle = (c.oracle as { impl: string; output: unknown; agrees: boolean }[]).find((o) =>
    o.impl.endsWith("10.0.0"),
  );
  if (oracle === undefined) throw new Error(`${c.id}: no 10.0.0 answer`);
  return oracle.agrees ? c.expected : oracle.output;
}

/** An expectation of "Invalid URL" (a message or a RegExp of one): the profile returns null there. */
function invalidUrl(expected: unknown): boolean {
  if (expected === null || typeof expected !== "object" || !("throws" in expected)) return false;
  const t = (expected as { throws: unknown }).throws;
  return t instanceof RegExp ? t.test("Invalid URL") : String(t).startsWith("Invalid URL");
}

it("normalize-url 10.0.0 changed exactly three of 8.0.2's cases", () => {
  const changed = NORMALIZE_URL.filter((c) =>
    (c.oracle as { impl: string; agrees: boolean }[]).some((o) => o.impl.endsWith("10.0.0") && !o.agrees),
  );
  expect(changed.map((c) => c.id)).toEqual(CHANGED_IN_10);
  expect(NORMALIZE_URL.length).toBe(205);
  expect(APIFY.length).toBe(44);
});

describe.each(builds)("%s", (_name, api) => {
  const normalizeUrl = (input: string, options: Record<string, unknown>) =>
    api.canonicalize(input, { ...options, profile: "normalize-url" });

  it.each(NORMALIZE_URL.map((c) => [c.id, c] as const))("normalize-url %s", (_id, c) => {
    const input = c.input as string;
    const want = expected10(c);
    if (invalidUrl(want)) expect(normalizeUrl(input, c.options)).toBeNull();
    else if (want !== null && typeof want === "object" && "throws" in want)
      expect(() => normalizeUrl(input, c.options)).toThrow((want as { throws: string }).throws);
    else if (want !== null && typeof want === "object" && "same_as" in want) {
      const other = (want as { same_as: { input: string; options: Record<string, unknown> } }).same_as;
      expect(normalizeUrl(input, c.options)).toBe(normalizeUrl(other.input, other.options));
    } else expect(normalizeUrl(input, c.options)).toBe(want);
  });

  it.each(APIFY.map((c) => [c.id, c] as const))("crawlee %s", (_id, c) => {
    // Arguments that are not strings (none, null, undefined, {}) get null, as normalizeUrl gives them.
    let input: unknown = c.input;
    if (c.input_not_a_string !== undefined) {
      const value = c.input_not_a_string.value as Record<string, unknown> | null;
      input = value !== null && (value.no_argument === true || value.undefined === true) ? undefined : value;
    }
    const keepUrlFragment = c.options.keepFragment as boolean | undefined;
    expect(api.canonicalize(input as string, { profile: "crawlee", keepUrlFragment })).toBe(c.expected);
  });

  it("refuses an unknown profile and normalize-url's conflicting options", () => {
    expect(() => api.canonicalize("http://a/", { profile: "nope" } as never)).toThrow(/unknown profile "nope"/);
    expect(() => normalizeUrl("a.com", { defaultProtocol: "" })).toThrow(TypeError);
    expect(() => normalizeUrl(1 as never, {})).toThrow(TypeError);
  });

  it("takes a Url as parsed", () => {
    const url = api.parse("b/../c/?utm_x=1&b=2&a=1#f", "HTTPS://www.Example.com/a/");
    if (url === null) throw new Error("no parse");
    expect(api.canonicalize(url, { profile: "crawlee" })).toBe("https://www.example.com/a/c?a=1&b=2");
    expect(api.canonicalize(url, { profile: "normalize-url" })).toBe("https://example.com/a/c?a=1&b=2#f");
  });
});
