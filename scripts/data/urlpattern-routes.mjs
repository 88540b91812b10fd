// A router workload for the URL pattern benchmarks (bench/suites/urlpattern.mjs):
// `routes(n)` makes n routes of six shapes, each with the URLPatternInit a
// router would give URLPattern and the hand-written RegExps the same route
// would take over new URL()'s components; `requests(list, count, seed)` makes
// URLs of which 90% match a route chosen at random (the router scans the
// list until the first match: on average half of it) and 10% match none.
//
// The shapes: protocol and host constraints, named groups, optional
// segments, digit groups, wildcards.
//   fixed     https://example.com/r
//   digits    http{s}?://api.example.com/v1/r/:id(\d+)
//   tenant    *://{:tenant.}?shop.example.com/r/:slug{/reviews}?
//   cdn       https://*.cdn.example.com/r/*
//   archive   *://example.com/r/:year(\d+)/:month(\d+)/:name
//   comments  */r/:id/comments{/:cid(\d+)}?   (any host)
import { mulberry32 } from "./random.mjs";

const SHAPES = ["fixed", "digits", "tenant", "cdn", "archive", "comments"];
const WORDS = ["users", "orders", "items", "posts", "carts", "tags", "files", "teams", "plans", "notes"];

/** The n routes: { shape, name, init, hand: { protocol, hostname, pathname } } (hand: RegExps or null for any). */
export function routes(n) {
  const list = [];
  for (let i = 0; i < n; i++) {
    const shape = SHAPES[i % SHAPES.length];
    const name = `${WORDS[i % WORDS.length]}${Math.floor(i / WORDS.length)}`;
    list.push({ shape, name, ...route(shape, name) });
  }
  return list;
}

function route(shape, r) {
  switch (shape) {
    case "fixed":
      return {
        init: { protocol: "https", hostname: "example.com", pathname: `/${r}` },
        hand: { protocol: /^https:$/, hostname: /^example\.com$/, pathname: new RegExp(`^/${r}$`) },
      };
    case "digits":
      return {
        init: { protocol: "http{s}?", hostname: "api.example.com", pathname: `/v1/${r}/:id(\\d+)` },
        hand: {
          protocol: /^https?:$/,
          hostname: /^api\.example\.com$/,
          pathname: new RegExp(`^/v1/${r}/(?<id>\\d+)$`),
        },
      };
    case "tenant":
      return {
        init: { hostname: "{:tenant.}?shop.example.com", pathname: `/${r}/:slug{/reviews}?` },
        hand: {
          protocol: null,
          hostname: /^(?:(?<tenant>[^.]+?)\.)?shop\.example\.com$/,
          pathname: new RegExp(`^/${r}/(?<slug>[^/]+?)(?:/reviews)?$`),
        },
      };
    case "cdn":
      return {
        init: { protocol: "https", hostname: "*.cdn.example.com", pathname: `/${r}/*` },
        hand: {
          protocol: /^https:$/,
          hostname: /^(?<h>.*)\.cdn\.example\.com$/,
          pathname: new RegExp(`^/${r}/(?<p>.*)$`),
        },
      };
    case "archive":
      return {
        init: { hostname: "example.com", pathname: `/${r}/:year(\\d+)/:month(\\d+)/:name` },
        hand: {
          protocol: null,
          hostname: /^example\.com$/,
          pathname: new RegExp(`^/${r}/(?<year>\\d+)/(?<month>\\d+)/(?<name>[^/]+?)$`),
        },
      };
    default:
      return {
        init: { pathname: `/${r}/:id/comments{/:cid(\\d+)}?` },
        hand: {
          protocol: null,
          hostname: null,
          pathname: new RegExp(`^/${r}/(?<id>[^/]+?)/comments(?:/(?<cid>\\d+))?$`),
        },
      };
  }
}

/** A URL that matches route `r` (and, with the same host and path, no earlier one: names are unique). */
function requestFor({ shape, name }, rng) {
  const n = Math.floor(rng() * 100000);
  switch (shape) {
    case "fixed":
      return `https://example.com/${name}${rng() < 0.3 ? "?ref=home" : ""}`;
    case "digits":
      return `${rng() < 0.5 ? "http" : "https"}://api.example.com/v1/${name}/${n}`;
    case "tenant":
      return `https://${rng() < 0.5 ? "acme." : ""}shop.example.com/${name}/blue-shoe-${n}${rng() < 0.5 ? "/reviews" : ""}`;
    case "cdn":
      return `https://img${n % 7}.cdn.example.com/${name}/a/${n}.png`;
    case "archive":
      return `http://example.com/${name}/2026/${1 + (n % 12)}/hello-${n}`;
    default:
      return `https://blog${n % 5}.example.org/${name}/post-${n}/comments${rng() < 0.5 ? `/${n % 97}` : ""}#c`;
  }
}

/** `count` request URLs against `list`: 90% match a random route, 10% none. */
export function requests(list, count, seed = 28) {
  const rng = mulberry32(seed);
  const urls = [];
  for (let i = 0; i < count; i++) {
    if (rng() < 0.1) urls.push(`https://example.com/missing/${Math.floor(rng() * 1000)}/page`);
    else urls.push(requestFor(list[Math.floor(rng() * list.length)], rng));
  }
  return urls;
}

/**
 * The hand-written router: new URL() once a request, then each route's
 * RegExps on its components until one matches; the index of the first match
 * (test) or its groups (exec), or -1 / null.
 */
export function handTest(list, href) {
  const url = new URL(href);
  const { protocol, hostname, pathname } = url;
  for (let i = 0; i < list.length; i++) {
    const h = list[i].hand;
    if (
      h.pathname.test(pathname) &&
      (h.hostname === null || h.hostname.test(hostname)) &&
      (h.protocol === null || h.protocol.test(protocol))
    )
      return i;
  }
  return -1;
}

export function handExec(list, href) {
  const url = new URL(href);
  const { protocol, hostname, pathname } = url;
  for (let i = 0; i < list.length; i++) {
    const h = list[i].hand;
    const path = h.pathname.exec(pathname);
    if (path === null) continue;
    const host = h.hostname === null ? null : h.hostname.exec(hostname);
    if (h.hostname !== null && host === null) continue;
    if (h.protocol !== null && !h.protocol.test(protocol)) continue;
    return { index: i, pathname: path.groups, hostname: host?.groups };
  }
  return null;
}
