// A generated access log in the Combined Log Format, deterministic for a
// seed, built from a list of URLs (the corpus): origin-form and absolute-form
// request targets, "-" requests, referers and user agents holding URLs and
// escaped quotes, as Apache and nginx write them. Tests compare swurl with
// whatwg-url on small ones; the combined-log bench suite writes a 1 GB one.

import { mulberry32 } from "./random.mjs";

/**
 * @typedef {object} LogLine
 * @property {string} text
 * @property {string | null} method the request's method, or null when the request is "-"
 * @property {string | null} target the request target, or null when the request is "-"
 * @property {string | null} referer
 * @property {string} client
 * @property {number} status
 * @property {number | null} bytes
 * @property {string} agent
 */

const METHODS = ["GET", "GET", "GET", "POST", "HEAD"];
const STATUSES = [200, 200, 200, 304, 404, 301, 500];
const AGENTS = [
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
  "curl/8.5.0",
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  'weird "quoted" agent',
];

/** The origin-form of an absolute URL: its path and query ("/" at least). */
/** @param {string} url */
function originForm(url) {
  const m = /^[a-z]+:\/\/[^/?#]*([^#]*)/i.exec(url);
  const rest = m?.[1] ?? "";
  return rest.startsWith("/") ? rest : "/" + rest;
}

/** Apache's escaping inside a quoted log field: \ and " get a backslash. */
/** @param {string} s */
function quoted(s) {
  return '"' + s.replace(/[\\"]/g, (c) => "\\" + c) + '"';
}

/**
 * `n` log lines from `urls`, the same for the same seed. `common`: without
 * referer and user agent. `distinctPaths`: origin-form targets get a last
 * path segment of their own, a number below it, so that a log holds about
 * that many distinct paths more than the corpus has (as a site's article and
 * product pages do).
 */
/**
 * @param {string[]} urls
 * @param {number} n
 * @param {number} seed
 * @param {boolean} [common]
 * @param {number} [distinctPaths]
 * @returns {LogLine[]}
 */
export function accessLog(urls, n, seed, common = false, distinctPaths = 0) {
  const rng = mulberry32(seed);
  /** @type {<T>(a: T[]) => T} */
  const pick = (a) => a[Math.floor(rng() * a.length)];
  /** @type {LogLine[]} */
  const lines = [];
  for (let i = 0; i < n; i++) {
    const url = pick(urls);
    const r = rng();
    let target = r < 0.03 ? null : r < 0.15 ? url : originForm(url);
    if (distinctPaths > 0 && target?.startsWith("/")) {
      const id = Math.floor(rng() * distinctPaths);
      target = target.replace(/^([^?]*?)\/?(\?|$)/, (_, path, rest) => `${path}/${id}${rest}`);
    }
    const referer = rng() < 0.4 ? null : pick(urls);
    const client = `${10 + (i % 200)}.${Math.floor(rng() * 256)}.0.${i % 256}`;
    const status = pick(STATUSES);
    const bytes = status === 304 ? null : Math.floor(rng() * 100000);
    const agent = pick(AGENTS);
    const method = target === null ? null : pick(METHODS);
    const request = target === null ? "-" : `${method} ${target} HTTP/1.1`;
    let text = `${client} - - [10/Oct/2024:13:${String(i % 60).padStart(2, "0")}:36 +0000] ${quoted(request)} ${status} ${bytes ?? "-"}`;
    if (!common) text += ` ${quoted(referer ?? "-")} ${quoted(agent)}`;
    lines.push({ text, method, target, referer: common ? null : referer, client, status, bytes, agent });
  }
  return lines;
}
