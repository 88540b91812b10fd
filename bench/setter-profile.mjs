// One task of the setters suite (bench/suites/setters.mjs) run alone for a
// while, so that a profiler sees nothing else: where a set's time goes.
//
//   node bench/setter-profile.mjs hostname [corpus] [seconds] [task]
//   perf record -g -o setter.data -- node --perf-basic-prof --interpreted-frames-native-stack \
//     bench/setter-profile.mjs hostname kasztp 10
//   perf report -i setter.data --children --sort symbol -g none
//
// `task` is the build ("wasm-simd", the default build, unless given) or
// "node URL" for Node's own. It prints the median ns a set + href read over
// the run's passes.
import { createSwurl } from "../build/index.js";
import { corpusFile, loadCorpus } from "../scripts/data/corpus.mjs";
import { median } from "./lib.mjs";
import { tasks } from "./suites/setters.mjs";

const [attribute = "hostname", corpus = "kasztp", seconds = "5", which] = process.argv.slice(2);
const api = createSwurl();
const label = `${attribute}: ${which ?? api.kernel}`;
const task = tasks({ corpus: loadCorpus(corpusFile(corpus)), kernels: [{ name: api.kernel, api }] }).find(
  (t) => t.label === label,
);
if (task === undefined) {
  console.error(`setter-profile: no task "${label}" on ${corpus} (no http(s) lines, or no such setter)`);
  process.exit(1);
}
const passes = [];
const until = performance.now() + Number(seconds) * 1000;
while (performance.now() < until) {
  const start = performance.now();
  task.fn();
  passes.push(((performance.now() - start) * 1e6) / task.items);
}
console.log(`${label} on ${corpus}: ${median(passes).toFixed(0)} ns a set + href (median of ${passes.length} passes)`);
