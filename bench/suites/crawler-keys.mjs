// Crawler keys: canonicalize() with the "normalize-url" and "crawlee" profiles
// on each build, against the packages they reproduce (normalize-url 10.0.0 and
// normalizeUrl of @apify/utilities 2.35.11), in the same process and run.
//
// The input is a messy crawler frontier made from the corpus: SAMPLE lines
// spread over it, each changed as links on real pages are (seeded, so every
// run and build gets the same list): the scheme or host in upper case, "www."
// added, a default port, a trailing "/" or "index.html", "//" or an escaped
// unreserved character ("%7E") in the path, tracking parameters and shuffled
// parameters in the query, a fragment or a text fragment, spaces around. Lines
// that are no URL stay as they are (normalize-url throws on some: its task
// catches that, as a crawler would).
import normalizeUrl from "normalize-url";
import { normalizeUrl as apifyNormalizeUrl } from "@apify/utilities";
import { mulberry32 } from "../../scripts/data/random.mjs";
import { sumTask } from "../lib.mjs";

/** normalize-url takes ~15 us a URL: a pass over this many stays short. */
const SAMPLE = 2000;
const SEED = 0xc4a0;
const NORMALIZE_URL = "normalize-url 10.0.0";
const APIFY = "@apify/utilities normalizeUrl";

export const title = `crawler keys of ${SAMPLE} messy URLs made from the corpus lines: the profiles against the packages`;
export const baseline = NORMALIZE_URL;
/** Issue #27's goals, for the WASM builds (the pure-JS build's ratios are reported, not held to them). */
export const target = [
  {
    what: `canonicalize(url, { profile: "normalize-url" }) >= 10x the URLs/s of ${NORMALIZE_URL}`,
    over: NORMALIZE_URL,
    labels: ["normalize-url: wasm-simd", "normalize-url: wasm"],
    ratio: 10,
  },
  {
    what: `canonicalize(url, { profile: "crawlee" }) >= 3x the URLs/s of ${APIFY}`,
    over: APIFY,
    labels: ["crawlee: wasm-simd", "crawlee: wasm"],
    ratio: 3,
  },
];

const MESS = [
  (u) => u.replace(/^https?:\/\/[^/?#]*/i, (s) => s.toUpperCase()),
  (u) => u.replace(/^(https?:\/\/)(?!www\.)/i, "$1www."),
  (u) => u.replace(/^(https?:\/\/[^/?#:]+)/i, (s) => s + (s.startsWith("https") ? ":443" : ":80")),
  (u) => u.replace(/^([^?#]*[^/?#])(?=[?#]|$)/, "$1/"),
  (u) => u.replace(/^([^?#]*\/)(?=[?#]|$)/, "$1index.html"),
  (u) => u.replace(/^(https?:\/\/[^/?#]+\/[^/?#]*)\//i, "$1//"),
  (u) => u.replace(/^([^?#]*?)~/, "$1%7E").replace(/^([^?#]*\/)([a-z])/i, "$1%7e$2"),
  (u) => `${u.replace(/#.*/, "")}${u.includes("?") ? "&" : "?"}utm_source=newsletter&utm_medium=email&fbclid=IwAR0x`,
  (u) => u.replace(/\?([^#]*)/, (_, q) => `?${q.split("&").reverse().join("&")}${q.includes("&") ? "" : "&b=2&a=1"}`),
  (u) => `${u.replace(/#.*/, "")}#section-2`,
  (u) => `${u.replace(/#.*/, "")}#:~:text=crawler%20keys`,
  (u) => ` ${u}\t`,
];

/** SAMPLE lines spread over the corpus, each changed by up to three of MESS (seeded). */
export function messyUrls(lines) {
  const random = mulberry32(SEED);
  const count = Math.min(SAMPLE, lines.length);
  const out = [];
  for (let j = 0; j < count; j++) {
    let url = lines[Math.floor((j * lines.length) / count)];
    for (let k = Math.floor(random() * 4); k > 0; k--) url = MESS[Math.floor(random() * MESS.length)](url);
    out.push(url);
  }
  return out;
}

/** A key's length, 0 where there is none (normalize-url throws on some inputs). */
export function keyLength(make) {
  return (url) => {
    try {
      return make(url)?.length ?? 0;
    } catch {
      return 0;
    }
  };
}

export function tasks({ corpus, kernels }) {
  const urls = messyUrls(corpus.lines);
  return [
    sumTask(
      NORMALIZE_URL,
      urls,
      keyLength((url) => normalizeUrl(url)),
    ),
    sumTask(
      APIFY,
      urls,
      keyLength((url) => apifyNormalizeUrl(url)),
    ),
    ...kernels.flatMap(({ name, api }) => [
      sumTask(
        `normalize-url: ${name}`,
        urls,
        keyLength((url) => api.canonicalize(url, { profile: "normalize-url" })),
        { kernel: name, baseline: NORMALIZE_URL },
      ),
      sumTask(
        `crawlee: ${name}`,
        urls,
        keyLength((url) => api.canonicalize(url, { profile: "crawlee" })),
        { kernel: name, baseline: APIFY },
      ),
    ]),
  ];
}
