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
// Besides, per build: the list's reading of a request alone (the first step
// of findIndex(), match() and exec()), and the construction of each router
// of 1,000 routes with a first lookup (one item a router built); and each
// request's exec() result made again, its strings and objects alone
// (madeAgain()), the part of exec() that no faster search lowers. report()
// gives the geometric means over the app and GitHub tables, the goals, the
// speed at 1,000 routes against 50, the steps of a request and the
// construction times.
//
// The workload does not depend on the corpus: it runs on the default corpus
// (kasztp) only. In CPU time, on Node 24:
//   node scripts/node-lines.mjs 24 bench/run.mjs router --cpu --rounds=15
import { keep, sumTask, table as textTable } from "../lib.mjs";
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
/** The goals on each table (report() takes their geometric mean over app and github). */
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
    if (STEP_TABLES.includes(name)) {
      const results = resultsOf(listOf(kernels[0].api, table), urls);
      out.push(requestTask(`${name}: result strings and objects`, results, madeAgain));
    }
    for (const { name: build, api } of kernels) {
      const list = listOf(api, table);
      for (const [call, make] of Object.entries(CALLS))
        out.push(requestTask(`${name}: ${call} ${build}`, urls, make(list), { kernel: build }));
      // The list's reading of the request against the base (internal: the check that the parser would
      // keep the target's path as it is, or the parse where it would not).
      if (STEP_TABLES.includes(name))
        out.push(requestTask(`${name}: read ${build}`, urls, (url) => (list._request(url, BASE) ? 1 : 0)));
    }
  }
  const thousand = TABLES.find(([name]) => name === "1,000 routes")[1];
  for (const { name: build, api } of kernels)
    out.push(constructTask(`construct: swurl ${build}`, () => listOf(api, thousand).match("/", BASE)));
  for (const [router, make] of Object.entries(ROUTERS))
    out.push(constructTask(`construct: ${router}`, () => make(thousand).find("/")));
  return out;
}

/** The tables whose requests report() splits into steps. */
const STEP_TABLES = ["app", "github"];

/**
 * Each request's exec() result as what it is made of (null: no route): the
 * request, where its path ends, its pathname's group names and, for each
 * group, the first place after the group before that holds its value (the
 * same string to slice, if not always the same place), the origin's
 * components and the base.
 */
function resultsOf(list, urls) {
  return urls.map((url) => {
    const found = list.exec(url, BASE);
    if (found === null) return null;
    const { result } = found;
    const query = url.indexOf("?");
    const names = Object.keys(result.pathname.groups);
    const slots = [];
    let from = 0;
    for (const name of names) {
      const value = result.pathname.groups[name];
      const at = url.indexOf(value, from);
      slots.push(at, at + value.length);
      from = at + value.length;
    }
    const origin = ["protocol", "username", "password", "hostname", "port"].map((name) => result[name].input);
    return { url, end: query < 0 ? url.length : query, names, slots, origin, base: result.inputs[1] };
  });
}

/** A "*" component's groups, as exec() makes them: a copy of a template of one slot, the value stored. */
const ZERO = JSON.parse('{"0":null}');
function zero(value) {
  const groups = { ...ZERO };
  groups[0] = value;
  return groups;
}

/**
 * exec()'s result made again from its parts (resultsOf()): its strings
 * sliced from the request and its objects, with no search, no check and no
 * pattern read. The floor of the result step: what no faster walk lowers.
 */
function madeAgain(parts) {
  if (parts === null) return 0;
  const { url, end, names, slots, origin: o } = parts;
  const pathname = end === url.length ? url : url.slice(0, end);
  const search = end === url.length ? "" : url.slice(end + 1);
  const groups = {};
  for (let g = 0; g < names.length; g++) groups[names[g]] = url.slice(slots[2 * g], slots[2 * g + 1]);
  keep({
    hash: { groups: zero(""), input: "" },
    hostname: { groups: zero(o[3]), input: o[3] },
    inputs: [url, parts.base],
    password: { groups: zero(o[2]), input: o[2] },
    pathname: { groups, input: pathname },
    port: { groups: zero(o[4]), input: o[4] },
    protocol: { groups: zero(o[0]), input: o[0] },
    search: { groups: zero(search), input: search },
    username: { groups: zero(o[1]), input: o[1] },
  });
  return 1;
}

/** A task that builds a router of 1,000 routes and looks one request up: one item a pass. */
function constructTask(label, build) {
  return { label, fn: build, bytes: 1, items: 1, baseline: "construct: find-my-way" };
}

/**
 * The figures of the goals for `build`, from `ns(label)`, the median ns an
 * item of each task in that build's worker.
 */
export function report({ build, ns }) {
  const speed = (label) => 1e9 / ns(label);
  const format = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)}M/s` : `${(n / 1e3).toFixed(0)}k/s`);
  const geo = (router) => Math.sqrt(speed(`app: ${router}`) * speed(`github: ${router}`));
  const routers = [...Object.keys(CALLS).map((c) => `${c} ${build}`), ...Object.keys(ROUTERS)];
  const rows = routers.map((router) => ({
    router,
    ...Object.fromEntries(TABLES.map(([name]) => [name, format(speed(`${name}: ${router}`))])),
    geo: format(geo(router)),
    scale: (speed(`1,000 routes: ${router}`) / speed(`50 routes: ${router}`)).toFixed(2),
  }));
  const goals = GOALS.map(([call, router]) => {
    const ratio = geo(`${call} ${build}`) / geo(router);
    return `  ${call}() / ${router}: ${ratio.toFixed(2)}x ${ratio >= 1 ? "met" : "missed"}`;
  });
  const scale = speed(`1,000 routes: match ${build}`) / speed(`50 routes: match ${build}`);
  const steps = STEP_TABLES.map((name) => {
    const at = (what) => ns(`${name}: ${what}`);
    return {
      table: name,
      read: at(`read ${build}`).toFixed(0),
      walk: (at(`findIndex ${build}`) - at(`read ${build}`)).toFixed(0),
      groups: (at(`match ${build}`) - at(`findIndex ${build}`)).toFixed(0),
      result: (at(`exec ${build}`) - at(`findIndex ${build}`)).toFixed(0),
      objects: at("result strings and objects").toFixed(0),
      memoirist: at("memoirist").toFixed(0),
      regexp: at("hono RegExpRouter").toFixed(0),
    };
  });
  const built = [`swurl ${build}`, ...Object.keys(ROUTERS)].map((router) => ({
    router,
    ms: (ns(`construct: ${router}`) / 1e6).toFixed(2),
  }));
  return [
    `router suite, ${build} build: requests a second of the median pass`,
    textTable(rows, [
      ["router", "router", "l"],
      ...TABLES.map(([name, t]) => [`${name} (${t.length})`, name, "r"]),
      ["geomean app, github", "geo", "r"],
      ["1,000 / 50", "scale", "r"],
    ]),
    "goals (geometric mean over the app and GitHub tables):",
    ...goals,
    `  match() at 1,000 routes / at 50: ${scale.toFixed(2)} ${scale >= 0.8 ? "met" : "missed"} (goal 0.8)`,
    "where a request's time goes, median ns:",
    textTable(steps, [
      ["table", "table", "l"],
      ["read the request", "read", "r"],
      ["+ walk of the trie: findIndex()", "walk", "r"],
      ["+ groups object: match()", "groups", "r"],
      ["+ standard's result instead: exec()", "result", "r"],
      ["its strings and objects alone", "objects", "r"],
      ["memoirist", "memoirist", "r"],
      ["hono RegExpRouter", "regexp", "r"],
    ]),
    "construction of 1,000 routes and a first lookup, median CPU ms:",
    textTable(built, [
      ["router", "router", "l"],
      ["ms", "ms", "r"],
    ]),
  ].join("\n");
}
