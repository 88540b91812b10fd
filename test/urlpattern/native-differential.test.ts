// swurl's URLPattern (its compiled matchers) against the platform's, where
// there is one (Node 24; Node 20 has none, and the suite is skipped there):
// the same constructor errors, test() and exec() results on seeded random
// routes and requests, and on the benchmark's router workload, in every build.
import { describe, expect, it } from "vitest";
import { requests, routes } from "../../scripts/data/urlpattern-routes.mjs";
import { builds } from "../helpers/builds";
import { mulberry32 } from "../helpers/random";
import { randomRequest, randomRoute } from "./random-routes";

interface NativePattern {
  test(input: string): boolean;
  exec(input: string): unknown;
}
const Native = (globalThis as { URLPattern?: new (init: object, options?: object) => NativePattern }).URLPattern;
const SEED = Number(process.env.SWURL_NATIVE_SEED ?? 2424);
const ROUTES = 400;
const REQUESTS = 60;

describe.skipIf(Native === undefined).each(builds)("URLPattern against Node's own (%s)", (_name, api) => {
  const NativeURLPattern = Native as NonNullable<typeof Native>;

  it(`the same results on ${ROUTES} random routes x ${REQUESTS} requests (seed ${SEED})`, () => {
    const rng = mulberry32(SEED);
    let compared = 0;
    for (let r = 0; r < ROUTES; r++) {
      const { init, ignoreCase } = randomRoute(rng);
      let native: NativePattern | null = null;
      try {
        native = new NativeURLPattern(init, { ignoreCase });
      } catch {
        expect(() => new api.URLPattern(init, { ignoreCase })).toThrow(TypeError);
        continue;
      }
      const ours = new api.URLPattern(init, { ignoreCase });
      for (let q = 0; q < REQUESTS; q++) {
        const url = randomRequest(rng);
        const want = native.exec(url);
        expect({ init, ignoreCase, url, got: ours.exec(url) }).toEqual({ init, ignoreCase, url, got: want });
        expect(ours.test(url)).toBe(want !== null);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(ROUTES * REQUESTS * 0.8);
  });

  it("the same results on the router workload", () => {
    const table = routes(50);
    const ours = table.map((r: { init: object }) => new api.URLPattern(r.init));
    const native = table.map((r: { init: object }) => new NativeURLPattern(r.init));
    for (const url of requests(table, 300)) {
      for (let i = 0; i < table.length; i++) expect(ours[i].exec(url)).toEqual(native[i].exec(url));
    }
  });
});
