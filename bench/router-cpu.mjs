// The router suite (bench/suites/router.mjs) in CPU time (process.cpuUsage),
// for a shared machine: one build in one process, every task run in turn in
// each of `rounds` rounds (interleaved), each reported as its median pass in
// requests per second; then the geometric mean over the app and GitHub
// tables, the goals, the speed at 1,000 routes against 50, the steps of a
// request, and the time to build each router of 1,000 routes.
//
//   node scripts/node-lines.mjs 24 bench/router-cpu.mjs [wasm-simd|wasm|js] [--rounds=N]
import * as swurl from "../build/index.js";
import { cpuTime, median, sumTask, table } from "./lib.mjs";
import { requestsOf } from "./router-tables.mjs";
import { ROUTERS } from "./routers.mjs";
import { BASE, CALLS, GOALS, listOf, TABLES, tasks } from "./suites/router.mjs";

const build = process.argv.find((a) => ["wasm-simd", "wasm", "js"].includes(a)) ?? "wasm-simd";
const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice("--rounds=".length) ?? 15);
const api = swurl.createSwurl(build);
const list = [...tasks({ corpus: { file: "kasztp.txt" }, kernels: [{ name: build, api }] }), ...stepTasks()];

/**
 * The list's reading of a request against the base (internal: the check
 * that the parser would keep the target's path as it is, or the parse where
 * it would not), timed like the rest on the app and GitHub tables:
 * findIndex() is that and the walk of the list's trie; match() adds its
 * groups object, exec() the standard's result in its place.
 */
function stepTasks() {
  return TABLES.slice(0, 2).map(([name, table]) => {
    const urls = requestsOf(table, 2000, name.length);
    const list = listOf(api, table);
    return sumTask(`${name}: step read`, urls, (url) => (list._request(url, BASE) ? 1 : 0), { bytes: urls.length });
  });
}

for (let i = 0; i < 3; i++) for (const task of list) task.fn(); // warm-up: JIT, compiled matchers
const passes = new Map(list.map((t) => [t.label, []]));
for (let r = 0; r < rounds; r++) for (const task of list) passes.get(task.label).push(cpuTime(task.fn) / task.items);
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

// Where a request's time goes: each step's median, in ns.
const ns = (label) => median(passes.get(label));
const steps = ["app", "github"].map((name) => {
  const at = (what) => ns(`${name}: ${what}`);
  return {
    table: name,
    read: at("step read").toFixed(0),
    walk: (at(`findIndex ${build}`) - at("step read")).toFixed(0),
    groups: (at(`match ${build}`) - at(`findIndex ${build}`)).toFixed(0),
    result: (at(`exec ${build}`) - at(`findIndex ${build}`)).toFixed(0),
    memoirist: at("memoirist").toFixed(0),
    regexp: at("hono RegExpRouter").toFixed(0),
  };
});
console.log("\nwhere a request's time goes, median ns:");
console.log(
  table(steps, [
    ["table", "table", "l"],
    ["read the request", "read", "r"],
    ["+ walk of the trie: findIndex()", "walk", "r"],
    ["+ groups object: match()", "groups", "r"],
    ["+ standard's result instead: exec()", "result", "r"],
    ["memoirist", "memoirist", "r"],
    ["hono RegExpRouter", "regexp", "r"],
  ]),
);

// Construction of 1,000 routes, the fastest of a few builds.
const thousand = TABLES.find(([name]) => name === "1,000 routes")[1];
const builders = {
  [`swurl ${build}`]: () => listOf(api, thousand).match("/", "http://localhost/"),
  ...Object.fromEntries(Object.entries(ROUTERS).map(([name, make]) => [name, () => make(thousand).find("/")])),
};
const built = Object.entries(builders).map(([router, make]) => {
  const times = [];
  for (let i = 0; i < 7; i++) times.push(cpuTime(make));
  return { router, ms: (Math.min(...times) / 1e6).toFixed(2) };
});
console.log("\nconstruction of 1,000 routes (and a first lookup), fastest of 7, CPU ms:");
console.log(
  table(built, [
    ["router", "router", "l"],
    ["ms", "ms", "r"],
  ]),
);
