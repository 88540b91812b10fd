// A cap on a line's length. A line longer than MAX_LINE bytes is read past
// without being held: it becomes a failure row whose text says so, and the
// readers downstream (the kernel's blocks, the text formats' strings), which
// would each hold a copy of a line several times its size, never see it.

import type { Records } from "./records.js";

/** Bytes of a line at most: 16 MiB, eight times the longest URL browsers take (2 MiB). */
export const MAX_LINE = 16 * 2 ** 20;

let lineCap = MAX_LINE;

/**
 * @internal For tests: the cap of the inputs read from now on, so that
 * lines of a small input are over it (test/cli/reader-properties.ts).
 */
export function setLineCap(bytes: number): void {
  lineCap = bytes;
}

const LF = 0x0a;

/**
 * The lines of a byte stream with those over `cap` bytes replaced by a
 * placeholder line, and the records made of them told apart. A placeholder
 * starts with a mark of this run's own (a control character and random
 * bytes: no input line can be taken for one), so that a record is a cut
 * line's whatever the format makes of its text.
 */
export class LineCap {
  /** Made at the first cut line: most runs have none and never load node:crypto. */
  private markText: string | null = null;
  private readonly encoder = new TextEncoder();
  /** Placeholders passed on that no record has been found for yet: records are looked at only while there are some. */
  private unseen = 0;

  constructor(private readonly cap = lineCap) {}

  /** `source`'s chunks, each line over the cap replaced by a placeholder; `dropFirst`: the first line is not a record's (RangeChunks). */
  async *chunks(source: AsyncIterable<Uint8Array>, dropFirst: boolean): AsyncGenerator<Uint8Array> {
    const cap = this.cap;
    /** The current line's bytes so far: held (up to the cap), or counted only, once over it. */
    let held: Uint8Array[] = [];
    let length = 0;
    let first = dropFirst;
    const placeholder = () => {
      const line = this.placeholder(length, !first);
      first = false;
      held = [];
      length = 0;
      return line;
    };
    /** The held bytes, then `chunk` up to `end`, just after a line feed: the lines that end there are within the cap. */
    const passed = function* (chunk: Uint8Array, at: number, end: number) {
      yield* held;
      held = [];
      yield chunk.subarray(at, end);
      first = false;
      length = 0;
    };
    for await (const chunk of source) {
      let at = 0;
      while (at < chunk.length) {
        if (length + chunk.length - at <= cap) {
          // No line of the rest can be over the cap: pass on its whole lines at once.
          const last = chunk.lastIndexOf(LF);
          if (last >= at) {
            yield* passed(chunk, at, last + 1);
            at = last + 1;
          }
          // A copy (a Buffer's slice() is a view): the chunk's buffer is read into again (io.ts READ_RING).
          if (at < chunk.length) held.push(new Uint8Array(chunk.subarray(at)));
          length += chunk.length - at;
          break;
        }
        const lf = chunk.indexOf(LF, at);
        const end = lf === -1 ? chunk.length : lf;
        if (length + end - at > cap) {
          // Over the cap: count the rest of the line, hold none of it.
          held = [];
          length += end - at;
          at = end;
          if (lf !== -1) {
            yield placeholder();
            at = lf + 1;
          }
          continue;
        }
        yield* passed(chunk, at, lf + 1);
        at = lf + 1;
      }
    }
    if (length > cap) yield placeholder();
    else yield* held;
  }

  private get mark(): string {
    this.markText ??= `\u0001swurl-cut-${process.getBuiltinModule("node:crypto").randomBytes(8).toString("hex")} `;
    return this.markText;
  }

  /** The line that stands for a cut line of `bytes` bytes (a record's, when `counted`). */
  private placeholder(bytes: number, counted: boolean): Uint8Array {
    if (counted) this.unseen++;
    const mib = this.cap / 2 ** 20;
    return this.encoder.encode(
      `${this.mark}(a line of ${bytes} bytes, over the cap of ${mib >= 1 ? `${mib} MiB` : `${this.cap} bytes`}: not read)\n`,
    );
  }

  /**
   * `records` with the cut lines' records made failures: no URL, no fields,
   * the first placeholder's words as their text. A record of several lines
   * (a CSV quoted field) is a cut line's if any of its lines is.
   */
  records(records: Records): Records {
    if (this.unseen === 0) return records;
    const cut = new Map<number, string>();
    for (let i = 0; i < records.length && this.unseen > 0; i++) {
      const text = records.text(i);
      const at = text.indexOf(this.mark);
      if (at === -1) continue;
      const end = text.indexOf("\n", at);
      cut.set(i, text.slice(at + this.mark.length, end === -1 ? undefined : end));
      this.unseen -= text.split(this.mark).length - 1;
    }
    if (cut.size === 0) return records;
    // Without `fromBatch`, `urlBatches` and `fieldKeys`: the commands then read every record of the block through url(i) and field().
    const { fromBatch: _, urlBatches: __, fieldKeys: ___, ...rest } = records;
    return {
      ...rest,
      url: (i) => (cut.has(i) ? null : records.url(i)),
      text: (i) => cut.get(i) ?? records.text(i),
      field: (i, name) => (cut.has(i) ? null : records.field(i, name)),
      ...(records.json === undefined ? {} : { json: (i, name) => (cut.has(i) ? null : records.json!(i, name)) }),
    };
  }
}
