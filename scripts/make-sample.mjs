// Make bench/data/sample.txt, the input of `npm start`: every 10th line of
// the vendored corpus bench/data/kasztp.txt (lines 10, 20, ..., 48,010,
// the last being the corpus's truncated "https://"), without the corpus's
// byte order mark, LF line ends and a final newline. Deterministic: running
// it again gives the same bytes.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const STEP = 10;
const data = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), "bench", "data");
const lines = readFileSync(path.join(data, "kasztp.txt"), "utf8")
  .replace(/^\uFEFF/, "")
  .split("\n");
const sample = lines.filter((_, i) => (i + 1) % STEP === 0);
writeFileSync(path.join(data, "sample.txt"), sample.join("\n") + "\n");
console.log(`bench/data/sample.txt: ${sample.length} lines, every ${STEP}th of ${lines.length}`);
