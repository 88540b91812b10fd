// The benchmark corpus as the strings a user's program would hold: one flat
// (sequential) string per URL.
//
// Why not `text.split("\n")`: V8 makes each line of split() a *sliced* string
// pointing into the whole file's string, and the file starts with a UTF-8 BOM
// (U+FEFF), which makes that parent string two-byte. Such lines are slower to
// read for everything, and unequally so (URL.canParse and encodeInto most of
// all), so the numbers would measure the string representation.
// Instead each line is decoded from its own bytes with Buffer#toString(utf8,
// start, end), which allocates a new sequential string: one-byte for an ASCII
// line (checked with `node --allow-natives-syntax` and %DebugPrint: the type is
// ONE_BYTE_STRING_TYPE, where a split() line is SLICED_STRING_TYPE).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { GENERATED, GENERATED_DIR, generatedFile } from "./generated-corpora.mjs";

const LF = 0x0a;
const CR = 0x0d;
const BOM = [0xef, 0xbb, 0xbf];
const DATA = fileURLToPath(new URL("../../bench/data/", import.meta.url));

/**
 * The corpora of npm run bench and of the instruction counter's --corpus=all:
 * the vendored bench/data/*.txt (not sample.txt, a part of kasztp.txt) and the
 * generated ones (scripts/data/generated-corpora.mjs), by name.
 */
export const CORPORA = [
  ...readdirSync(DATA)
    .filter((f) => f.endsWith(".txt") && f !== "sample.txt")
    .map((f) => f.slice(0, -".txt".length)),
  ...GENERATED,
].sort();

/**
 * The file of a corpus: a name of bench/data/ ("kasztp") or of a generated
 * corpus ("file-urls", written first if missing or stale, also when named by
 * its path), or else the path of any file of one URL per line.
 */
export function corpusFile(nameOrFile) {
  const name = path.basename(nameOrFile, ".txt");
  if (
    GENERATED.includes(name) &&
    (nameOrFile === name || path.resolve(nameOrFile) === path.join(GENERATED_DIR, `${name}.txt`))
  )
    return generatedFile(name);
  const vendored = path.join(DATA, `${nameOrFile}.txt`);
  return existsSync(vendored) ? vendored : path.resolve(nameOrFile);
}

/**
 * Read a file of one URL per line (LF or CRLF, optional leading BOM).
 * Returns the lines and their total size in UTF-8 bytes (without line ends).
 */
export function loadCorpus(file) {
  const data = readFileSync(file);
  const start = BOM.every((b, i) => data[i] === b) ? BOM.length : 0;
  const lines = [];
  let bytes = 0;
  let ascii = true;
  for (let from = start; from < data.length; ) {
    let to = data.indexOf(LF, from);
    if (to === -1) to = data.length;
    const end = to > from && data[to - 1] === CR ? to - 1 : to;
    const line = data.toString("utf8", from, end);
    lines.push(line);
    bytes += end - from;
    ascii &&= line.length === end - from;
    from = to + 1;
  }
  return { file, lines, bytes, ascii };
}

/**
 * The query (without "?", before any "#") of every line that has a non-empty
 * one: the real query strings of a corpus, for URLSearchParams.
 * @param {string[]} lines
 * @returns {string[]}
 */
export function queriesOf(lines) {
  const queries = [];
  for (const line of lines) {
    const start = line.indexOf("?");
    if (start === -1) continue;
    const hash = line.indexOf("#", start);
    const query = line.slice(start + 1, hash === -1 ? line.length : hash);
    if (query !== "") queries.push(query);
  }
  return queries;
}
