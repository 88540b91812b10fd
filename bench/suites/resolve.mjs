// Links resolved against the page they are on, as a crawler does: each
// http(s) corpus URL with a path, made a link of four kinds, parsed against
// BASE with pathname read. swurl's parse(link, base) with the base parsed
// once, against Node's new URL(link, base) with a URL object for the base
// (Node parses its href again each time, as it does for a string).
//
//   absolute       the URL itself
//   path-absolute  "/a/b?c#d"             (the relative slash state)
//   path-relative  "b?c#d", the path's last segment on  (shortening the base's path)
//   dot-relative   "../b?c#d"             (dot segments: the parser's work)
import { sumTask } from "../lib.mjs";

const BASE = "https://example.com/dir/page.html?x=1";

/** The links of each kind made from the http(s) lines with a path. */
function links(lines) {
  const urls = lines.filter((line) => /^https?:\/\/[^/?#]+\/[^/]/.test(line));
  const paths = urls.map((line) => line.replace(/^https?:\/\/[^/?#]+/, ""));
  const last = paths.map((path) => path.slice(path.lastIndexOf("/", path.search(/[?#]|$/) - 1) + 1));
  return {
    absolute: urls,
    "path-absolute": paths,
    "path-relative": last,
    "dot-relative": last.map((link) => `../${link}`),
  };
}

export const title = `links resolved against ${BASE} + pathname, from the http(s) corpus lines`;

export function tasks({ corpus, kernels }) {
  const kinds = links(corpus.lines);
  // A corpus without http(s) URLs (debian-files, file-urls) has nothing to resolve here.
  if (kinds.absolute.length === 0) return [];
  const nodeBase = new URL(BASE);
  return Object.entries(kinds).flatMap(([kind, list]) => {
    const node = `${kind}: node new URL()`;
    return [
      sumTask(node, list, (link) => {
        try {
          return new URL(link, nodeBase).pathname.length;
        } catch {
          return 0;
        }
      }),
      ...kernels.map(({ name, api }) => {
        const base = api.parse(BASE);
        return sumTask(`${kind}: ${name}`, list, (link) => api.parse(link, base)?.pathname.length ?? 0, {
          kernel: name,
          baseline: node,
        });
      }),
    ];
  });
}
