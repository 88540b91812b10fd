// Machine instructions a call, counted with valgrind's callgrind, the way
// bench/kernel-instructions.mjs counts swurl's kernel and
// bench/ada-native/run.mjs counts native Ada: a program runs an operation
// over the first LINES lines of a corpus, FEW passes in one run and MANY in
// another; the difference of the two totals over the calls between them
// leaves out start-up and the corpus's loading.
import { execFileSync, spawnSync } from "node:child_process";
import { CORPORA, corpusFile, loadCorpus } from "../scripts/data/corpus.mjs";

export const LINES = 5000;
const FEW = 4;
const MANY = 24;

/** The corpus files of a --corpus= option: names (scripts/data/corpus.mjs corpusFile()), files, or "all" (CORPORA). */
export function corpusFiles(option = "kasztp") {
  return (option === "all" ? CORPORA : option.split(",")).map(corpusFile);
}

/** Exit with a message when valgrind is missing. */
export function requireValgrind(tool) {
  try {
    execFileSync("valgrind", ["--version"], { stdio: "ignore" });
  } catch {
    console.error(`${tool}: valgrind is not installed (Debian: apt install valgrind)`);
    process.exit(1);
  }
}

/** Instructions of the whole program `argv` (command and arguments), from callgrind. */
function total(argv) {
  const { stderr } = spawnSync("valgrind", ["--tool=callgrind", "--callgrind-out-file=/dev/null", ...argv], {
    encoding: "utf8",
  });
  // callgrind reports on standard error.
  const collected = /Collected : (\d+)/.exec(stderr);
  if (!collected) throw new Error(`no callgrind total in:\n${stderr}`);
  return Number(collected[1]);
}

/**
 * Instructions a call of the program that `argsFor(passes)` runs (command
 * and arguments) over the first LINES lines of `corpus`: the totals of
 * MANY and FEW passes, their difference over the calls between them.
 */
export function perCall(corpus, argsFor) {
  const calls = (MANY - FEW) * Math.min(LINES, loadCorpus(corpus).lines.length);
  return Math.round((total(argsFor(MANY)) - total(argsFor(FEW))) / calls);
}
