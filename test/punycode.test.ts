// The Punycode encoder of the IDNA path (src/whatwg/punycode.ts, O(n log n))
// against the punycode package that tr46 (and so whatwg-url) uses: the same
// string for every label, and failure (null) exactly where it throws. An
// internal module, tested from the source: its effect through parse() is in
// the WHATWG suites and the fuzz properties.
import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { punycodeEncode } from "../src/whatwg/punycode";
import { builds } from "./builds";
import { reference } from "./url-targets";

/** The punycode package as tr46 requires it. */
const punycode = createRequire(createRequire(import.meta.url).resolve("tr46"))("punycode/") as { encode(s: string): string };

function packageEncode(label: string): string | null {
  try {
    return punycode.encode(label);
  } catch {
    return null;
  }
}

/** Labels with few distinct code points repeated (where the order of occurrences matters), many distinct ones, ASCII among them. */
const label = fc.string({
  unit: fc.oneof(
    fc.constantFrom("a", "-", "0", "ü", "ß", "é", "中", "文", "😀", "\u{10ffff}", "\ud800"),
    fc.integer({ min: 0x80, max: 0x2fff }).map((c) => String.fromCharCode(c)),
    fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
  ),
  maxLength: 60,
});

describe("punycodeEncode", () => {
  it("gives the RFC 3492 section 7.1 samples", () => {
    expect(punycodeEncode("ليهمابتكلموشعربي؟")).toBe("egbpdaj6bu4bxfgehfvwxn");
    expect(punycodeEncode("他们为什么不说中文")).toBe("ihqwcrb4cv8a8dqg056pqjye");
    expect(punycodeEncode("Pročprostěnemluvíčesky")).toBe("Proprostnemluvesky-uyb24dma41a");
    expect(punycodeEncode("3年B組金八先生")).toBe("3B-ww4c5e180e575a65lsy2b");
  });

  it("equals the punycode package on any label", () => {
    fc.assert(fc.property(label, (s) => punycodeEncode(s) === packageEncode(s)), { seed: 0x9c0de, numRuns: 20_000 });
  });

  it("fails where the package overflows", () => {
    for (const s of ["a".repeat(2000) + "\u{10ffff}", "\u0080".repeat(2100) + "\u{10ffff}", "ü".repeat(5000) + "\u{10ffff}"]) {
      expect(packageEncode(s)).toBe(null);
      expect(punycodeEncode(s)).toBe(null);
    }
  });

  it("equals the package on long labels of distinct and repeated code points", () => {
    let distinct = "";
    for (let i = 0; i < 3000; i++) distinct += String.fromCharCode(0x4e00 + ((i * 7919) % 5000));
    for (const s of [distinct, "ü".repeat(3000) + distinct, distinct + "a".repeat(500)]) expect(punycodeEncode(s)).toBe(packageEncode(s));
  });
});

describe.each(builds)("long non-ASCII hosts (%s)", (_name, api) => {
  // 2000 distinct CJK characters: whatwg-url takes some 100 ms; 200,000 took
  // minutes through the punycode package, and take well under a second now.
  it("parse as whatwg-url does, and long ones quickly", () => {
    const host = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(0x4e00 + (i % 20000))).join("");
    const input = `http://${host(2000)}/`;
    expect(api.parse(input)?.hostname).toBe(reference.parse(input)?.hostname);
    const start = performance.now();
    expect(api.parse(`http://${host(200_000)}/`)?.hostname.length).toBeGreaterThan(200_000);
    expect(performance.now() - start).toBeLessThan(20_000);
  });
});
