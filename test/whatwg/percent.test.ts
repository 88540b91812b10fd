import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";
import { ENCODE_SETS, SET_NAMES, escapeByte, referenceEncode, type SetName } from "../helpers/encode-sets";
import { int, mulberry32, randomWellFormed } from "../helpers/random";

/** "UTF-8 decode without BOM": invalid sequences become U+FFFD, a leading BOM is kept. */
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });
const fromHex = (escapes: string): Uint8Array => Uint8Array.from(escapes.split("%").slice(1), (h) => parseInt(h, 16));

// RFC 1630, "CONVENTIONAL URI ENCODING": a "%" immediately followed by two
// hexadecimal digits gives the code of that character. Example 1:
// ".../albert/bertram/marie-claude" and ".../marie%2Dclaude" are identical.
// Decoding does not know which characters are reserved (Example 2's "%2F"
// decodes to "/" like any other escape; equivalent() is where that matters).
const DECODE: [string, string][] = [
  ["http://info.cern.ch/albert/bertram/marie%2Dclaude", "http://info.cern.ch/albert/bertram/marie-claude"],
  ["marie%2dclaude", "marie-claude"],
  ["bertram%2Fmarie-claude", "bertram/marie-claude"],
  ["%41%42%43", "ABC"],
  ["%25", "%"],
  ["%2525", "%25"],
  ["100%25%20sure", "100% sure"],
  ["%00%0a%0D%7f", "\0\n\r\x7f"],
  ["", ""],
  ["no escapes", "no escapes"],
  ["a+b", "a+b"],
];

// RFC 1630 Example 3: "fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred" and
// "news:12345667123%asdghfh@info.cern.ch" "are illegal, as all % characters
// imply encodings, and there is no decoding defined for "%*" or "%as"".
// [input, UTF-16 index of the first such "%", result when not strict]
const INVALID: [string, number, string][] = [
  ["fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred", 36, "fxqn:/us/va/reston/cnri/ietf/24/asdf%*.fred"],
  ["news:12345667123%asdghfh@info.cern.ch", 16, "news:12345667123%asdghfh@info.cern.ch"],
  ["%", 0, "%"],
  ["a%", 1, "a%"],
  ["a%4", 1, "a%4"],
  ["%4g", 0, "%4g"],
  ["%%41", 0, "%A"],
  ["%4%41", 0, "%4A"],
  ["%41%", 3, "A%"],
  ["%41%zz%", 3, "A%zz%"],
  // The index counts UTF-16 code units, not UTF-8 bytes.
  ["é%zz", 1, "é%zz"],
  ["😀%zz", 2, "😀%zz"],
  ["€€€%", 3, "€€€%"],
  ["%E2%82%AC%x", 9, "€%x"],
];

// Invalid UTF-8 after decoding (inputs all escapes, so TextDecoder can check the same bytes): each maximal bad subsequence becomes one U+FFFD
// (the Encoding Standard's UTF-8 decoder, as TextDecoder implements it).
const INVALID_UTF8: [string, string][] = [
  ["%FF", "\ufffd"],
  ["%80", "\ufffd"],
  ["%F5", "\ufffd"],
  ["%C3", "\ufffd"], // truncated 2-byte sequence at the end
  ["%C3%78", "\ufffdx"],
  ["%C3%28", "\ufffd("],
  ["%E2%82", "\ufffd"], // truncated 3-byte sequence
  ["%E2%82%E2%82%AC", "\ufffd€"],
  ["%F0%9F%98", "\ufffd"], // truncated 4-byte sequence
  ["%C0%AF", "\ufffd\ufffd"], // overlong "/"
  ["%E0%80%AF", "\ufffd\ufffd\ufffd"], // overlong "/"
  ["%F0%80%80%AF", "\ufffd\ufffd\ufffd\ufffd"], // overlong "/"
  ["%ED%A0%80", "\ufffd\ufffd\ufffd"], // a UTF-8-encoded surrogate
  ["%F4%90%80%80", "\ufffd\ufffd\ufffd\ufffd"], // above U+10FFFF
];

describe.each(builds)("percentDecode (%s)", (_name, api) => {
  it.each(DECODE)("decodes %j", (input, expected) => {
    expect(api.percentDecode(input)).toBe(expected);
    expect(api.percentDecode(input, { strict: true })).toBe(expected);
  });

  it.each(INVALID)(
    "keeps the invalid escape in %j, or with strict throws a SyntaxError naming index %i",
    (input, index, kept) => {
      expect(api.percentDecode(input)).toBe(kept);
      expect(api.percentDecode(input, { strict: false })).toBe(kept);
      let error: unknown;
      try {
        api.percentDecode(input, { strict: true });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SyntaxError);
      expect((error as Error).message).toMatch(new RegExp(`(?<!\\d)${index}(?!\\d)`));
    },
  );

  it("names the UTF-16 index after lone surrogates (one code unit, three UTF-8 bytes)", () => {
    expect(() => api.percentDecode("\ud800\udc00\ud800%zz", { strict: true })).toThrow(/(?<!\d)3(?!\d)/);
  });

  it.each([
    ["%E2%82%AC", "€"],
    ["%e2%82%ac", "€"],
    ["%F0%9F%98%80", "😀"],
    ["%C3%A9t%C3%A9", "été"],
    ["caf%C3%A9%20cr%C3%A8me", "café crème"],
    ["%EF%BB%BFa", "\ufeffa"], // "without BOM": a leading BOM is data, not removed
  ])("decodes the UTF-8 of %j", (input, expected) => {
    expect(api.percentDecode(input)).toBe(expected);
  });

  it.each(INVALID_UTF8)("turns the invalid UTF-8 %j into U+FFFD as TextDecoder does", (input, expected) => {
    expect(api.percentDecode(input)).toBe(expected);
    expect(utf8.decode(fromHex(input))).toBe(expected);
  });

  it("decodes escaped bytes followed by literal non-ASCII as the UTF-8 they form together", () => {
    // "%C3" + "é" is the bytes C3 C3 A9: a lone lead byte, then "é".
    expect(api.percentDecode("%C3é")).toBe("\ufffdé");
    expect(api.percentDecode("%F0%9F😀")).toBe("\ufffd😀");
  });

  it("agrees with TextDecoder on 3,000 random byte sequences, escaped in random case", () => {
    const rng = mulberry32(0x5eed_0002);
    for (let i = 0; i < 3000; i++) {
      const bytes = Uint8Array.from({ length: int(rng, 0, 12) }, () =>
        rng() < 0.8 ? int(rng, 0x80, 0xff) : int(rng, 0, 0x7f),
      );
      const escaped = [...bytes].map((b) => (rng() < 0.5 ? escapeByte(b) : escapeByte(b).toLowerCase())).join("");
      expect(api.percentDecode(escaped), escaped).toBe(utf8.decode(bytes));
    }
  });

  // RFC 1630, QUERY: "Within the query string, the plus sign is reserved as
  // shorthand notation for a space. Therefore, real plus signs must be encoded."
  it.each([
    ["a+b", "a b"],
    ["+", " "],
    ["++", "  "],
    ["%2B", "+"],
    ["a+b%2Bc", "a b+c"],
    ["q=1+2&r=%2B3", "q=1 2&r=+3"],
    ["%20+", "  "],
  ])("with plusAsSpace decodes %j to %j", (input, expected) => {
    expect(api.percentDecode(input, { plusAsSpace: true })).toBe(expected);
    expect(api.percentDecode(input, { plusAsSpace: true, strict: true })).toBe(expected);
  });

  it("keeps '+' without plusAsSpace", () => {
    expect(api.percentDecode("a+b%2Bc")).toBe("a+b+c");
    expect(api.percentDecode("a+b", { plusAsSpace: false })).toBe("a+b");
  });

  it("still names the index of an invalid escape with plusAsSpace", () => {
    expect(() => api.percentDecode("a+%", { plusAsSpace: true, strict: true })).toThrow(/(?<!\d)2(?!\d)/);
  });

  // Text outside escapes is copied: a lone surrogate in it must come out the
  // same whether or not the string also holds an escape (or a "+" with plusAsSpace).
  // Compared as JSON so that a lone surrogate and U+FFFD look different in a failure.
  const LONE = ["\ud800", "a\udc00b", "\udbff\ud800", "😀\ud83d"];
  it.each(LONE)("treats the lone surrogates in %j alike whether or not an escape follows", (text) => {
    expect(JSON.stringify(api.percentDecode(text + "%41"))).toBe(JSON.stringify(api.percentDecode(text) + "A"));
  });
  it.each(LONE)("treats the lone surrogates in %j alike whether or not a '+' follows (plusAsSpace)", (text) => {
    expect(JSON.stringify(api.percentDecode(text + "+", { plusAsSpace: true }))).toBe(
      JSON.stringify(api.percentDecode(text, { plusAsSpace: true }) + " "),
    );
  });

  it.each([undefined, null, 42, {}, new String("%41"), ["%41"]])(
    "throws a TypeError for the non-string %s",
    (value) => {
      expect(() => api.percentDecode(value as unknown as string)).toThrow(TypeError);
    },
  );
});

/** Every code point from `from` to `to`, surrogates excluded, as one string. */
function codePoints(from: number, to: number): string {
  let s = "";
  for (let cp = from; cp <= to; cp++) if (cp < 0xd800 || cp > 0xdfff) s += String.fromCodePoint(cp);
  return s;
}

const wpt = JSON.parse(readFileSync(new URL("../fixtures/wpt/percent-encoding.json", import.meta.url), "utf8")) as (
  | string
  | { input: string; output: Record<string, string> }
)[];
const WPT_UTF8 = wpt.flatMap((t) =>
  typeof t === "string" || !("utf-8" in t.output) ? [] : [[t.input, t.output["utf-8"]]],
);

describe.each(builds)("percentEncode (%s)", (_name, api) => {
  it.each(SET_NAMES)("encodes exactly the ASCII members of the %s set, byte by byte", (set) => {
    const wrong: string[] = [];
    let all = "";
    let expected = "";
    for (let c = 0; c < 0x80; c++) {
      const ch = String.fromCharCode(c);
      const want = ENCODE_SETS[set].has(c) ? escapeByte(c) : ch;
      if (api.percentEncode(ch, set) !== want) wrong.push(`U+${c.toString(16).padStart(4, "0")}`);
      all += ch;
      expected += want;
    }
    expect(wrong).toEqual([]);
    expect(api.percentEncode(all, set)).toBe(expected);
  });

  it.each(SET_NAMES)("encodes every non-ASCII code point in the %s set as its UTF-8 bytes", (set) => {
    for (const cp of [0x80, 0xa0, 0xff, 0x7ff, 0x800, 0xfeff, 0xfffd, 0xffff, 0x10000, 0x1f600, 0x10ffff]) {
      const ch = String.fromCodePoint(cp);
      const want = [...new TextEncoder().encode(ch)].map(escapeByte).join("");
      expect(api.percentEncode(ch, set)).toBe(want);
      expect(api.percentEncode(`a${ch}b`, set)).toBe(`a${want}b`);
    }
  });

  it("'component' equals encodeURIComponent for every code point 0..0x10FFFF", () => {
    const step = 0x1000;
    for (let from = 0; from <= 0x10ffff; from += step) {
      const s = codePoints(from, Math.min(from + step - 1, 0x10ffff));
      const got = api.percentEncode(s, "component");
      if (got !== encodeURIComponent(s)) {
        // Narrow the failure down to the first code point that differs.
        const bad = [...s].find((ch) => api.percentEncode(ch, "component") !== encodeURIComponent(ch))!;
        expect(api.percentEncode(bad, "component"), `U+${bad.codePointAt(0)!.toString(16)}`).toBe(
          encodeURIComponent(bad),
        );
      }
      expect(got === encodeURIComponent(s), `code points ${from.toString(16)}..`).toBe(true);
    }
  });

  it("'component' equals encodeURIComponent on single code points, one call each", () => {
    for (let cp = 0; cp <= 0x10ffff; cp += cp < 0x800 ? 1 : 251) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      expect(api.percentEncode(ch, "component")).toBe(encodeURIComponent(ch));
    }
  });

  // encodeURIComponent throws on a lone surrogate; the WHATWG sets work on
  // scalar values, so (as USVString conversion does) a lone surrogate is U+FFFD.
  it.each([
    ["\ud800", "%EF%BF%BD"],
    ["\udbff", "%EF%BF%BD"],
    ["\udc00", "%EF%BF%BD"],
    ["\udfff", "%EF%BF%BD"],
    ["a\ud800b", "a%EF%BF%BDb"],
    ["\udc00\ud800", "%EF%BF%BD%EF%BF%BD"],
    ["\ud83d\ude00", "%F0%9F%98%80"],
    ["\ud83d\ud83d\ude00", "%EF%BF%BD%F0%9F%98%80"],
  ])("encodes the lone surrogates in %j as U+FFFD", (input, expected) => {
    for (const set of SET_NAMES) expect(api.percentEncode(input, set)).toBe(expected);
    if (!input.isWellFormed()) expect(() => encodeURIComponent(input)).toThrow(URIError);
  });

  // RFC 1738 section 2.2: "only alphanumerics, the special characters
  // "$-_.+!*'(),", and reserved characters used for their reserved purposes
  // may be used unencoded within a URL."
  it("'rfc1738' encodes the unsafe characters and leaves alphanumerics, safe, extra and reserved ones", () => {
    expect(api.percentEncode(' <>"#%{}|\\^~[]`', "rfc1738")).toBe("%20%3C%3E%22%23%25%7B%7D%7C%5C%5E%7E%5B%5D%60");
    const plain = "abcxyzABCXYZ0189$-_.+!*'(),;/?:@=&";
    expect(api.percentEncode(plain, "rfc1738")).toBe(plain);
    expect(api.percentEncode("\x00\x1f\x7f\x80é", "rfc1738")).toBe("%00%1F%7F%C2%80%C3%A9");
  });

  it("writes upper-case hex digits", () => {
    expect(api.percentEncode("\u00ff{\x1f", "path")).toBe("%C3%BF%7B%1F");
    const out = api.percentEncode(codePoints(0, 0x7ff), "component");
    expect(out).not.toMatch(/%.?[a-f]/);
    expect(out.replace(/%[0-9A-F]{2}/g, "")).not.toContain("%");
  });

  it.each(WPT_UTF8)("gives WPT percent-encoding.json's UTF-8 result for %j in the query set", (input, expected) => {
    expect(api.percentEncode(input, "query")).toBe(expected);
  });

  it.each(SET_NAMES)("agrees with a reference encoder on 2,000 random strings (%s)", (set) => {
    const rng = mulberry32(0x5eed_0003);
    for (let i = 0; i < 2000; i++) {
      const input = randomWellFormed(rng);
      expect(api.percentEncode(input, set), JSON.stringify(input)).toBe(referenceEncode(input, set));
    }
  });

  it.each(SET_NAMES)("round-trips well-formed strings: percentDecode(percentEncode(s, %j)) === s", (set) => {
    // Sets without "%" leave an existing "%41" as it is, which then decodes: those inputs get no "%".
    const keepsPercent = !ENCODE_SETS[set].has(0x25);
    const rng = mulberry32(0x5eed_0004);
    for (let i = 0; i < 2000; i++) {
      const s = keepsPercent ? randomWellFormed(rng).replaceAll("%", "") : randomWellFormed(rng);
      expect(api.percentDecode(api.percentEncode(s, set)), JSON.stringify(s)).toBe(s);
    }
  });

  it.each([
    "Path",
    "PATH",
    "",
    "special-query",
    "form",
    "application/x-www-form-urlencoded",
    "toString",
    "__proto__",
    "constructor",
    undefined,
    null,
    1,
  ])("throws a TypeError for the unknown set %j", (set) => {
    expect(() => api.percentEncode("a b", set as unknown as SetName)).toThrow(TypeError);
  });

  it.each([undefined, null, 42, {}, new String("a b"), ["a b"]])(
    "throws a TypeError for the non-string %s",
    (value) => {
      expect(() => api.percentEncode(value as unknown as string, "path")).toThrow(TypeError);
    },
  );
});
