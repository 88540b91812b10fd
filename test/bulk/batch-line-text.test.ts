// UrlBatch.line() and lineRange() (src/bulk/batch.ts): a line's input, as the batch
// read it, for every line of parseBatch() and parseStream(), on every build.
// Checked against the lines the API defines (test/helpers/batch-lines.ts).
import { describe, expect, it } from "vitest";
import { builds, type Api } from "../helpers/builds";
import { byteLines, bytes, corpusBytes, hostileBytes, stringLines } from "../helpers/batch-lines";

type Batch = ReturnType<Api["parseBatch"]>;

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** Every line() of `batch`. */
function texts(batch: Batch): string[] {
  return Array.from({ length: batch.length }, (_, i) => batch.line(i));
}

/** Every lineRange() of `batch`. */
function ranges(batch: Batch): [number, number][] {
  return Array.from({ length: batch.length }, (_, i) => batch.lineRange(i));
}

/** An async iterable of `data` in chunks of `size` bytes. */
async function* chunks(data: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < data.length; i += size) yield data.slice(i, i + size);
}

const TEXTS = [
  "http://a/\nhttp://b/",
  "\ufeffhttp://a/\r\nnot a url\r\n",
  "a\r\n\r\n\nb\rc\r\nd\r",
  "\n\n",
  "",
  "https://é.example/ü?ö#ß\r\n日本語\n\ufeffhttp://x/\n𝒳 \t\n",
  "# a comment\n   \n\thttp://a/\n",
];

describe.each(builds)("%s", (_name, api) => {
  it("line() of a string input gives each line, without LF or CR LF, a leading BOM dropped", () => {
    for (const text of TEXTS) expect(texts(api.parseBatch(text)), JSON.stringify(text)).toEqual(stringLines(text));
  });

  it("lineRange() is the line's byte range in the input (of a string, its UTF-8 bytes)", () => {
    for (const text of TEXTS) {
      const input = encoder.encode(text);
      for (const batch of [api.parseBatch(text), api.parseBatch(input)]) {
        expect(
          ranges(batch).map(([s, e]) => decoder.decode(input.subarray(s, e))),
          JSON.stringify(text),
        ).toEqual(stringLines(text));
      }
    }
    // The BOM is skipped: the first line starts after it.
    expect(api.parseBatch("\ufeffhttp://a/\r\nb").lineRange(0)).toEqual([3, 12]);
    expect(api.parseBatch("é\r\nb").lineRange(1)).toEqual([4, 5]);
  });

  it("line() of bytes decodes as TextDecoder does (invalid UTF-8 as U+FFFD)", () => {
    const input = hostileBytes(300);
    expect(texts(api.parseBatch(input))).toEqual(byteLines(input));
  });

  it("skipped lines, failures and deferred lines give their text too", () => {
    const text = "# comment\n\nhttp://ok/\nhttp://bücher.example/\nblob:http://x/y\nnot a url\n  \n";
    const batch = api.parseBatch(text, { skipBlank: true, skipComments: true });
    expect(texts(batch)).toEqual(stringLines(text));
    expect([batch.isSkipped(0), batch.isSkipped(1), batch.isValid(3), batch.isValid(4), batch.isValid(5)]).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    // The same with a base (every line's text is its own, not the resolved URL).
    expect(texts(api.parseBatch(text, { base: "https://base.example/" }))).toEqual(stringLines(text));
    // A base that does not parse: every line fails, and still has its text.
    expect(texts(api.parseBatch(text, { base: "not a base" }))).toEqual(stringLines(text));
  });

  it("with accessLog, line() is the whole line, not the field", () => {
    const lines = [
      'h - - [t] "GET /a HTTP/1.1" 200 1 "http://r.example/" "ua"',
      'h - - [t] "-" 400 0 "-" "-"',
      "é no quotes",
    ];
    const text = lines.join("\r\n");
    for (const input of [text, encoder.encode(text)]) {
      const batch = api.parseBatch(input, { accessLog: "referer" });
      expect(texts(batch)).toEqual(lines);
      expect(batch.get(0)!.href).toBe("http://r.example/");
    }
  });

  it("the caller's later use of the kernel does not change a batch's lines", () => {
    const batch = api.parseBatch("http://a/\nhttp://b/\n");
    api.parseBatch("x\ny\nz\n").line(2);
    api.parse("http://c/");
    expect(texts(batch)).toEqual(["http://a/", "http://b/"]);
  });

  it("line() and lineRange() throw a RangeError for an index outside [0, length)", () => {
    const batch = api.parseBatch("http://a/\n");
    for (const i of [-1, 1, 0.5, NaN]) {
      expect(() => batch.line(i)).toThrow(RangeError);
      expect(() => batch.lineRange(i)).toThrow(RangeError);
    }
  });

  it("parseStream: each batch gives its lines, ranges in its own block, though the stream's buffer moves on", async () => {
    const input = bytes(corpusBytes().subarray(0, 3 << 20), "\r\n\ufeffé\n", [0xff, 0x0a], "last");
    const got: string[] = [];
    const batches: Batch[] = [];
    for await (const batch of api.parseStream(chunks(input, 100_000))) {
      batches.push(batch);
      for (const [s, e] of ranges(batch)) expect(s).toBeLessThanOrEqual(e);
    }
    expect(batches.length).toBeGreaterThan(2);
    // Read after the whole stream: every batch kept its own block.
    for (const batch of batches) got.push(...texts(batch));
    expect(got).toEqual(byteLines(input));
    // The first batch's first line starts after the stream's BOM; later blocks start at 0.
    const withBom = [];
    for await (const batch of api.parseStream(chunks(bytes("\ufeffhttp://a/\nb\n"), 3)))
      withBom.push(batch.lineRange(0)[0]);
    expect(withBom).toEqual([3]);
    expect(batches[1].lineRange(0)[0]).toBe(0);
    // lineBytes(): the block itself and the same ranges, whose bytes decode to each line's text.
    for (const batch of batches) {
      const { bytes: block, ranges: all } = batch.lineBytes();
      expect(Array.from({ length: batch.length }, (_, i) => [all[2 * i], all[2 * i + 1]])).toEqual(ranges(batch));
      expect(ranges(batch).map(([s, e]) => decoder.decode(block.subarray(s, e)))).toEqual(texts(batch));
    }
  });

  it("lineBytes() is the input as bytes (a string's UTF-8) and lineRange() of every line", () => {
    for (const text of TEXTS) {
      const input = encoder.encode(text);
      for (const batch of [api.parseBatch(text), api.parseBatch(input)]) {
        const { bytes: got, ranges: all } = batch.lineBytes();
        expect(got, JSON.stringify(text)).toEqual(input);
        expect(all.length).toBe(2 * batch.length);
        expect(Array.from({ length: batch.length }, (_, i) => [all[2 * i], all[2 * i + 1]])).toEqual(ranges(batch));
      }
    }
  });
});
