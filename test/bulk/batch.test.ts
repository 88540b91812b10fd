// parseBatch (docs/api.md section 2): line i of a batch is parse(line_i, base), in
// every field and accessor, on every line of the corpus and of hostile input
// (empty and blank lines, CR, BOM, binary garbage, invalid UTF-8, 1 MB lines,
// UTS #46 hosts, bases), in every build; and a batch keeps its results after
// later calls reuse the kernel's memory.
import { describe, expect, it } from "vitest";
import { createSwurl, ParsedUrl, type KernelName } from "../../build/index.js";
import { builds } from "../helpers/builds";
import { itAtScale } from "../helpers/quick";
import {
  batchDifferences,
  byteLines,
  bytes,
  corpusBytes,
  hostileBytes,
  hugeLines,
  INVALID_UTF8,
  stringLines,
} from "../helpers/batch-lines";

const BASES = [
  "https://example.com/a/b?c#d",
  "file:///C:/dir/file",
  "http://ü.example/base/", // a base whose host needs UTS #46
  "sc:opaque", // an opaque path: only "#..." lines resolve against it
  "blob:https://a.example/uuid",
];

const corpus = corpusBytes();
const hostile = hostileBytes();
const huge = hugeLines();

describe.each(builds)("parseBatch (%s)", (_name, api) => {
  it("equals parse() on every corpus line, from bytes and from a string", () => {
    const lines = byteLines(corpus);
    expect(lines.length).toBe(48_010);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(corpus);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(batchDifferences(api, api.parseBatch(corpus), lines)).toEqual([]);
    expect(batchDifferences(api, api.parseBatch(text), lines)).toEqual([]);
  });

  it.each(BASES.slice(0, 2))("equals parse() on every corpus line against %s", (base) => {
    expect(batchDifferences(api, api.parseBatch(corpus, { base }), byteLines(corpus), base)).toEqual([]);
  });

  it("equals parse() on hostile lines: blank, CR, BOM, controls, garbage, invalid UTF-8, UTS #46 hosts", () => {
    const lines = byteLines(hostile);
    expect(lines.length).toBeGreaterThan(2000);
    expect(batchDifferences(api, api.parseBatch(hostile), lines)).toEqual([]);
    // The same text as a string (lone surrogates of the random strings became U+FFFD).
    const text = new TextDecoder().decode(hostile);
    expect(batchDifferences(api, api.parseBatch(text), stringLines(text))).toEqual([]);
  });

  it.each(BASES)("equals parse() on hostile lines against %s", (base) => {
    expect(batchDifferences(api, api.parseBatch(hostile, { base }), byteLines(hostile), base)).toEqual([]);
  });

  it("takes a ParsedUrl as the base", () => {
    const base = api.parse("https://user@example.com:8443/dir/page?q#f")!;
    expect(base).toBeInstanceOf(ParsedUrl);
    expect(batchDifferences(api, api.parseBatch(hostile, { base }), byteLines(hostile), base)).toEqual([]);
  });

  it("equals parse() on lines of 1 MB and more (ASCII, non-ASCII, invalid UTF-8, UTS #46 host)", () => {
    const lines = byteLines(huge);
    expect(lines.length).toBe(6);
    expect(batchDifferences(api, api.parseBatch(huge), lines)).toEqual([]);
    expect(batchDifferences(api, api.parseBatch(huge, { base: BASES[0] }), lines, BASES[0])).toEqual([]);
  });

  it("replaces invalid UTF-8 as TextDecoder does", () => {
    // Each sequence alone, and inside a path where the parser percent-encodes
    // the U+FFFD it became: %EF%BF%BD once per maximal subpart.
    for (const bad of INVALID_UTF8) {
      const decoded = new TextDecoder().decode(Uint8Array.from(bad));
      const batch = api.parseBatch(bytes("http://a/", bad, "\nsc:", bad, "\n"));
      expect(batch.pathname(0), JSON.stringify(bad)).toBe(api.parse(`http://a/${decoded}`)!.pathname);
      if (/^\uFFFD+$/.test(decoded)) expect(batch.pathname(0)).toBe("/" + "%EF%BF%BD".repeat(decoded.length));
      expect(batch.pathname(1)).toBe(api.parse(`sc:${decoded}`)!.pathname);
    }
  });

  it("reads lines as docs/api.md says: LF or CRLF, no entry after a final newline, a leading BOM skipped", () => {
    const lengths: [string | Uint8Array, number][] = [
      ["", 0],
      ["\n", 1],
      ["\n\n", 2],
      ["a:\n", 1],
      ["a:", 1],
      ["a:\r\n", 1],
      ["a:\r\nb:", 2],
      ["\r\n\r\n", 2],
      ["\r", 1],
      ["\r\r\n", 1],
      ["\uFEFF", 0],
      ["\uFEFF\n", 1],
      ["\uFEFF\uFEFF", 1],
      [bytes([0xef, 0xbb, 0xbf]), 0],
      [bytes([0xef, 0xbb, 0xbf], "a:\n"), 1],
      [bytes([0xef, 0xbb]), 1],
    ];
    for (const [input, length] of lengths) {
      const batch = api.parseBatch(input);
      expect(batch.length, JSON.stringify(input)).toBe(length);
      const lines = typeof input === "string" ? stringLines(input) : byteLines(input);
      expect(batchDifferences(api, batch, lines), JSON.stringify(input)).toEqual([]);
    }
    const batch = api.parseBatch("\uFEFFhttp://a/\r\nhttp://b/\n\uFEFFhttp://c/\n");
    expect([...batch].map((url) => url?.href ?? null)).toEqual(["http://a/", "http://b/", null]);
    expect(batch.failures).toBe(1);
  });

  it("fails every line against a base that does not parse, as parse() does", () => {
    const batch = api.parseBatch("http://a/\nb\n\n", { base: "not a base" });
    expect(batch.length).toBe(3);
    expect(batch.failures).toBe(3);
    expect([...batch]).toEqual([null, null, null]);
    expect(batch.href(0)).toBe(null);
    expect(api.parse("http://a/", "not a base")).toBe(null);
  });

  it("interleaves with parse() of UTS #46 hosts (the kernel keeps a ToASCII result between calls)", () => {
    expect(api.parse("http://ü.example/")!.href).toBe("http://xn--tda.example/");
    const batch = api.parseBatch("a\nhttp://ß.example/\n", { base: "http://ö.example/x/" });
    expect([batch.href(0), batch.href(1)]).toEqual(["http://xn--nda.example/x/a", "http://xn--zca.example/"]);
    expect(api.parse("http://é.example/")!.href).toBe("http://xn--9ca.example/");
    expect(api.parseBatch("http://à.example/").href(0)).toBe("http://xn--0ca.example/");
  });

  it("rejects wrong arguments and line indices", () => {
    expect(() => api.parseBatch(42 as unknown as string)).toThrow(TypeError);
    expect(() => api.parseBatch(null as unknown as string)).toThrow(TypeError);
    expect(() => api.parseBatch("a:", { base: 1 as unknown as string })).toThrow(TypeError);
    expect(() => api.parseBatch("a:", "x" as unknown as object)).toThrow(TypeError);
    const batch = api.parseBatch("http://a/\nb");
    expect(batch.isValid(0)).toBe(true);
    expect(batch.isValid(1)).toBe(false);
    for (const i of [-1, 2, 1.5, NaN, 2 ** 32]) {
      expect(() => batch.get(i), String(i)).toThrow(RangeError);
      expect(() => batch.hostname(i), String(i)).toThrow(RangeError);
      expect(() => batch.isValid(i), String(i)).toThrow(RangeError);
    }
  });

  it("keeps its results while later batches and parse() reuse and grow the kernel's memory", () => {
    const lines = byteLines(hostile);
    // Made first; no string of it is read before the memory is reused.
    const first = api.parseBatch(hostile, { base: BASES[0] });
    const second = api.parseBatch(corpus);
    for (let size = 1 << 20; size <= 1 << 24; size *= 4) {
      api.parseBatch(`http://h/${"x".repeat(size)}\nb\n`, { base: BASES[1] });
      api.parse(`http://g/${"y".repeat(size)}`);
    }
    api.parseBatch(huge);
    expect(batchDifferences(api, first, lines, BASES[0])).toEqual([]);
    expect(batchDifferences(api, second, byteLines(corpus))).toEqual([]);
  });
});

describe("parseBatch on every build", () => {
  it("gives the same batches on the hostile lines and 1 MB lines", () => {
    const outcome = (api: (typeof builds)[number][1], input: Uint8Array, base?: string) =>
      [...api.parseBatch(input, base === undefined ? undefined : { base })].map(
        (url) => url && `${url.href} ${url.origin}`,
      );
    const [[, first], ...others] = builds;
    for (const [input, base] of [
      [hostile, undefined],
      [hostile, BASES[0]],
      [huge, undefined],
    ] as const) {
      const expected = outcome(first, input, base);
      for (const [name, api] of others) expect(outcome(api, input, base), name).toEqual(expected);
    }
  });
});

describe.each(builds.map(([name]) => name))("parseBatch with hrefs longer than a V8 string (%s)", (name) => {
  // Short relative lines against a 4000-byte base: ~560 MB of hrefs, more
  // than one JS string can hold, so each href is decoded on its own. A fresh
  // instance, so that its memory goes once the test is over.
  itAtScale("still gives every href", () => {
    const api = createSwurl(name as KernelName);
    const base = `http://example.com/${"d/".repeat(2000)}`;
    const count = 140_000;
    const batch = api.parseBatch("x\n".repeat(count), { base });
    expect(batch.length).toBe(count);
    expect(batch.failures).toBe(0);
    const expected = api.parse("x", base)!;
    expect(count * expected.href.length).toBeGreaterThan(2 ** 29);
    for (const i of [0, 1, count >> 1, count - 1]) {
      expect(batch.href(i)).toBe(expected.href);
      expect(batch.pathname(i)).toBe(expected.pathname);
    }
  });
});
