// The vendored URL corpus (bench/data/README.md), one URL per line.
import { readFileSync } from "node:fs";

/** The lines of bench/data/<name>.txt (kasztp by default), without a leading BOM. */
export function corpusLines(name = "kasztp"): string[] {
  const text = readFileSync(new URL(`../bench/data/${name}.txt`, import.meta.url), "utf8");
  return text.replace(/^\uFEFF/, "").split("\n");
}
