// The router suite (bench/suites/router.mjs) in CPU time (process.cpuUsage),
// for a shared machine: one build in one process, every task run in turn in
// each of `rounds` rounds (interleaved), each reported as its median pass in
// requests per second; then the geometric mean over the app and GitHub
// tables, the goals, the speed at 1,000 routes against 50, and the
// time to build each router of 1,000 routes.
//
//   node scripts/node-lines.mjs 24 bench/router-cpu.mjs [wasm-simd|wasm|js] [--rounds=N]
import * as swurl from "../build/index.js";
import { median, table } from "./lib.mjs";
import { ROUTERS } from "./routers.mjs";
import { CALLS, GOALS, listOf, TABLES, tasks } from "./suites/router.mjs";

const build = process.argv.find((a) => ["wasm-simd", "wasm", "js"].includes(a)) ?? "wasm-simd";
const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice("--rounds=".length) ?? 15);
const api = swurl.createSwurl(build);
const list = tasks({ corpus: { file: "kasztp.txt" }, kernels: [{ name: build, api }] });

/** CPU nanoseconds of one call of `fn`. */
function cpu(fn) {
  const start = process.cpuUsage();
  fn();
  const { user, system } = process.cpuUsage(start);
  return (user + system) * 1000;
}

for (let i = 0; i < 3; i++) for (const task of list) task.fn(); // warm-up: JIT, compiled matchers
const passes = new Map(list.map((t) => [t.label, []]));
for (let r = 0; r < rounds; r++) for (const task of list) passes.get(task.label).push(cpu(task.fn) / task.items);
/** Requests a second of the median pass of `label`. */
const speed = (label) => 1e9 / median(passes.get(label));

const routers = [...Object.keys(CALLS).map((c) => `${c} ${build}`), ...Object.keys(ROUTERS)];
const format = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)}M/s` : `${(n / 1e3).toFixed(0)}k/s`);
const geo = (router) => Math.sqrt(speed(`app: ${router}`) * speed(`github: ${router}`));
const rows = routers.map((router) => {
  const row = { router };
  for (const [name] of TABLES) row[name] = format(speed(`${name}: ${router}`));
  row.geo = format(geo(router));
  row.scale = (speed(`1,000 routes: ${router}`) / speed(`50 routes: ${router}`)).toFixed(2);
  return row;
});
console.log(
  `router suite in CPU time, swurl's ${build} build, Node ${process.version}, median of ${rounds} interleaved rounds`,
);
console.log(
  table(rows, [
    ["router", "router", "l"],
    ...TABLES.map(([name, t]) => [`${name} (${t.length})`, name, "r"]),
    ["geomean app, github", "geo", "r"],
    ["1,000 / 50", "scale", "r"],
  ]),
);

console.log("\ngoals (geometric mean over the app and GitHub tables):");
for (const [call, router] of GOALS) {
  const ratio = geo(`${call} ${build}`) / geo(router);
  console.log(`  ${call}() / ${router}: ${ratio.toFixed(2)}x ${ratio >= 1 ? "met" : "missed"}`);
}
const scale = speed(`1,000 routes: match ${build}`) / speed(`50 routes: match ${build}`);
console.log(`  match() at 1,000 routes / at 50: ${scale.toFixed(2)} ${scale >= 0.8 ? "met" : "missed"} (goal 0.8)`);

// Construction of 1,000 routes, the fastest of a few builds.
const thousand = TABLES.find(([name]) => name === "1,000 routes")[1];
const builders = {
  [`swurl ${build}`]: () => listOf(api, thousand).match("/", "http://localhost/"),
  ...Object.fromEntries(Object.entries(ROUTERS).map(([name, make]) => [name, () => make(thousand).find("/")])),
};
const built = Object.entries(builders).map(([router, make]) => {
  const times = [];
  for (let i = 0; i < 7; i++) times.push(cpu(make));
  return { router, ms: (Math.min(...times) / 1e6).toFixed(2) };
});
console.log("\nconstruction of 1,000 routes (and a first lookup), fastest of 7, CPU ms:");
console.log(
  table(built, [
    ["router", "router", "l"],
    ["ms", "ms", "r"],
  ]),
);
