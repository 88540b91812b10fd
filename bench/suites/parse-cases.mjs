// Small named cases, each parsed many times: parse() + hostname + pathname on
// the default build against new URL() + the same, case by case.
import { keep } from "../lib.mjs";

const BASE = "https://example.com/dir/page.html?x=1";
const CASES = [
  ["short", "https://a.io/"],
  ["with port", "http://example.com:8080/index.html"],
  ["with fragment", "https://example.com/docs/guide#install"],
  ["IPv4", "http://192.168.0.1/admin"],
  ["IPv4 hex", "http://0xc0.0xa8.0.1/admin"],
  ["IPv6", "http://[2001:db8::ff00:42:8329]:8080/x"],
  ["IDNA", "https://münchen.example/straße"],
  ["file", "file:///C:/Users/me/file.txt"],
  ["relative", "../other/page?y=2"],
  // The same, with the base given as a string on every call, as a loop over a
  // page's links does (parse() keeps the last string base's ParsedUrl).
  ["relative, base string", "../other/page?y=2"],
  ["long query", "https://example.com/search?q=url+parser&lang=en&page=2&utm_source=news&utm_medium=email"],
  // Not its own serialization (upper case, a dot segment, a default port, a
  // space): the full parser, where the cases above take parse()'s fast path
  // (assembly/serialized.ts) except IPv4, IPv6, IDNA, file and relative.
  ["to normalise", "HTTP://Example.COM:80/a/./b/../c d?q"],
];
const REPEAT = 2000;

export const title = `named cases, ${REPEAT} parses a pass on the default build vs new URL() (relative: against ${BASE})`;

function task(label, input, read, baselineLabel, kernel) {
  return {
    label,
    kernel,
    baseline: baselineLabel,
    items: REPEAT,
    bytes: REPEAT * Buffer.byteLength(input),
    fn() {
      let n = 0;
      for (let i = 0; i < REPEAT; i++) n += read(input);
      keep(n);
    },
  };
}

/** The default build only: in its worker. */
export const once = true;

export function tasks({ kernels }) {
  const { name, api } = kernels[0];
  const base = api.parse(BASE);
  return CASES.flatMap(([caseName, input]) => {
    const relative = caseName.startsWith("relative");
    const swurlBase = caseName === "relative" ? base : BASE;
    const node = `${caseName}: new URL()`;
    return [
      task(node, input, (s) => {
        const url = relative ? new URL(s, BASE) : new URL(s);
        return url.hostname.length + url.pathname.length;
      }),
      task(
        `${caseName}: ${name}`,
        input,
        (s) => {
          const url = relative ? api.parse(s, swurlBase) : api.parse(s);
          return url.hostname.length + url.pathname.length;
        },
        node,
        name,
      ),
    ];
  });
}
