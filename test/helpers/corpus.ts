// The URL corpora (bench/data/README.md), one URL per line: the vendored
// files of bench/data/ and the generated ones (scripts/data/generated-corpora.mjs).
import { readFileSync } from "node:fs";
import { corpusFile } from "../../scripts/data/corpus.mjs";

/**
 * The lines of corpus `name` (kasztp by default; a generated one is written
 * first if need be), without a leading BOM, and without the empty string
 * after a final newline (a line end, not a line).
 */
export function corpusLines(name = "kasztp"): string[] {
  const text = readFileSync(corpusFile(name), "utf8");
  return text
    .replace(/^\uFEFF/, "")
    .replace(/\n$/, "")
    .split("\n");
}
