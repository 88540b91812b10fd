// The text of the lines behind parseStream's batches. A UrlBatch holds the
// parse results only, and `swurl parse` must quote a line that does not parse
// (and `--fields input` every line), so the CLI keeps the chunks it hands to
// parseStream until the batch that covers them has been written. parseStream
// reads at most a block ahead, so the tape stays a few MB.

import type { UrlBatch } from "../index.js";

/** "UTF-8 decode without BOM" (invalid bytes become U+FFFD), as parseStream decodes lines. */
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const LF = 0x0a;
const CR = 0x0d;
const BOM = [0xef, 0xbb, 0xbf];
const EMPTY = new Uint8Array(0);
/** Never written to: the parts of a line not wanted. */
const NO_PARTS: Buffer[] = [];

export class LineTape {
  private readonly queue: Buffer[] = [];
  /** Where the next line starts in queue[0]. */
  private offset = 0;
  private atStart = true;

  /** `source`, with each chunk kept for lines(). Feed this to parseStream. */
  async *record(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of source) {
      // A Buffer's indexOf() of one byte is memchr; a plain Uint8Array's is not.
      this.queue.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
      yield chunk;
    }
  }

  /**
   * The text of the lines of `batch` (the next batch of the stream) that are
   * needed: all of them with `all`, else those that did not parse (the others
   * are left empty). Moves past the batch's lines.
   */
  linesOf(batch: UrlBatch, all: boolean): string[] {
    const texts: string[] = [];
    if (!all && batch.failures === 0) {
      for (let i = 0; i < batch.length; i++) this.next(false);
      return texts;
    }
    for (let i = 0; i < batch.length; i++) {
      const want = all || !batch.isValid(i);
      const bytes = this.next(want);
      if (want) texts[i] = decoder.decode(bytes);
    }
    return texts;
  }

  /** The bytes of the next line without its line end (only if `want`), and move past it. */
  private next(want: boolean): Uint8Array {
    const parts: Buffer[] = want ? [] : NO_PARTS;
    for (;;) {
      const chunk = this.queue[0];
      if (chunk === undefined) break; // the last line, with no LF after it
      const lf = chunk.indexOf(LF, this.offset);
      const end = lf === -1 ? chunk.length : lf;
      if (want) parts.push(chunk.subarray(this.offset, end));
      if (lf !== -1 && lf + 1 < chunk.length) {
        this.offset = lf + 1;
        break;
      }
      this.queue.shift();
      this.offset = 0;
      if (lf !== -1) break;
    }
    const first = this.atStart;
    this.atStart = false;
    if (!want) return EMPTY;
    let line: Uint8Array = parts.length === 1 ? parts[0] : Buffer.concat(parts);
    // parseStream ignores a byte order mark at the start of the stream.
    if (first && BOM.every((b, i) => line[i] === b)) line = line.subarray(BOM.length);
    return line.length > 0 && line[line.length - 1] === CR ? line.subarray(0, -1) : line;
  }
}
