// Sorting lines by a key in bounded memory (`canon --dedupe --sort surt`):
// lines are held as KEY TAB LINE strings, sorted with the engine's own string
// order (UTF-16 code units; canonical URLs are ASCII, so byte order, as
// `LC_ALL=C sort`), and once they take the budget written to a run file in
// the temporary folder; at the end the runs are merged. TAB sorts before any
// character of a key, so a key that is a prefix of another sorts first.

import { readSync, rmSync } from "node:fs";
import { drain, mergeFiles } from "./heap.js";
import { FileWriter, MERGE_FILES, TempFolder } from "./temp-folder.js";
import { turn } from "./turns.js";

/** Where sorted text goes. */
type WriteText = (text: string) => Promise<void>;

/** Bytes a held line costs, per byte of it: the KEY TAB LINE string and the line it was cut from, with their headers. */
const COST_PER_BYTE = 3;
const LINE_COST = 48;
/** Bytes of a run file read at a time, and of sorted text written at a time. */
const READ_BUFFER = 1 << 16;
const WRITE_TEXT = 1 << 20;

/**
 * Entries sorted at a time: a short synchronous sort, with a turn of the event
 * loop (turns.ts) between two, so that a signal stops the run within a turn.
 */
const SORT_SLICE = 1 << 16;
/** Entries written to a run file between two turns. */
const WRITE_SLICE = 1 << 12;

/** `entries` sorted: slices of SORT_SLICE, each sorted in its turn, then merged (drain() takes turns too). */
async function sortInTurns(entries: string[]): Promise<string[]> {
  if (entries.length <= SORT_SLICE) return entries.sort();
  const slices: { items: string[]; at: number }[] = [];
  for (let i = 0; i < entries.length; i += SORT_SLICE) {
    slices.push({ items: entries.slice(i, i + SORT_SLICE).sort(), at: 0 });
    await turn();
  }
  const sorted: string[] = [];
  await drain(
    slices,
    (a, b) => a.items[a.at] < b.items[b.at],
    (top) => {
      sorted.push(top.items[top.at]);
      return undefined;
    },
    (top) => ++top.at < top.items.length,
  );
  return sorted;
}

/** The line of a KEY TAB LINE entry. */
function lineOf(entry: string): string {
  return entry.slice(entry.indexOf("\t") + 1);
}

export class SortedRuns {
  private entries: string[] = [];
  private held = 0;
  private readonly runs: string[] = [];
  private folder: TempFolder | null = null;
  /** Run files made so far (their names). */
  private merged = 0;

  constructor(
    private readonly key: (line: string) => string,
    private readonly memory: number,
    private readonly tempDir: string | null,
  ) {}

  /** Lines, each ending with a line break. */
  async add(text: string): Promise<void> {
    let start = 0;
    for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
      const line = text.slice(start, end);
      start = end + 1;
      this.entries.push(`${this.key(line)}\t${line}`);
      this.held += LINE_COST + COST_PER_BYTE * line.length;
      if (this.held > this.memory) await this.spill();
    }
  }

  /** Write the entries held, sorted, to a run file of the temporary folder. */
  private async spill(): Promise<void> {
    this.folder ??= new TempFolder(this.tempDir, "swurl-sort-");
    const run = new FileWriter(this.folder, this.folder.file(`r${this.merged++}`));
    const sorted = await sortInTurns(this.entries);
    for (let i = 0; i < sorted.length; i++) {
      run.write(Buffer.from(`${sorted[i]}\n`, "latin1"));
      if (i % WRITE_SLICE === 0) await turn();
    }
    run.close();
    this.runs.push(run.path);
    this.entries = [];
    this.held = 0;
  }

  /** Every line added, in key order. */
  async finish(write: WriteText): Promise<void> {
    if (this.runs.length === 0) {
      const sorted = await sortInTurns(this.entries);
      for (let i = 0; i < sorted.length; i += 4096) {
        // A write to a file as standard output is synchronous: the loop gets its turns here.
        await turn();
        await write(
          `${sorted
            .slice(i, i + 4096)
            .map(lineOf)
            .join("\n")}\n`,
        );
      }
      this.entries = [];
      return;
    }
    if (this.entries.length > 0) await this.spill();
    const folder = this.folder!;
    while (this.runs.length > MERGE_FILES) {
      const group = this.runs.splice(0, MERGE_FILES);
      const merged = new FileWriter(folder, folder.file(`r${this.merged++}`));
      await mergeRuns(group, (entry) => {
        merged.write(Buffer.from(`${entry}\n`, "latin1"));
        return undefined;
      });
      merged.close();
      for (const path of group) rmSync(path);
      this.runs.push(merged.path);
    }
    let text = "";
    await mergeRuns(this.runs, (entry) => {
      text += `${lineOf(entry)}\n`;
      if (text.length < WRITE_TEXT) return undefined;
      const full = text;
      text = "";
      return write(full);
    });
    if (text !== "") await write(text);
  }

  /** Remove the temporary folder, if any. */
  close(): void {
    this.folder?.remove();
    this.folder = null;
  }
}

/** Merge sorted run files into one stream of entries in order. */
async function mergeRuns(paths: string[], emit: (entry: string) => Promise<void> | undefined): Promise<void> {
  await mergeFiles(
    paths,
    (fd) => new RunReader(fd),
    (a, b) => a.entry < b.entry,
    (top) => emit(top.entry),
  );
}

/** A run file read entry by entry. */
class RunReader {
  private lines: string[] = [];
  private at = 0;
  private rest = "";
  private readonly buffer = Buffer.allocUnsafe(READ_BUFFER);
  entry = "";

  constructor(private readonly fd: number) {}

  next(): boolean {
    while (this.at >= this.lines.length) {
      const read = readSync(this.fd, this.buffer, 0, this.buffer.length, null);
      if (read === 0) return false;
      const text = this.rest + this.buffer.toString("latin1", 0, read);
      const end = text.lastIndexOf("\n");
      this.lines = end < 0 ? [] : text.slice(0, end).split("\n");
      this.rest = text.slice(end + 1);
      this.at = 0;
    }
    this.entry = this.lines[this.at++];
    return true;
  }
}
