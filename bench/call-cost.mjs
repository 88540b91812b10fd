// Where a parse() or canParse() call's time goes, step by step, on the
// default build: the copy of the string into WASM memory, then the kernel
// export called on it directly, then the API call, each over every corpus
// line, beside Node's URL. The loops take turns for 20 rounds and each step's
// median is printed (ns a URL); the difference between two steps is that
// step's cost.
//
//   node bench/call-cost.mjs [corpus]                       this Node
//   node scripts/node-lines.mjs 24 bench/call-cost.mjs kasztp   Node 24
import { createSwurl } from "../build/index.js";
import { corpusFile, loadCorpus } from "../scripts/data/corpus.mjs";
import { keep, median } from "./lib.mjs";

const ROUNDS = 20;
const corpus = process.argv[2] ?? "kasztp";
const { lines } = loadCorpus(corpusFile(corpus));
const api = createSwurl();
// The API's internals (src/api/create.ts), as bench/memory.mjs uses them: not public API.
const arena = api[Symbol.for("swurl.internals")];
const kernel = arena.backend.core;
const input = arena.inputStart;
// The kernel's output goes 1 MiB up, far past any corpus line.
const output = 1 << 20;
arena.reserve(output + 65536);

let sink = 0;
const steps = {
  "copy into WASM memory": () => {
    for (const line of lines) sink += arena.input(line);
  },
  "copy + kernel canParse": () => {
    for (const line of lines) sink += kernel.canParse(input, arena.input(line), output, 0, 0, 0);
  },
  "canParse()": () => {
    for (const line of lines) sink += api.canParse(line) ? 1 : 0;
  },
  "node: URL.canParse": () => {
    for (const line of lines) sink += URL.canParse(line) ? 1 : 0;
  },
  "copy + kernel parse": () => {
    for (const line of lines) sink += kernel.parse(input, arena.input(line), output, 0, 0, 0);
  },
  "parse()": () => {
    for (const line of lines) sink += api.parse(line) === null ? 0 : 1;
  },
  "parse() + hostname + pathname": () => {
    for (const line of lines) {
      const url = api.parse(line);
      sink += url === null ? 0 : url.hostname.length + url.pathname.length;
    }
  },
  "node: new URL() + hostname + pathname": () => {
    for (const line of lines) {
      try {
        const url = new URL(line);
        sink += url.hostname.length + url.pathname.length;
      } catch {}
    }
  },
};

const times = Object.fromEntries(Object.keys(steps).map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, run] of Object.entries(steps)) {
    const start = performance.now();
    run();
    times[name].push(((performance.now() - start) * 1e6) / lines.length);
  }
}
keep(sink);
console.log(
  `${corpus}, ${lines.length} lines, ${api.kernel} build, Node ${process.version}: median ns a URL of ${ROUNDS} rounds`,
);
// The first rounds warm the code up: left out.
for (const [name, ns] of Object.entries(times)) console.log(`  ${name.padEnd(40)} ${median(ns.slice(4)).toFixed(1)}`);
