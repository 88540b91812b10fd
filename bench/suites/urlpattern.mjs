// URLPattern and URLPatternList on a router's workload, each build against
// the engine's own URLPattern where it has one (Node 24; Node 20 has none)
// and against hand-written RegExps over new URL(), in the same worker.
//
// Matching (scripts/data/urlpattern-routes.mjs): 50 routes with protocol and host
// constraints, named groups, optional segments and digit groups; 2,000
// requests, each scanning the routes in order until the first match (10%
// match none). One item is one request; the ratios are per request:
//
//   test, exec        swurl's URLPattern objects, one test() / exec() a
//                     route until a match, against the same loop over Node's
//                     URLPattern, and the hand-written router
//   list              URLPatternList.findIndex() / exec(), against the loop
//                     over Node's URLPattern objects; and at 1,000 routes,
//                     against its own time at 50
//
// Construction (ROUTES below): 60 routes of the kinds a server or a service
// worker registers (pattern strings and init dictionaries, some with
// ignoreCase); one item is one route. Add an operation to OPERATIONS:
// `make(P, routes, keep)` returns the function one pass runs.
//   construct: new URLPattern(...route) for every route.
//
// The workload does not depend on the corpus: it runs on the default corpus
// (kasztp) only. In CPU time, on Node 24 (the one with a URLPattern of its own):
//   node scripts/node-lines.mjs 24 bench/run.mjs urlpattern --cpu --rounds=15
import { keep, sumTask } from "../lib.mjs";
import { handExec, handTest, requests, routes } from "../../scripts/data/urlpattern-routes.mjs";

/** The routes: the constructor's arguments of each. */
export const ROUTES = [
  ["https://example.com/"],
  ["https://example.com/about"],
  ["https://example.com/blog/:year(\\d{4})/:month(\\d{2})/:slug"],
  ["https://example.com/blog/:slug"],
  ["https://example.com/blog"],
  ["https://example.com/docs/*"],
  ["https://example.com/api/v:version(\\d+)/users/:id(\\d+)"],
  ["https://example.com/api/v:version(\\d+)/users"],
  ["https://example.com/api/v:version(\\d+)/posts/:id/comments/:comment?"],
  ["https://example.com/api/v:version(\\d+)/search?q=:query"],
  ["https://{:sub.}?example.com/shop/:category/:item?"],
  ["https://*.example.com/static/*.:ext(js|css|png|svg)"],
  ["https://cdn.example.com/img/:width(\\d+)x:height(\\d+)/:name"],
  ["http{s}?://example.com/legacy/:path*"],
  ["https://example.com/users/:user/repos/:repo/issues/:number(\\d+)"],
  ["https://example.com/users/:user/repos/:repo/pulls/:number(\\d+)/files"],
  ["https://example.com/users/:user/repos/:repo/tree/:branch/:path+"],
  ["https://example.com/users/:user/settings{/:section}?"],
  ["https://example.com/:lang(en|de|fr)/products/:id"],
  ["https://example.com/:lang(en|de|fr)/products"],
  ["https://admin.example.com/dashboard"],
  ["https://admin.example.com/reports/:year/:quarter(q[1-4])"],
  ["https://example.com:8443/internal/*"],
  ["https://example.com/files/:dir*/:file.:ext"],
  ["https://example.com/download/:id([a-f0-9]{32})"],
  ["https://example.com/events/:date(\\d{4}-\\d{2}-\\d{2})"],
  ["https://example.com/tags/:tag/page/:page(\\d+)?"],
  ["https://example.com/feed.:format(xml|json|atom)"],
  ["https://example.com/sitemap.xml"],
  ["https://example.com/robots.txt"],
  ["https://example.com/auth/callback?code=:code&state=:state"],
  ["https://example.com/auth/:provider(google|github)/login"],
  ["https://example.com/health"],
  ["https://example.com/metrics"],
  ["/graphql", "https://api.example.com"],
  ["/v1/orders/:orderId", "https://api.example.com"],
  ["/v1/orders/:orderId/items/:itemId", "https://api.example.com"],
  ["/v1/customers/:customerId/orders", "https://api.example.com"],
  ["/v1/products/:sku([A-Z0-9\\-]+)", "https://api.example.com"],
  ["/v2/*", "https://api.example.com"],
  ["wss://example.com/socket/:room"],
  ["https://example.com/#/:view"],
  ["https://example.com/Search", { ignoreCase: true }],
  ["https://example.com/Help/:topic", { ignoreCase: true }],
  [{ pathname: "/books/:id" }],
  [{ pathname: "/books/:id/chapters/:chapter(\\d+)" }],
  [{ pathname: "/books" }],
  [{ hostname: "{*.}?example.org", pathname: "/*" }],
  [{ protocol: "https", hostname: "example.com", pathname: "/account/*" }],
  [{ protocol: "https", hostname: ":tenant.example.net", pathname: "/app/:page*" }],
  [{ pathname: "/assets/*", search: "v=:version" }],
  [{ pathname: "/login", search: "*" }],
  [{ pathname: "/logout" }],
  [{ pathname: "/api/:resource/:id?", baseURL: "https://example.com" }],
  [{ pathname: "/:year(\\d+)/:month(\\d+)/:day(\\d+)/:slug" }],
  [{ pathname: "/u/:username([a-z0-9_]{3,16})" }],
  [{ pathname: "/p/:id/edit" }],
  [{ pathname: "/p/:id" }],
  [{ pathname: "/*.html" }, { ignoreCase: true }],
  [{ port: "3000", pathname: "/dev/*" }],
];

const OPERATIONS = {
  construct: (P, routes, keep) => () => {
    let last;
    for (let i = 0; i < routes.length; i++) last = new P(...routes[i]);
    keep(last);
  },
};

/** A copy of `fn` with code of its own (compiled from its source), so that each class's task has its own type feedback. */
function fresh(fn) {
  return new Function(`return ${fn.toString()}`)();
}

const NativeURLPattern = globalThis.URLPattern;
const REQUESTS = 2000;
const NODE_TEST = "test: Node URLPattern";
const NODE_EXEC = "exec: Node URLPattern";
const HAND_TEST = "test: RegExp + new URL()";
const HAND_EXEC = "exec: RegExp + new URL()";
const NODE_CONSTRUCT = "node: construct";

export const title = `URL patterns: a router of 50 routes, ${REQUESTS} requests (first match; 10% none); construction of ${ROUTES.length} routes`;
export const baseline = NativeURLPattern ? NODE_TEST : HAND_TEST;

const wasm = ["wasm-simd", "wasm"];
export const target = [
  ...(NativeURLPattern
    ? [
        {
          what: "URLPattern test() >= 10x Node's URLPattern",
          over: NODE_TEST,
          labels: wasm.map((b) => `test: ${b}`),
          ratio: 10,
        },
        {
          what: "URLPattern exec() >= 10x Node's URLPattern",
          over: NODE_EXEC,
          labels: wasm.map((b) => `exec: ${b}`),
          ratio: 10,
        },
        {
          what: "URLPatternList exec() >= 50x a loop over Node's URLPattern",
          over: NODE_EXEC,
          labels: wasm.map((b) => `list exec: ${b}`),
          ratio: 50,
        },
        {
          what: "construct at least as fast as Node 24's URLPattern",
          over: NODE_CONSTRUCT,
          labels: ["wasm-simd: construct", "wasm: construct", "js: construct"],
          ratio: 1,
        },
      ]
    : []),
  { what: "URLPattern test() >= RegExp + new URL()", over: HAND_TEST, labels: wasm.map((b) => `test: ${b}`), ratio: 1 },
  { what: "URLPattern exec() >= RegExp + new URL()", over: HAND_EXEC, labels: wasm.map((b) => `exec: ${b}`), ratio: 1 },
  {
    what: "URLPatternList at 1,000 routes >= 0.5x its speed at 50",
    over: "list exec: wasm-simd",
    labels: ["list exec, 1,000 routes: wasm-simd"],
    ratio: 0.5,
  },
];

/** A task over the requests, one item (and one "byte") a request, so that ratios are per request. */
function routerTask(label, urls, route, extra = {}) {
  return sumTask(label, urls, route, { bytes: urls.length, ...extra });
}

/**
 * A router over `patterns` by `first` (firstTest or firstExec), with code of
 * its own: one function shared by every class's task would see both Node's
 * URLPattern and swurl's at its call of test() or exec(), and inline neither,
 * where a router's own loop sees one class.
 */
function loop(first, patterns) {
  const own = fresh(first);
  return (url) => own(patterns, url);
}

/** The index of the first of `patterns` that `url` matches by `test`, or -1 (as a number to sum). */
function firstTest(patterns, url) {
  for (let i = 0; i < patterns.length; i++) if (patterns[i].test(url)) return i;
  return -1;
}

/** The first exec() result of `patterns` for `url`: its pathname input's length, or 0. */
function firstExec(patterns, url) {
  for (let i = 0; i < patterns.length; i++) {
    const result = patterns[i].exec(url);
    if (result !== null) return result.pathname.input.length;
  }
  return 0;
}

export function tasks({ corpus, kernels }) {
  if (!corpus.file.endsWith("kasztp.txt")) return [];
  const list50 = routes(50);
  const list1000 = routes(1000);
  const urls = requests(list50, REQUESTS);
  const urls1000 = requests(list1000, REQUESTS);
  const inits = list50.map((r) => r.init);
  const testBase = NativeURLPattern ? NODE_TEST : HAND_TEST;
  const execBase = NativeURLPattern ? NODE_EXEC : HAND_EXEC;
  const reference = [
    routerTask(HAND_TEST, urls, (url) => handTest(list50, url), { baseline: testBase }),
    routerTask(HAND_EXEC, urls, (url) => handExec(list50, url)?.index ?? -1, { baseline: execBase }),
  ];
  if (NativeURLPattern) {
    const native = inits.map((init) => new NativeURLPattern(init));
    reference.push(
      routerTask(NODE_TEST, urls, loop(firstTest, native)),
      routerTask(NODE_EXEC, urls, loop(firstExec, native), { baseline: NODE_EXEC }),
    );
  }
  const swurl = kernels.flatMap(({ name, api }) => {
    const { URLPattern, URLPatternList } = api;
    const patterns = inits.map((init) => new URLPattern(init));
    const list = new URLPatternList(patterns);
    const big = new URLPatternList(list1000.map((r) => r.init));
    const kernel = { kernel: name };
    return [
      routerTask(`test: ${name}`, urls, loop(firstTest, patterns), kernel),
      routerTask(`exec: ${name}`, urls, loop(firstExec, patterns), { ...kernel, baseline: execBase }),
      routerTask(`list test: ${name}`, urls, (url) => list.findIndex(url), {
        ...kernel,
        baseline: testBase,
      }),
      routerTask(`list exec: ${name}`, urls, (url) => list.exec(url)?.result.pathname.input.length ?? 0, {
        ...kernel,
        baseline: execBase,
      }),
      routerTask(
        `list exec, 1,000 routes: ${name}`,
        urls1000,
        (url) => big.exec(url)?.result.pathname.input.length ?? 0,
        {
          ...kernel,
          baseline: `list exec: ${name}`,
        },
      ),
    ];
  });
  return [...reference, ...swurl, ...constructTasks(kernels)];
}

/** The OPERATIONS on ROUTES: each build's class, against the engine's own where there is one. */
function constructTasks(kernels) {
  const bytes = ROUTES.reduce((n, route) => n + JSON.stringify(route).length, 0);
  const size = { bytes, items: ROUTES.length };
  const tasks = [];
  for (const [op, make] of Object.entries(OPERATIONS)) {
    const base = NativeURLPattern === undefined ? null : `node: ${op}`;
    if (NativeURLPattern !== undefined)
      tasks.push({ label: base, baseline: base, fn: fresh(make)(NativeURLPattern, ROUTES, keep), ...size });
    for (const { name, api } of kernels) {
      tasks.push({
        label: `${name}: ${op}`,
        kernel: name,
        baseline: base ?? `${name}: ${op}`,
        fn: fresh(make)(api.URLPattern, ROUTES, keep),
        ...size,
      });
    }
  }
  return tasks;
}
