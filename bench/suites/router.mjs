// URLPatternList as a server's router, against the routers servers use
// (bench/routers.mjs: find-my-way, memoirist, Hono's RegExpRouter and
// TrieRouter, rou3), on the route tables of bench/router-tables.mjs: an app's
// 45 routes, the GitHub API's 142, and a generated table at 50 and 1,000
// routes. Each request is what a Node server hands a router: "GET" and
// `req.url` (path and query); swurl's list is given it with the server's base
// URL, as `new URL(req.url, base)` would be. One item is one request.
//
//   swurl calls   match() ({ index, groups }), findIndex() (the route only)
//                 and exec() (the standard's whole result), per build
//
// Before any timing, every router must give every request the same route and
// the same parameters as swurl's exec() and, where the engine has one, a loop
// over its own URLPattern (checkAgreement()); a disagreement throws.
//
// The workload does not depend on the corpus: it runs on the default corpus
// (kasztp) only. bench/router-cpu.mjs runs these tasks in CPU time and gives
// the geometric means and the goals.
import { sumTask } from "../lib.mjs";
import { APP, GITHUB, generated, requestsOf } from "../router-tables.mjs";
import { ROUTERS } from "../routers.mjs";

export const BASE = "http://localhost:3000";
const REQUESTS = 2000;

/** The tables timed: name, routes. */
export const TABLES = [
  ["app", APP],
  ["github", GITHUB],
  ["50 routes", generated(50)],
  ["1,000 routes", generated(1000)],
];

/** swurl's calls: what one request does, as a number to sum. */
export const CALLS = {
  match: (list) => (url) => list.match(url, BASE)?.index ?? -1,
  findIndex: (list) => (url) => list.findIndex(url, BASE),
  exec: (list) => (url) => list.exec(url, BASE)?.index ?? -1,
};

export const title = `URLPatternList as a router against find-my-way, memoirist, Hono and rou3: ${TABLES.map(([n, t]) => `${n} (${t.length})`).join(", ")}; ${REQUESTS} requests each (10% no route)`;
export const baseline = "github: find-my-way";

const wasm = ["wasm-simd", "wasm"];
/** The issue's goals on each table (bench/router-cpu.mjs takes their geometric mean over app and github). */
export const GOALS = [
  ["match", "find-my-way"],
  ["findIndex", "memoirist"],
  ["exec", "hono RegExpRouter"],
];
export const target = GOALS.flatMap(([call, router]) =>
  ["app", "github"].map((table) => ({
    what: `${table}: ${call}() >= ${router}`,
    over: `${table}: ${router}`,
    labels: wasm.map((b) => `${table}: ${call} ${b}`),
    ratio: 1,
  })),
);

/** A URLPatternList of `table` (a pathname pattern a route), from `api`. */
export function listOf(api, table) {
  return new api.URLPatternList(table.map((pathname) => ({ pathname })));
}

/** What swurl's exec() gives a request: { index, params } or null. */
function swurlAnswer(list, url) {
  const found = list.exec(url, BASE);
  return found === null ? null : { index: found.index, params: { ...found.result.pathname.groups } };
}

/** The in-order loop over the engine's URLPattern (the standard's answer), or null where it has none. */
function nativeAnswerer(table) {
  const Native = globalThis.URLPattern;
  if (Native === undefined) return null;
  const patterns = table.map((pathname) => new Native({ pathname }));
  return (url) => {
    const index = patterns.findIndex((p) => p.test(url, BASE));
    return index < 0 ? null : { index, params: { ...patterns[index].exec(url, BASE).pathname.groups } };
  };
}

/** Throw where any router, swurl or the engine's URLPattern loop gives a request another answer. */
export function checkAgreement(api, table, urls) {
  const list = listOf(api, table);
  const answerers = [
    ...Object.entries(ROUTERS).map(([name, make]) => [name, make(table).answer]),
    ...(nativeAnswerer(table) ? [["URLPattern loop", nativeAnswerer(table)]] : []),
  ];
  const key = (answer) => (answer === null ? "null" : `${answer.index} ${JSON.stringify(sorted(answer.params))}`);
  for (const url of urls) {
    const want = key(swurlAnswer(list, url));
    for (const [name, answer] of answerers) {
      const got = key(answer(url));
      if (got !== want) throw new Error(`router bench: ${name} gives ${url} ${got}, swurl ${want}`);
    }
    const matched = list.match(url, BASE);
    if (key(matched && { index: matched.index, params: matched.groups }) !== want)
      throw new Error(`router bench: swurl's match() gives ${url} another answer than its exec()`);
    if (list.findIndex(url, BASE) !== (list.exec(url, BASE)?.index ?? -1))
      throw new Error(`router bench: swurl's findIndex() gives ${url} another route than its exec()`);
  }
}

function sorted(params) {
  return Object.fromEntries(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A task over the requests, one item (and one "byte") a request. */
function requestTask(label, urls, route, extra = {}) {
  return sumTask(label, urls, route, { bytes: urls.length, ...extra });
}

export function tasks({ corpus, kernels }) {
  if (!corpus.file.endsWith("kasztp.txt")) return [];
  const out = [];
  for (const [name, table] of TABLES) {
    const urls = requestsOf(table, REQUESTS, name.length);
    for (const { api } of kernels) checkAgreement(api, table, urls);
    for (const [router, make] of Object.entries(ROUTERS)) {
      const { find } = make(table);
      out.push(requestTask(`${name}: ${router}`, urls, (url) => (find(url) == null ? 0 : 1)));
    }
    for (const { name: build, api } of kernels) {
      const list = listOf(api, table);
      for (const [call, make] of Object.entries(CALLS))
        out.push(requestTask(`${name}: ${call} ${build}`, urls, make(list), { kernel: build }));
    }
  }
  return out;
}
