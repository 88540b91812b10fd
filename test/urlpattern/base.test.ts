// A request target against a base, as a router matches it: the components a
// pattern sees equal those of whatwg-url's URL for the same two strings, on
// seeded random path-absolute targets over the code units the resolution
// treats apart (dot segments and "%2e", "\\", "//", "?", "#", the percent-
// encode sets, controls, non-ASCII), against bases of every kind; the base
// given as a string or parsed, in every build.
import { URL as ReferenceURL } from "whatwg-url";
import { describe, expect, it } from "vitest";
import { builds } from "../helpers/builds";
import { int, mulberry32, pick } from "../helpers/random";

const SEED = Number(process.env.SWURL_BASE_SEED ?? 3535);
const CASES = 4000;
const PIECES = [
  ...["a", "users", "42", "x-y_z~", "A:B@c", "!$&()*+,;=", "[]|", "%41", "%2e", "%2E", "%zz"],
  ...["/", "/", "/", "//", ".", "..", "\\", "?", "??", "#", "'", '"', "<", ">", "^", "`", "{", "}", " ", "\t", "\n"],
  ...["\u0000", "\u007f", "é", "😀", "\ud800"],
];
const BASES = [
  "http://localhost:3000",
  "https://user:pw@example.com:8443/dir/file?q#f",
  "ws://[::1]/",
  "ftp://ftp.example.org",
  "file:///srv/www/",
  "foo://host/p",
  "data:text/plain,x",
  "not a url",
];

/** A target: "/" then random pieces (now and then without the "/" first). */
function target(rng: () => number): string {
  let s = rng() < 0.9 ? "/" : "";
  for (let n = int(rng, 0, 6); n > 0; n--) s += pick(rng, PIECES);
  return s;
}

/** The eight components a pattern reads of the reference's URL, or null where it fails. */
function reference(input: string, base: string): string[] | null {
  let url: InstanceType<typeof ReferenceURL>;
  try {
    url = new ReferenceURL(input, base);
  } catch {
    return null;
  }
  const strip = (s: string) => s.slice(1);
  return [
    url.protocol.slice(0, -1),
    url.username,
    url.password,
    url.hostname,
    url.port,
    url.pathname,
    strip(url.search || "?"),
    strip(url.hash || "#"),
  ];
}

describe.each(builds)("URLPatternList against a base (%s)", (_name, api) => {
  const { URLPatternList, parse } = api;
  // One pattern that matches every URL: its result names each component's input.
  const list = new URLPatternList([{}]);
  const components = (input: string, base: string | ReturnType<typeof parse>) => {
    const result = list.exec(input, base as string)?.result;
    if (result === undefined) return null;
    const { protocol, username, password, hostname, port, pathname, search, hash } = result;
    return [protocol, username, password, hostname, port, pathname, search, hash].map((c) => c.input);
  };

  it(`gives the components of whatwg-url's URL on ${CASES} random targets (seed ${SEED})`, () => {
    const rng = mulberry32(SEED);
    for (let i = 0; i < CASES; i++) {
      const input = target(rng);
      const base = pick(rng, BASES);
      const want = reference(input, base);
      expect(components(input, base), `${JSON.stringify(input)} against ${base}`).toEqual(want);
      // The same base again (now remembered), and parsed.
      expect(components(input, base)).toEqual(want);
      const parsed = parse(base);
      if (parsed !== null) expect(components(input, parsed)).toEqual(want);
    }
  });

  it("takes a parsed base, and names it by its href in exec()'s inputs", () => {
    const base = parse("http://localhost:3000") as NonNullable<ReturnType<typeof parse>>;
    const routes = new URLPatternList([{ pathname: "/users/:id" }]);
    expect(routes.findIndex("/users/7", base as unknown as string)).toBe(0);
    expect(routes.exec("/users/7?x", base as unknown as string)?.result.inputs).toEqual([
      "/users/7?x",
      "http://localhost:3000/",
    ]);
    expect(routes.findIndex("/users/7", "not a base")).toBe(-1);
  });
});
