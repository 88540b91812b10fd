// The routers the router benchmark compares swurl's URLPatternList with, each
// given what a Node server hands it: the method "GET" and `req.url` (path and
// query). Each is made from a table of paths (bench/router-tables.mjs) and
// gives `find(url)`, the timed call (the router's own lookup, whose answer
// holds the route and its parameters as the router keeps them), and
// `answer(url)`, { index, params } or null, for the check that all agree.
// A router that does not split off the query itself gets it cut at the "?"
// first, as its framework does (the cut is timed with it).
import FindMyWay from "find-my-way";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { TrieRouter } from "hono/router/trie-router";
import Memoirist from "memoirist";
import { addRoute, createRouter, findRoute } from "rou3";

/** `url` without its query. */
function pathOf(url) {
  const q = url.indexOf("?");
  return q < 0 ? url : url.slice(0, q);
}

const plain = (params) => ({ ...params });

export const ROUTERS = {
  "find-my-way": (table) => {
    const router = FindMyWay();
    for (const [index, path] of table.entries()) router.on("GET", path, () => {}, { index });
    return withIndexIn("store", (url) => router.find("GET", url));
  },
  memoirist: (table) => {
    const router = new Memoirist();
    for (const [index, path] of table.entries()) router.add("GET", path, { index });
    return withIndexIn("store", (url) => router.find("GET", pathOf(url)));
  },
  "hono RegExpRouter": (table) => {
    const router = new RegExpRouter();
    for (const [index, path] of table.entries()) router.add("GET", path, index);
    const find = (url) => router.match("GET", pathOf(url));
    // [[handler, { name: index into the stash }], ...], stash: the first handler wins.
    const params = ([handlers, stash]) =>
      Object.fromEntries(Object.entries(handlers[0][1]).map(([name, i]) => [name, stash[i]]));
    return { find, answer: (url) => answerOf(emptyNull(find(url)), (m) => m[0][0][0], params) };
  },
  "hono TrieRouter": (table) => {
    const router = new TrieRouter();
    for (const [index, path] of table.entries()) router.add("GET", path, index);
    const find = (url) => router.match("GET", pathOf(url));
    return {
      find,
      answer: (url) =>
        answerOf(
          emptyNull(find(url)),
          (m) => m[0][0][0],
          (m) => m[0][0][1],
        ),
    };
  },
  rou3: (table) => {
    const router = createRouter();
    for (const [index, path] of table.entries()) addRoute(router, "GET", path, { index });
    return withIndexIn("data", (url) => findRoute(router, "GET", pathOf(url)));
  },
};

/** A router whose lookup gives { [key]: { index }, params } (params undefined where the route has none), or null. */
function withIndexIn(key, find) {
  return {
    find,
    answer: (url) =>
      answerOf(
        find(url),
        (f) => f[key].index,
        (f) => f.params,
      ),
  };
}

/** Hono's "no handler": null. */
function emptyNull(match) {
  return match[0].length === 0 ? null : match;
}

function answerOf(found, index, params) {
  return found == null ? null : { index: index(found), params: plain(params(found)) };
}
