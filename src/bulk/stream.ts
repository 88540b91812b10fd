// parseStream() (docs/api.md section 2): a byte stream cut into blocks of whole
// lines, each parsed like parseBatch() into one UrlBatch.
//
// The stream's chunks are copied into a buffer of BLOCK_BYTES; when it is
// full, the lines up to its last LF are parsed and the partial last line moves
// to the front of a new buffer for the next chunk: the batches keep the old
// one as their input (UrlBatch.line()), so it is never written again. A new
// buffer costs more than reusing the old one (its pages are new): a few
// percent of a stream's time, the price of batches that keep their lines. Memory is the buffer, the kernel's memory for one block
// (its input, at most BLOCK_LINES rows of 32 bytes, its hrefs) and the batches
// the consumer keeps: a few MB however long the stream. A line longer than the
// buffer doubles it until the line fits; it shrinks back after.

import { isDetached, typeName } from "../arguments/check.js";

/**
 * A web ReadableStream or any async iterable of bytes; a Node.js Readable is
 * one (chunks that are strings, from a stream with an encoding set, are
 * encoded as UTF-8). Written without Node's types, so that it type-checks in
 * a browser project too.
 */
export type StreamSource = AsyncIterable<Uint8Array | string> | ReadableStream<Uint8Array>;

/** The batch (a UrlBatch) of a block of whole lines, and the input bytes its lines took (maybe not all). */
export interface Block<Batch> {
  batch: Batch;
  used: number;
}

/** Parse up to `maxLines` lines of `bytes`; `first`: they start the stream (a BOM is skipped). */
type ParseBlock<Batch> = (bytes: Uint8Array, first: boolean, maxLines: number) => Block<Batch>;

/** Bytes of input per batch: large enough that the costs per batch vanish, small enough for memory to stay a few MB. */
let BLOCK_BYTES = 1 << 20;
/** Lines per batch at most, so that a block of very short lines has a table of a few MB too. */
let BLOCK_LINES = 1 << 16;

/**
 * @internal For tests: the block sizes of the streams read from now on, so
 * that a block ends at every byte of a small input (test/cli/reader-properties.ts).
 */
export function setBlockSizes(bytes: number, lines: number): void {
  BLOCK_BYTES = bytes;
  BLOCK_LINES = lines;
}
const LF = 0x0a;

const encoder = /* @__PURE__ */ new TextEncoder();

/** A chunk as bytes: Node streams with an encoding set give strings. */
function toBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) {
    if (chunk.length === 0 && isDetached(chunk.buffer)) {
      throw new TypeError(
        "parseStream: the stream gave a Uint8Array whose ArrayBuffer has been detached (transferred)",
      );
    }
    return chunk;
  }
  if (typeof chunk === "string") return encoder.encode(chunk);
  throw new TypeError(`parseStream: the stream gave ${typeName(chunk)} as a chunk; expected a Uint8Array`);
}

/** The chunks of a web ReadableStream, through a reader (not every browser makes the stream async iterable). */
async function* readerChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let ended = false;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        ended = true;
        throw error;
      }
      if (next.done) {
        ended = true;
        return;
      }
      yield toBytes(next.value);
    }
  } finally {
    // As the stream's own async iterator does: stopping early cancels the stream.
    if (!ended) await reader.cancel();
    reader.releaseLock();
  }
}

async function* iterableChunks(source: AsyncIterable<unknown>): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) yield toBytes(chunk);
}

/** The source's chunks as bytes; throws a TypeError for anything that is not a stream. */
export function streamChunks(source: StreamSource): AsyncIterable<Uint8Array> {
  if (typeof source === "object" && source !== null) {
    if (typeof (source as ReadableStream).getReader === "function")
      return readerChunks(source as ReadableStream<Uint8Array>);
    if (typeof (source as AsyncIterable<unknown>)[Symbol.asyncIterator] === "function") {
      return iterableChunks(source as AsyncIterable<unknown>);
    }
  }
  throw new TypeError(
    `parseStream: source must be a ReadableStream, a Node.js Readable or an async iterable of Uint8Array, got ${typeName(source)}`,
  );
}

/** The batches of the stream of `chunks`, in input order, none splitting a line. */
export async function* streamBatches<Batch extends { length: number }>(
  chunks: AsyncIterable<Uint8Array>,
  parse: ParseBlock<Batch>,
): AsyncGenerator<Batch> {
  let buffer = new Uint8Array(BLOCK_BYTES);
  let length = 0;
  let first = true;

  /** The batches of the whole lines in buffer[0, cut). */
  function* blocks(cut: number): Generator<Batch> {
    for (let start = 0; start < cut; ) {
      const { batch, used } = parse(buffer.subarray(start, cut), first, BLOCK_LINES);
      first = false;
      start += used;
      // A block holding only the byte order mark has no line.
      if (batch.length > 0) yield batch;
    }
  }

  for await (const chunk of chunks) {
    for (let pos = 0; pos < chunk.length; ) {
      const n = Math.min(chunk.length - pos, buffer.length - length);
      buffer.set(chunk.subarray(pos, pos + n), length);
      length += n;
      pos += n;
      if (length < buffer.length) continue;
      const cut = buffer.lastIndexOf(LF) + 1;
      if (cut === 0) {
        // One line fills the buffer: make room for more of it.
        const larger = new Uint8Array(2 * buffer.length);
        larger.set(buffer);
        buffer = larger;
        continue;
      }
      yield* blocks(cut);
      length -= cut;
      const rest = buffer.subarray(cut, cut + length);
      buffer = new Uint8Array(length < BLOCK_BYTES ? BLOCK_BYTES : buffer.length);
      buffer.set(rest);
    }
  }
  // The last line needs no LF.
  yield* blocks(length);
}
