// Punycode (src/whatwg/punycode.ts): the sample strings of RFC 3492 section
// 7.1 both ways, the overflow checks, and work that stays near-linear on long
// labels (the section 6 loops are quadratic on hostile ones).
import { describe, expect, it } from "vitest";
import { decode, encode } from "../../src/whatwg/punycode";

// RFC 3492 section 7.1: (name, code points, Punycode). The RFC writes some
// digits in upper case (its mixed-case annotation, appendix A), which a decoder
// reads as the lower-case ones; the encoder here writes them in lower case.
const SAMPLES: [string, number[], string][] = [
  [
    "A Arabic (Egyptian)",
    [
      0x0644, 0x064a, 0x0647, 0x0645, 0x0627, 0x0628, 0x062a, 0x0643, 0x0644, 0x0645, 0x0648, 0x0634, 0x0639, 0x0631,
      0x0628, 0x064a, 0x061f,
    ],
    "egbpdaj6bu4bxfgehfvwxn",
  ],
  [
    "B Chinese (simplified)",
    [0x4ed6, 0x4eec, 0x4e3a, 0x4ec0, 0x4e48, 0x4e0d, 0x8bf4, 0x4e2d, 0x6587],
    "ihqwcrb4cv8a8dqg056pqjye",
  ],
  [
    "C Chinese (traditional)",
    [0x4ed6, 0x5011, 0x7232, 0x4ec0, 0x9ebd, 0x4e0d, 0x8aaa, 0x4e2d, 0x6587],
    "ihqwctvzc91f659drss3x8bo0yb",
  ],
  [
    "D Czech",
    [
      0x0050, 0x0072, 0x006f, 0x010d, 0x0070, 0x0072, 0x006f, 0x0073, 0x0074, 0x011b, 0x006e, 0x0065, 0x006d, 0x006c,
      0x0075, 0x0076, 0x00ed, 0x010d, 0x0065, 0x0073, 0x006b, 0x0079,
    ],
    "Proprostnemluvesky-uyb24dma41a",
  ],
  [
    "E Hebrew",
    [
      0x05dc, 0x05de, 0x05d4, 0x05d4, 0x05dd, 0x05e4, 0x05e9, 0x05d5, 0x05d8, 0x05dc, 0x05d0, 0x05de, 0x05d3, 0x05d1,
      0x05e8, 0x05d9, 0x05dd, 0x05e2, 0x05d1, 0x05e8, 0x05d9, 0x05ea,
    ],
    "4dbcagdahymbxekheh6e0a7fei0b",
  ],
  [
    "F Hindi (Devanagari)",
    [
      0x092f, 0x0939, 0x0932, 0x094b, 0x0917, 0x0939, 0x093f, 0x0928, 0x094d, 0x0926, 0x0940, 0x0915, 0x094d, 0x092f,
      0x094b, 0x0902, 0x0928, 0x0939, 0x0940, 0x0902, 0x092c, 0x094b, 0x0932, 0x0938, 0x0915, 0x0924, 0x0947, 0x0939,
      0x0948, 0x0902,
    ],
    "i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd",
  ],
  [
    "G Japanese (kanji and hiragana)",
    [
      0x306a, 0x305c, 0x307f, 0x3093, 0x306a, 0x65e5, 0x672c, 0x8a9e, 0x3092, 0x8a71, 0x3057, 0x3066, 0x304f, 0x308c,
      0x306a, 0x3044, 0x306e, 0x304b,
    ],
    "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa",
  ],
  [
    "H Korean (Hangul syllables)",
    [
      0xc138, 0xacc4, 0xc758, 0xbaa8, 0xb4e0, 0xc0ac, 0xb78c, 0xb4e4, 0xc774, 0xd55c, 0xad6d, 0xc5b4, 0xb97c, 0xc774,
      0xd574, 0xd55c, 0xb2e4, 0xba74, 0xc5bc, 0xb9c8, 0xb098, 0xc88b, 0xc744, 0xae4c,
    ],
    "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c",
  ],
  [
    "I Russian (Cyrillic)",
    [
      0x043f, 0x043e, 0x0447, 0x0435, 0x043c, 0x0443, 0x0436, 0x0435, 0x043e, 0x043d, 0x0438, 0x043d, 0x0435, 0x0433,
      0x043e, 0x0432, 0x043e, 0x0440, 0x044f, 0x0442, 0x043f, 0x043e, 0x0440, 0x0443, 0x0441, 0x0441, 0x043a, 0x0438,
    ],
    "b1abfaaepdrnnbgefbaDotcwatmq2g4l",
  ],
  [
    "J Spanish",
    [
      0x0050, 0x006f, 0x0072, 0x0071, 0x0075, 0x00e9, 0x006e, 0x006f, 0x0070, 0x0075, 0x0065, 0x0064, 0x0065, 0x006e,
      0x0073, 0x0069, 0x006d, 0x0070, 0x006c, 0x0065, 0x006d, 0x0065, 0x006e, 0x0074, 0x0065, 0x0068, 0x0061, 0x0062,
      0x006c, 0x0061, 0x0072, 0x0065, 0x006e, 0x0045, 0x0073, 0x0070, 0x0061, 0x00f1, 0x006f, 0x006c,
    ],
    "PorqunopuedensimplementehablarenEspaol-fmd56a",
  ],
  [
    "K Vietnamese",
    [
      0x0054, 0x1ea1, 0x0069, 0x0073, 0x0061, 0x006f, 0x0068, 0x1ecd, 0x006b, 0x0068, 0x00f4, 0x006e, 0x0067, 0x0074,
      0x0068, 0x1ec3, 0x0063, 0x0068, 0x1ec9, 0x006e, 0x00f3, 0x0069, 0x0074, 0x0069, 0x1ebf, 0x006e, 0x0067, 0x0056,
      0x0069, 0x1ec7, 0x0074,
    ],
    "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g",
  ],
  [
    "L 3<nen>B<gumi><kinpachi><sensei>",
    [0x0033, 0x5e74, 0x0042, 0x7d44, 0x91d1, 0x516b, 0x5148, 0x751f],
    "3B-ww4c5e180e575a65lsy2b",
  ],
  [
    "M <amuro><namie>-with-SUPER-MONKEYS",
    [
      0x5b89, 0x5ba4, 0x5948, 0x7f8e, 0x6075, 0x002d, 0x0077, 0x0069, 0x0074, 0x0068, 0x002d, 0x0053, 0x0055, 0x0050,
      0x0045, 0x0052, 0x002d, 0x004d, 0x004f, 0x004e, 0x004b, 0x0045, 0x0059, 0x0053,
    ],
    "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n",
  ],
  [
    "N Hello-Another-Way-<sorezore><no><basho>",
    [
      0x0048, 0x0065, 0x006c, 0x006c, 0x006f, 0x002d, 0x0041, 0x006e, 0x006f, 0x0074, 0x0068, 0x0065, 0x0072, 0x002d,
      0x0057, 0x0061, 0x0079, 0x002d, 0x305d, 0x308c, 0x305e, 0x308c, 0x306e, 0x5834, 0x6240,
    ],
    "Hello-Another-Way--fc4qua05auwb3674vfr0b",
  ],
  [
    "O <hitotsu><yane><no><shita>2",
    [0x3072, 0x3068, 0x3064, 0x5c4b, 0x6839, 0x306e, 0x4e0b, 0x0032],
    "2-u9tlzr9756bt3uc0v",
  ],
  [
    "P Maji<de>Koi<suru>5<byou><mae>",
    [0x004d, 0x0061, 0x006a, 0x0069, 0x3067, 0x004b, 0x006f, 0x0069, 0x3059, 0x308b, 0x0035, 0x79d2, 0x524d],
    "MajiKoi5-783gue6qz075azm5e",
  ],
  ["Q <pafii>de<runba>", [0x30d1, 0x30d5, 0x30a3, 0x30fc, 0x0064, 0x0065, 0x30eb, 0x30f3, 0x30d0], "de-jg4avhby1noc0d"],
  ["R <sono><supiido><de>", [0x305d, 0x306e, 0x30b9, 0x30d4, 0x30fc, 0x30c9, 0x3067], "d9juau41awczczp"],
  [
    "S -> $1.00 <-",
    [0x002d, 0x003e, 0x0020, 0x0024, 0x0031, 0x002e, 0x0030, 0x0030, 0x0020, 0x003c, 0x002d],
    "-> $1.00 <--",
  ],
];

/** The Punycode with the digits after the last delimiter in lower case, as the encoder writes them. */
function lowerDigits(punycode: string): string {
  const at = punycode.lastIndexOf("-") + 1;
  return punycode.slice(0, at) + punycode.slice(at).toLowerCase();
}

describe("RFC 3492 section 7.1 sample strings", () => {
  it.each(SAMPLES)("%s", (_name, codePoints, punycode) => {
    const text = String.fromCodePoint(...codePoints);
    expect(decode(punycode)).toBe(text);
    expect(encode(text)).toBe(lowerDigits(punycode));
  });
});

describe("failures", () => {
  it("rejects what is not Punycode", () => {
    // A digit that is no digit, a number cut short, a non-basic code point
    // before the delimiter, a code point beyond U+10FFFF.
    for (const input of ["a!", "a-_", "zz", "é-a", "99999999999", "zzzzzzzz"]) expect(decode(input), input).toBeNull();
  });

  it("fails on overflow of 31 bits (RFC 3492 section 6.4)", () => {
    // Decoding: a number of more than 2^31 - 1.
    expect(decode("0".repeat(40))).toBeNull();
    // Encoding: the delta to reach U+10FFFF after 3000 basic code points is 0x10FF7F * 3001.
    expect(encode(`${"a".repeat(3000)}\u{10ffff}`)).toBeNull();
    expect(encode(`${"a".repeat(1000)}\u{10ffff}`)).not.toBeNull();
  });
});

describe("long labels", () => {
  it("round-trips 200,000 distinct code points in seconds", () => {
    // The section 6.3 encoder scans the input once per distinct code point
    // (4 * 10^10 steps here); the decoder inserts into the middle of the output.
    const codePoints = Array.from({ length: 200_000 }, (_, k) => 0x4e00 + ((k * 7919) % 200_000));
    const text =
      String.fromCodePoint(...codePoints.slice(0, 100_000)) + String.fromCodePoint(...codePoints.slice(100_000));
    const start = performance.now();
    const punycode = encode(text);
    expect(punycode).not.toBeNull();
    expect(decode(punycode!)).toBe(text);
    expect(performance.now() - start).toBeLessThan(20_000);
  });

  it("round-trips 300,000 code points that the decoder inserts at the front", () => {
    // Descending code points: each one the encoder handles is the greatest so
    // far, so the decoder inserts it before all the others.
    const codePoints = Array.from({ length: 300_000 }, (_, k) => 0x10000 + 300_000 - k);
    let text = "";
    for (let k = 0; k < codePoints.length; k += 10_000)
      text += String.fromCodePoint(...codePoints.slice(k, k + 10_000));
    const start = performance.now();
    const punycode = encode(text);
    expect(punycode).not.toBeNull();
    expect(decode(punycode!)).toBe(text);
    expect(performance.now() - start).toBeLessThan(20_000);
  });
});
