// parseStream (docs/api.md section 2): the batches of a stream, concatenated, are
// the batch of the whole input, however the stream is cut into chunks; lines
// are never split; every kind of source works; stopping early releases the
// source; earlier batches stay right while later ones reuse the memory.
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { builds, type Api } from "../helpers/builds";
import { batchDifferences, byteLines, bytes, corpusBytes, hostileBytes } from "../helpers/batch-lines";

type Batch = ReturnType<Api["parseBatch"]>;
type Source = Parameters<Api["parseStream"]>[0];

const CORPUS_FILE = new URL("../../bench/data/kasztp.txt", import.meta.url);
/** parseStream's block size (src/bulk/stream.ts): the boundaries worth testing are around it. */
const BLOCK = 1 << 20;
/** parseStream's most lines per batch (src/bulk/stream.ts). */
const BLOCK_LINES = 1 << 16;
const BASE = "https://example.com/a/b?c#d";

async function collect(batches: AsyncIterable<Batch>): Promise<Batch[]> {
  const out: Batch[] = [];
  for await (const batch of batches) out.push(batch);
  return out;
}

/** What each line gave, in order: href and origin, or null. */
function outcomes(batches: Batch[]): (string | null)[] {
  return batches.flatMap((batch) => [...batch].map((url) => (url === null ? null : `${url.href} ${url.origin}`)));
}

function failures(batches: Batch[]): number {
  return batches.reduce((n, batch) => n + batch.failures, 0);
}

/** `data` in chunks of `size` bytes (the last one shorter). */
function chunked(data: Uint8Array, size: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < data.length; i += size) chunks.push(data.subarray(i, i + size));
  return chunks;
}

async function* generatorOf(chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
  yield* chunks;
}

function webStreamOf(chunks: Uint8Array[], onCancel?: () => void): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]);
      else controller.close();
    },
    cancel: onCancel,
  });
}

/** Corpus lines up to about `at`, then a line whose end (its LF, or `ending`) is at byte `at` exactly. */
function lineEndingAt(corpus: Uint8Array, at: number, ending: string): Uint8Array {
  const cut = corpus.lastIndexOf(0x0a, at - 64) + 1;
  const pad = at - cut - "http://pad.example/".length - (ending.length - 1);
  return bytes(corpus.subarray(0, cut), `http://pad.example/${"p".repeat(pad)}${ending}`, "http://after.example/\n");
}

const corpus = corpusBytes();
const hostile = hostileBytes(300);

describe.each(builds)("parseStream (%s)", (_name, api) => {
  /** Stream `chunks` and check the batches against parseBatch of the whole input. */
  async function expectSameAsBatch(chunks: Uint8Array[], whole: Uint8Array, base?: string): Promise<Batch[]> {
    const options = base === undefined ? undefined : { base };
    const batches = await collect(api.parseStream(generatorOf(chunks), options));
    const expected = api.parseBatch(whole, options);
    expect(outcomes(batches)).toEqual(outcomes([expected]));
    expect(failures(batches)).toBe(expected.failures);
    return batches;
  }

  it("gives the batch of the whole input when a small input is cut at any byte", async () => {
    const small = bytes(
      [0xef, 0xbb, 0xbf],
      "http://a/\r\n\r\nb\n",
      [0xff, 0xe2, 0x82],
      "\nhttp://bücher.de/x\r\n",
      "\uFEFFhttp://c/\n x:y \r",
      "\r\nblob:http://d/",
    );
    for (let k = 0; k <= small.length; k++) {
      await expectSameAsBatch([small.subarray(0, k), small.subarray(k)], small);
      await expectSameAsBatch([small.subarray(0, k), small.subarray(k)], small, BASE);
    }
    // Every byte a chunk of its own: every boundary at once.
    const batches = await expectSameAsBatch(chunked(small, 1), small);
    expect(batchDifferences(api, batches[0], byteLines(small))).toEqual([]);
  });

  it("equals parse() on hostile lines cut into chunks of 1, 7 and 4093 bytes", async () => {
    const lines = byteLines(hostile);
    for (const size of [1, 7, 4093]) {
      const batches = await collect(api.parseStream(generatorOf(chunked(hostile, size)), { base: BASE }));
      expect(batches.length).toBe(1);
      expect(batchDifferences(api, batches[0], lines, BASE)).toEqual([]);
    }
  });

  it.each([
    ["an LF two bytes before the block size", BLOCK - 2, "\n"],
    ["an LF as the block's last byte", BLOCK - 1, "\n"],
    ["an LF right after the block", BLOCK, "\n"],
    ["a CR as the block's last byte and its LF after", BLOCK, "\r\n"],
    ["no line end near the block size", BLOCK + 1, "x\n"],
  ])("cuts lines right around the block size: %s", async (_what, at, ending) => {
    const input = lineEndingAt(corpus, at, ending);
    for (const size of [65536, 1_000_003, input.length]) {
      const batches = await expectSameAsBatch(chunked(input, size), input);
      expect(batches.length).toBe(2);
    }
  });

  it("streams megabytes in batches of at most one block, with a 3 MB line and a BOM inside", async () => {
    const input = bytes(
      corpus,
      "\n\uFEFFhttp://bom.example/\n",
      corpus,
      "\nhttp://long.example/",
      "x".repeat(3 << 20),
      "\n",
      hostile,
    );
    const lines = byteLines(input);
    for (const size of [4093, 65536, BLOCK + 1, input.length]) {
      const batches = await expectSameAsBatch(chunked(input, size), input);
      expect(batches.length).toBeGreaterThanOrEqual(5);
      expect(batches.reduce((n, b) => n + b.length, 0)).toBe(lines.length);
    }
    // Every field of every line against parse(), batch by batch, once.
    const batches = await collect(api.parseStream(generatorOf(chunked(input, 65536))));
    let at = 0;
    for (const batch of batches) {
      expect(batchDifferences(api, batch, lines.slice(at, at + batch.length))).toEqual([]);
      at += batch.length;
    }
  });

  it(`holds at most ${BLOCK_LINES} lines in a batch`, async () => {
    for (const [line, count] of [
      ["a:\n", 200_000],
      ["\n", 300_000],
    ] as const) {
      const input = bytes(line.repeat(count));
      const batches = await expectSameAsBatch(chunked(input, 65536), input);
      expect(batches.length).toBeGreaterThanOrEqual(Math.ceil(count / BLOCK_LINES));
      for (const batch of batches) expect(batch.length).toBeLessThanOrEqual(BLOCK_LINES);
    }
  });

  it("streams a 5 MB line without a newline, and empty streams", async () => {
    const long = bytes("http://h.example/", "y".repeat(5 << 20));
    const batches = await expectSameAsBatch(chunked(long, 65536), long);
    expect(batches.length).toBe(1);
    expect(await collect(api.parseStream(generatorOf([])))).toEqual([]);
    expect(await collect(api.parseStream(generatorOf([bytes([0xef, 0xbb]), bytes([0xbf])])))).toEqual([]);
    const blank = await collect(api.parseStream(generatorOf([bytes("\n")])));
    expect(blank.map((b) => [b.length, b.failures])).toEqual([[1, 1]]);
  });

  it("reads a Node Readable, a file stream (bytes and utf8 strings), a web ReadableStream and an async generator", async () => {
    const expected = outcomes([api.parseBatch(corpus)]);
    const chunks = chunked(corpus, 100_000);
    const sources: [string, () => Source][] = [
      ["Readable.from", () => Readable.from(chunks)],
      ["fs.createReadStream", () => createReadStream(CORPUS_FILE, { highWaterMark: 7919 })],
      ["fs.createReadStream utf8", () => createReadStream(CORPUS_FILE, { encoding: "utf8", highWaterMark: 7919 })],
      ["ReadableStream", () => webStreamOf(chunks)],
      ["Readable.toWeb", () => Readable.toWeb(createReadStream(CORPUS_FILE)) as ReadableStream<Uint8Array>],
      ["async generator", () => generatorOf(chunks)],
    ];
    for (const [what, source] of sources) {
      expect(outcomes(await collect(api.parseStream(source()))), what).toEqual(expected);
    }
  });

  it("keeps earlier batches right while later batches and parse() reuse the memory", async () => {
    const input = bytes(hostile, "\n", corpus, "\n", corpus, "\n", hostile);
    const lines = byteLines(input);
    // No string is read from any batch until the whole stream is done.
    const batches = await collect(api.parseStream(generatorOf(chunked(input, 65536)), { base: BASE }));
    expect(batches.length).toBeGreaterThanOrEqual(4);
    api.parse(`http://g/${"y".repeat(1 << 24)}`);
    let at = 0;
    for (const batch of batches) {
      expect(batchDifferences(api, batch, lines.slice(at, at + batch.length), BASE)).toEqual([]);
      at += batch.length;
    }
  });

  it("releases the source when the consumer stops early", async () => {
    const chunks = chunked(bytes(corpus, "\n", corpus, "\n", corpus), 65536);
    let cancelled = false;
    for await (const batch of api.parseStream(webStreamOf(chunks, () => (cancelled = true)))) {
      expect(batch.length).toBeGreaterThan(0);
      break;
    }
    expect(cancelled).toBe(true);

    let closed = false;
    async function* generator() {
      try {
        yield* chunks;
      } finally {
        closed = true;
      }
    }
    for await (const _ of api.parseStream(generator())) break;
    expect(closed).toBe(true);

    const readable = Readable.from(chunks);
    for await (const _ of api.parseStream(readable)) break;
    expect(readable.destroyed).toBe(true);
  });

  it("rejects what is not a stream of bytes, and passes on the source's errors", async () => {
    for (const source of [42, null, "http://a/", [bytes("a:")], { read() {} }]) {
      expect(() => api.parseStream(source as unknown as Source), String(source)).toThrow(TypeError);
    }
    expect(() => api.parseStream(generatorOf([]), { base: 1 as unknown as string })).toThrow(TypeError);
    async function* numbers() {
      yield 42;
    }
    await expect(collect(api.parseStream(numbers() as unknown as Source))).rejects.toThrow(TypeError);
    async function* failing() {
      yield bytes("http://a/\n");
      throw new Error("disk on fire");
    }
    await expect(collect(api.parseStream(failing()))).rejects.toThrow("disk on fire");
    const erroring = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error("network down"));
      },
    });
    await expect(collect(api.parseStream(erroring))).rejects.toThrow("network down");
  });
});
