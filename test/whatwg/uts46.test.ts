// swurl's UTS #46 ToASCII (src/whatwg/uts46.ts, through domainToAscii and its
// cache in src/whatwg/idna.ts) against the tr46 package, the
// implementation whatwg-url uses and the source of swurl's generated data,
// with the flags of the URL Standard's "domain to ASCII" (beStrict = false).
//
// One known difference, where swurl follows RFC 5892 A.1 and tr46 does not:
// tr46 matches the ZWNJ rule's regular expression anywhere between the last
// ZWNJ it accepted by that rule and the next ZWNJ, so a ZWNJ it accepted after
// a virama lets a later ZWNJ with no valid context pass too (e.g. U+0628 U+094D
// ZWNJ U+0628 ZWNJ U+0661). The oracle here is tr46 with that rule applied to
// each ZWNJ of its own result (joinersOk below, from tr46's own classes).
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import tr46 from "tr46";
import mappingTable from "tr46/lib/mappingTable.json";
import regexes from "tr46/lib/regexes.js";
import { domainToAscii } from "../../src/whatwg/idna";
import {
  Bidi,
  Joining,
  MARK,
  VIRAMA,
  bidiGroup,
  isValid,
  joiningType,
  mapCodePoint,
  properties,
} from "../../src/whatwg/unicode-data";
import { int, mulberry32, pick, type Rng } from "../helpers/random";
import { uts46Size } from "../../scripts/uts46-size.mjs";
import { DOMAIN_TO_ASCII as OPTIONS } from "../../scripts/tr46-flags.mjs";
import { randomCases } from "../helpers/quick";

/** The character classes of one of tr46's regular expressions, each a RegExp of one character. */
const classes = (re: RegExp): RegExp[] =>
  re.source.match(/\[(?:[^\]\\]|\\.)*\]/g)!.map((c) => new RegExp(`^${c}$`, "u"));
// The ZWNJ expression: (L|D) T* ZWNJ T* (R|D).
const [leftOrDual, transparent, , rightOrDual] = classes(regexes.validZWNJ);

/** RFC 5892 A.1 for each ZWNJ of a label that is not after a virama. */
function joinersOk(label: string): boolean {
  const cps = Array.from(label);
  return cps.every((c, i) => {
    if (c !== "\u200c" || (i > 0 && regexes.combiningClassVirama.test(cps[i - 1]))) return true;
    let before = i - 1;
    while (before >= 0 && transparent.test(cps[before])) before--;
    let after = i + 1;
    while (after < cps.length && transparent.test(cps[after])) after++;
    return before >= 0 && after < cps.length && leftOrDual.test(cps[before]) && rightOrDual.test(cps[after]);
  });
}

function oracle(domain: string): string | null {
  const ascii = tr46.toASCII(domain, OPTIONS);
  if (ascii === null) return null;
  return tr46.toUnicode(domain, OPTIONS).domain.split(".").every(joinersOk) ? ascii : null;
}

// ---- random domains ---------------------------------------------------------
const range = (lo: number, hi: number): string[] =>
  Array.from({ length: hi - lo + 1 }, (_, k) => String.fromCodePoint(lo + k));
const POOLS: Record<string, string[]> = {
  ascii: [...range(0x61, 0x7a), ...range(0x30, 0x39), "-", "-", "_", "x", "n"],
  asciiOther: [...range(0x20, 0x2d), ...range(0x2f, 0x40), ...range(0x5b, 0x60), ...range(0x7b, 0x7f), "\0"],
  upper: range(0x41, 0x5a),
  // Mapped: Latin-1 and other capitals, compatibility forms, ligatures, CJK compatibility ideographs.
  mapped: [
    "À",
    "É",
    "Ö",
    "Ω",
    "Σ",
    "Д",
    "ẞ",
    "Ａ",
    "ｚ",
    "①",
    "㎏",
    "ﬁ",
    "Ⅷ",
    "™",
    "½",
    "²",
    "ǅ",
    "İ",
    "\u{1D400}",
    "\uF900",
    "\u{2F800}",
    "\u3000",
    "\u00A0",
    "\u2F00",
  ],
  deviation: ["ß", "ς", "\u200c", "\u200d"],
  ignored: ["\u00ad", "\u200b", "\u2060", "\ufe0f", "\u{E0100}", "\u034f", "\u180b"],
  disallowed: [
    "\u0080",
    "\u009f",
    "\u0378",
    "\ue000",
    "\ufffd",
    "\uffff",
    "\u{10FFFF}",
    "\u2028",
    "\ud800",
    "\udfff",
    "\u{E0001}",
    "\u{F0000}",
  ],
  marks: [
    "\u0300",
    "\u0301",
    "\u0308",
    "\u0327",
    "\u093c",
    "\u094d",
    "\u0651",
    "\u05b4",
    "\u0610",
    "\u1ab0",
    "\u20dd",
    "\u0f84",
  ],
  virama: ["\u094d", "\u09cd", "\u0a4d", "\u0bcd", "\u0d4d", "\u0e3a", "\u1039", "\u{11046}"],
  latin: [...range(0xe0, 0xff), ...range(0x100, 0x17f).filter((_, k) => k % 2 === 1)],
  greekCyrillic: [...range(0x3b1, 0x3c9), ...range(0x430, 0x44f)],
  hebrew: [...range(0x5d0, 0x5ea), "\u05be", "\u05c0"],
  arabic: [...range(0x620, 0x64a), ...range(0x671, 0x6d3), "\u0710", "\u0712", "\u07ca", "\u0780"],
  arabicDigits: [...range(0x660, 0x669), ...range(0x6f0, 0x6f9), "\u066b", "\u066c"],
  devanagari: [...range(0x915, 0x939), "\u093e", "\u0940"],
  cjk: ["中", "国", "日", "本", "例", "え", "テ", "ス", "ト", "한", "국", "\u{20000}", "\u3042"],
  neutral: ["+", "-", ",", ":", "#", "$", "%", "!", "@", "\u00b7", "\u2010", "\u0387"],
  emoji: ["😀", "\u2764", "\u{1F1FA}", "\u{1F3FB}"],
  any: [],
};
const POOL_NAMES = Object.keys(POOLS);
const DOTS = [".", ".", ".", "\u3002", "\uff0e", "\uff61"];

function anyCodePoint(rng: Rng): string {
  // Mostly the BMP, where the tables are densest, and the whole range.
  return String.fromCodePoint(rng() < 0.7 ? int(rng, 0x80, 0xffff) : int(rng, 0, 0x10ffff));
}

function randomLabel(rng: Rng): string {
  const pools = [pick(rng, POOL_NAMES), pick(rng, POOL_NAMES), pick(rng, POOL_NAMES)];
  let label = "";
  for (let k = int(rng, 0, 7); k > 0; k--) {
    const pool = pick(rng, pools);
    label += pool === "any" ? anyCodePoint(rng) : pick(rng, POOLS[pool]);
  }
  return label;
}

/** A label around a ZWNJ or ZWJ: joining letters, transparent marks, viramas. */
function joinerLabel(rng: Rng): string {
  const side = (): string =>
    pick(rng, [...POOLS.arabic, ...POOLS.devanagari, "\u0644", "\u0627", "\u0621", "a", "\u0661"]);
  const marks = (): string =>
    Array.from({ length: int(rng, 0, 2) }, () => pick(rng, ["\u064b", "\u0651", "\u0610", "\u0300"])).join("");
  const joiner = pick(rng, ["\u200c", "\u200c", "\u200d"]);
  const before = rng() < 0.3 ? pick(rng, POOLS.virama) : marks();
  return side() + before + joiner + marks() + (rng() < 0.9 ? side() : "") + (rng() < 0.3 ? joinerLabel(rng) : "");
}

/** An xn-- label: the Punycode of a random label (as tr46 writes it), or a broken one. */
function punycodeLabel(rng: Rng): string {
  const kind = int(rng, 0, 5);
  if (kind <= 2) {
    const ascii = tr46.toASCII(randomLabel(rng) + "é", { ...OPTIONS, checkBidi: false, checkJoiners: false });
    const label = ascii?.split(".").find((l) => l.startsWith("xn--")) ?? "xn--";
    // Sometimes damaged: a digit changed, cut short or grown.
    if (kind === 2 && label.length > 4) {
      const at = int(rng, 4, label.length - 1);
      return label.slice(0, at) + pick(rng, ["a", "9", "-", "", "zz", "A"]) + label.slice(at + 1);
    }
    return label;
  }
  if (kind === 3) return `xn--${Array.from({ length: int(rng, 0, 12) }, () => pick(rng, [..."abcxyz0189-"])).join("")}`;
  if (kind === 4)
    return pick(rng, [
      "xn--",
      "xn--a",
      "xn---",
      "xn--a-",
      "xn--ls8h",
      "xn--99999999999",
      "xn--zzzzzzzz",
      "XN--BCHER-KVA",
      "xn--bcher-kva",
      "xn--é",
      "xn--xn--a-ecp",
    ]);
  return `xn--${randomLabel(rng)}`;
}

function randomDomain(rng: Rng): string {
  const labels: string[] = [];
  for (let k = int(rng, 1, 4); k > 0; k--) {
    const r = rng();
    labels.push(r < 0.15 ? punycodeLabel(rng) : r < 0.25 ? joinerLabel(rng) : randomLabel(rng));
  }
  let domain = labels[0];
  for (let k = 1; k < labels.length; k++) domain += pick(rng, DOTS) + labels[k];
  return domain;
}

const CASES = randomCases(200_000);

describe("UTS #46 ToASCII against tr46", () => {
  it(`agrees on ${CASES} random domains`, () => {
    const rng = mulberry32(46);
    const disagreements: string[] = [];
    let valid = 0;
    for (let k = 0; k < CASES; k++) {
      const domain = randomDomain(rng);
      const expected = oracle(domain);
      const got = domainToAscii(domain);
      if (expected !== null) valid++;
      if (got !== expected && disagreements.length < 20)
        disagreements.push(`${JSON.stringify(domain)}: ${got} (tr46: ${expected})`);
    }
    expect(disagreements).toEqual([]);
    // The inputs must not be failures alone: a good share is valid.
    expect(valid).toBeGreaterThan(CASES / 5);
  });

  it("agrees on the IDNA Mapping Table for every code point", () => {
    const mismatches: string[] = [];
    for (const [range, status, to] of mappingTable) {
      const [lo, hi] = Array.isArray(range) ? range : [range, range];
      for (let cp = lo; cp <= hi; cp++) {
        // tr46's statuses: 1 mapped, 2 valid, 3 disallowed, 6 deviation, 7 ignored.
        const mapped = mapCodePoint(cp);
        const expected = status === 1 ? to! : status === 7 ? "" : null;
        if (mapped !== expected || isValid(cp) !== (status === 2 || status === 6)) {
          mismatches.push(`U+${cp.toString(16)}`);
        }
      }
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
  });

  it("agrees on the properties of every valid code point with tr46's character classes", () => {
    // Bidi rule: [L] and [R AL] (condition 1), [AN] and [EN] (4), the code
    // points an RTL label may hold (2) and an LTR one (5); marks; viramas;
    // Joining_Type: [L D], [T], [R D] of the ZWNJ rule.
    const [rtlAllowed] = classes(regexes.bidiS2);
    const [ltrAllowed] = classes(regexes.bidiS5);
    const mismatches: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (!isValid(cp)) continue;
      const ch = String.fromCodePoint(cp);
      const p = properties(cp);
      const bidi = bidiGroup(p);
      const joining = joiningType(p);
      const agrees =
        regexes.bidiS1LTR.test(ch) === (bidi === Bidi.L) &&
        regexes.bidiS1RTL.test(ch) === (bidi === Bidi.R) &&
        regexes.bidiS4AN.test(ch) === (bidi === Bidi.AN) &&
        regexes.bidiS4EN.test(ch) === (bidi === Bidi.EN) &&
        rtlAllowed.test(ch) === [Bidi.R, Bidi.AN, Bidi.EN, Bidi.NSM, Bidi.Neutral].includes(bidi) &&
        ltrAllowed.test(ch) === [Bidi.L, Bidi.EN, Bidi.NSM, Bidi.Neutral].includes(bidi) &&
        regexes.combiningMarks.test(ch) === Boolean(p & MARK) &&
        regexes.combiningClassVirama.test(ch) === Boolean(p & VIRAMA) &&
        leftOrDual.test(ch) === (joining === Joining.L || joining === Joining.D) &&
        rightOrDual.test(ch) === (joining === Joining.R || joining === Joining.D) &&
        transparent.test(ch) === (joining === Joining.T);
      if (!agrees) mismatches.push(`U+${cp.toString(16)}`);
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
  });

  it("follows RFC 5892 A.1 where tr46 lets a ZWNJ without context pass", () => {
    const domain = "\u0628\u094d\u200c\u0628\u200c\u0661";
    expect(tr46.toASCII(domain, OPTIONS)).not.toBeNull();
    expect(domainToAscii(domain)).toBeNull();
    // With a context for the second ZWNJ (U+0628 is dual-joining), both accept it.
    const fixed = "\u0628\u094d\u200c\u0628\u200c\u0628";
    expect(domainToAscii(fixed)).toBe(tr46.toASCII(fixed, OPTIONS));
    expect(domainToAscii(fixed)).not.toBeNull();
  });
});

describe("the bundles", () => {
  it("import neither tr46 nor punycode", () => {
    const dir = new URL("../../build/", import.meta.url);
    const files = [
      ...readdirSync(dir).filter((f) => f.endsWith(".js")),
      ...readdirSync(new URL("chunks/", dir)).map((f) => `chunks/${f}`),
    ];
    const imported = files.flatMap((f) =>
      [
        ...readFileSync(new URL(f, dir), "utf8").matchAll(
          /\bfrom\s*"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)|\brequire\(\s*"([^"]+)"\s*\)/g,
        ),
      ].map((m) => m[1] ?? m[2] ?? m[3]),
    );
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((name) => /^(tr46|punycode)(\/|$)/.test(name))).toEqual([]);
  });
});

describe("size", () => {
  it("code and data, minified and gzipped, stay within 18 KB", async () => {
    // node scripts/uts46-size.mjs prints it, and tr46's for comparison.
    expect((await uts46Size()).gzip).toBeLessThanOrEqual(18 * 1024);
  });
});
