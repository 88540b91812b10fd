// Seeded random routes (URLPatternInit dictionaries, as a router writes
// them) and request URLs over one small vocabulary, so that routes share
// prefixes and requests often match: for URLPatternList against trying the
// patterns in order, and for swurl's URLPattern against Node 24's.
import { int, pick, type Rng } from "../helpers/random";

const SEGMENTS = ["a", "b", "api", "v1", "users", "A"];
const PATH_PIECES = [
  ...SEGMENTS.map((s) => `/${s}`),
  "/:id",
  "/:id(\\d+)",
  "/*",
  "{/x}?",
  "/:rest+",
  "/:opt?",
  "/(a|b)",
  "/:n([a-z]+)",
  "*",
  ".json",
];
const HOSTS = ["*", "example.com", "*.example.com", "{:sub.}?example.com", "other.org"];
const PROTOCOLS = ["*", "https", "http{s}?", "http"];

export interface Route {
  init: Record<string, string>;
  ignoreCase: boolean;
}

export function randomRoute(rng: Rng): Route {
  let pathname = "";
  for (let n = int(rng, 1, 4); n > 0; n--) pathname += pick(rng, PATH_PIECES);
  if (!pathname.startsWith("/") && rng() < 0.8) pathname = `/${pathname}`;
  const init: Record<string, string> = { pathname };
  if (rng() < 0.6) init.hostname = pick(rng, HOSTS);
  if (rng() < 0.5) init.protocol = pick(rng, PROTOCOLS);
  if (rng() < 0.15) init.search = pick(rng, ["q=:q", "*", ""]);
  return { init, ignoreCase: rng() < 0.15 };
}

export function randomRequest(rng: Rng): string {
  const protocol = pick(rng, ["https", "http", "ftp"]);
  const host = pick(rng, ["example.com", "a.example.com", "other.org", "EXAMPLE.com", "x.y.example.com"]);
  let path = "";
  for (let n = int(rng, 0, 4); n > 0; n--) path += `/${pick(rng, [...SEGMENTS, "x", "42", "7", "users.json", "%41"])}`;
  const query = rng() < 0.2 ? `?q=${int(rng, 0, 9)}` : "";
  return `${protocol}://${host}${path}${query}`;
}
