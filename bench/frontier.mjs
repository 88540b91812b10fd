// A generated crawl frontier for `swurl canon --dedupe` at scale: LINES lines
// of URLs as crawlers collect them, about DISTINCT of them distinct after
// canonicalization, written to standard output.
//
//   node bench/frontier.mjs LINES [DISTINCT_SHARE]      (default share 0.7)
//
// Each distinct URL is a pure function of its number j (host, path, query
// drawn from a PRNG seeded with j), so a repeat of URL j, drawn at random
// from those already written, is the same URL again. Each line writes its URL
// in one of several spellings that canonicalize to the same form (host in
// upper case, a default port, %7E for ~, lower-case escapes, a fragment), so
// the dedupe has to see the canonical forms, not the lines. Deterministic:
// the same arguments give the same bytes.
import { mulberry32 } from "../scripts/data/random.mjs";

const lines = Number(process.argv[2] ?? 1_000_000);
const share = Number(process.argv[3] ?? 0.7);
if (!(Number.isInteger(lines) && lines > 0 && share > 0 && share <= 1)) {
  process.stderr.write("usage: node bench/frontier.mjs LINES [DISTINCT_SHARE]\n");
  process.exit(1);
}

const TLDS = ["com", "org", "net", "de", "co.uk", "io", "fr", "example"];
const WORDS = ["news", "shop", "blog", "docs", "api", "static", "wiki", "forum", "media", "search"];
const SEGMENTS = ["item", "page", "category", "tag", "2026", "user", "a", "b", "product", "view", "~team"];
const PARAMS = ["id", "page", "sort", "q", "ref", "lang", "utm_source", "sessionid"];

/** The parts of distinct URL `j`: a host out of ~1 million (a few very large), a path, maybe a query. */
function parts(j) {
  const rng = mulberry32(Math.imul(j, 0x9e3779b1) ^ 0x5eed);
  const pick = (items) => items[Math.floor(rng() * items.length)];
  // Half the URLs on 1,000 big sites, the rest spread over a million hosts: a frontier's skew.
  const site = rng() < 0.5 ? Math.floor(rng() * 1000) : Math.floor(rng() * 1_000_000);
  const host = `${pick(WORDS)}.site${site}.${TLDS[site % TLDS.length]}`;
  let path = "";
  const depth = 1 + Math.floor(rng() * 4);
  for (let d = 0; d < depth; d++) path += `/${pick(SEGMENTS)}`;
  // j itself makes the URL distinct from every other.
  path += `/${j.toString(36)}`;
  const query = rng() < 0.4 ? `?${pick(PARAMS)}=${Math.floor(rng() * 1000)}` : "";
  return { scheme: rng() < 0.8 ? "https" : "http", host, path, query };
}

/** One of the spellings of URL `j`, all with the same canonical form. */
function spell(j, rng) {
  const { scheme, host, path, query } = parts(j);
  const r = rng();
  if (r < 0.55) return `${scheme}://${host}${path}${query}`;
  if (r < 0.65) return `${scheme.toUpperCase()}://${host.toUpperCase()}${path}${query}`;
  if (r < 0.75) return `${scheme}://${host}:${scheme === "https" ? 443 : 80}${path}${query}`;
  if (r < 0.85) return `${scheme}://${host}${path.replaceAll("~", "%7e")}${query}#section-${Math.floor(rng() * 9)}`;
  if (r < 0.95) return `${scheme}://${host}${path.replace("/", "/x/../")}${query}`;
  return `${scheme}://${host}${path}${query === "" ? "?" : query}`;
}

const rng = mulberry32(0xf407);
let distinct = 0;
let out = "";
for (let i = 0; i < lines; i++) {
  const repeat = distinct > 0 && rng() >= share;
  const j = repeat ? Math.floor(rng() * distinct) : distinct++;
  out += spell(j, rng) + "\n";
  if (out.length > 1 << 20) {
    if (!process.stdout.write(out)) await new Promise((resolve) => process.stdout.once("drain", resolve));
    out = "";
  }
}
process.stdout.write(out);
