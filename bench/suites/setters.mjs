// The URL class's setters, each on its own: set one attribute of a URL object
// and read its href, over URL objects made once from the http(s) lines of the
// corpus, on each build's URL against Node's URL (Ada, in C++) and whatwg-url.
// The values come from the corpus too (the pathname, host, ... of the next
// line), and each pass sets every URL to another one than the pass before, so
// that every set changes the URL. One pass is one set + href read per URL.
import whatwgUrl from "whatwg-url";
import { keep } from "../lib.mjs";

/**
 * URL objects per pass, the same for every task. With thousands, the passes
 * of Node's URL spread over 5x (its objects and strings outgrow the young
 * generation, and collections land in some passes); whatwg-url is ~50x slower.
 */
const SAMPLE = 500;

/** The setters and the values each takes, from the URL after `i` in the sample (or two that alternate). */
const SETTERS = {
  href: (urls, i) => urls[(i + 1) % urls.length].href,
  protocol: (_urls, i) => (i % 2 ? "http" : "https"),
  username: (_urls, i) => (i % 2 ? "user" : ""),
  password: (_urls, i) => (i % 2 ? "secret" : ""),
  host: (urls, i) => urls[(i + 1) % urls.length].host,
  hostname: (urls, i) => urls[(i + 1) % urls.length].hostname,
  port: (_urls, i) => (i % 2 ? "8080" : ""),
  pathname: (urls, i) => urls[(i + 1) % urls.length].pathname,
  search: (urls, i) => urls[(i + 1) % urls.length].search || "?q=1",
  hash: (urls, i) => urls[(i + 1) % urls.length].hash || "#top",
};

const node = (setter) => `${setter}: node URL`;

export const title = `each setter + href on URL objects of the first ${SAMPLE} http(s) corpus lines`;
// The goal: each setter at least 2x Node's; "vs base" is each task's ratio to Node's URL.

/**
 * One pass of a task: `url.<attribute> = value` on each of `objects`, then
 * `url.href` read, compiled for each task from its own source. A program sets
 * a named attribute (`url.host = ...`) of one class; one function shared by
 * every task, setting `url[attribute]`, made the store megamorphic (every
 * attribute of every class through one site), which cost Node's URL and
 * swurl's alike ~2-3x a set on Node 24 and hid the setters' own cost.
 */
function passOf(attribute) {
  return new Function(
    "objects",
    "values",
    "pass",
    `let total = 0;
    const n = values.length;
    for (let i = 0; i < objects.length; i++) {
      const url = objects[i];
      url.${attribute} = values[(i + pass) % n];
      total += url.href.length;
    }
    return total;`,
  );
}

/** A task: `attribute` set on each of `objects` to values[(i + pass) % n], then href read. */
function task(label, objects, attribute, values, extra) {
  let pass = 0;
  const run = passOf(attribute);
  return {
    label,
    items: objects.length,
    bytes: objects.reduce((sum, url) => sum + url.href.length, 0),
    ...extra,
    fn() {
      pass++;
      keep(run(objects, values, pass));
    },
  };
}

export function tasks({ corpus, kernels }) {
  const lines = corpus.lines.filter((line) => /^https?:/i.test(line) && URL.canParse(line)).slice(0, SAMPLE);
  // A corpus without http(s) URLs (debian-files, file-urls) has nothing to measure here.
  if (lines.length === 0) return [];
  const parsed = lines.map((line) => new URL(line));
  return Object.entries(SETTERS).flatMap(([attribute, valuesFor]) => {
    const values = parsed.map((_url, i) => valuesFor(parsed, i));
    return [
      task(
        node(attribute),
        lines.map((line) => new URL(line)),
        attribute,
        values,
      ),
      task(
        `${attribute}: whatwg-url`,
        lines.map((line) => new whatwgUrl.URL(line)),
        attribute,
        values,
        { baseline: node(attribute) },
      ),
      ...kernels.map(({ name, api }) =>
        task(
          `${attribute}: ${name}`,
          lines.map((line) => new api.URL(line)),
          attribute,
          values,
          { kernel: name, baseline: node(attribute) },
        ),
      ),
    ];
  });
}
