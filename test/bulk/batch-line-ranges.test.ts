// batchLines() (assembly/batch.ts): the byte range of each line of a block, as
// the batch reads its lines, for the wrapper to give a line's input. Checked
// against the lines the API defines (test/helpers/batch-lines.ts), on every build.
import { describe, expect, it } from "vitest";
import type { KernelName } from "../../build/index.js";
import { builds } from "../helpers/builds";
import { textLines } from "../helpers/batch-lines";
import { internals } from "../helpers/internals";
import { BULK, createSwurl } from "../helpers/kernel-modules";

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** The lines batchBegin() counts in `text` (at most `maxLines`), as batchLines() gives their ranges. */
function kernelLines(name: KernelName, text: string, maxLines: number): string[] {
  const arena = internals(createSwurl(name));
  const bytes = encoder.encode(text);
  const len = arena.inputBytes(bytes);
  const rows = (arena.inputStart + len + 16 + 7) & ~7;
  const bulk = arena.module(BULK);
  const lines = bulk.batchBegin(arena.inputStart, len, 1, maxLines, 0, rows);
  expect(bulk.batchLines(rows)).toBe(lines);
  const words = new Int32Array(arena.backend.buffer(), rows, 2 * lines);
  return Array.from({ length: lines }, (_, i) => decoder.decode(bytes.subarray(words[2 * i], words[2 * i + 1])));
}

const TEXTS = [
  "http://a/\nhttp://b/",
  "\ufeffhttp://a/\r\nhttp://b/\r\n",
  "a\r\n\r\n\nb\rc\r\nd\r",
  "\n\n",
  "",
  "x".repeat(40) + "\n" + "é".repeat(20) + "\r\n" + "y".repeat(33),
];

describe.each(builds.map(([name]) => name as KernelName))("batchLines (%s)", (name) => {
  it("gives the range of every line, without its LF or CR LF", () => {
    for (const text of TEXTS)
      expect(kernelLines(name, text, 1000), JSON.stringify(text)).toEqual(textLines(text.replace(/^\ufeff/, "")));
  });

  it("gives the lines batchBegin() counted, up to maxLines", () => {
    const text = "a\nbb\r\nccc\ndddd\n";
    expect(kernelLines(name, text, 2)).toEqual(["a", "bb"]);
    expect(kernelLines(name, text, 3)).toEqual(["a", "bb", "ccc"]);
  });
});
