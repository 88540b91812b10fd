// `canon --dedupe` at any size in bounded memory: each line once, at its
// first occurrence, in the order of first occurrences.
//
// 1. In memory: lines go through the kernel's hash set (dedupe-table.ts); a
//    line it has not seen is written out at once. When the set is full (the
//    --memory budget), it takes no more keys but still drops the lines it
//    holds: every line written so far came before every new line still to
//    come, so the output so far stays a prefix of the answer.
// 2. Spill: from then on a line the set does not hold is written to one of
//    256 partition files in the temporary folder, chosen by its hash, as
//    SEQ KEY (SEQ: its place in the input, fixed-width hex). All the
//    occurrences of a key go to the same partition.
// 3. Each partition in turn goes through the emptied set, which keeps the
//    first occurrence of each key, in input order, in a survivors file. A
//    partition too large for the set spills again, by a hash with another
//    seed, into 256 partitions of the next level.
// 4. The survivors files, each in SEQ order, are merged by SEQ: the new lines
//    of step 2 in the order of their first occurrences.
//
// Disk: about the spilled lines' bytes plus 15 a line, twice at most (the
// partitions and their survivors; a partition is removed once read).

import { closeSync, openSync, readSync, rmSync } from "node:fs";
import * as DEDUPE from "../../assembly/dedupe-layout.js";
import type { DedupeModule } from "./module.js";
import { DedupeTable, type RunOutput } from "./dedupe-table.js";
import { mergeFiles } from "./heap.js";
import { UsageError } from "../errors.js";
import { FileWriter, MERGE_FILES, TempFolder } from "./temp-folder.js";
import { turn } from "./turns.js";

export interface DedupeOptions {
  /** Bytes the in-memory set may take (its slots and keys). */
  memory: number;
  /** Where the temporary folder goes (null: os.tmpdir()). */
  tempDir: string | null;
  /**
   * Hold a 64-bit fingerprint of each URL instead of its bytes (2 to 3
   * times as many URLs in the same memory); two URLs with the same
   * fingerprint count as one.
   */
  fingerprint: boolean;
}

/** Where the deduped lines go, as bytes; the array is the callee's to keep. */
export type WriteBytes = (bytes: Uint8Array) => Promise<void>;

const LF = 10;
/** Bytes of each survivors file read at a time in the merge, and of the merged output written at a time. */
const MERGE_BUFFER = 1 << 16;
const OUTPUT_BUFFER = 1 << 20;
/** A sequence number's two hex parts (dedupe-layout.ts): the run, then the line in the run. */
const LINE_SPAN = 2 ** 24;

function tooLong(memory: number, bytes: number): string {
  return `canon: --memory ${memory} bytes cannot hold a URL of ${bytes} bytes`;
}

/** A file of the temporary folder still to be read, and the spill level of its lines. */
interface Partition {
  path: string;
  level: number;
}

/** The partition files of one spill: lines by the partition their kernel mark names. */
class Partitions {
  private readonly files: (FileWriter | undefined)[] = [];

  constructor(
    private readonly folder: TempFolder,
    private readonly name: string,
    readonly level: number,
  ) {}

  add(out: RunOutput): void {
    let start = 0;
    for (let i = 0; i < out.marks.length; i += 2) {
      const end = out.marks[i];
      const p = out.marks[i + 1];
      const file = (this.files[p] ??= new FileWriter(this.folder, this.folder.file(`${this.name}-${p}`)));
      file.write(out.spilled.subarray(start, end));
      start = end;
    }
  }

  /** Close the files; the partitions written, for the next level. */
  close(): Partition[] {
    const written: Partition[] = [];
    for (const file of this.files) {
      if (file === undefined) continue;
      file.close();
      written.push({ path: file.path, level: this.level });
    }
    return written;
  }
}

export class Dedupe {
  private readonly table: DedupeTable;
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder();
  private folder: TempFolder | null = null;
  private spill: Partitions | null = null;
  private files = 0;

  constructor(
    module: DedupeModule,
    private readonly options: DedupeOptions,
    private readonly write: WriteBytes,
  ) {
    this.table = new DedupeTable(module, options.memory, options.fingerprint);
    this.table.clear(0, false);
  }

  /** Lines of text (or its UTF-8 bytes), each ending with a line break; empty ones are left out. */
  async add(chunk: string | Uint8Array): Promise<void> {
    const text = typeof chunk === "string" ? chunk : this.decoder.decode(chunk);
    const table = this.table;
    let at = 0;
    while (at < text.length) {
      let end = Math.min(text.length, at + table.piece);
      if (end < text.length) {
        const cut = text.lastIndexOf("\n", end - 1);
        if (cut < at) {
          // One line longer than a piece: make room for it.
          table.widen(text.indexOf("\n", at) + 1 - at);
          continue;
        }
        end = cut + 1;
      }
      const { written } = this.encoder.encodeInto(text.substring(at, end), table.input());
      if ((await this.feed(written, this.spillTo(0))) > 0) throw new Error("dedupe: a line without its line break");
      at = end;
    }
  }

  /** The partitions lines spilled at `level` go to (created on first use). */
  private spillTo(level: number): () => Partitions {
    return () => {
      if (this.spill === null || this.spill.level !== level + 1) {
        this.folder ??= new TempFolder(this.options.tempDir, "swurl-dedupe-");
        this.spill = new Partitions(this.folder, `p${this.files++}`, level + 1);
      }
      return this.spill;
    };
  }

  /** Run the `length` bytes at the start of the input buffer through the table; returns the bytes left (a last line without its line break). */
  private async feed(length: number, spill: () => Partitions, keep?: FileWriter): Promise<number> {
    let offset = 0;
    while (offset < length) {
      const out = this.table.run(offset, length - offset);
      if (out.read === 0) break;
      offset += out.read;
      if (out.spilled.length > 0) {
        // A key that does not fit in the empty table would spill again at every level.
        if (this.table.count === 0)
          throw new UsageError(tooLong(this.options.memory, out.marks[0] - DEDUPE.DEDUPE_SEQ_WIDTH - 2));
        spill().add(out);
      }
      if (out.kept.length === 0) continue;
      if (keep === undefined) await this.write(out.kept.slice());
      else keep.write(out.kept);
    }
    return length - offset;
  }

  /** Remove the temporary folder, if any (after finish(), or after an error). */
  close(): void {
    this.folder?.remove();
    this.folder = null;
  }

  /** After the last add(): the lines that were spilled, in the order of their first occurrences. */
  async finish(): Promise<void> {
    const folder = this.folder;
    if (folder === null || this.spill === null) return;
    try {
      const queue = this.spill.close();
      this.spill = null;
      const survivors: string[] = [];
      for (let part = queue.pop(); part !== undefined; part = queue.pop()) {
        const kept = new FileWriter(folder, folder.file(`s${this.files++}`));
        await this.dedupePartition(part, kept);
        kept.close();
        survivors.push(kept.path);
        if (this.spill !== null) {
          queue.push(...(this.spill as Partitions).close());
          this.spill = null;
        }
      }
      await this.merge(survivors);
    } finally {
      folder.remove();
      this.folder = null;
    }
  }

  /**
   * Merge the survivors files by SEQ into the output, MERGE_FILES at a time:
   * while there are more, the first MERGE_FILES of them into one more file
   * (only deep spills, from a --memory far too small for the input, make more
   * than the 256 of one level).
   */
  private async merge(paths: string[]): Promise<void> {
    const folder = this.folder!;
    while (paths.length > MERGE_FILES) {
      const group = paths.splice(0, MERGE_FILES);
      const merged = new FileWriter(folder, folder.file(`s${this.files++}`));
      await mergeBySeq(group, async (bytes) => merged.write(bytes), true);
      merged.close();
      for (const path of group) rmSync(path);
      paths.push(merged.path);
    }
    await mergeBySeq(paths, this.write, false);
  }

  /** The first occurrence of each key of a partition file, in its order, to `kept`; spills to the next level if the table fills. */
  private async dedupePartition(part: Partition, kept: FileWriter): Promise<void> {
    const table = this.table;
    table.clear(part.level, true);
    const fd = openSync(part.path, "r");
    try {
      let carry = 0;
      for (;;) {
        let input = table.input();
        if (carry === input.length) {
          table.widen(2 * table.piece);
          input = table.input();
        }
        const read = readSync(fd, input, carry, input.length - carry, null);
        if (read === 0) break;
        const length = carry + read;
        carry = await this.feed(length, this.spillTo(part.level), kept);
        input.copyWithin(0, length - carry, length);
        await turn();
      }
    } finally {
      closeSync(fd);
    }
    rmSync(part.path);
  }
}

/** A survivors file read record by record: SEQ, a space, the key, a line break. */
class SurvivorReader {
  private buffer = Buffer.allocUnsafe(MERGE_BUFFER);
  private start = 0;
  private end = 0;
  /** The current record's end (after its line break), and its sequence number. */
  lineEnd = 0;
  seq = 0;

  constructor(private readonly fd: number) {}

  /** Move to the next record; false at the end of the file. */
  next(): boolean {
    this.start = this.lineEnd;
    let lf = this.buffer.indexOf(LF, this.start);
    while (lf < 0 || lf >= this.end) {
      // Keep the partial record, read more after it (in a larger buffer if it fills this one).
      const rest = this.end - this.start;
      if (rest === this.buffer.length) {
        const larger = Buffer.allocUnsafe(2 * this.buffer.length);
        this.buffer.copy(larger, 0, this.start, this.end);
        this.buffer = larger;
      } else this.buffer.copy(this.buffer, 0, this.start, this.end);
      this.start = 0;
      this.end = rest;
      const read = readSync(this.fd, this.buffer, rest, this.buffer.length - rest, null);
      if (read === 0) return false;
      this.end += read;
      lf = this.buffer.indexOf(LF, rest);
    }
    this.lineEnd = lf + 1;
    this.seq = parseSeq(this.buffer, this.start);
    return true;
  }

  /** The current record, with its line break. */
  record(): Buffer {
    return this.buffer.subarray(this.start, this.lineEnd);
  }

  /** The current record's key and line break. */
  key(): Buffer {
    return this.buffer.subarray(this.start + DEDUPE.DEDUPE_SEQ_WIDTH + 1, this.lineEnd);
  }
}

/** The sequence number of the record at `at`: run * 2^24 + line, exact while runs stay under 2^29. */
function parseSeq(bytes: Buffer, at: number): number {
  let run = 0;
  let line = 0;
  for (let i = 0; i < DEDUPE.DEDUPE_SEQ_WIDTH; i++) {
    const c = bytes[at + i];
    const digit = c <= 0x39 ? c - 0x30 : c - 0x57;
    if (i < 8) run = run * 16 + digit;
    else line = line * 16 + digit;
  }
  return run * LINE_SPAN + line;
}

/**
 * Merge files of records in SEQ order into one stream in SEQ order (a binary
 * heap by SEQ): of the keys, or of the records (`records`).
 */
async function mergeBySeq(paths: string[], write: WriteBytes, records: boolean): Promise<void> {
  let out = Buffer.allocUnsafe(OUTPUT_BUFFER);
  let filled = 0;
  await mergeFiles(
    paths,
    (fd) => new SurvivorReader(fd),
    bySeq,
    (top) => {
      const bytes = records ? top.record() : top.key();
      let written: Promise<void> | undefined;
      if (filled + bytes.length > out.length) {
        written = write(out.subarray(0, filled));
        out = Buffer.allocUnsafe(Math.max(OUTPUT_BUFFER, bytes.length));
        filled = 0;
      }
      bytes.copy(out, filled);
      filled += bytes.length;
      return written;
    },
  );
  if (filled > 0) await write(out.subarray(0, filled));
}

function bySeq(a: SurvivorReader, b: SurvivorReader): boolean {
  return a.seq < b.seq;
}
