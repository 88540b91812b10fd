// --routes FILE and the route field (issue #28): `parse --fields route` and
// `stats --by route` name the first route of the file each URL matches, as
// trying the routes in order with URLPattern does; bad routes files and a
// route field without --routes are usage errors naming the problem.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { URLPattern } from "../../build/index.js";
import { SAMPLE, lines, swurl } from "../helpers/cli-run";

const ROUTES = [
  "# the site's routes, first match wins",
  "/wiki/:title",
  "/doc/:section(\\d+)/*",
  "",
  "https://*.wikipedia.org/*",
  "http{s}?://tools.ietf.org/html/rfc:n(\\d+){.html}?",
  "/index.htm{l}?",
  "/*.php",
];
const URLS = readFileSync(SAMPLE, "utf8")
  .split("\n")
  .filter((l) => l !== "");

/** The route of each URL by trying the routes in order, null for none or for a URL that does not parse. */
function expectedRoutes(): (string | null)[] {
  const routes = ROUTES.filter((l) => l !== "" && !l.startsWith("#"));
  const patterns = routes.map((r) => new URLPattern(r.startsWith("/") ? { pathname: r } : r));
  return URLS.map((url) => {
    const i = patterns.findIndex((p) => p.test(url));
    return i < 0 ? null : routes[i];
  });
}

let dir: string;
let routesFile: string;
let urlsFile: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "swurl-routes-"));
  routesFile = path.join(dir, "routes.txt");
  urlsFile = path.join(dir, "urls.txt");
  writeFileSync(routesFile, `${ROUTES.join("\n")}\n`);
  writeFileSync(urlsFile, `${URLS.join("\n")}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("--routes", () => {
  it("parse --fields route gives each URL's first matching route", () => {
    const r = swurl(["parse", "--fields", "input,route", "--routes", routesFile, urlsFile]);
    expect(r.status).toBe(0);
    const rows = lines(r.stdout).map((l) => JSON.parse(l) as { route?: string | null });
    const want = expectedRoutes();
    expect(rows.map((row) => row.route ?? null)).toEqual(want);
    // The sample matches several routes, and many URLs match none.
    expect(new Set(want).size).toBeGreaterThan(4);
  });

  it("stats --by route counts the routes (with 1 and 2 threads)", () => {
    const counts = new Map<string, number>();
    for (const route of expectedRoutes()) counts.set(route ?? "(none)", (counts.get(route ?? "(none)") ?? 0) + 1);
    const top = [...counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 5)
      .map(([label, count]) => ({ label, count }));
    for (const threads of ["1", "2"]) {
      const r = swurl([
        "stats",
        "--json",
        "--routes",
        routesFile,
        "--by",
        "route",
        "--top",
        "5",
        "--threads",
        threads,
        urlsFile,
      ]);
      expect(r.status).toBe(0);
      expect(JSON.parse(r.stdout).groups).toEqual([{ by: "route", distinct: counts.size, top, dropped: 0 }]);
    }
  });

  it("a bad route, an empty routes file, a missing file, and route without --routes are usage errors", () => {
    const bad = path.join(dir, "bad.txt");
    writeFileSync(bad, "/ok\n/a/(\n");
    let r = swurl(["parse", "--fields", "route", "--routes", bad, urlsFile]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`--routes ${bad}:2: `);
    const empty = path.join(dir, "empty.txt");
    writeFileSync(empty, "# nothing\n\n");
    r = swurl(["stats", "--by", "route", "--routes", empty, urlsFile]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("has no routes");
    r = swurl(["stats", "--by", "route", "--routes", path.join(dir, "missing.txt"), urlsFile]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("cannot read --routes");
    r = swurl(["parse", "--fields", "route", urlsFile]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("the route field needs --routes FILE");
  });
});
