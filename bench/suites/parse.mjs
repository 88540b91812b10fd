// WHATWG parsing of every corpus line, reading hostname and pathname (what a
// log processor or crawler reads first): parse() on each build against Node's
// own `new URL()` (Ada in C++), and, on a sample, whatwg-url (the reference
// implementation, pure JS) and url-parse (a popular non-WHATWG parser).
import whatwgUrl from "whatwg-url";
import UrlParse from "url-parse";
import { sumTask } from "../lib.mjs";

const NODE = "node: new URL()";
/** whatwg-url takes ~50 us a URL: a pass over this many lines keeps a pass short. */
const SAMPLE = 2000;

export const title = "parse + hostname + pathname, every corpus line (whatwg-url and url-parse: the first 2000)";
export const baseline = NODE;
/** The speed goals, against Node 24's URL in particular. */
export const target = [
  {
    what: `parse() + hostname + pathname >= 2x the MB/s of ${NODE} + the same`,
    over: NODE,
    labels: ["wasm-simd", "wasm"],
    ratio: 2,
  },
  { what: `the JS build >= the MB/s of ${NODE}`, over: NODE, labels: ["js"], ratio: 1 },
];

/** A task running `read(line)` (the summed lengths of hostname and pathname) over `lines`, the corpus's or a sample. */
function task(label, lines, read, corpus, kernel) {
  return sumTask(label, lines, read, lines === corpus.lines ? { kernel, bytes: corpus.bytes } : { kernel });
}

export function tasks({ corpus, kernels }) {
  const sample = corpus.lines.slice(0, SAMPLE);
  return [
    task(
      NODE,
      corpus.lines,
      (line) => {
        try {
          const url = new URL(line);
          return url.hostname.length + url.pathname.length;
        } catch {
          return 0;
        }
      },
      corpus,
    ),
    ...kernels.map(({ name, api }) =>
      task(
        name,
        corpus.lines,
        (line) => {
          const url = api.parse(line);
          return url === null ? 0 : url.hostname.length + url.pathname.length;
        },
        corpus,
        name,
      ),
    ),
    task(
      "whatwg-url 17.3 (sample)",
      sample,
      (line) => {
        try {
          const url = new whatwgUrl.URL(line);
          return url.hostname.length + url.pathname.length;
        } catch {
          return 0;
        }
      },
      corpus,
    ),
    task(
      "url-parse (sample)",
      sample,
      (line) => {
        const url = new UrlParse(line);
        return url.hostname.length + url.pathname.length;
      },
      corpus,
    ),
  ];
}
