// The vendored URL corpus (bench/data/README.md), one URL per line.
import { readFileSync } from "node:fs";

/** The lines of bench/data/kasztp.txt, without its leading BOM. */
export function corpusLines(): string[] {
  const text = readFileSync(new URL("../bench/data/kasztp.txt", import.meta.url), "utf8");
  return text.replace(/^\uFEFF/, "").split("\n");
}
