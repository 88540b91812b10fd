// The urlpattern suite's tasks (bench/suites/urlpattern.mjs) timed in CPU
// time (process.cpuUsage: user + system) instead of wall time, for a shared
// machine: where other processes hold the cores, wall time counts their
// turns too, and the suite's ratios moved by 2-4x from run to run under a
// load average of ~20 on 2 cores. CPU time counts this process's own work
// (caches and memory are still shared). One build in one process; the tasks
// run in turns, `rounds` rounds of one pass each, and each reports its
// fastest pass, in ns a request, and its ratio to its baseline.
//
//   node bench/urlpattern-cpu.mjs [wasm-simd|wasm|js] [--rounds=N]
import * as swurl from "../build/index.js";
import { baseline, tasks } from "./suites/urlpattern.mjs";
import { cpuTime, table } from "./lib.mjs";

const build = process.argv.find((a) => ["wasm-simd", "wasm", "js"].includes(a)) ?? "wasm-simd";
const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice("--rounds=".length) ?? 15);
const api = swurl.createSwurl(build);
const list = tasks({ corpus: { file: "kasztp.txt" }, kernels: [{ name: build, api }] });

for (const task of list) task.fn(); // warm-up: compiled matchers, JIT
const best = new Map(list.map((t) => [t.label, Infinity]));
for (let r = 0; r < rounds; r++) {
  for (const task of list) best.set(task.label, Math.min(best.get(task.label), cpuTime(task.fn) / task.items));
}
const rows = list.map((t) => {
  const base = t.baseline ?? baseline;
  const ns = best.get(t.label);
  return {
    label: t.label,
    ns: ns.toFixed(0),
    ratio: best.has(base) ? `${(best.get(base) / ns).toFixed(2)}x vs ${base}` : "",
  };
});
console.log(`urlpattern suite in CPU time, ${build} build, Node ${process.version}, fastest of ${rounds} passes`);
console.log(
  table(rows, [
    ["task", "label", "l"],
    ["ns a request", "ns", "r"],
    ["ratio", "ratio", "l"],
  ]),
);
