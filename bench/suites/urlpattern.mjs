// URLPattern on a router's workload: 60 routes of the kinds a server or a
// service worker registers (protocol and host constraints, named groups,
// optional segments and groups, digit groups, wildcards; pattern strings and
// init dictionaries, some with ignoreCase), each build's class against the
// engine's own URLPattern where it has one (Node 24; Node 20 has none), in the
// same worker. One pass = every route once; ns/URL is ns a route.
//
// Operations (add one by adding to OPERATIONS: `make(P, routes, keep)` returns
// the function one pass runs):
//   construct: new URLPattern(...route) for every route.
import { keep } from "../lib.mjs";

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

/** A copy of `make` with code of its own (compiled from its source), so that each class's task has its own type feedback. */
function fresh(make) {
  return new Function(`return ${make.toString()}`)();
}

export const title = `URLPattern on a router's ${ROUTES.length} routes, each build vs the engine's own URLPattern`;
const native = globalThis.URLPattern;
/**
 * The engine's URLPattern where it has one; else the pure-JS build's task of
 * the same operation (each task names it; "js" makes bench/run.mjs calibrate
 * the workers, as for every suite whose baseline is a build).
 */
export const baseline = native === undefined ? "js" : "node: construct";
export const target =
  native === undefined
    ? []
    : [
        {
          what: "construct at least as fast as Node 24's URLPattern",
          over: "node: construct",
          labels: ["wasm-simd: construct", "wasm: construct", "js: construct"],
          ratio: 1,
        },
      ];

export function tasks({ kernels }) {
  const bytes = ROUTES.reduce((n, route) => n + JSON.stringify(route).length, 0);
  const size = { bytes, items: ROUTES.length };
  const tasks = [];
  for (const [op, make] of Object.entries(OPERATIONS)) {
    const base = native === undefined ? null : `node: ${op}`;
    if (native !== undefined)
      tasks.push({ label: base, baseline: base, fn: fresh(make)(native, ROUTES, keep), ...size });
    for (const { name, api } of kernels) {
      tasks.push({
        label: `${name}: ${op}`,
        kernel: name,
        ...(base === null ? {} : { baseline: base }),
        fn: fresh(make)(api.URLPattern, ROUTES, keep),
        ...size,
      });
    }
  }
  return tasks;
}
