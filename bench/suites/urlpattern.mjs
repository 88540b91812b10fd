// URL patterns on a router workload (bench/urlpattern-routes.mjs): 50 routes
// with protocol and host constraints, named groups, optional segments and
// digit groups; 2,000 requests, each scanning the routes in order until the
// first match (10% match none). One item is one request; the ratios are per
// request, each against a baseline in the same worker and run:
//
//   test, exec        swurl's URLPattern objects, one test() / exec() a
//                     route until a match, against the same loop over Node's
//                     URLPattern (Node 24 has one; Node 20 does not, and
//                     then only the hand-written router is measured) and
//                     against hand-written RegExps over new URL()
//   list              URLPatternList.test() / exec(), against the loop over
//                     Node's URLPattern objects; and at 1,000 routes, against
//                     its own time at 50
//   construct         new URLPattern() of the 50 routes, against Node's
//
// The workload does not depend on the corpus: it runs on the default corpus
// (kasztp) only.
import { sumTask } from "../lib.mjs";
import { handExec, handTest, requests, routes } from "../urlpattern-routes.mjs";

const NativeURLPattern = globalThis.URLPattern;
const REQUESTS = 2000;
const NODE_TEST = "test: Node URLPattern";
const NODE_EXEC = "exec: Node URLPattern";
const HAND_TEST = "test: RegExp + new URL()";
const HAND_EXEC = "exec: RegExp + new URL()";
const NODE_CONSTRUCT = "construct: Node URLPattern";

export const title = `URL patterns: a router of 50 routes, ${REQUESTS} requests (first match; 10% none)`;
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
        { what: "construction >= Node's", over: NODE_CONSTRUCT, labels: wasm.map((b) => `construct: ${b}`), ratio: 1 },
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
      routerTask(NODE_TEST, urls, (url) => firstTest(native, url)),
      routerTask(NODE_EXEC, urls, (url) => firstExec(native, url), { baseline: NODE_EXEC }),
      sumTask(NODE_CONSTRUCT, inits, (init) => new NativeURLPattern(init).pathname.length, {
        bytes: inits.length,
        baseline: NODE_CONSTRUCT,
      }),
    );
  }
  const swurl = kernels.flatMap(({ name, api }) => {
    const { URLPattern, URLPatternList } = api;
    const patterns = inits.map((init) => new URLPattern(init));
    const list = new URLPatternList(patterns);
    const big = new URLPatternList(list1000.map((r) => r.init));
    const kernel = { kernel: name };
    return [
      routerTask(`test: ${name}`, urls, (url) => firstTest(patterns, url), kernel),
      routerTask(`exec: ${name}`, urls, (url) => firstExec(patterns, url), { ...kernel, baseline: execBase }),
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
      sumTask(`construct: ${name}`, inits, (init) => new URLPattern(init).pathname.length, {
        ...kernel,
        bytes: inits.length,
        baseline: NativeURLPattern ? NODE_CONSTRUCT : `construct: ${name}`,
      }),
    ];
  });
  return [...reference, ...swurl];
}
